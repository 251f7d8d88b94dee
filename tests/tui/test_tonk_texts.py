"""Tonk texts a player reads at 80×24: every card of a spread apart (a 10 ran into the
card before it), the payments of a hand one line per payer and payee, one minus sign
per theme on the show-down and the match-over table, and the spades pot in chips."""

from __future__ import annotations

import asyncio
import re

import pytest

from cardtable import load_variant, new_game
from cardtable.tui.screens.table import TableScreen

from .helpers import make_app, screen_text, settle


def run(scenario):
    asyncio.run(scenario())


def spreads_with_tens():
    """Dag (the bot) spread JK 10♥ J♥ (the joker stands for 9♥) and Ann 9♠ 10♠ J♠; Ann is to
    discard (the table waits for her)."""
    variant = load_variant("tonk-classic")
    variant = variant.model_copy(update={"rules": variant.rules.model_copy(update={"jokers": 2})})
    game = new_game(variant, 2, seed=1,
                    hands=[["9S", "10S", "JS", "4C", "5C"], ["JK", "10H", "JH", "10C", "2C"]],
                    stock=["10D", "AD", "3D", "8D", "9D"], upcard="8C")
    for seat, move in [(1, "draw_stock"), (1, "spread JK 10H JH"), (1, "discard 2C"),
                       (0, "draw_stock"), (0, "spread 9S 10S JS")]:
        game.apply(seat, move)
    return game


@pytest.mark.parametrize("theme, ann, dag", [
    ("felt", "9♠ 10♠ J♠", "JK=9♥ 10♥ J♥"),
    ("ascii", "9-S 10-S J-S", "JK=9-H 10-H J-H"),
])
def test_every_card_of_a_spread_stays_apart(theme, ann, bob):
    """The spreads panel read "Ann   9♠10♠ J♠" (and "JK=9♥10♥") at 80×24."""
    async def scenario():
        app = make_app("Ann,bot:simple", preset="tonk-classic", theme=theme, game=spreads_with_tens())
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: (isinstance(app.screen, TableScreen) and not app.screen.busy
                                              and app.screen.table.state.phase == "act"))
            text = screen_text(app)
            assert re.search(rf"Ann\s+{re.escape(ann)}\s", text), text
            assert re.search(rf"Dag\s+{re.escape(dag)}\s", text), text

    run(scenario)
