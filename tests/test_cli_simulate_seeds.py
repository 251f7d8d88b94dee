"""``cardtable simulate``: a seed names one match. Each match gets fresh bots seeded from
that match's seed (as the arena does), so a match with a search bot comes out the same
whichever run it is part of (``--seed 1 --games 2`` and ``--seed 2 --games 1`` share the
seed-2 match)."""

from __future__ import annotations

import pytest

import cardtable.sim as sim
from cardtable import load_variant


def test_each_match_gets_bots_seeded_from_its_own_seed(monkeypatch):
    made = []
    real = sim.make_bot

    def recording(family, level, variant=None, seed=0):
        made.append(seed)
        return real(family, level, variant, seed=seed)

    monkeypatch.setattr(sim, "make_bot", recording)
    variant = load_variant("president-classic")
    sim.simulate(variant, 3, ["simple"] * 3, games=2, seed=1, max_rounds=1)
    run_of_two = list(made)
    made.clear()
    sim.simulate(variant, 3, ["simple"] * 3, games=1, seed=2, max_rounds=1)
    assert run_of_two == [1 * 31 + s for s in range(3)] + [2 * 31 + s for s in range(3)]
    assert made == run_of_two[3:]  # the seed-2 match's bots, in either run


def test_a_hard_bots_match_does_not_depend_on_the_runs_first_seed():
    variant = load_variant("president-classic")
    levels = ["hard", "simple", "simple", "simple"]

    def run(seed, games):
        return sim.simulate(variant, 4, levels, games=games, seed=seed, max_rounds=1, iterations=8)

    both, first, second = run(1, 2), run(1, 1), run(2, 1)
    # the seed-2 match of the two-match run is the lone seed-2 match
    for seat in range(4):
        assert 2 * both.average_score[seat] - first.average_score[seat] == pytest.approx(second.average_score[seat])
    assert 2 * both.moves_per_game - first.moves_per_game == pytest.approx(second.moves_per_game)


def test_search_bots_in_bot_matches_have_no_cpu_time_cap():
    """A CPU-time cap would end a search early on a busy machine and change the match:
    simulate's and the arena's search bots think their whole budget."""
    import math

    from cardtable.bots.search import SearchBot

    variant = load_variant("shanghai-classic")
    bots = sim.match_bots(variant, ["hard", "simple", "expert"], seed=5, iterations=3)
    searchers = [bot for bot in bots if isinstance(bot, SearchBot)]
    assert len(searchers) == 2
    assert all(bot.seconds == math.inf and bot.iterations == 3 for bot in searchers)
