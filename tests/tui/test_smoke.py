"""The app opens the table, and the hand-off screen comes first for two humans."""

from __future__ import annotations

import asyncio

from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.screens.table import TableScreen

from .helpers import make_app


def test_table_opens_behind_a_handoff():
    async def scenario():
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)

    asyncio.run(scenario())
