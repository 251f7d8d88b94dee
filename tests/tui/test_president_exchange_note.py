"""The exchange note ("you gave 3♣, got JK") reaches the player even when their first
screen of the round is an out-of-turn dialog (a quick-clear chance in a 7-seat game)."""

from __future__ import annotations

import asyncio

from cardtable import load_variant, new_game
from cardtable.bots import make_bot
from cardtable.engine.rng import Rng
from cardtable.tui.president.present import present
from cardtable.tui.seats import parse_seats

from .helpers import bots_play_until, make_app, screen_text, settle

SEATS = "Ann,bot:simple,bot:simple,bot:simple,bot:simple,bot:simple,bot:simple"


def chance_for_ann_before_her_turn(seed: int = 2):
    """A 7-seat President-with-bombs game, played by simple bots into round 2 up to an
    out-of-turn chance for Ann (seat 0) before her first turn of the round."""
    def chance(game) -> bool:
        view = game.view(0)
        return (not game.round_over and game.to_act[0] == 0 and game.round >= 2 and view.phase == "play"
                and bool(view.window))

    game = bots_play_until(new_game(load_variant("president-bombs"), 7, seed=seed), chance, Rng(seed))
    assert any(move.kind != "decline" for move in game.legal_moves(0))
    return game


def test_a_throw_out_of_turn_keeps_the_note_until_the_players_own_turn():
    game = chance_for_ann_before_her_turn()
    view = game.view(0)
    assert view.given and view.received
    throw = next(move for move in game.legal_moves(0) if move.kind != "decline")
    game.apply(0, throw)
    bot, rng = make_bot("president", "simple"), Rng(7)
    while not (game.phase == "play" and game.to_act == (0,) and not game.view(0).window):
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    seats = parse_seats(SEATS)
    gave = " ".join(card.pretty() for card in view.given)
    got = " ".join(card.pretty() for card in view.received)
    assert present(game, 0, seats).note == f"you gave {gave}, got {got}"
    # played on her own turn, the note is gone
    game.apply(0, next(move for move in game.legal_moves(0)))
    assert present(game, 0, seats).note == ""


def test_the_out_of_turn_dialog_says_what_the_player_gave_and_got_at_80x24():
    from cardtable.tui.screens.choose import MoveListDialog

    game = chance_for_ann_before_her_turn()
    view = game.view(0)
    gave = " ".join(card.pretty() for card in view.given)
    got = " ".join(card.pretty() for card in view.received)

    async def scenario():
        app = make_app(SEATS, preset="president-bombs", game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog))
            await pilot.pause()
            text = screen_text(app)
            assert f"Exchange: you gave {gave}, got {got}." in text
            assert "Let it go" in text and "Throw" in text  # the options stay on screen
            # the lone human's own table behind it (the public table hid nobody and showed
            # Ann as an opponent, "waiting for Ann")
            table = app.screen_stack[-2]
            assert table.table.state == present(game, 0, parse_seats(SEATS))
            assert "waiting for Ann" not in text

    asyncio.run(scenario())


def test_under_the_ascii_theme_the_table_and_the_out_of_turn_dialog_are_all_ascii():
    """Every text the President table shows goes through the ASCII conversion: the seat
    panels, the trick, the status with the exchange note, the dialog and its options, the
    notes."""
    from cardtable.tui.screens.choose import MoveListDialog
    from cardtable.tui.screens.table import TableScreen

    async def scenario():
        app = make_app(SEATS, preset="president-bombs", game=chance_for_ann_before_her_turn(), theme="ascii")
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog))
            await pilot.pause()
            text = screen_text(app)
            assert "Exchange: you gave" in text and text.isascii(), text
            await pilot.press("home", "enter")  # throw the cards (the dialog opens on "Let it go")
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                         and app.screen.game.to_act == (0,) and not app.screen.game.view(0).window)
            await pilot.pause()
            text = screen_text(app)
            assert "you gave" in text and text.isascii(), text
            await pilot.press("b")  # the bot speed note, and a warning's, drawn in ASCII too (a ▌ bar)
            app.notify("a warning", severity="warning", markup=False)
            await settle(pilot, app, lambda: "a warning" in screen_text(app))
            text = screen_text(app)
            assert "bot speed" in text and "a warning" in text and text.isascii(), text

    asyncio.run(scenario())
