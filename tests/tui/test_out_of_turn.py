"""A key of a turn pressed while another player decides did nothing, unsaid; a player
pressed it again and again. The table now says "not your turn now" until it is: short,
so that even at 80x24 it leaves the key bar (the keys that work meanwhile) in sight."""

from __future__ import annotations

import asyncio

import pytest

from cardtable import load_variant, new_game
from cardtable.tui.widgets.family_table import OUT_OF_TURN, FamilyTable

from .helpers import hold_bots, make_app, screen_text, settle, table_screen

KEYS = {  # (a family's keys of a turn, and Enter and space on its hand)
    "president-classic": ("p", "enter", "space"),
    "shanghai-classic": ("s", "d", "enter", "space"),
    "tonk-classic": ("s", "d", "D", "enter", "space"),
}


def bot_first(preset: str):
    """A new 3-seat game of ``preset`` whose first decision is a bot's (seat 1 or 2)."""
    return next(game for seed in range(50)
                if (game := new_game(load_variant(preset), 3, seed=seed)).to_act[0] != 0)


@pytest.mark.parametrize(("preset", "key"), [(preset, key) for preset, keys in KEYS.items() for key in keys])
def test_a_turns_key_pressed_while_a_bot_decides_says_it_is_not_your_turn_until_it_is(preset, key, monkeypatch):
    released = hold_bots(monkeypatch)
    app = make_app("Ann,bot:simple,bot:simple", preset=preset, game=bot_first(preset))

    async def scenario():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: table_screen(app) is not None)
            table = table_screen(app).query_one(FamilyTable)
            await settle(pilot, app, lambda: table.state is not None)
            assert not table._may_act(table.state)
            assert table.notice == ""
            await pilot.press(key)
            await pilot.pause()
            assert table.notice == OUT_OF_TURN
            shown = screen_text(app)
            assert OUT_OF_TURN in shown and table.WAITING_KEYS in shown  # (the bar it stands beside)
            released.set()
            screen = table_screen(app)
            for _ in range(20):  # (a Shanghai buy is a dialog over the table: declined)
                await settle(pilot, app, lambda: app.screen is not screen or table._may_act(table.state))
                if app.screen is screen:
                    break
                await pilot.press("escape")
            assert table._may_act(table.state)
            assert table.notice == ""

    asyncio.run(scenario())


def test_president_shows_play_and_pass_buttons_only_while_they_may_be_pressed(monkeypatch):
    """A play-tester saw Play and Pass (greyed) while a bot decided, after they went out and
    with nothing to beat the trick: a button shows only while it may be pressed."""
    from textual.widgets import Button

    released = hold_bots(monkeypatch)
    app = make_app("Ann,bot:simple,bot:simple", preset="president-classic", game=bot_first("president-classic"))

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: table_screen(app) is not None)
            table = table_screen(app).query_one(FamilyTable)
            await settle(pilot, app, lambda: table.state is not None)
            shown = lambda: (table.query_one("#play", Button).visible, table.query_one("#pass", Button).visible)  # noqa: E731
            assert shown() == (False, False)  # (a bot decides)
            released.set()
            await settle(pilot, app, lambda: table._may_act(table.state))
            assert shown() == (table.state.can_play, table.state.can_pass) and any(shown())

    asyncio.run(scenario())


def test_a_president_player_out_of_the_round_is_not_told_to_wait_for_a_turn(monkeypatch):
    """Out of the round (no cards left), a player has no turn to wait for: a key of a turn
    says nothing, rather than "not your turn now" for the rest of the round."""
    from cardtable.bots import make_bot
    from cardtable.engine.rng import Rng

    def ann_out_first(seed: int):
        """Seed ``seed``'s round played by bots until Ann (seat 0) is out, if the others
        still play on then; None otherwise."""
        game = new_game(load_variant("president-classic"), 4, seed=seed)
        bot, rng = make_bot("president", "simple"), Rng(seed)
        while 0 not in game.finish_order and not game.round_over:
            seat = game.to_act[0]
            game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
        return None if game.round_over else game

    game = next(game for seed in range(50) if (game := ann_out_first(seed)) is not None)
    assert not game.view(0).hand and 0 not in game.to_act
    hold_bots(monkeypatch)
    app = make_app("Ann,bot:simple,bot:simple,bot:simple", preset="president-classic", game=game)

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: table_screen(app) is not None)
            table = table_screen(app).query_one(FamilyTable)
            await settle(pilot, app, lambda: table.state is not None)
            for key in ("space", "p", "enter"):
                await pilot.press(key)
                await pilot.pause()
                assert table.notice == "", key

    asyncio.run(scenario())
