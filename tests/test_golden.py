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
         ("shanghai-classic", 4, 18), ("shanghai-wild-twos", 3, 19)]
SIMPLE_BOTS = {"shanghai"}
"""Families whose transcripts are played by simple bots rather than random ones."""


def transcript(preset: str, players: int, seed: int, max_moves: int = 400) -> str:
    variant = load_variant(preset)
    game = new_game(variant, players, seed=seed)
    level = "simple" if variant.family in SIMPLE_BOTS else "random"
    bots = [make_bot(variant.family, level) for _ in range(players)]
    rng = Rng(seed)
    lines = [f"# {preset}, {players} players, seed {seed}"]

    def name(seat: int | None) -> str:
        return f"P{seat}"

    lines += [f"  {e.describe(name, None)}" for e in game.events]
    for _ in range(max_moves):
        if game.is_over or game.round_over:
            break
        seat = game.to_act[0]
        move = bots[seat].choose(game.view(seat), game.legal_moves(seat), rng)
        lines.append(f"P{seat}: {move}")
        lines += [f"  {e.describe(name, None)}" for e in game.apply(seat, move)]
    lines.append(f"scores {game.scores}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("preset", "players", "seed"), CASES)
def test_golden_transcript(preset, players, seed):
    path = GOLDEN / f"{preset}-{players}p-{seed}.txt"
    text = transcript(preset, players, seed)
    if os.environ.get("CARDTABLE_REGOLD"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden transcript {path.name}: write it with CARDTABLE_REGOLD=1 and read it"
    assert text == path.read_text(encoding="utf-8")
