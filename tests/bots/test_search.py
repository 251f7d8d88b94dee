"""The search bot: views only (X2), consistent determinizations, seeded, stronger than random."""

from __future__ import annotations

import gc

import pytest

from cardtable import load_variant, new_game
from cardtable.bots import make_bot
from cardtable.bots.search import SearchBot
from cardtable.engine.game import Game
from cardtable.engine.rng import Rng

from .helpers import PRESETS, position

FAMILIES = ["president", "tonk", "shanghai"]


def _bot(family: str, seed: int = 0, iterations: int = 10) -> SearchBot:
    """The family's own hard bot (President's is the plain SearchBot), with a small
    budget, raising when a search fails."""
    bot = make_bot(family, "hard", load_variant(PRESETS[family]), seed=seed)
    assert isinstance(bot, SearchBot)
    bot.iterations, bot.strict = iterations, True
    return bot


def _reachable(root: object, target: object, limit: int = 200_000) -> bool:
    """Whether ``target`` can be reached from ``root`` through attributes and containers."""
    seen: set[int] = set()
    stack = [root]
    while stack and len(seen) < limit:
        obj = stack.pop()
        if obj is target:
            return True
        if id(obj) in seen or isinstance(obj, (str, int, float, bytes, type)):
            continue
        seen.add(id(obj))
        stack.extend(gc.get_referents(obj))
    return False


@pytest.mark.parametrize("family", FAMILIES)
def test_bot_gets_the_view_only(family):
    game = position(family, 4, moves=5)
    seat = game.to_act[0]
    view = game.view(seat)
    assert not _reachable(view, game), "a view must not lead to the Game"
    bot = _bot(family)
    move = bot.choose(view, game.legal_moves(seat), Rng(1))
    assert move in game.legal_moves(seat)
    assert not _reachable(bot, game), "the bot must not hold the real Game"


@pytest.mark.parametrize("family", FAMILIES)
def test_hidden_cards_do_not_change_the_choice(family):
    """Two deals that look the same from seat 0 (other hands swapped) get the same move."""
    variant = load_variant(PRESETS[family])
    base = new_game(variant, 4, seed=21)
    hands = [list(base.view(s).hand) for s in range(4)]
    swapped = [hands[0], hands[2], hands[3], hands[1]]
    kwargs = {}
    if family != "president":  # rummy games: keep the stock and upcard as dealt
        kwargs = _table_of(base)
    games = [new_game(variant, 4, seed=21, hands=h, dealer=3, **kwargs) for h in (hands, swapped)]
    views = [g.view(0) for g in games]
    # play up to seat 0's first decision with the same public moves in both games
    assert views[0].hand == views[1].hand
    # dealer 3: seat 0, on the dealer's left, acts first in both deals (no skipping)
    assert [g.to_act for g in games] == [(0,), (0,)]
    legal = [g.legal_moves(0) for g in games]
    assert legal[0] and legal[0] == legal[1]
    moves = [_bot(family, seed=9).choose(v, l, Rng(2)) for v, l in zip(views, legal)]
    assert moves[0] == moves[1]


def _table_of(game: Game) -> dict:
    if game.family == "tonk":
        return {"stock": list(reversed(game._stock)), "upcard": game._discard[-1]}
    return {"stock": list(reversed(game.stock)), "upcard": game.discard[-1]}


@pytest.mark.parametrize("family", FAMILIES)
def test_same_seed_same_move(family):
    game = position(family, 8, moves=7)
    seat = game.to_act[0]
    legal = game.legal_moves(seat)
    picks = {_bot(family, seed=3, iterations=15).choose(game.view(seat), legal, Rng(7)) for _ in range(3)}
    assert len(picks) == 1


@pytest.mark.parametrize("family,moves,rounds", [
    ("president", 3, 1), ("president", 20, 2), ("tonk", 2, 1), ("tonk", 5, 2), ("shanghai", 10, 1),
    ("shanghai", 40, 2)])
def test_determinizations_agree_with_the_view(family, moves, rounds):
    """An imagined game shows the seat the same hand, table and legal moves."""
    game = position(family, 13, moves=moves, rounds=rounds)
    assert not game.round_over  # (each position is chosen inside its round)
    seat = game.to_act[0]
    view = game.view(seat)
    bot = _bot(family)
    sampler = bot._sampler_for(view)
    sampler.observe(view)
    rng = Rng(5)
    template = sampler.prepare(view, rng)
    for _ in range(5):
        imagined = sampler.determinize(template, view, rng)
        assert imagined is not game
        mine = imagined.view(seat)
        assert mine.hand == view.hand
        assert mine.hand_sizes == view.hand_sizes
        assert mine.to_act == view.to_act
        assert sorted(map(str, imagined.legal_moves(seat))) == sorted(map(str, game.legal_moves(seat)))
        assert sorted(_all_cards(imagined)) == sorted(_all_cards(game))


def _all_cards(game: Game) -> list[str]:
    if game.family == "president":
        return [str(c) for c in game.all_cards()]
    if game.family == "tonk":
        cards = [c for h in game._hands for c in h] + game._stock + game._discard
        cards += [c for owned in game.spreads for group in owned for c in group]
        return [str(c) for c in cards]
    cards = [c for h in game.hands for c in h] + game.stock + game.discard
    cards += [c for owned in game.melds for meld in owned for c in meld.cards]
    return [str(c) for c in cards]


def test_hard_beats_random_at_president():
    """Over a few seeded rounds the search bot finishes far ahead of random players."""
    variant = load_variant("president-classic")
    places = {"hard": [], "random": []}
    for seed in range(4):
        game = new_game(variant, 4, seed=100 + seed)
        bots = [SearchBot("president", variant, seed=seed, iterations=24, strict=True),
                *(make_bot("president", "random") for _ in range(3))]
        rngs = [Rng(seed * 10 + s) for s in range(4)]
        for _ in range(2):
            while not game.round_over:
                seat = game.to_act[0]
                game.apply(seat, bots[seat].choose(game.view(seat), game.legal_moves(seat), rngs[seat]))
            order = game.finish_order
            places["hard"].append(order.index(0) + 1)
            places["random"] += [order.index(s) + 1 for s in (1, 2, 3)]
            if game.is_over:
                break
            game.next_round()
    hard = sum(places["hard"]) / len(places["hard"])
    rand = sum(places["random"]) / len(places["random"])
    assert hard < 2.0 < rand, (hard, rand)


def test_a_failed_search_falls_back_to_the_simple_bot_and_is_counted():
    game = position("president", 8, moves=4)
    seat = game.to_act[0]
    view, legal = game.view(seat), game.legal_moves(seat)
    bot = _bot("president")
    bot.strict = False

    def broken(*_args):
        raise RuntimeError("sampler bug")

    bot._sampler_for(view).prepare = broken
    move = bot.choose(view, legal, Rng(1))
    assert move == bot.policy.choose(view, legal, Rng(1)) and bot.fallbacks == 1
    bot.strict = True
    with pytest.raises(RuntimeError, match="sampler bug"):
        bot.choose(view, legal, Rng(1))
