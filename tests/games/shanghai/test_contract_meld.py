"""S6 (with S4, S5): one contract meld on its own — whether the cards a player groups,
in any order, can go down as "a set of 3", "a run of 4" … and, if not, the engine's
reason (contract_meld_refusal), as the table asks it for each go-down group."""

from __future__ import annotations

import random

import pytest

from cardtable import load_variant, new_game
from cardtable.games.shanghai.melds import contract_meld_refusal

from .helpers import cards

JK = frozenset({15})
JK2 = frozenset({15, 2})


@pytest.mark.parametrize("kind, size, text, wild", [
    ("set", 3, "5C 5D 5H", JK), ("set", 3, "JK 5D 5H", JK), ("set", 4, "5C 2S JK 5C", JK2),
    ("run", 4, "4H 5H 6H 7H", JK), ("run", 4, "7H JK 4H 5H", JK), ("run", 4, "JK 6H 5H JK", JK),
    ("run", 4, "AH 2H 3H 4H", JK), ("run", 4, "KH AH QH JK", JK), ("run", 4, "JH JK KH AH", JK),
    ("run", 5, "8C 2D 10C 2H 9C", JK2), ("run", 10, "AS 2S 3S 4S 5S 6S 7S 8S 9S JK", JK),
    ("run", 13, "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", JK),
])
def test_S6_S4_S5_groups_that_make_the_contract_meld_in_any_order(kind, size, text, wild):
    assert contract_meld_refusal(kind, size, cards(text), wild) is None


@pytest.mark.parametrize("kind, size, text, reason", [
    ("set", 3, "5C 5D 6C", "a set is cards of one rank"),                          # the play-tester's group
    ("set", 3, "5C JK JK", "a meld may not hold more wilds than natural cards"),
    ("set", 3, "JK JK JK", "a set needs natural cards, not only wilds"),
    ("set", 3, "5C 5D 5H 5S", "the contract's set goes down at exactly 3 cards, not 4 (more follow as lay-offs)"),
    ("run", 4, "5C 6D 7C 8C", "a run is cards of one suit"),
    ("run", 4, "5C 5D 6C 7C", "a run is cards of one suit"),
    ("run", 4, "5H 6H 8H 10H", "a run is consecutive cards in rank order, ace high or low but not around the corner"),
    ("run", 4, "5H 5H 6H 7H", "a run is consecutive cards in rank order, ace high or low but not around the corner"),
    ("run", 4, "KC AC 2C 3C", "a run is consecutive cards in rank order, ace high or low but not around the corner"),
    ("run", 4, "5H JK JK JK", "a meld may not hold more wilds than natural cards"),
    ("run", 4, "5H 6H 7H", "the contract's run goes down at exactly 4 cards, not 3"),     # (no lay-offs: too few)
    ("set", 3, "3D", "the contract's set goes down at exactly 3 cards, not 1"),
    # too many cards that make no set at all: that first (trimming to 3 would not help)
    ("set", 3, "3D 6H 8S 10H", "a set is cards of one rank"),
    ("run", 4, "5H 6H 7H 9C 10C", "a run is cards of one suit"),
    # too few cards: what could never make the meld first (a pair is no short run) ...
    ("run", 4, "3C 3C", "a run is consecutive cards in rank order, ace high or low but not around the corner"),
    ("set", 3, "3C 4C", "a set is cards of one rank"),
    # ... while a short group that may still grow is told its size (even with a wild too many: add a natural;
    # a gap a missing card or wild would fill: a review)
    ("run", 4, "5H JK", "the contract's run goes down at exactly 4 cards, not 2"),
    ("run", 4, "4C 5C 7C", "the contract's run goes down at exactly 4 cards, not 3"),
    ("run", 4, "4C 6C", "the contract's run goes down at exactly 4 cards, not 2"),
    ("run", 4, "4C 8C", "a run is consecutive cards in rank order, ace high or low but not around the corner"),
    ("set", 3, "JK", "the contract's set goes down at exactly 3 cards, not 1"),
    ("run", 4, "JK 5H JK", "the contract's run goes down at exactly 4 cards, not 3"),
    ("run", 4, "2C 3C 4C 6C JK", "the contract's run goes down at exactly 4 cards, not 5 (more follow as lay-offs)"),
])
def test_S6_S4_S5_groups_refused_with_the_engines_reason(kind, size, text, reason):
    assert contract_meld_refusal(kind, size, cards(text), JK) == reason


@pytest.mark.parametrize("preset, players, seed", [("shanghai-classic", 3, 1), ("shanghai-wild-twos", 4, 2)])
def test_S6_every_group_of_every_listed_go_down_is_accepted_shuffled(preset, players, seed):
    """Each group of every legal go-down, in any order, is its contract meld."""
    game = new_game(load_variant(preset), players, seed=seed)
    rng = random.Random(seed)
    checked, target = 0, 300
    while not game.is_over and checked < target:
        if game.round_over:
            game.next_round()
            continue
        seat = game.to_act[0]
        moves = game.legal_moves(seat)
        wild = game.wild
        for move in (m for m in moves if m.kind == "meld"):
            for (kind, size), group in zip(game.contract, move.groups):
                shuffled = list(group)
                rng.shuffle(shuffled)
                assert contract_meld_refusal(kind, size, shuffled, wild) is None, (kind, size, shuffled)
                checked += 1
        game.apply(seat, rng.choice(moves))
    assert checked >= target, f"only {checked} groups checked before the match ended"

