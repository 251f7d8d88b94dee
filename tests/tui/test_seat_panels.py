"""Seat panels: a line too wide for its box drops its last " · " parts instead of ending
in a cut word (7 or 8 players at 80 columns)."""

from __future__ import annotations

import asyncio

import pytest

from cardtable.tui.widgets.seat import SeatPanel, fit_parts, fit_title

from .helpers import make_app


def test_fit_parts_drops_the_last_parts_until_the_line_fits():
    assert fit_parts("6 cards · 0 pts", 15) == "6 cards · 0 pts"
    assert fit_parts("6 cards · 0 pts", 14) == "6 cards"
    assert fit_parts("President · passed · to play", 20) == "President · passed"
    assert fit_parts("President · passed", 5) == "President"  # the first part stays (cut later)
    assert fit_parts("6 cards | 0 pts", 14, " | ") == "6 cards"  # the ASCII theme's separator


def test_fit_title_drops_the_bot_note_rather_than_cut_it():
    assert fit_title("Finn (bot)", 10) == "Finn (bot)"
    assert fit_title("Finn (bot)", 9) == "Finn"
    assert fit_title("Ann", 2) == "Ann"  # nothing to drop: the border cuts it
    assert fit_title("Bo (the elder) x", 5) == "Bo (the elder) x"  # only a trailing note goes


@pytest.mark.parametrize("theme", ["felt", "ascii"])
def test_a_seven_player_table_at_80_columns_shows_whole_facts(theme):
    async def scenario():
        app = make_app("Ann," + ",".join(["bot:simple"] * 6), seed=4, theme=theme)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            panels = [panel for panel in app.screen.query(SeatPanel) if panel.display]
            assert len(panels) == 6
            for panel in panels:
                shown = str(panel.render()).splitlines()
                assert shown[0] == panel.lines[0].split(" · ")[0]  # "6 cards": the points left out
                assert panel.lines[0].endswith(" pts")
                title = str(panel.border_title)
                assert "(" not in title and title == panel.title.partition(" (")[0]  # "Finn", not "Finn (…"
        wide = make_app("Ann," + ",".join(["bot:simple"] * 6), seed=4)
        async with wide.run_test(size=(160, 30)) as pilot:
            await pilot.pause()
            panel = next(panel for panel in wide.screen.query(SeatPanel) if panel.display)
            assert str(panel.render()).splitlines()[0] == panel.lines[0]  # room for all of it
            assert str(panel.border_title) == panel.title and panel.title.endswith(" (bot)")

    asyncio.run(scenario())
