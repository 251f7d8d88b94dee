"""The engine surface refuses what is not a seat, a move or a deal with a clear error,
the same way for every family, and changes nothing."""

from __future__ import annotations

import pytest

from cardtable import IllegalMove, load_variant, new_game

TABLES = [("president-classic", 4), ("shanghai-classic", 4), ("tonk-classic", 3)]


@pytest.mark.parametrize(("preset", "players"), TABLES)
@pytest.mark.parametrize("seat", [-1, 99, "1"])
def test_a_view_is_of_a_seat_at_the_table_or_of_nobody(preset, players, seat):
    game = new_game(load_variant(preset), players, seed=3)
    with pytest.raises(ValueError, match=f"there is no seat {seat!r}: seats are 0 to {players - 1}, or None"):
        game.view(seat)
    assert game.view(None).hand == ()


@pytest.mark.parametrize(("preset", "players"), TABLES)
@pytest.mark.parametrize("move", [None, 17, ("play", "3S")])
def test_a_move_is_a_move_or_its_text(preset, players, move):
    game = new_game(load_variant(preset), players, seed=3)
    seat, before = game.to_act[0], game.to_data()
    with pytest.raises(IllegalMove, match=f"a move is a Move or its text .*, not {type(move).__name__}"):
        game.apply(seat, move)
    assert game.to_data() == before


@pytest.mark.parametrize(("hands", "message"), [
    ("3S 4H", r"hands: give a list with one hand per seat"),
    (["3S", "4H", "5D"], r"hands: give one hand per seat \(4\), not 3"),
    (["3S", "", "5D", "6C"], r"hands: every seat is dealt at least one card \(seat 1 has none\)"),
])
def test_a_stacked_deal_deals_every_seat(hands, message):
    with pytest.raises(ValueError, match=message):
        new_game(load_variant("president-classic"), 4, seed=1, hands=hands)


@pytest.mark.parametrize(("preset", "word"), [("president-classic", "Round"), ("shanghai-classic", "Hand"),
                                              ("tonk-classic", "Hand")])
def test_a_deal_is_told_in_the_game_s_own_word(preset, word):
    """President plays rounds; Shanghai and Tonk hands (the logs and replays say so)."""
    from cardtable.engine.rng import Rng
    from cardtable.bots import make_bot

    game = new_game(load_variant(preset), 4 if preset != "tonk-classic" else 3, seed=2)
    assert game.events[0].describe(str) == f"{word} 1 — 0 deals"
    bot, rng = make_bot(game.family, "simple"), Rng(2)
    while not game.round_over:
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    ended = next(e for e in game.events if e.kind == "round_ended")
    assert ended.describe(str) == f"{word} 1 is over"
