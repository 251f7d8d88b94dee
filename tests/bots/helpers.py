"""Shared helpers for the bot tests: seeded positions part-way through a round."""

from __future__ import annotations

from cardtable import load_variant, new_game
from cardtable.bots import make_bot
from cardtable.engine.game import Game
from cardtable.engine.rng import Rng

PRESETS = {"president": "president-classic", "tonk": "tonk-classic", "shanghai": "shanghai-classic"}


def position(family: str, seed: int, moves: int, players: int = 4, rounds: int = 1,
             preset: str | None = None) -> Game:
    """A game after ``rounds - 1`` full rounds and ``moves`` more simple-bot moves,
    stopped at a seat with more than one legal move (or the round's end)."""
    variant = load_variant(preset or PRESETS[family])
    game = new_game(variant, players, seed=seed)
    bot, rng = make_bot(family, "medium"), Rng(seed)
    for _ in range(rounds - 1):
        while not game.round_over:
            seat = game.to_act[0]
            game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
        game.next_round()
    played = 0
    while not game.round_over:
        seat = game.to_act[0]
        legal = game.legal_moves(seat)
        if played >= moves and len(legal) > 1:
            break
        game.apply(seat, bot.choose(game.view(seat), legal, rng))
        played += 1
    return game
