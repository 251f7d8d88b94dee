"""S4/S5 and the lay-off and swap geometry of melds, on their own."""

from __future__ import annotations

import pytest

from cardtable.games.shanghai.godown import go_down_options
from cardtable.games.shanghai.melds import HIGH, LOW, lay_off, lay_off_places, make_run, make_set, swap_index

from .helpers import cards

JK = frozenset({15})
JK2 = frozenset({15, 2})


@pytest.mark.parametrize("text", ["8C 8D 8H", "8C 8C 8S 8H", "8C 8D JK", "8C 8D JK JK"])
def test_S4_S5_valid_sets(text):
    meld = make_set(cards(text), JK)
    assert not isinstance(meld, str) and meld.base == 8


@pytest.mark.parametrize("text, reason", [
    ("8C 9C 8H", "one rank"), ("8C JK JK", "more wilds"), ("JK JK JK", "natural")])
def test_S4_S5_invalid_sets(text, reason):
    assert reason in make_set(cards(text), JK)


@pytest.mark.parametrize("text, base", [
    ("4C 5C 6C 7C", 4), ("AH 2H 3H 4H", 1), ("JS QS KS AS", 11), ("4C JK 6C JK", 4),
    ("JK 2H 3H 4H", 1), ("10D JK QD KD AD", 10)])
def test_S4_S5_valid_runs(text, base):
    meld = make_run(cards(text), JK)
    assert not isinstance(meld, str) and meld.base == base


NOT_IN_ORDER = "a run is consecutive cards in rank order, ace high or low but not around the corner"


@pytest.mark.parametrize("text, reason", [
    ("KC AC 2C 3C", NOT_IN_ORDER), ("4C 5D 6C 7C", "a run is cards of one suit"), ("4C 6C 5C 7C", NOT_IN_ORDER),
    ("4C JK JK JK", "a meld may not hold more wilds than natural cards"), ("QS KS AS JK", NOT_IN_ORDER),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", NOT_IN_ORDER)])
def test_S4_S5_invalid_runs_never_around_the_corner(text, reason):
    """S4: one suit, in order, the ace high or low but never around the corner (nor both);
    S5: no more wilds than naturals. Each refusal says which."""
    assert make_run(cards(text), JK) == reason


def test_S6_S5_lay_off_places():
    """S6: a set takes its rank; a run grows at its ends in order, never around the
    corner. S5: a wild fits only while the meld keeps no more wilds than naturals."""
    assert lay_off_places(make_set(cards("7C 7D JK"), JK), JK) == (((None, 7),), "", True)
    assert lay_off_places(make_set(cards("7C JK"), JK), JK).wild_fits is False
    assert lay_off_places(make_run(cards("4C 5C 6C 7C"), JK), JK) == (((LOW, 3), (HIGH, 8)), "C", True)
    assert lay_off_places(make_run(cards("JS QS KS AS"), JK), JK).ends == ((LOW, 10),)
    assert lay_off_places(make_run(cards("AS 2S 3S JK"), JK), JK).ends == ((HIGH, 5),)
    full = make_run(cards("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"), JK)
    assert lay_off_places(full, JK) == ((), "D", False)            # 13 cards: no end left

def test_S5_wild_twos_count_as_wilds_even_in_place():
    assert isinstance(make_run(cards("AH 2H 2C 2D"), JK2), str)      # 3 wilds, 1 natural
    assert not isinstance(make_run(cards("AH 2H 3H 4H"), JK2), str)  # 2H is a wild in its place
    assert "natural" in make_set(cards("2C 2D 2H"), JK2)


def test_S6_lay_off_ends_of_a_run():
    run = make_run(cards("4C 5C 6C 7C"), JK)
    assert lay_off(run, cards("3C")[0], LOW, JK).cards == cards("3C 4C 5C 6C 7C")
    assert lay_off(run, cards("8C")[0], HIGH, JK).base == 4
    assert lay_off(run, cards("8C")[0], LOW, JK) is None
    assert lay_off(run, cards("JK")[0], LOW, JK).base == 3
    top = make_run(cards("JS QS KS AS"), JK)
    assert lay_off(top, cards("2S")[0], HIGH, JK) is None           # not around the corner
    full = make_run(cards("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"), JK)
    assert lay_off(full, cards("AD")[0], LOW, JK).base == 1           # the ace either end...
    assert lay_off(full, cards("AD")[0], HIGH, JK).top == 14
    thirteen = lay_off(full, cards("AD")[0], LOW, JK)
    assert lay_off(thirteen, cards("JK")[0], HIGH, JK) is None        # ...but never both


def test_S5_lay_off_keeps_wilds_no_more_than_naturals():
    meld = make_set(cards("8C 8D JK"), JK)
    more = lay_off(meld, cards("JK")[0], None, JK)
    assert more is not None and lay_off(more, cards("JK")[0], None, JK) is None


def test_S7_swap_index_finds_the_wild_that_stands_for_the_card():
    run = make_run(cards("4C JK 6C 7C"), JK)
    assert swap_index(run, cards("5C")[0], JK) == 1
    assert swap_index(run, cards("5D")[0], JK) is None
    group = make_set(cards("8C 8D JK"), JK)
    assert swap_index(group, cards("8S")[0], JK) == 2


def test_S6_go_down_options_are_exact_and_free_of_duplicates():
    hand = cards("7C 7D 7H 7S 9H 9S JK KD")
    options = go_down_options(hand, (("set", 3), ("set", 3)), JK)
    assert len(options) == len(set(options))
    # S6: exactly the contract: each set of 7s (any three of four) with the 9s and the joker
    assert options == [(cards("7C 7D 7H"), cards("9H 9S JK")), (cards("7C 7D 7S"), cards("9H 9S JK")),
                       (cards("7C 7H 7S"), cards("9H 9S JK")), (cards("7D 7H 7S"), cards("9H 9S JK"))]
    assert all(option[0] <= option[1] for option in options)
    assert go_down_options(cards("7C 7D 9H 9S KD"), (("set", 3), ("set", 3)), JK) == []


def test_S6_runs_first_search_lists_the_options_of_the_search_in_contract_order():
    """S6: a contract with a set before a run is searched runs first, then put back in
    canonical order; the list (and what a limit cuts off) is the contract-order search's."""
    import random

    from cardtable.games.shanghai import godown
    from cardtable.engine.cards import make_deck

    rng = random.Random(11)
    deck = make_deck(2, 2)
    contracts = [(("set", 3), ("run", 4)), (("set", 3), ("set", 3), ("run", 5)),
                 (("set", 3), ("set", 3), ("set", 3), ("run", 5)), (("set", 3), ("run", 4), ("set", 3))]
    listed = 0
    for number in range(400):
        contract = contracts[number % len(contracts)]
        wild = JK if number % 2 else JK2
        hand = sorted(rng.sample(deck, rng.choice([12, 14, 17])))
        in_order = godown._search(hand, contract, wild, list(range(len(contract))), 10_000, None)
        assert go_down_options(hand, contract, wild) == in_order[:godown.MAX_GO_DOWN_OPTIONS], (contract, hand)
        assert go_down_options(hand, contract, wild, limit=3) == in_order[:3], (contract, hand)
        listed += len(in_order)
    assert listed > 100, "the random hands should go down now and then"


def test_S7_only_a_melded_joker_is_taken_back_not_a_wild_two():
    """S7 speaks of a melded joker: with 2s wild, a 2 standing in a meld stays there."""
    run_with_two = make_run(cards("4H 2C 6H 7H"), JK2)
    run_with_joker = make_run(cards("4H JK 6H 7H"), JK2)
    assert swap_index(run_with_two, cards("5H")[0], JK2) is None
    assert swap_index(run_with_joker, cards("5H")[0], JK2) == 1
    assert swap_index(make_set(cards("8C 8D 2S"), JK2), cards("8H")[0], JK2) is None
    assert swap_index(make_set(cards("8C 2S 8D JK"), JK2), cards("8H")[0], JK2) == 3
