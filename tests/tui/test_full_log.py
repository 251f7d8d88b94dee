"""``L`` at the table opens the round's whole log as the player on screen may read it
(below 100 columns the table shows only its latest line): a hot-seat player coming back
sees what happened since their last turn. It closes at a hand-off, like help and rules,
and never shows another human what only the player before could see."""

from __future__ import annotations

import asyncio

from textual.widgets import Static

from cardtable import Move
from cardtable.tui.screens.dialogs import LogScreen
from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.screens.table import TableScreen

from .helpers import make_app, settle
from .test_tonk import stacked_game
from .tonk_driver import table_screen


def test_the_full_log_shows_the_viewers_story_and_closes_at_the_hand_off():
    async def scenario():
        game = stacked_game()  # Bob (seat 1) plays first; the stock starts with A♦
        app = make_app("Ann,Bob", preset="tonk-classic", game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen) and app.screen.player == "Bob")
            await pilot.press("enter")
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
            await pilot.press("s")  # Bob draws A♦ from the stock
            await settle(pilot, app, lambda: game.view(1).phase == "act")
            await pilot.press("L")
            await settle(pilot, app, lambda: isinstance(app.screen, LogScreen))
            shown = str(app.screen.query_one("#log-lines", Static).render()).splitlines()
            assert shown[-1] == "Bob draws A♦" and shown == list(table_screen(app).table.state.log)
            await pilot.press("escape")
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
            await pilot.press("L")  # left open: the hand-off closes it
            await settle(pilot, app, lambda: isinstance(app.screen, LogScreen))
            table_screen(app).apply(1, Move.parse("discard KS"))
            await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen) and app.screen.player == "Ann")
            assert not any(isinstance(screen, LogScreen) for screen in app.screen_stack)
            await pilot.press("enter")
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
            await pilot.press("L")
            await settle(pilot, app, lambda: isinstance(app.screen, LogScreen))
            shown = str(app.screen.query_one("#log-lines", Static).render())
            assert "Bob draws from the stock" in shown and "A♦" not in shown

    asyncio.run(scenario())
