"""X5 over every shipped preset: a game saved to a file at any point of its match (its
deal, mid-round, an exchange or a buy window open, the next round's deal) loads equal and
plays on exactly as the game that was never saved."""

from __future__ import annotations

import pytest

from cardtable import list_variants, load_variant, new_game
from cardtable.store import load_game, save_game

from .helpers import bot_step, play_moves, seats_for
from .test_saves import assert_same

CASES = [(family, preset) for family in ("president", "shanghai", "tonk") for preset in list_variants(family)]
SAVE_AT = (0, 9, 33, 80)
"""The moves played when the game is saved (each round's deal is saved too)."""
PLAY_ON = 25


@pytest.mark.parametrize("family,preset", CASES)
def test_a_game_saved_anywhere_in_any_preset_loads_and_plays_on_alike(family, preset, tmp_path):
    """X5: saved at several moves and at the second round's deal, the file loads as the
    same game (views, legal moves, events, seats), which plays on as the original does."""
    variant = load_variant(preset)
    players = max(variant.players.min, min(4, variant.players.max))
    game = new_game(variant, players, seed=11)
    seats = seats_for(players)
    saved_points: list[str] = []
    for at in (*SAVE_AT, "next round"):
        if at == "next round":
            while not game.round_over and not game.is_over:
                bot_step(game)
            if game.is_over:
                break
            game.next_round()
        else:
            play_moves(game, at)
        if game.is_over:
            break
        path = save_game(tmp_path / f"{preset}-{at}.json", game, seats)
        loaded, loaded_seats = load_game(path)
        assert_same(loaded, game)
        assert loaded_seats == seats
        copy, _ = load_game(path)  # (played on apart from the original: both must go alike)
        for _ in range(PLAY_ON):
            if game.is_over:
                break
            bot_step(game)
            bot_step(copy)
        assert copy == game and copy.events == game.events
        saved_points.append(str(at))
    assert "next round" in saved_points or len(saved_points) == len(SAVE_AT)
