"""Golden transcripts: a few seeded bot games written out move by move with their
events. Most use random bots, so only the rules and the order of legal moves matter;
the Shanghai ones use simple bots, since random play never lays a contract down (so
the simple bot's choices are pinned as well).

A rule change that alters play shows up as a diff here. After an intended change,
regenerate with ``CARDTABLE_REGOLD=1 python -m pytest tests/test_golden.py`` and
read the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardtable import load_variant, new_game
from cardtable.bots import make_bot
from cardtable.engine.rng import Rng

GOLDEN = Path(__file__).resolve().parent / "golden"
CASES = [("president-classic", 4, 11), ("forseti", 5, 12), ("president-bombs", 4, 13),
         ("red-threes", 4, 16), ("tonk-classic", 3, 15), ("tonk-house", 4, 17),
         ("shanghai-classic", 4, 18), ("shanghai-wild-twos", 3, 19),
         ("west-coast", 4, 20), ("texas-tonk", 3, 21), ("tonk-sitting", 4, 22), ("tonk-spades", 4, 23),
         ("shanghai-family", 4, 24), ("shanghai-next-in-turn", 5, 25)]
TWO_ROUNDS = [("president-kitchen", 4, 26), ("scum-secretary", 6, 27)]
"""Played into a second round: their house rules act after the first (titles, the
exchange, the black market, table talk)."""
SIMPLE_BOTS = {"shanghai"}
"""Families whose transcripts are played by simple bots rather than random ones."""


def transcript(preset: str, players: int, seed: int, max_moves: int = 400, rounds: int = 1) -> str:
    variant = load_variant(preset)
    game = new_game(variant, players, seed=seed)
    level = "simple" if variant.family in SIMPLE_BOTS else "random"
    bots = [make_bot(variant.family, level) for _ in range(players)]
    rng = Rng(seed)
    lines = [f"# {preset}, {players} players, seed {seed}"]

    def name(seat: int | None) -> str:
        return f"P{seat}"

    lines += [f"  {e.describe(name, None)}" for e in game.events]
    for _ in range(max_moves * rounds):
        if game.round_over and not game.is_over and game.round < rounds:
            lines += [f"  {e.describe(name, None)}" for e in game.next_round()]
        if game.is_over or game.round_over:
            break
        seat = game.to_act[0]
        move = bots[seat].choose(game.view(seat), game.legal_moves(seat), rng)
        lines.append(f"P{seat}: {move}")
        lines += [f"  {e.describe(name, None)}" for e in game.apply(seat, move)]
    lines.append(f"scores {game.scores}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("preset", "players", "seed", "rounds"),
                         [(*case, 1) for case in CASES] + [(*case, 2) for case in TWO_ROUNDS])
def test_golden_transcript(preset, players, seed, rounds):
    path = GOLDEN / f"{preset}-{players}p-{seed}{'-2r' * (rounds > 1)}.txt"
    text = transcript(preset, players, seed, rounds=rounds)
    if os.environ.get("CARDTABLE_REGOLD"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden transcript {path.name}: write it with CARDTABLE_REGOLD=1 and read it"
    assert text == path.read_text(encoding="utf-8")
