"""The app opens the table, and the hand-off screen comes first for two humans."""

from __future__ import annotations

import asyncio

from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.screens.table import TableScreen

from .helpers import make_app


def test_table_opens_behind_a_handoff():
    """X1: the table opens behind a hand-off; keys pressed while the keyboard changes
    hands (space, letters, escape, a digit) leave it up, Enter uncovers the table."""
    async def scenario():
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen)
            await pilot.press("space", "x", "escape", "1", "p")
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)

    asyncio.run(scenario())


def test_p_when_you_must_lead_says_why_and_changes_nothing():
    """P4: the leader plays at least one card; p says so instead of doing nothing."""
    async def scenario():
        app = make_app("bot:simple,Ann,bot:simple,bot:simple", seed=1)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen) and screen.game.to_act == (1,)
            before = len(screen.game.events)
            await pilot.press("p")
            await pilot.pause()
            assert len(screen.game.events) == before
            assert screen.table.notice == "you lead: play at least one card"

    asyncio.run(scenario())
