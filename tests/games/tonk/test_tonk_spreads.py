"""T3 spread search checked against brute force, and T6 hits, with hypothesis."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine.cards import ACE, STANDARD_CARDS, Card, parse_cards
from cardtable.games.tonk.spreads import JOKER_CARD, canonical_set, hit_onto, jokers_stand_for, shape_of, spreads_in

hands = st.lists(st.sampled_from(STANDARD_CARDS), min_size=0, max_size=10, unique=True)


def brute_force(hand: list) -> set:
    """Every spread of natural cards, in table order, found the slow way."""
    found = set()
    for size in range(3, len(hand) + 1):
        for combo in combinations(hand, size):
            if len({c.rank for c in combo}) == 1 and size <= 4:
                found.add(canonical_set(combo))
            if len({c.suit for c in combo}) == 1 and size <= 13:
                for ace in (1, 14):
                    def value(card, ace=ace):
                        return ace if card.rank == ACE else card.rank
                    ordered = sorted(combo, key=value)
                    values = [value(c) for c in ordered]
                    if values == list(range(values[0], values[0] + size)):
                        found.add(tuple(ordered))
    return found


@settings(max_examples=300, deadline=None)
@given(hands)
def test_T3_spread_search_matches_brute_force(hand: list) -> None:
    found = spreads_in(hand)
    assert len(found) == len(set(found))
    assert set(found) == brute_force(hand)
    for group in found:
        assert shape_of(group) is not None


@settings(max_examples=200, deadline=None)
@given(hands, st.integers(0, 2))
def test_T3_spreads_with_jokers_are_valid_and_use_held_cards(hand: list, jokers: int) -> None:
    full = hand + [JOKER_CARD] * jokers
    found = spreads_in(full)
    assert len(found) == len(set(found))
    for group in found:
        assert shape_of(group) is not None
        assert sum(1 for c in group if c == JOKER_CARD) <= jokers
        assert all(c in hand for c in group if c != JOKER_CARD)
    assert set(spreads_in(hand)) <= set(found)


def test_T3_jokers_stand_anywhere_in_a_run() -> None:
    found = spreads_in(list(parse_cards("5H 7H JK")))
    assert parse_cards("5H JK 7H") in found
    assert parse_cards("5H 6H JK") not in found  # 6H is not held
    found = spreads_in(list(parse_cards("5H 6H JK")))
    assert {parse_cards("JK 5H 6H"), parse_cards("5H 6H JK")} <= set(found)


@settings(max_examples=200, deadline=None)
@given(hands, st.sampled_from(STANDARD_CARDS))
def test_T6_a_hit_keeps_a_valid_spread(hand: list, card) -> None:
    for group in spreads_in(hand):
        if card in group:
            continue
        result = hit_onto(group, shape_of(group), card, runs_only=False)
        if result is not None:
            assert shape_of(result[0]) == result[1]
            assert sorted(result[0]) == sorted(group + (card,))


def test_T3_what_each_joker_of_a_spread_stands_for() -> None:
    """T3: a joker in a run stands for the card at its place (ace low or high), in a set
    for the set's rank; a natural card stands for itself (None)."""
    assert jokers_stand_for(parse_cards("3H JK 5H")) == (None, Card(4, "H"), None)
    assert jokers_stand_for(parse_cards("JK 2D 3D")) == (Card(14, "D"), None, None)
    assert jokers_stand_for(parse_cards("QH KH JK")) == (None, None, Card(14, "H"))
    assert jokers_stand_for(parse_cards("7C 7S JK")) == (None, None, Card(7, ""))
    assert jokers_stand_for(parse_cards("7C 8D JK")) == (None, None, None)  # not a spread
