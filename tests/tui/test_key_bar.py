"""The key bar under the hand names the keys that work now: the play keys on the
viewer's turn, and only the keys that work meanwhile while another player decides."""

from __future__ import annotations

import asyncio
import importlib

import pytest

from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.family_table import FamilyTable

from .helpers import make_app, settle

PRESETS = {"president": "president-classic", "shanghai": "shanghai-classic", "tonk": "tonk-classic"}


@pytest.mark.parametrize("family", sorted(PRESETS))
def test_the_key_bar_offers_play_keys_only_on_the_viewers_turn(family):
    present = importlib.import_module(f"cardtable.tui.{family}.present").present
    app = make_app("Ann,bot:simple,bot:simple", preset=PRESETS[family], seed=5)

    async def scenario():
        async with app.run_test(size=(120, 34)) as pilot:
            await pilot.pause()
            screen = next(screen for screen in app.screen_stack if isinstance(screen, TableScreen))
            table = screen.query_one(FamilyTable)
            for _ in range(20):  # (a chance or a buy the bots' moves offer Ann first: she declines)
                await settle(pilot, app, lambda: app.screen is not screen or table._may_act(table.state))
                if app.screen is screen:
                    break
                await pilot.press("escape")
            keys = str(table.query_one("#keys").render())
            assert keys == (table.state.keys if family == "tonk" else table.KEYS)  # (Tonk's say what this turn offers)
            assert "b bot speed" not in keys and ("s stock" in keys or "enter play" in keys)
            # the same table, shown after Ann's moves: a bot decides now
            game = screen.game.copy()
            assert game.to_act[0] == 0
            while game.to_act[0] == 0:
                game.apply(0, game.legal_moves(0)[-1])
            assert not game.round_over
            table.state = present(game, 0, screen.seats)
            await pilot.pause()
            assert not table._may_act(table.state)
            assert str(table.query_one("#keys").render()) == table.WAITING_KEYS
            if family == "shanghai":
                assert str(table.query_one("#keys-short").render()) == table.WAITING_KEYS

    asyncio.run(scenario())
