"""Seeded random playouts over every Shanghai preset, checking the invariants of API.md:
cards conserved, legal iff listed (each listed move applies on a copy; unlisted moves
raise and change nothing), determinism, save/load round trip, views hide other hands."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from cardtable import Game, IllegalMove, Move, list_variants, load_variant, new_game
from cardtable.engine.cards import Card
from cardtable.engine.rng import Rng
from cardtable.games.shanghai.bot import SimpleBot

from tests.positions import turns

from .helpers import all_cards, full_deck

PRESETS = list_variants("shanghai")
STEPS = 400


def _choose(game, seat, rng, bot):
    moves = game.legal_moves(seat)
    assert moves, f"seat {seat} must have a move in phase {game.phase}"
    if rng.random() < 0.3:
        return rng.choice(moves)
    move = bot.choose(game.view(seat), moves, rng)
    assert move in moves
    return move


def _playout(preset: str, seed: int, check=None):
    variant = load_variant(preset)
    players = variant.players.min + seed % (variant.players.max - variant.players.min + 1)
    game = new_game(variant, players, seed=seed)
    rng, bot = Rng(seed * 7 + 1), SimpleBot()
    for step, seat in turns(game, STEPS):
        if check is not None:
            check(game, seat, step)
        game.apply(seat, _choose(game, seat, rng, bot))
    return game


def _public_cards(view) -> Counter:
    public = Counter(card for melds in view.melds for meld in melds for card in meld.cards)
    public.update(view.discards)  # the pile: each card was seen face up (its top is discard_top)
    assert view.discards[-1:] == ((view.discard_top,) if view.discard_top is not None else ())
    public.update(card for taken in view.taken for card in taken)
    return public


def _cards_in(value) -> list[Card]:
    if isinstance(value, Card):
        return [value]
    if isinstance(value, (tuple, list, frozenset, set)):
        return [card for item in value for card in _cards_in(item)]
    return []


def _unlisted(game, seat) -> list[Move]:
    hand = game.hands[seat]
    absent = next(c for c in full_deck(game) if c not in hand)
    return [Move("discard", (absent,)), Move("lay_off", (hand[0],), (), (seat, 9)),
            Move("meld", (hand[0],), ((hand[0],),)), Move("buy") if game.phase != "buy" else Move("draw_stock"),
            Move("swap_joker", (absent,), (), (0, 0)), Move("pass")]


def _check(game, seat, step):
    assert all_cards(game) == full_deck(game)
    for viewer in range(game.players):
        view = game.view(viewer)
        # Views are built at once (PlayerView.of): every field there, and nothing else.
        assert set(vars(view)) == {field.name for field in dataclasses.fields(view)}
        assert view.hand == tuple(game.hands[viewer])
        for holder, taken in enumerate(view.taken):   # picked up in public, still held
            assert not Counter(taken) - Counter(game.hands[holder])
        assert view.upcard is None or view.upcard == view.discard_top
        shown = Counter()
        for field in dataclasses.fields(view):
            if field.name not in ("hand", "upcard", "discard_top"):  # those two: the pile's top
                shown.update(_cards_in(getattr(view, field.name)))
        assert not shown - _public_cards(view), "a view shows cards that are not public"
        for event in game.events[-6:]:
            text = event.describe(str, viewer)
            if event.kind == "stock_drawn":  # S3: a stock card is seen by its drawer only
                assert (event.card.pretty() in text) == (viewer == event.seat), (text, viewer)
            elif event.kind == "upcard_bought":  # S8: the penalty cards, by the buyer only
                for extra in event.extra:
                    if extra != event.card:  # (the bought upcard itself is public)
                        assert (extra.pretty() in text) == (viewer == event.seat), (text, viewer)
    legal = game.legal_moves(seat)
    for move in _unlisted(game, seat):
        if move in legal:
            continue
        before = (game._state(), len(game.events))
        with pytest.raises(IllegalMove):
            game.apply(seat, move)
        assert (game._state(), len(game.events)) == before
    other = (seat + 1) % game.players
    if other not in game.to_act:
        with pytest.raises(IllegalMove):
            game.apply(other, legal[0])
    if step % 37 == 5:
        text = game.to_json()
        for move in legal[:30]:
            copy = Game.from_json(text)
            copy.apply(seat, move)
            assert all_cards(copy) == full_deck(copy)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_playout_invariants(preset, seed):
    game = _playout(preset, seed, _check)
    again = _playout(preset, seed)
    assert again.events == game.events
    loaded = Game.from_json(game.to_json())
    assert loaded == game
    if not game.is_over and not game.round_over:
        for seat in game.to_act:
            assert loaded.legal_moves(seat) == game.legal_moves(seat)


@pytest.mark.parametrize("preset", PRESETS)
def test_simple_bots_go_down_and_hands_score_what_is_left(preset):
    """Three hands of simple bots: somebody lays down a contract (S6) in each, and each
    hand scores (S11/S13) the cards every seat still holds, the go-out bonus for the
    one who went out."""
    from cardtable.engine.events import RoundEnded, RoundStarted
    from cardtable.games.shanghai.events import WentDown, WentOut

    variant = load_variant(preset)
    game = new_game(variant, 3, seed=11)
    rng, bot = Rng(5), SimpleBot()
    hands = 0
    for _step in range(3000):
        if game.round_over:
            hands += 1
            start = max(i for i, e in enumerate(game.events) if isinstance(e, RoundStarted))
            events = game.events[start:]
            assert any(isinstance(e, WentDown) for e in events), f"nobody went down in hand {game.round}"
            out = [e.seat for e in events if isinstance(e, WentOut)]
            points, rules = events[-1].points, variant.rules
            assert isinstance(events[-1], RoundEnded)
            for seat in range(3):
                if seat not in out:  # S11: the preset's points of each card still held
                    expected = sum(rules.card_points["JK" if card.rank == 15 else str(card)[:-1]]
                                   for card in game.hands[seat])
                    assert points[seat] == expected > 0
                else:
                    assert points[seat] in (rules.go_out_bonus, rules.go_out_in_one_bonus)
            if game.is_over or hands >= 3:
                break
            game.next_round()
            continue
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    assert hands >= 3


GUARD = 100_000
"""Not a move cap: a hand this long means the hand would never end (a failure)."""


def _play_match(preset: str, seed: int, random_share: float) -> tuple:
    variant = load_variant(preset)
    players = variant.players.min + seed % (variant.players.max - variant.players.min + 1)
    game = new_game(variant, players, seed=seed)
    rng, bot = Rng(seed * 13 + 3), SimpleBot()
    hands, in_hand = 0, 0
    while True:
        if game.round_over:
            hands += 1
            in_hand = 0
            if game.is_over:
                return game, hands
            game.next_round()
            continue
        in_hand += 1
        assert in_hand < GUARD, f"{preset} seed {seed}: hand {game.round} does not end"
        seat = game.to_act[0]
        moves = game.legal_moves(seat)
        if random_share and rng.random() < random_share:
            move = rng.choice(moves)
        else:
            move = bot.choose(game.view(seat), moves, rng)
        game.apply(seat, move)


@pytest.mark.parametrize("preset", PRESETS)
def test_S12_simple_bot_matches_always_finish(preset):
    """S12 (max_stock_rebuilds): 20 seeded simple-bot matches play every hand to its end."""
    for seed in range(20):
        game, hands = _play_match(preset, seed, 0.0)
        assert game.is_over and hands == len(game.rules.contracts)


@pytest.mark.parametrize("preset", PRESETS)
def test_S12_random_playouts_always_finish(preset):
    """Seeded playouts mixing random moves with the bot's also finish every hand."""
    for seed in range(3):
        game, hands = _play_match(preset, 100 + seed, 0.5)
        assert game.is_over and hands == len(game.rules.contracts)


@pytest.mark.parametrize("preset", PRESETS)
def test_playout_invariants_in_every_hand_of_a_match(preset):
    """The invariants of :func:`test_playout_invariants` (which stop within the first
    hands) checked at every 9th move of a whole match, so that the later contracts (runs
    of 7 and 10, S2) and the four buys of the last hands (S9) are checked too; and the
    match saved at its end loads equal."""
    variant = load_variant(preset)
    game = new_game(variant, 4, seed=41)
    rng, bot = Rng(43), SimpleBot()
    checked_in: set[int] = set()
    for step, seat in turns(game, 20_000):
        if step % 9 == 0:
            _check(game, seat, step)
            checked_in.add(game.round)
        game.apply(seat, _choose(game, seat, rng, bot))
    assert game.is_over and checked_in == set(range(1, len(variant.rules.contracts) + 1))
    assert Game.from_json(game.to_json()) == game


@pytest.mark.parametrize("preset", PRESETS)
def test_S8_the_view_says_how_many_stock_cards_each_buy_brings(preset):
    """S8/S12: over seeded playouts that buy whenever they may, every buy brings exactly
    the stock cards the buyer's view said (``buy_draws``, worked out apart from the buy)."""
    from cardtable.games.shanghai.events import UpcardBought

    variant = load_variant(preset)
    buys = 0
    for seed in range(6):
        game = new_game(variant, variant.players.max, seed=seed)
        rng, bot = Rng(seed), SimpleBot()
        for _step, seat in turns(game, 3000):
            legal = game.legal_moves(seat)
            buy = next((move for move in legal if move.kind == "buy"), None)
            if buy is None:
                game.apply(seat, _choose(game, seat, rng, bot))
                continue
            said = game.view(seat).buy_draws
            bought = next(event for event in game.apply(seat, buy) if isinstance(event, UpcardBought))
            assert len(bought.extra) == said
            buys += 1
    assert buys > 50  # (a buy short of its penalty is rare here: test_rules.py's S12 scenarios stage it)
