"""Seeded random playouts over every Tonk preset, checking the invariants of API.md."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from cardtable import Game, IllegalMove, Move, list_variants, load_variant, new_game
from cardtable.bots import RandomBot
from cardtable.engine.cards import make_deck
from cardtable.engine.rng import Rng
from cardtable.games.tonk import TonkGame
from cardtable.games.tonk.bot import SimpleBot
from tonk_helpers import variant

PRESETS = list_variants("tonk")
EVERY_KNOB = variant(jokers=2, dead_fours=True, drop_when="any_time", low_deal_wins=True, dealt_49_wins=True,
                     dealt_50_wins=True, spades_side_bet=True, tonk_needs_six=True, caught="pagat",
                     deal_size=7, upcard=False, stake=3, starting_chips=60)
"""A table with every house rule switched on, played like a preset."""
TABLES = [*PRESETS, "every-knob"]
KINDS = ("bet", "decline", "draw_stock", "take_upcard", "drop", "declare", "discard", "spread", "hit", "dead_four")


def table_cards(game: TonkGame) -> Counter:
    cards = Counter(game._stock) + Counter(game._discard)
    for hand in game._hands:
        cards.update(hand)
    for owned in game.spreads:
        for group in owned:
            cards.update(group)
    return cards


def check_conserved(game: TonkGame) -> None:
    assert table_cards(game) == Counter(make_deck(1, game.variant.rules.jokers))


def check_views(game: TonkGame) -> None:
    shown = game._shown is not None
    for seat in range(game.players):
        view = game.view(seat)
        # Views are built at once, by name (PlayerView.of): every field there, and nothing else.
        assert set(vars(view)) == {field.name for field in dataclasses.fields(view)}
        assert view.hand == tuple(game._hands[seat])
        assert view.hand_sizes == tuple(len(hand) for hand in game._hands)
        if not shown:
            assert view.shown == (None,) * game.players
            assert all(count is None for s, count in enumerate(view.counts) if s != seat)
        visible = set(view.hand) | {view.discard_top} | {c for owned in view.spreads for g in owned for c in g}
        visible |= {c for c in view.spades_shown if c is not None} | set(view.discards)
        if not shown:
            for other in range(game.players):
                if other != seat:
                    hidden = set(game._hands[other]) - visible
                    for value in vars_of(view):
                        if isinstance(value, tuple):
                            assert not hidden & set(value), value
                        else:
                            assert value not in hidden, value


def vars_of(view: object) -> list[object]:
    """Every field of a view except the public spreads, shown spades and house rules."""
    return [getattr(view, f.name) for f in dataclasses.fields(view) if f.name not in ("spreads", "spades_shown", "rules")]


def unlisted(game: TonkGame, seat: int, legal: list[Move], rng: Rng) -> list[Move]:
    """A few moves that are not listed: they must be refused and change nothing."""
    deck = make_deck(1, 2)
    hand = game._hands[seat]
    candidates = [Move(kind) for kind in KINDS]
    candidates += [Move("discard", (rng.choice(deck),)) for _ in range(3)]
    candidates += [Move("hit", (rng.choice(deck),), (), (rng.randrange(game.players), rng.randrange(3)))]
    if len(hand) >= 3:
        group = tuple(hand[:3])
        candidates += [Move("spread", group, (group,)), Move("discard", group[:2])]
    candidates += [Move("fold"), Move("hit", tuple(hand[:1]), (), (9, 9))]
    return [move for move in candidates if move not in legal]


def playout(name: str, seed: int, hands: int, deep: bool) -> TonkGame:
    rules = EVERY_KNOB if name == "every-knob" else load_variant(name)
    rng = Rng(seed)
    players = 2 + seed % 4
    game = new_game(rules, players=players, seed=seed)
    bots = [SimpleBot() if (seed + seat) % 2 else RandomBot() for seat in range(players)]
    steps = 0
    for _ in range(hands):
        while not game.round_over:
            assert len(game.to_act) == 1
            seat = game.to_act[0]
            legal = game.legal_moves(seat)
            assert legal, "a seat to act always has a move"
            for other in range(players):
                if other != seat:
                    assert game.legal_moves(other) == []
            if deep and steps % 9 == 0:
                check_conserved(game)
                check_views(game)
                saved = game.to_json()
                for move in legal:
                    copy = Game.from_json(saved)
                    copy.apply(seat, move)
                    check_conserved(copy)
                before = game._state()
                for move in unlisted(game, seat, legal, rng):
                    with pytest.raises(IllegalMove):
                        game.apply(seat, move)
                assert game._state() == before and game.to_json() == saved
            move = bots[seat].choose(game.view(seat), legal, rng)
            game.apply(seat, move)
            steps += 1
        check_conserved(game)
        if game.is_over:
            break
        game.next_round()
    return game


@pytest.mark.parametrize("name", TABLES)
@pytest.mark.parametrize("seed", range(10))
def test_playout_invariants(name: str, seed: int) -> None:
    game = playout(name, seed, hands=4, deep=True)
    again = Game.from_json(game.to_json())
    assert again == game
    if game.to_act:
        assert again.legal_moves(game.to_act[0]) == game.legal_moves(game.to_act[0])
    assert sum(game.scores) == 0


@pytest.mark.parametrize("name", TABLES)
def test_same_seed_same_events(name: str) -> None:
    for seed in (11, 12, 13):
        first = playout(name, seed, hands=6, deep=False)
        second = playout(name, seed, hands=6, deep=False)
        assert first.events == second.events and first == second
        assert Game.from_json(first.to_json()) == first


@pytest.mark.parametrize("name", TABLES)
def test_long_match_chips_balance(name: str) -> None:
    game = playout(name, 99, hands=40, deep=False)
    assert sum(game.scores) == 0
    assert game.chips == tuple(game.variant.rules.starting_chips + s for s in game.scores)


def test_hidden_cards_stay_hidden_in_the_log() -> None:
    game = playout("tonk-classic", 5, hands=2, deep=False)
    drawn = [event for event in game.events if event.kind == "stock_drawn"]
    assert drawn
    for event in drawn:
        for viewer in range(game.players):
            text = event.describe(lambda s: f"P{s}", viewer)
            assert (event.card.pretty() in text) == (viewer == event.seat)
