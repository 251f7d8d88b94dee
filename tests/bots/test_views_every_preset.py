"""X2 over every preset and every level: a bot is handed its seat's view and never the
game, and the search bots' imagined games agree with that view.

The house rules change what a view holds (Forseti's cards set aside, the kitchen
preset's table talk and hidden hand counts, Tonk's spades bet, Shanghai's contracts
and wild 2s), so the checks run at two points of every shipped preset's match: early in
the first round, and into the second (after President's exchange)."""

from __future__ import annotations

import pytest

from cardtable import list_variants, load_variant
from cardtable.bots import DIFFICULTIES, make_bot
from cardtable.bots.search import SearchBot
from cardtable.engine.rng import Rng

from .helpers import position
from .test_search import _all_cards, _reachable

CASES = [(family, preset) for family in ("president", "shanghai", "tonk") for preset in list_variants(family)]
POINTS = [(1, 4), (2, 3)]
"""(round, moves into it) where the bots are asked."""


@pytest.mark.parametrize("family,preset", CASES)
def test_every_level_sees_only_its_view(family, preset):
    """X2: at each point, every level chooses a legal move from the view alone (nothing
    it holds, nor the view, leads back to the game)."""
    variant = load_variant(preset)
    players = max(variant.players.min, min(4, variant.players.max))
    asked = 0
    for rounds, moves in POINTS:
        game = position(family, 5, moves=moves, players=players, rounds=rounds, preset=preset)
        if game.round_over:
            continue
        seat = game.to_act[0]
        view, legal = game.view(seat), game.legal_moves(seat)
        assert not _reachable(view, game), "a view must not lead to the game"
        for level in DIFFICULTIES:
            bot = make_bot(family, level, variant, seed=2)
            if isinstance(bot, SearchBot):
                bot.iterations, bot.strict = 6, True  # (strict: a failed search raises)
            assert bot.choose(view, legal, Rng(3)) in legal
            assert not _reachable(bot, game), f"the {level} bot holds the real game"
            asked += 1
    assert asked >= len(DIFFICULTIES)  # (at least one point was played to)


@pytest.mark.parametrize("family,preset", CASES)
def test_imagined_games_agree_with_the_view(family, preset):
    """X2: the hard bot imagines the hidden cards for the decisions it searches; each
    imagined game shows its seat the same hand, hand sizes, turn and legal moves, and holds
    the same cards as the real one. A decision it does not search (President's exchange,
    market, table talk, out-of-turn windows) is the simple bot's."""
    variant = load_variant(preset)
    players = max(variant.players.min, min(4, variant.players.max))
    searched = 0
    for rounds, moves in POINTS:
        game = position(family, 7, moves=moves, players=players, rounds=rounds, preset=preset)
        policy, rng = make_bot(family, "medium"), Rng(8)
        for _step in range(40):  # (on to the next decision it searches)
            if game.round_over:
                break
            seat = game.to_act[0]
            view, legal = game.view(seat), game.legal_moves(seat)
            bot = make_bot(family, "hard", variant, seed=4)
            assert isinstance(bot, SearchBot)
            sampler = bot._sampler_for(view)
            if sampler.searchable(view, legal):
                break
            assert bot.choose(view, legal, Rng(1)) == policy.choose(view, legal, Rng(1))
            game.apply(seat, policy.choose(view, legal, rng))
        else:
            pytest.fail("no decision the hard bot searches in 40 moves")
        if game.round_over:
            continue
        sampler.observe(view)
        rng = Rng(6)
        template = sampler.prepare(view, rng)
        for _ in range(3):
            imagined = sampler.determinize(template, view, rng)
            mine = imagined.view(seat)
            assert (mine.hand, mine.hand_sizes, mine.to_act) == (view.hand, view.hand_sizes, view.to_act)
            assert sorted(map(str, imagined.legal_moves(seat))) == sorted(map(str, game.legal_moves(seat)))
            assert sorted(_all_cards(imagined)) == sorted(_all_cards(game))
        searched += 1
    assert searched >= 1
