"""The preset editor through the screens (issue 9): create, edit, rename, duplicate,
delete, export and import from the start screen's house-rules menu; live validation;
every shipped preset opens in the editor; saved files load to what the editor showed."""

from __future__ import annotations

import tomllib

import pytest
from textual.widgets import Button, Input, OptionList, Select, Static, Switch, TextArea

from cardtable.presets import load_variant
from cardtable.presets.loader import preset_files
from cardtable.presets.writer import Draft
from cardtable.tui.screens.editor import EditorScreen
from cardtable.tui.screens.preset_dialogs import AskText, Confirm, PresetMenu
from cardtable.tui.screens.start import StartScreen
from cardtable.tui.widgets.knob import KnobRow

from .editor_helpers import (app_at_start, ask_for, choose, editor_ready, new_house_rules, open_editor, open_menu, row,
                             run, wait_for)
from .helpers import screen_text

SHIPPED = sorted(name for name, (_path, origin) in preset_files().items() if origin == "shipped")


def test_create_a_preset_from_a_shipped_one_and_play_it(user_presets):
    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await open_menu(pilot, app, "forseti")
            offered = [option.id for option in app.screen.query_one(OptionList).options]
            assert offered == ["new", "duplicate", "export", "import"]  # shipped: no edit, rename or delete
            await choose(pilot, app, "new")
            await wait_for(pilot, lambda: editor_ready(app))
            editor = app.screen
            assert editor.query_one("#editor-name", Input).value == "forseti-house"
            editor.query_one("#editor-name", Input).value = "our-table"
            burn = editor.query_one("#knob-rules-burn", Switch)
            assert str(row(editor, "rules.burn").query_one(".knob-state", Static).render()) == "off"
            burn.focus()
            await pilot.press("enter")  # a switch toggles on enter / space
            await pilot.pause()
            assert row(editor, "rules.burn").has_class("-changed")
            state = row(editor, "rules.burn").query_one(".knob-state", Static)
            assert str(state.render()) == "on"  # the switch says so in words too (ASCII theme)
            editor.query_one("#knob-titles-scum", Input).value = "Bum"
            await pilot.pause()
            assert not editor.query_one("#editor-save", Button).disabled
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            start = app.screen
            assert start.query_one("#preset", Select).value == "our-table"
            assert start.variant.rules.burn and start.variant.titles.scum == "Bum"
            assert "our-table (yours)" in screen_text(app)
            data = tomllib.loads((user_presets / "our-table.toml").read_text())
            assert data["extends"] == "forseti" and data["rules"] == {"burn": True}
            start.action_start()  # and it plays
            await wait_for(pilot, lambda: type(app.screen).__name__ in ("TableScreen", "HandoffScreen"))
            await pilot.pause(0.3)
            assert app.screen.setup.variant.rules.burn

    run(scenario)


def test_edit_a_users_preset(user_presets):
    draft = Draft.new_from("tonk-classic")
    draft.set("rules.deal_size", 6)
    draft.save("kitchen")

    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await open_menu(pilot, app, "kitchen", family="tonk")
            await choose(pilot, app, "edit")
            await wait_for(pilot, lambda: editor_ready(app))
            editor = app.screen
            assert editor.query_one("#editor-name", Input).disabled
            assert editor.query_one("#knob-rules-deal_size", Input).value == "6"
            assert row(editor, "rules.deal_size").has_class("-changed")
            editor.query_one("#knob-rules-stake", Input).value = "5"
            editor.query_one("#knob-rules-caught", Select).value = "texas"
            await pilot.pause()
            await pilot.click("#editor-save")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            assert app.screen.variant.rules.stake == 5
        data = tomllib.loads((user_presets / "kitchen.toml").read_text())
        assert data["rules"] == {"deal_size": 6, "caught": "texas", "stake": 5}

    run(scenario)


def test_impossible_combination_is_shown_next_to_the_field_and_save_refused(user_presets):
    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            editor = await open_editor(pilot, app, Draft.new_from("president-classic"), "small")
            editor.query_one("#knob-players-max", Input).value = "4"
            editor.query_one("#knob-rules-top_positions", Input).value = "3"
            await pilot.pause()
            bad = row(editor, "rules.top_positions")
            assert bad.has_class("-invalid") and "need 6 players" in str(bad.query_one(".knob-error").render())
            assert editor.query_one("#editor-save", Button).disabled
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, EditorScreen) and not (user_presets / "small.toml").exists()
            assert "need 6 players" in screen_text(app)  # scrolled into view
            editor.query_one("#knob-rules-wilds", Input).value = "JK, Z"
            await pilot.pause()
            assert "'Z' is not a rank" in editor.problems["rules.wilds"]
            editor.query_one("#knob-rules-match_target", Input).value = "eleven"
            await pilot.pause()
            assert "not a whole number" in editor.problems["rules.match_target"]
            editor.query_one("#knob-rules-top_positions", Input).value = "2"
            editor.query_one("#knob-rules-wilds", Input).value = "2"
            editor.query_one("#knob-rules-match_target", Input).value = "21"
            await pilot.pause()
            assert editor.problems == {} and not editor.query_one("#editor-save", Button).disabled
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: not isinstance(app.screen, EditorScreen))
        variant = load_variant("small")
        assert variant.players.max == 4 and variant.rules.wilds == ("2",) and variant.rules.match_target == 21

    run(scenario)


def test_players_min_above_max_is_marked_on_both_fields_and_the_reason_reads_whole(user_presets):
    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(80, 24)) as pilot:
            editor = await open_editor(pilot, app, Draft.new_from("president-classic"), "small")
            editor.query_one("#knob-players-min", Input).value = "7"
            editor.query_one("#knob-players-max", Input).value = "5"
            await pilot.pause()
            for path in ("players.min", "players.max"):
                assert row(editor, path).has_class("-invalid"), path
            status = editor.query_one("#editor-status")
            assert status.size.height >= 2  # the reason wraps instead of being cut at 80 columns
            assert "min (7) is more than max (5)" in " ".join(screen_text(app).split())

    run(scenario)


def test_shanghai_contracts_edited_as_lines_round_trip(user_presets):
    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            editor = await open_editor(pilot, app, Draft.new_from("shanghai-classic"), "quick")
            editor.query_one("#knob-rules-contracts", TextArea).text = "set 3, set 3\nset 3, run 4\nrun 4, run 4\n"
            await pilot.pause()
            assert editor.query_one("#knob-rules-buys_per_hand", Input).value == "3, 3, 3"  # kept in step
            assert "rules.buys_per_hand" not in editor.problems
            editor.query_one("#knob-rules-buys_per_hand", Input).value = "2, 2, 3"
            editor.query_one("#knob-rules-card_points", Input).value = "A=20, JK=25"
            editor.query_one("#knob-rules-go_out_in_one_bonus", Input).value = "-50"
            await pilot.pause()
            shown, problems = editor.draft.check("quick")
            assert problems == {}
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: not isinstance(app.screen, EditorScreen))
        saved = load_variant("quick")
        assert saved == shown
        assert saved.rules.contracts[2] == (("run", 4), ("run", 4)) and saved.rules.card_points["A"] == 20

    run(scenario)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_preset_opens_in_the_editor(name):
    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            draft = Draft.new_from(name)
            editor = await open_editor(pilot, app, draft, f"{name}-x")
            knobs = {r.path for r in editor.query(KnobRow) if r.path.startswith("rules.")}
            assert knobs == {f"rules.{k}" for k in draft.rules_model().model_fields}
            assert editor.problems == {}
            assert not editor.query_one("#editor-save", Button).disabled
            assert not any(r.has_class("-changed") for r in editor.query(KnobRow) if r.path.startswith("rules."))
            variant = load_variant(name)
            assert editor.draft.check(name)[0].rules == variant.rules  # unchanged by the widgets

    run(scenario)


def test_rename_duplicate_delete_with_confirmation(user_presets):
    Draft.new_from("forseti").save("ours")

    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            ask = await ask_for(pilot, app, "ours", "rename")
            ask.value = "forseti"
            await pilot.press("enter")  # refused: a shipped name
            assert isinstance(app.screen, AskText) and "shipped" in str(app.screen.query_one("#ask-note").render())
            ask.value = "mine"
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            assert app.screen.query_one("#preset", Select).value == "mine"
            assert (user_presets / "mine.toml").exists() and not (user_presets / "ours.toml").exists()

            ask = await ask_for(pilot, app, "mine", "duplicate")
            assert ask.value == "mine-copy"
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            assert load_variant("mine-copy").rules == load_variant("mine").rules

            await open_menu(pilot, app, "mine")
            await choose(pilot, app, "delete")
            await wait_for(pilot, lambda: isinstance(app.screen, Confirm))
            await pilot.press("n")  # kept: back to the menu, not the start screen
            await wait_for(pilot, lambda: isinstance(app.screen, PresetMenu))
            assert (user_presets / "mine.toml").exists()
            await choose(pilot, app, "delete")
            await wait_for(pilot, lambda: isinstance(app.screen, Confirm))
            await pilot.press("y")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            assert not (user_presets / "mine.toml").exists()
            assert app.screen.query_one("#preset", Select).value == "forseti"  # (the preset it was made from)

    run(scenario)


def test_renaming_the_preset_played_last_keeps_it_offered(user_presets):
    """A play-tester renamed the preset they had just played; the next start opened on
    the classic preset (the settings still named the old file)."""
    from cardtable.tui.app import CardtableApp
    from cardtable.tui.settings import LastTable, Settings

    Draft.new_from("forseti").save("ours")
    settings = Settings.load()
    settings.table = LastTable("president", "ours", [("Ann", "human"), ("Dag", "hard"), ("Eve", "easy")])
    settings.save()

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen) and app.screen.variant is not None)
            assert app.screen.query_one("#preset", Select).value == "ours"
            ask = await ask_for(pilot, app, "ours", "rename")
            ask.value = "mine"
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert Settings.load().table == LastTable("president", "mine", [("Ann", "human"), ("Dag", "hard"),
                                                                        ("Eve", "easy")])

    run(scenario)


def test_deleting_a_parent_says_which_presets_stop_loading(user_presets):
    """Before: the question names the presets that extend it; after: the note says they
    no longer load (not only at the next start)."""
    Draft.new_from("forseti").save("base")
    for child in ("child", "kid"):
        (user_presets / f"{child}.toml").write_text('extends = "base"\n', encoding="utf-8")

    async def scenario():
        app = app_at_start()
        notes: list[str] = []
        app.notify = lambda message, **kw: notes.append(message)  # type: ignore[method-assign]
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await open_menu(pilot, app, "base")
            await choose(pilot, app, "delete")
            await wait_for(pilot, lambda: isinstance(app.screen, Confirm))
            question = str(app.screen.query_one("#confirm-question", Static).render())
            assert "child, kid extend it and will stop loading." in question
            await pilot.press("y")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            assert "deleted base; child, kid no longer load (extend it)" in notes

    run(scenario)


def test_escape_in_an_actions_dialog_goes_back_to_the_menu(user_presets):
    """Escape closes only the topmost box: giving up the copy's name leaves the house-rules
    menu open (an Enter pressed next started a game)."""
    Draft.new_from("forseti").save("ours")

    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await open_menu(pilot, app, "ours")
            assert "yours" in str(app.screen.query_one("#menu-note").render())
            await choose(pilot, app, "duplicate")
            await wait_for(pilot, lambda: isinstance(app.screen, AskText))
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, PresetMenu))
            assert sorted(path.name for path in user_presets.iterdir()) == ["ours.toml"]

    run(scenario)


def test_export_and_import_through_the_menu(user_presets, tmp_path):
    Draft.new_from("west-coast").save("ours")

    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            ask = await ask_for(pilot, app, "ours", "export")
            # a folder that is not there is said at once, and the typed path stays to mend
            ask.value = str(tmp_path / "nope" / "share.toml")
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, AskText)
            assert str(app.screen.query_one("#ask-note").render()) == f"{tmp_path / 'nope'}: no such folder"
            app.screen.query_one("#ask-input", Input).value = str(tmp_path / "share.txt")
            await pilot.pause()
            assert str(app.screen.query_one("#ask-note").render()) == (
                f"{tmp_path / 'share.txt'}: give a .toml file name (or a folder)")
            app.screen.query_one("#ask-input", Input).value = str(tmp_path / "share.toml")
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            assert (tmp_path / "share.toml").exists()

            ask = await ask_for(pilot, app, "ours", "import")
            ask.value = str(tmp_path / "nothing.toml")
            await pilot.press("enter")                          # refused in the box: the path stays to mend
            await pilot.pause()
            assert isinstance(app.screen, AskText)
            assert str(app.screen.query_one("#ask-note").render()) == f"{tmp_path / 'nothing.toml'}: no such .toml file"
            # a file that does not load is refused there too (a play-tester's was said under
            # the menu, and the box, opened again, had lost the path to mend)
            typo = tmp_path / "typo.toml"
            typo.write_text('extends = "forseti"\n[rules]\nequal_ranks = "no"\n')
            app.screen.query_one("#ask-input", Input).value = str(typo)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, AskText) and app.screen.query_one("#ask-input", Input).value == str(typo)
            assert str(app.screen.query_one("#ask-note").render()).startswith(
                f"{typo}: rules.equal_ranks: unknown knob 'equal_ranks' for president")
            app.screen.query_one("#ask-input", Input).value = str(tmp_path / "share.toml")
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            assert app.screen.query_one("#preset", Select).value == "share"
        assert load_variant("share").rules == load_variant("ours").rules

    run(scenario)


def test_cancel_asks_before_dropping_changes(user_presets):
    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            await new_house_rules(pilot, app, "president-classic")
            app.screen.query_one("#knob-rules-burn", Switch).value = True
            await pilot.pause()
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, Confirm))
            await pilot.press("n")
            await wait_for(pilot, lambda: editor_ready(app))
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, Confirm))
            await pilot.press("y")
            await wait_for(pilot, lambda: isinstance(app.screen, PresetMenu))  # the menu again
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            assert list(user_presets.iterdir()) == []

    run(scenario)


def test_an_emptied_list_shows_the_inherited_value_as_its_example():
    """A play-tester emptied title_points and read "e.g. A=15, JK=50", the card points'
    example: an emptied words, numbers or table input shows what it inherits, in its own
    form; only a knob that inherits nothing shows the form's general example."""
    from cardtable.presets.groups import field_specs
    from cardtable.presets.loader import load_variant as load

    def example(preset: str, name: str) -> str:
        rules = load(preset).rules
        spec = next(spec for spec in field_specs(type(rules)) if spec.name == name)
        return KnobRow(f"rules.{name}", spec, getattr(rules, name), getattr(rules, name), from_parent=True)._example()

    assert example("president-classic", "title_points") == "empty: e.g. president=2, vice_president=1"
    assert example("tonk-classic", "card_points") == "empty: e.g. A=1, J=10, Q=10, K=10, JK=0"
    assert example("president-classic", "wilds") == "empty: e.g. JK, 2"      # (it inherits none)
    assert example("shanghai-classic", "buys_per_hand").startswith("empty: e.g. 3, 3, 3")
    assert example("president-classic", "decks") == ""                 # (a number has no example)


def test_the_field_tab_lands_on_stands_out():
    """A play-tester could hardly tell which rule Tab had reached (one shade of felt
    apart): the focused input takes the accent, as on the start screen."""
    app = app_at_start()

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            editor = await open_editor(pilot, app, Draft.new_from("president-classic"), "small")
            boxes = [box for box in editor.query(Input) if box.id and box.id.startswith("knob-")][:2]
            boxes[0].focus()
            await pilot.pause()
            focused, other = (box.styles.background for box in boxes)
            assert focused != other and focused.a > 0
            assert abs(sum(focused.rgb) - sum(other.rgb)) > 60  # (not a shade apart)

    run(scenario)


def test_ctrl_r_puts_back_the_inherited_value_of_an_emptied_list(user_presets):
    """An emptied list could only be typed again from memory: ctrl+r in a rule puts back
    what it inherits — a list, a number left unset, a switch, a choice, the contracts
    (buys following them) alike — and the rule reads unchanged; the title goes back to
    the new preset's own, not the parent's; outside a rule ctrl+r says where it works."""
    app = app_at_start()

    async def reset(pilot, control) -> None:
        control.focus()
        await pilot.press("ctrl+r")
        await pilot.pause()

    async def scenario():
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            editor = await open_editor(pilot, app, Draft.new_from("shanghai-wild-twos"), "small")
            draft = editor.draft
            buys = editor.query_one("#knob-rules-buys_per_hand", Input)
            inherited = buys.value
            buys.value = ""
            await pilot.pause()
            assert row(editor, "rules.buys_per_hand").error  # (an empty list is refused)
            await reset(pilot, buys)
            assert buys.value == inherited
            assert draft.get("rules.buys_per_hand") == draft.inherited("rules", "buys_per_hand")
            assert not row(editor, "rules.buys_per_hand").error and not row(editor, "rules.buys_per_hand").changed
            assert editor.query_one("#editor-save", Button).disabled is False

            bonus = editor.query_one("#knob-rules-go_out_in_one_bonus", Input)
            assert bonus.value == "-50"
            bonus.value = "7"
            await pilot.pause()
            await reset(pilot, bonus)
            assert bonus.value == "-50" and draft.get("rules.go_out_in_one_bonus") == -50

            switch = editor.query(Switch).first()
            was = switch.value
            switch.value = not was
            await pilot.pause()
            await reset(pilot, switch)
            assert switch.value is was

            priority = editor.query_one("#knob-rules-buy_priority", Select)
            priority.value = "next_in_turn"
            await pilot.pause()
            await reset(pilot, priority)
            assert priority.value == "nearest_to_dealer" == draft.get("rules.buy_priority")

            contracts = editor.query_one("#knob-rules-contracts", TextArea)
            hands = contracts.text
            contracts.text = "set 3, set 3\nrun 4, run 4"
            await pilot.pause()
            assert draft.get("rules.buys_per_hand") == (3, 3)  # (kept in step)
            await reset(pilot, contracts)  # (the buys grow back to the inherited list, not with 3s)
            assert contracts.text == hands
            assert draft.get("rules.buys_per_hand") == draft.inherited("rules", "buys_per_hand") != (3,) * 10
            assert not row(editor, "rules.buys_per_hand").changed
            contracts.text = hands + "\nset 3, set 3, set 3, run 4"  # (beyond the inherited list: its last number)
            await pilot.pause()
            assert draft.get("rules.buys_per_hand") == draft.inherited("rules", "buys_per_hand") + (4,)
            await reset(pilot, contracts)                      # (and back from beyond it)
            assert contracts.text == hands
            assert draft.get("rules.buys_per_hand") == draft.inherited("rules", "buys_per_hand")

            title = editor.query_one("#knob-title", Input)
            own = title.value
            assert own.endswith("(house rules)")
            title.value = "Ours"
            await pilot.pause()
            await reset(pilot, title)
            assert title.value == own and draft.get("title") == own

            await reset(pilot, editor.query_one("#editor-name", Input))
            assert [note.message for note in app._notifications] == [
                "ctrl+r puts back a rule's inherited value: tab to a rule first"]

    run(scenario)


def test_the_status_tells_what_was_typed_first_in_the_theme_s_colours(user_presets):
    """(A play-tester typed `3` in title_points: the status led with the check it broke
    elsewhere, "match_target: no title scores points", and "ready to save" was dark green
    on the felt.) The text that cannot be read is told first; ready is in the theme's
    success colour, problems in its error colour."""
    from textual.color import Color

    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            editor = await open_editor(pilot, app, Draft.new_from("president-classic"), "ours")
            status = editor.query_one("#editor-status", Static)
            variables = app.theme_variables
            assert status.styles.color == Color.parse(variables["success"])
            editor.query_one("#knob-rules-match_target", Input).value = "11"
            points = editor.query_one("#knob-rules-title_points", Input)
            points.value = ""  # (as typed over: emptied, then the 3)
            await pilot.pause()
            points.value = "3"
            await pilot.pause()
            said = str(status.render())
            assert said.startswith("2 problems — title_points: '3': write name=number, e.g. president=2"), said
            assert status.styles.color == Color.parse(variables["error"])

    run(scenario)


def test_escape_on_untouched_new_house_rules_closes_without_asking(user_presets):
    """A play-tester opened new house rules and pressed Escape at once: "ready to save
    (unsaved changes)" and "Discard your changes?" for nothing changed. The suggested
    file name is no change; a typed one, or a rule, is."""
    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            await new_house_rules(pilot, app, "president-classic")
            status = app.screen.query_one("#editor-status", Static)
            assert str(status.render()) == "ready to save"
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, PresetMenu))
            await choose(pilot, app, "new")
            await wait_for(pilot, lambda: editor_ready(app))
            app.screen.query_one("#editor-name", Input).value = "ours"
            await pilot.pause()
            assert str(app.screen.query_one("#editor-status", Static).render()) == "ready to save (unsaved changes)"
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, Confirm))

    run(scenario)


@pytest.mark.parametrize("preset", ["president-classic", "shanghai-classic", "tonk-classic"])
def test_the_editor_under_the_ascii_theme_writes_ascii(preset):
    """A designer's check: the editor kept "—", "·", "2–8" and the selects' ▼ under the
    ASCII theme. Every text of the form is in ASCII there, and so is the screen as drawn
    (Textual's scrollbars and the contracts text box's edges too)."""
    from textual.widgets import Label

    from cardtable.tui.app import CardtableApp

    async def scenario():
        app = CardtableApp(theme="ascii", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            editor = await open_editor(pilot, app, Draft.new_from(preset), f"{preset}-x")
            for _ in range(3):
                await pilot.pause()
            texts = [str(widget.render()) for widget in editor.query(Static)] + \
                    [str(widget.render()) for widget in editor.query(Label)]
            assert "New house rules - " in texts[0] or any(t.startswith("New house rules - ") for t in texts)
            assert [t for t in texts if not t.isascii()] == []
            drawn = screen_text(app)
            assert drawn.isascii(), sorted(set(c for c in drawn if not c.isascii()))

    run(scenario)


def test_t_in_the_editor_rewrites_its_words_in_place():
    """(A play-tester left the ASCII theme in the editor: its title, the drop-downs' arrows
    and the knobs' descriptions stayed in ASCII.) ``t`` rewrites them both ways, and what
    was typed, unreadable or not, stays; at 80 columns the cut title ends without "…"."""
    from textual.widgets import Input, Switch

    from cardtable.tui.app import CardtableApp

    async def scenario():
        app = CardtableApp(theme="four-colour", bot_delay=0, save_settings=False)
        async with app.run_test(size=(80, 24)) as pilot:
            editor = await open_editor(pilot, app, Draft.new_from("shanghai-classic"), "x")
            typed = editor.query_one("#knob-title", Input)
            typed.value = "Ours — with dashes"
            await pilot.pause()
            editor.query(Switch).first().focus()  # (out of the text box, so that t is a key)
            await pilot.pause()
            await pilot.press("t")  # four-colour -> ascii
            await pilot.pause()
            assert app.card_theme == "ascii" and app.screen is editor
            drawn = screen_text(app)
            assert set(c for c in drawn if not c.isascii()) <= set("—"), drawn  # (the typed title, as typed)
            assert "New house rules - Shanghai rummy" in drawn and "▼" not in drawn
            switch = editor.query(Switch).first()
            was = switch.value
            switch.toggle()  # under ASCII a switch does not slide: it is over at once
            assert switch._slider_position == (0.0 if was else 1.0)
            switch.toggle()
            await pilot.pause()
            await pilot.press("t")  # ascii -> felt
            await pilot.pause()
            drawn = screen_text(app)
            assert "New house rules — Shanghai rummy" in drawn and "▼" in drawn and " v " not in drawn
            assert editor.query_one("#knob-title", Input).value == "Ours — with dashes"  # (the same box: not composed anew)
            switch.toggle()  # (in felt it slides again: still where it was at the toggle)
            assert switch._slider_position == (1.0 if was else 0.0)

    run(scenario)


def test_a_number_refused_by_the_old_range_is_read_again_when_the_range_widens(user_presets):
    """(A play-tester typed players max 8 for Shanghai: "should be 3–6 (got 8)"; giving
    decks_by_players a count for 7 and 8 widened the range, and the refusal stayed.) The
    typed number is read again against the new range; and a table typed wrong is told on
    its row, not a check of the value it left in place."""
    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            editor = await open_editor(pilot, app, Draft.new_from("shanghai-classic"), "ours")
            most = editor.query_one("#knob-players-max", Input)
            most.value = "8"
            await pilot.pause()
            assert editor.problems.get("players.max") == "should be 3–6 (got 8)"
            decks = editor.query_one("#knob-rules-decks_by_players", Input)
            decks.value = "2=2, 3=2, 4=2, 5=3, 6=3, 7=3, 8=3"
            await pilot.pause()
            await pilot.pause()
            assert "players.max" not in editor.problems and editor.draft.get("players.max") == 8
            decks.value = "2=2, 3=2, 4=2, 5=3, 6"
            await pilot.pause()
            assert editor.problems["rules.decks_by_players"].startswith("'6': write name=number")

    run(scenario)


def test_a_focused_switch_shows_where_tab_landed():
    """(A play-tester could not tell which switch space would turn: the switch's own focus
    border is gone in its one-line row.) Its on / off word is shaded and underlined while
    it has the focus, as a focused text box is; not once the focus moves on."""
    from textual.widgets import Switch

    from cardtable.tui.app import CardtableApp

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            editor = await open_editor(pilot, app, Draft.new_from("shanghai-classic"), "x")
            switch = editor.query(Switch).first()
            word = switch.parent.query_one(".knob-state", Static)
            marked = lambda: (word.styles.background.a > 0, "underline" in str(word.styles.text_style))  # noqa: E731
            assert marked() == (False, False)
            switch.focus()
            await pilot.pause()
            assert marked() == (True, True)
            await pilot.press("tab")
            await pilot.pause()
            assert app.focused is not switch and marked() == (False, False)

    run(scenario)


def test_a_failed_save_is_told_until_the_next_change_and_outlasts_a_theme_switch(user_presets, monkeypatch):
    """(A theme switch in the editor put "ready to save" over "not saved: …".) Why a save
    failed stays on the status line, in the new theme's characters, until the draft changes."""
    def refuse(self, name):
        raise OSError("[Errno 13] Permission denied: ‘ours.toml’")

    monkeypatch.setattr(Draft, "save", refuse)

    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            editor = await open_editor(pilot, app, Draft.new_from("tonk-classic"), "ours")
            status = editor.query_one("#editor-status", Static)
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.screen is editor and str(status.content) == "not saved: [Errno 13] Permission denied: ‘ours.toml’"
            assert not status.has_class("-ready")
            editor.query(Switch).first().focus()
            await pilot.press("t")  # felt -> dark: still said
            await pilot.pause()
            assert app.card_theme != "felt" and str(status.content).startswith("not saved: ")
            await pilot.press("space")  # a change: the failure was of the draft before it
            await pilot.pause()
            assert str(status.content) == "ready to save (unsaved changes)" and status.has_class("-ready")

    run(scenario)


def test_ctrl_q_in_the_editor_asks_before_dropping_unsaved_house_rules(user_presets):
    """(A tester's ctrl+q quit at once, the typed rules lost; escape and q asked.) Quit
    asks first while the editor holds changes; "Keep editing" goes back to them; with
    nothing changed it quits at once."""
    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            editor = await open_editor(pilot, app, Draft.new_from("forseti"), "ours")
            editor.query_one("#knob-title", Input).value = "Ours"
            await pilot.pause()
            assert editor.dirty
            await pilot.press("ctrl+q")
            await wait_for(pilot, lambda: isinstance(app.screen, Confirm))
            assert "Quit without saving your house rules?" in screen_text(app)
            await pilot.press("n")
            await wait_for(pilot, lambda: app.screen is editor)
            assert editor.query_one("#knob-title", Input).value == "Ours" and app.return_code is None
            await pilot.press("escape")                          # the editor's own question first
            await wait_for(pilot, lambda: isinstance(app.screen, Confirm))
            asked = app.screen
            await pilot.press("ctrl+q")                          # (it said nothing, and did nothing)
            await wait_for(pilot, lambda: any("First answer the question on screen" in str(note.message)
                                              for note in app._notifications))
            assert app.screen is asked
            await pilot.press("n")
            await wait_for(pilot, lambda: app.screen is editor)
            await pilot.press("ctrl+q")
            await wait_for(pilot, lambda: isinstance(app.screen, Confirm))
            await pilot.press("y")
            await pilot.pause()
        assert app.return_code == 0

    run(scenario)


def test_an_import_whose_file_name_cannot_be_a_presets_is_offered_a_cleaned_name(user_presets, tmp_path):
    """A file called "our table.toml" was asked its name with an empty box."""
    Draft.new_from("west-coast").save("ours")
    (tmp_path / "our table.toml").write_text((user_presets / "ours.toml").read_text())

    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            ask = await ask_for(pilot, app, "ours", "import")
            ask.value = str(tmp_path / "our table.toml")
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, AskText) and "Import it as" in str(
                app.screen.query_one("#ask-prompt").render()))
            assert app.screen.query_one("#ask-input", Input).value == "our-table"
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            assert app.screen.query_one("#preset", Select).value == "our-table"
        assert load_variant("our-table").rules == load_variant("ours").rules
        # that name taken, the cleaned one is offered with "-imported", as a taken clean
        # name is (a play-tester was offered "our-table-2", which the README never names)
        from cardtable.presets.writer import import_name
        assert (import_name("our table"), import_name("ours"), import_name("Ünder way!")) == (
            "our-table-imported", "ours-imported", "Under-way")

    run(scenario)
