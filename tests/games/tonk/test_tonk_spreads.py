"""T3 spread search checked against brute force, and T6 hits against an independent check, with hypothesis."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine.cards import ACE, RANKS, STANDARD_CARDS, Card, parse_cards
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


SUIT_ORDER = "CDHS"


def natural_arrangements(cards: list) -> set:
    """Independent of the engine: every table order in which ``cards`` (natural cards)
    form ONE spread (T3): 3–4 of a kind in suit order, or 3–13 cards of one suit in
    sequence, the ace low (1) or high (14), never both ends at once."""
    found = set()
    if len(cards) < 3:
        return found
    if len({c.rank for c in cards}) == 1 and len(cards) <= 4:
        found.add(tuple(sorted(cards, key=lambda c: SUIT_ORDER.index(c.suit))))
    if len({c.suit for c in cards}) == 1 and len(cards) <= 13:
        for ace in (1, 14):
            values = sorted(ace if c.rank == ACE else c.rank for c in cards)
            if values == list(range(values[0], values[0] + len(cards))):
                found.add(tuple(sorted(cards, key=lambda c, ace=ace: ace if c.rank == ACE else c.rank)))
    return found


def _card_at(value: int, suit: str) -> Card:
    return Card(ACE if value in (1, 14) else value, suit)


@st.composite
def spread_and_cards(draw):
    """A valid natural spread with room for a hit (a set of 3, a run of 3–12), a card
    built to fit it (a set's missing suit, a run's next card at either end) and a card
    that does not (another rank or suit, or a card beyond the ends)."""
    if draw(st.booleans()):
        rank = draw(st.sampled_from(RANKS))
        suits = draw(st.permutations(SUIT_ORDER))
        group = tuple(Card(rank, s) for s in sorted(suits[:3], key=SUIT_ORDER.index))
        fits = Card(rank, suits[3])
        misses = draw(st.sampled_from([c for c in STANDARD_CARDS if c.rank != rank]))
        return group, fits, misses
    suit = draw(st.sampled_from(SUIT_ORDER))
    low = draw(st.integers(1, 12))
    high = draw(st.integers(low + 2, min(14, low + 11)))
    group = tuple(_card_at(v, suit) for v in range(low, high + 1))
    ends = [v for v in (low - 1, high + 1) if 1 <= v <= 14]
    fits = _card_at(draw(st.sampled_from(ends)), suit)
    misses = draw(st.sampled_from([c for c in STANDARD_CARDS if c not in group and c != fits
                                   and not any(c == _card_at(v, suit) for v in ends)]))
    return group, fits, misses


@settings(max_examples=200, deadline=None)
@given(spread_and_cards(), st.booleans())
def test_T6_a_hit_is_accepted_exactly_when_the_card_fits(case, runs_only: bool) -> None:
    """T6: a card that extends a spread (a set's rank up to four, a run's next card of its
    suit at either end, no K-A-2 bridging) is a hit, and the spread it makes is that
    spread in table order; any other card is refused. ``hit_runs_only`` refuses sets."""
    group, fits, misses = case
    shape = shape_of(group)
    assert shape is not None
    is_set = shape[0] == "set"
    assert natural_arrangements(list(group) + [fits]), "the strategy's fitting card must fit"
    assert not natural_arrangements(list(group) + [misses]), "the strategy's other card must not fit"
    for card in STANDARD_CARDS:
        if card in group:
            continue
        expected = set() if runs_only and is_set else natural_arrangements(list(group) + [card])
        result = hit_onto(group, shape, card, runs_only=runs_only)
        if not expected:
            assert result is None, (group, card)
            continue
        assert result is not None, (group, card)
        assert result[0] in expected and shape_of(result[0]) == result[1]
    accepted = hit_onto(group, shape, fits, runs_only=runs_only)
    assert (accepted is None) == (runs_only and is_set)
    assert hit_onto(group, shape, misses, runs_only=runs_only) is None


@pytest.mark.parametrize("text", ["7C 7D 7H 7S", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS",
                                  "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"])
def test_T6_a_full_spread_takes_no_hit(text: str) -> None:
    """T6/T3: a set holds at most four cards, a run at most 13 (no K-A-2 bridging):
    neither a natural card nor a joker can be hit on a full one."""
    group = parse_cards(text)
    for card in (*STANDARD_CARDS, JOKER_CARD):
        if card not in group:
            assert hit_onto(group, shape_of(group), card, runs_only=False) is None, card


@pytest.mark.parametrize(("text", "joker_at"), [("7C 7D 7H", 3), ("4H 5H 6H", 3), ("QS KS AS", 0)])
def test_T6_a_joker_hits_any_spread_with_room(text: str, joker_at: int) -> None:
    """T6 with jokers: a joker goes on a set of three, or on a run's high end (the low end
    when the run already reaches the ace high); the result is still a spread."""
    group = parse_cards(text)
    result = hit_onto(group, shape_of(group), JOKER_CARD, runs_only=False)
    assert result is not None and result[0].index(JOKER_CARD) == joker_at
    assert shape_of(result[0]) == result[1] and sorted(result[0]) == sorted(group + (JOKER_CARD,))


def test_T3_what_each_joker_of_a_spread_stands_for() -> None:
    """T3: a joker in a run stands for the card at its place (ace low or high), in a set
    for the set's rank; a natural card stands for itself (None)."""
    assert jokers_stand_for(parse_cards("3H JK 5H")) == (None, Card(4, "H"), None)
    assert jokers_stand_for(parse_cards("JK 2D 3D")) == (Card(14, "D"), None, None)
    assert jokers_stand_for(parse_cards("QH KH JK")) == (None, None, Card(14, "H"))
    assert jokers_stand_for(parse_cards("7C 7S JK")) == (None, None, Card(7, ""))
    assert jokers_stand_for(parse_cards("7C 8D JK")) == (None, None, None)  # not a spread
