"""The house rules editor at 80 columns: every row's allowed range shows whole (the
inherited value gives way first: "parent 3 · 2–8"), and the title line's keys fit."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from cardtable.presets.writer import Draft

from .editor_helpers import app_at_start, open_editor, row, run
from .helpers import screen_text


def shown_hint(editor, path: str) -> str:
    """The hint as the row draws it (cut where it is too wide)."""
    return row(editor, path).query_one(".knob-hint", Static).render_line(0).text.rstrip()


def in_editor(preset: str, size: tuple[int, int], check) -> None:
    """Open the editor on new house rules from ``preset`` and ``await check(pilot, app, editor)``."""
    async def scenario():
        app = app_at_start()
        async with app.run_test(size=size) as pilot:
            await check(pilot, app, await open_editor(pilot, app, Draft.new_from(preset)))

    run(scenario)


@pytest.mark.parametrize("preset", ["president-classic", "forseti", "shanghai-classic", "tonk-classic"])
def test_at_80_columns_every_allowed_range_shows_whole(user_presets, preset):
    async def check(pilot, app, editor):
        ranged = [knob for knob in editor.query(".knob-row") if knob.spec.range_text]
        assert ranged
        for knob in ranged:
            hint, allowed = shown_hint(editor, knob.path), knob.spec.range_text
            assert allowed in hint and not hint.endswith(f"{allowed[:-1]}…"), hint
            assert knob.query_one(".knob-hint").tooltip.startswith("from parent: ")  # whole, as before

    in_editor(preset, (80, 24), check)


@pytest.mark.parametrize(("size", "hints"), [
    ((80, 24), ["parent 3 · 2–8", "parent 1 · 1–3", "parent 11 · 0–1000", "parent aside"]),
    ((100, 30), ["from parent: 3 · 2–8", "from parent: 1 · 1–3", "from parent: 11 · 0–1000",
                 "from parent: aside"]),
])
def test_the_play_testers_rows_at_80_and_at_100_columns(user_presets, size, hints):
    """Below 100 columns every row says "parent 3" for "from parent: 3", alike."""
    async def check(pilot, app, editor):
        paths = ["players.min", "rules.decks", "rules.match_target", "rules.leftover"]
        assert [shown_hint(editor, path) for path in paths] == hints

    in_editor("forseti", size, check)


def test_a_range_worked_out_anew_shows_at_80_columns(user_presets):
    """Shanghai's player range follows the contracts and decks (show_range): decks for 7
    and 8 players widen it."""
    from textual.widgets import Input

    async def check(pilot, app, editor):
        assert shown_hint(editor, "players.min") == "parent 3 · 3–6"
        editor.query_one("#knob-rules-decks_by_players", Input).value = "2=2, 3=2, 4=2, 5=3, 6=3, 7=3, 8=3"
        await pilot.pause()
        await pilot.pause()
        assert shown_hint(editor, "players.min") == "parent 3 · 3–8"
        assert row(editor, "players.min").query_one(".knob-hint").tooltip == "from parent: 3 · 3–8"

    in_editor("shanghai-classic", (80, 24), check)


@pytest.mark.parametrize("preset", ["forseti", "president-classic", "shanghai-next-in-turn"])
def test_the_title_lines_keys_fit_80_columns(user_presets, preset):
    """The keys fit; so does the preset's name, but for the longest (a play-tester read
    "from pres…": ctrl+s and esc are on the Save and Cancel buttons, not here too)."""
    async def check(pilot, app, editor):
        top = screen_text(app).splitlines()[0].rstrip()
        assert top.startswith(" New house rules — ") and top.endswith("ctrl+r reset  tab next")
        assert editor.query_one("#editor-title").size.height == 1
        if preset != "shanghai-next-in-turn":  # (the longest name may be cut, with …)
            assert f"from {preset}" in top

    in_editor(preset, (80, 24), check)


@pytest.mark.parametrize("preset", ["president-classic", "shanghai-classic"])  # (the most rows; a text area)
def test_tab_brings_the_whole_row_into_sight_at_80x24(preset):
    """A play-tester tabbed to `twos`: it sat on the last line without its description,
    and its list opened over the Save bar. Each field tabbed to has its whole row (name,
    field, hint, description) inside the form's visible part."""
    from textual.containers import VerticalScroll

    from cardtable.tui.widgets.knob import KnobRow

    async def check(pilot, app, editor):
        form = editor.query_one("#editor-form", VerticalScroll)
        seen = []
        for _ in range(len(editor.query(KnobRow)) + 2):
            await pilot.press("tab")
            await pilot.pause()
            knob = next((w for w in editor.focused.ancestors_with_self if isinstance(w, KnobRow)), None)
            if knob is not None:
                seen.append(knob.path)
                assert form.scrollable_content_region.contains_region(knob.region), knob.path
        assert len(set(seen)) == len(editor.query(KnobRow))  # (every row was tabbed to)

    in_editor(preset, (80, 24), check)
