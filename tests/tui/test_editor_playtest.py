"""Play-test findings in the preset editor and its menu: empty title names, repeated
wilds, each family's player range, the contracts help, the questions' wording, export
and import messages, and the layout of a row."""

from __future__ import annotations

import pytest
from textual.widgets import Button, Input, OptionList, Select, Static, Switch, TextArea

from cardtable.presets.loader import preset_files
from cardtable.presets.writer import Draft
from cardtable.tui.screens.editor import EditorScreen
from cardtable.tui.screens.preset_dialogs import AskText, Confirm, PresetMenu
from cardtable.tui.screens.start import StartScreen
from cardtable.tui.widgets.knob import KnobRow

from .editor_helpers import app_at_start, open_editor, row, run, wait_for


def error_text(editor: EditorScreen, path: str) -> str:
    return str(row(editor, path).query_one(".knob-error", Static).render())


def test_an_empty_title_name_is_marked_and_not_saved(user_presets):
    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            editor = await open_editor(pilot, app, Draft.new_from("forseti"))
            editor.query_one("#knob-titles-president", Input).value = " "
            await pilot.pause()
            assert row(editor, "titles.president").has_class("-invalid")
            assert error_text(editor, "titles.president") == "! give a name, or ctrl+r puts back 'Forseti'"
            assert editor.query_one("#editor-save", Button).disabled
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, EditorScreen) and not (user_presets / "ours.toml").exists()
            box = editor.query_one("#knob-titles-president", Input)
            box.focus()
            await pilot.press("ctrl+r")  # (the way back the error names)
            await pilot.pause()
            assert box.value == "Forseti" and not row(editor, "titles.president").has_class("-invalid")

    run(scenario)


def hint_text(editor: EditorScreen, path: str) -> str:
    return str(row(editor, path).query_one(".knob-hint", Static).render())


def test_the_players_hint_shows_the_familys_own_range(user_presets):
    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            editor = await open_editor(pilot, app, Draft.new_from("tonk-classic"))
            assert hint_text(editor, "players.min") == "from parent: 2 · 2–5"
            assert hint_text(editor, "players.max") == "from parent: 5 · 2–5"
            app.pop_screen()
            editor = await open_editor(pilot, app, Draft.new_from("shanghai-classic"))
            assert hint_text(editor, "players.min") == "from parent: 3 · 3–6"  # decks for 3 to 6 players
            editor.query_one("#knob-rules-contracts", TextArea).text = "set 3, set 3\nset 3, run 4\n"
            editor.query_one("#knob-rules-buys_per_hand", Input).value = "3, 3"
            await pilot.pause()
            assert hint_text(editor, "players.min") == "from parent: 3 · 3–6"  # no decks for 2 players yet
            editor.query_one("#knob-rules-decks_by_players", Input).value = "2=2, 3=2, 4=2, 5=3, 6=3, 7=3, 8=4"
            await pilot.pause()
            assert hint_text(editor, "players.min") == "from parent: 3 · 2–8"  # two players can lay these down

    run(scenario)


def test_the_contracts_help_shows_what_is_typed_and_buys_follow_the_hands(user_presets):
    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            editor = await open_editor(pilot, app, Draft.new_from("shanghai-classic"))
            contracts = row(editor, "rules.contracts")
            assert str(contracts.query_one(".knob-description", Static).render()) == (
                "S2: the contract of each hand, in order: its melds, each a set or a run of a size — one hand a line, e.g. set 3, run 4 (a set of 3 and a run of 4)")
            buys = editor.query_one("#knob-rules-buys_per_hand", Input)
            assert buys.value == "3, 3, 3, 3, 3, 3, 3, 3, 4, 4"
            area = editor.query_one("#knob-rules-contracts", TextArea)
            area.text = "set 3, set 3\nset 3, run 4\nrun 4, run 4\n"
            await pilot.pause()
            assert buys.value == "3, 3, 3" and editor.problems == {}
            area.text += "set 3, set 3, set 3\nrun 4, run 4, run 4\n"
            await pilot.pause()
            assert buys.value == "3, 3, 3, 3, 3" and editor.problems == {}
            buys.value = "1, 2, 3"  # out of step on purpose: left as typed, and marked
            await pilot.pause()
            area.text = "set 3, set 3\nset 3, run 4\n"
            await pilot.pause()
            assert buys.value == "1, 2, 3"
            assert error_text(editor, "rules.buys_per_hand") == "! has 3 numbers but contracts has 2 hands"

    run(scenario)


def test_escape_asks_to_discard_the_changes_not_the_house_rules(user_presets):
    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            editor = await open_editor(pilot, app, Draft.new_from("forseti"))
            editor.query_one("#knob-rules-burn", Switch).value = True
            await pilot.pause()
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, Confirm))
            assert str(app.screen.query_one("#confirm-question", Static).render()) == "Discard your changes?"
            assert str(app.screen.query_one("#yes", Button).label) == "Discard (y)"

    run(scenario)


def test_the_menu_without_a_preset_says_to_choose_one(user_presets):
    """With no preset of the game loading (yours shadow the shipped ones), h opens the
    menu with import alone."""
    for name in ("tonk-classic", "texas-tonk", "tonk-house", "tonk-spades"):
        (user_presets / f"{name}.toml").write_text('family = "tonk"\n[rules]\nstake = 0\n', encoding="utf-8")

    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            for _ in range(2):  # President, Shanghai, Tonk
                await pilot.press("g")
                await pilot.pause()
            assert app.screen.query_one("#preset", Select).value == ""
            await pilot.press("h")
            await wait_for(pilot, lambda: isinstance(app.screen, PresetMenu))
            await pilot.pause()
            menu = app.screen
            assert str(menu.query_one("#menu-note", Static).render()) == "choose a preset first (import needs none)"
            options = menu.query_one(OptionList)
            assert [o.id for o in options.options] == ["import"]

    run(scenario)


async def export_to(pilot, app, path: str) -> None:
    start = app.screen
    start.query_one("#preset", Select).value = "forseti"
    await pilot.pause()
    await pilot.press("h")
    await wait_for(pilot, lambda: isinstance(app.screen, PresetMenu))
    options = app.screen.query_one(OptionList)
    options.highlighted = options.get_option_index("export")
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, AskText))
    app.screen.query_one("#ask-input", Input).value = path
    await pilot.press("enter")


def test_export_says_a_folder_is_missing_and_asks_before_replacing_a_file(user_presets, tmp_path):
    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await export_to(pilot, app, str(tmp_path / "nowhere"))
            await pilot.pause()  # refused in the path box, the path kept to mend
            assert isinstance(app.screen, AskText)
            assert str(app.screen.query_one("#ask-note", Static).render()) == f"{tmp_path / 'nowhere'}: no such folder"
            assert app.screen.query_one("#ask-input", Input).value == str(tmp_path / "nowhere")
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, PresetMenu))
            await pilot.press("escape")
            await wait_for(pilot, lambda: not isinstance(app.screen, PresetMenu))
            (tmp_path / "forseti.toml").write_text("old")
            await export_to(pilot, app, str(tmp_path))
            await wait_for(pilot, lambda: isinstance(app.screen, Confirm))
            assert str(app.screen.query_one("#confirm-question", Static).render()) == (
                f"{tmp_path / 'forseti.toml'} already exists. Replace it?")
            await pilot.press("n")  # kept: back to the path, as typed, to change (it went to the menu)
            await wait_for(pilot, lambda: isinstance(app.screen, AskText))
            assert (tmp_path / "forseti.toml").read_text() == "old"
            assert app.screen.query_one("#ask-input", Input).value == str(tmp_path)
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, Confirm))
            await pilot.press("y")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            assert (tmp_path / "forseti.toml").read_text() == preset_files()["forseti"][0].read_text()

    run(scenario)


async def _house_rules_menu(pilot, app):
    """The start screen's house-rules menu (``h``)."""
    await pilot.pause()
    await pilot.press("h")
    await wait_for(pilot, lambda: isinstance(app.screen, PresetMenu))
    return app.screen


async def _import_typed(pilot, app, menu, typed):
    """Import… chosen in the house-rules ``menu``, ``typed`` given as the file and Enter pressed."""
    options = menu.query_one(OptionList)
    options.highlighted = options.get_option_index("import")
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, AskText))
    app.screen.query_one("#ask-input", Input).value = typed
    await pilot.press("enter")


@pytest.mark.parametrize(("typed", "reason"), [
    ("{tmp}/nothing.toml", "{tmp}/nothing.toml: no such .toml file"),
    ("~no-such-user-cardtable/ours.toml",   # (it crashed the app: pathlib's RuntimeError)
     "no home folder for '~no-such-user-cardtable': this system knows no such user"),
])
def test_a_failed_imports_reason_is_said_in_the_path_box_and_the_path_kept(user_presets, tmp_path, typed, reason):
    """An import path that names no .toml file (or a home folder of no user: it crashed the
    app once) is refused in the path box with the reason, the typed path kept to mend;
    escape goes back to the menu, whose note is its usual one."""
    typed, reason = typed.format(tmp=tmp_path), reason.format(tmp=tmp_path)

    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            menu = await _house_rules_menu(pilot, app)
            for attempt in range(2):
                await _import_typed(pilot, app, menu, typed)
                await pilot.pause()
                assert isinstance(app.screen, AskText), attempt
                assert str(app.screen.query_one("#ask-note", Static).render()) == reason
                assert app.screen.query_one("#ask-input", Input).value == typed
                await pilot.press("escape")
                await wait_for(pilot, lambda: app.screen is menu)
                note = str(menu.query_one("#menu-note", Static).render())
                assert note == "shipped presets are not changed: make your own from them", attempt

    run(scenario)


def test_a_broken_file_named_like_a_shipped_preset_is_told_broken_before_its_name_is_asked(user_presets, tmp_path):
    """(A play-tester's broken forseti.toml was first asked a new name — "a shipped preset
    is already called 'forseti'" — and only then refused.) The file is checked first: the
    path box says why it does not load (the path kept there to mend), and no name is asked."""
    broken = tmp_path / "forseti.toml"
    broken.write_text('family = "president"\nextends = "no-such-parent"\n')

    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            menu = await _house_rules_menu(pilot, app)
            await _import_typed(pilot, app, menu, str(broken))
            await pilot.pause()
            assert isinstance(app.screen, AskText) and "Import the preset file" in str(
                app.screen.query_one("#ask-prompt").render())
            note = str(app.screen.query_one("#ask-note", Static).render())
            assert "no preset named 'no-such-parent'" in note and list(user_presets.iterdir()) == []

    run(scenario)


def test_every_rows_hint_starts_in_the_same_column(user_presets):
    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            editor = await open_editor(pilot, app, Draft.new_from("forseti"))
            columns = {r.path: r.query_one(".knob-hint").region.x for r in editor.query(KnobRow)}
            assert len(set(columns.values())) == 1, columns
            assert columns["rules.burn"] == columns["rules.decks"] == columns["rules.leftover"]

    run(scenario)


def test_at_80x24_each_hint_is_one_line_cut_with_an_ellipsis(user_presets):
    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(80, 24)) as pilot:
            editor = await open_editor(pilot, app, Draft.new_from("forseti"))
            hints = [r.query_one(".knob-hint", Static) for r in editor.query(KnobRow)]
            assert {hint.size.height for hint in hints} == {1}
            assert editor.query_one("#editor-title").size.height == 1
            description = row(editor, "description").query_one(".knob-hint", Static)
            full = 'from parent: "Icelandic President: e…"'
            assert description.tooltip == full
            assert description.render_line(0).text.rstrip().endswith("…")
            form = editor.query_one("#editor-form").region
            seen = [r for r in editor.query(KnobRow) if form.contains_region(r.region)]
            assert len(seen) >= 5, [r.path for r in seen]
            match_target = row(editor, "rules.match_target").query_one(".knob-hint", Static)
            assert match_target.tooltip == "from parent: 11 · 0–1000"  # the value first: cut last

    run(scenario)


def test_a_long_value_shows_its_start_when_loaded_and_after_tabbing_through(user_presets):
    draft = Draft.new_from("forseti")
    draft.set("rules.title_points", {"president": 3, "vice_president": 1, "scum": -1})

    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            editor = await open_editor(pilot, app, draft)
            points = editor.query_one("#knob-rules-title_points", Input)
            assert points.value == "president=3, vice_president=1, scum=-1"
            assert points.cursor_position == 0 and points.scroll_x == 0
            points.focus()  # tab selects it all: its end in view while editing
            await pilot.pause()
            assert points.scroll_x > 0
            await pilot.press("tab")
            await pilot.pause()
            assert not points.has_focus
            assert points.cursor_position == 0 and points.scroll_x == 0
            assert points.render_line(0).text.startswith("president=3, vice_president=1")

    run(scenario)


def test_the_menu_steps_aside_while_an_action_asks(user_presets):
    """(The house-rules menu's edge showed under the Export path box, a doubled border.)
    While an action's question is open the menu's box is hidden; back, it shows; the help
    over it leaves it in sight."""
    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            menu = await _house_rules_menu(pilot, app)
            box = menu.query_one("#menu-box")
            assert box.styles.visibility == "visible"
            options = menu.query_one(OptionList)
            options.highlighted = options.get_option_index("export")
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, AskText))
            await pilot.pause()
            assert box.styles.visibility == "hidden"
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is menu)
            await pilot.pause()
            assert box.styles.visibility == "visible"
            await pilot.press("question_mark")  # the help over it leaves it in sight: it tells its keys
            await wait_for(pilot, lambda: app.screen is not menu)
            await pilot.pause()
            assert box.styles.visibility == "visible"
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is menu)

    run(scenario)


def test_an_export_the_system_will_not_write_is_told_and_the_path_kept(user_presets, tmp_path, monkeypatch):
    """(A tester's export to /proc/x.toml closed the box and said "[Errno 2] … '/proc/.x.toml.
    43dsqemt.tmp'", the temporary file's name, the path lost.) The path box comes back with
    the typed path and why, naming the file asked for."""
    import cardtable.presets.files as files

    def refused(path, text):
        raise PermissionError(13, "Permission denied", str(path.parent / f".{path.name}.x1y2.tmp"))

    monkeypatch.setattr(files, "write_atomic", refused)
    target = tmp_path / "ours.toml"

    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await export_to(pilot, app, str(target))
            await pilot.pause()
            await wait_for(pilot, lambda: isinstance(app.screen, AskText))
            prompt = str(app.screen.query_one("#ask-prompt", Static).render())
            assert prompt.startswith(f"Not written: {target}: cannot be written: Permission denied.")
            assert ".tmp" not in prompt and app.screen.query_one("#ask-input", Input).value == str(target)
            assert not target.exists()

    run(scenario)
