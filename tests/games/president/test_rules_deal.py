"""Deck, deal, order and the flow of a trick: P1–P12."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from cardtable import Card, IllegalMove
from cardtable.engine.cards import make_deck
from cardtable.engine.events import CardsSetAside
from cardtable.engine.moves import PASS
from cardtable.games.president.rules import titles_for

from .helpers import finish_round, kinds, play, president


def test_P1_two_decks_with_jokers_hold_108_cards():
    game = president(decks=2, jokers=2, players=4, seed=3)
    cards = Counter(game.all_cards())
    assert sum(cards.values()) == 108
    assert cards[Card.parse("JK")] == 4
    assert cards[Card.parse("7H")] == 2


@pytest.mark.parametrize(("dealer", "sizes", "first"), [
    (0, [10, 11, 11, 10, 10], 1),
    (2, [10, 10, 10, 11, 11], 3),
    (4, [11, 11, 10, 10, 10], 0),
])
def test_P2_deal_starts_left_of_dealer_and_extra_cards_go_first(dealer, sizes, first):
    """P2: the whole deck is dealt one card at a time clockwise, starting with the seat
    left of the dealer; 52 cards to 5 seats leave 2 over, so the two seats just left of
    the dealer hold one more. The seeded deck order is the game's random source
    shuffling a fresh deck: its card i goes to seat dealer + 1 + i (mod 5)."""
    from cardtable.engine.rng import Rng

    game = president(players=5, first_dealer=dealer, seed=4)
    assert game.dealer == dealer
    assert [len(game.hands[s]) for s in range(5)] == sizes
    deck = make_deck()
    Rng(4).shuffle(deck)
    expected: list[list[Card]] = [[] for _ in range(5)]
    for i, card in enumerate(deck):
        expected[(dealer + 1 + i) % 5].append(card)
    for seat in range(5):
        assert game.hands[seat] == sorted(expected[seat], key=game.ranks.sort_key), seat
    dealt = [e for e in game.events if e.kind == "cards_dealt"]
    assert [e.seat for e in dealt] == [(first + i) % 5 for i in range(5)]  # told in dealing order
    assert [list(e.cards) for e in dealt] == [game.hands[e.seat] for e in dealt]
    assert game.to_act == (first,)  # (P11: left of the dealer leads the first round)


def test_P2_leftover_aside_makes_equal_hands():
    game = president(players=5, leftover="aside", seed=4)
    assert [len(h) for h in game.hands] == [10] * 5
    assert len(game.aside) == 2
    assert [e for e in game.events if isinstance(e, CardsSetAside)][0].count == 2


def test_P3_two_high_a_two_beats_an_ace():
    game = president(hands=["3C", "AS 4C", "2D 5C", "6C"])
    game.apply(1, play("AS"))
    assert play("2D") in game.legal_moves(2)


def test_P3_ace_high_a_two_is_the_lowest_card():
    game = president(hands=["3C", "3S 4C", "2D 5C", "6C"], rank_order="ace_high")
    game.apply(1, play("3S"))
    assert game.legal_moves(2) == [play("5C"), PASS]


def test_P4_seven_fives_from_two_decks_is_one_lead():
    hand = "5C 5C 5D 5D 5H 5H 5S 9C"
    game = president(hands=["3C", hand, "4C", "6C"], decks=2)
    assert play("5C 5C 5D 5D 5H 5H 5S") in game.legal_moves(1)
    events = game.apply(1, play("5S 5H 5H 5D 5D 5C 5C"))
    assert kinds(events) == ["cards_played"]
    assert game.to_act == (2,)


def test_P5_a_lower_pair_does_not_beat():
    game = president(hands=["3C", "9C 9D 4C", "5S 5H", "KC KD 6C"])
    game.apply(1, play("9C 9D"))
    with pytest.raises(IllegalMove, match="a pair of 5s does not beat a pair of 9s"):
        game.apply(2, play("5S 5H"))
    with pytest.raises(IllegalMove, match="^play 2 cards to follow a pair of 9s$"):  # (no bomb to name)
        game.apply(2, play("5S"))


def test_P5_with_equal_ranks_a_lower_pair_does_not_match_or_beat():
    """P5 (``equal_rank = "allowed"``, as in Forseti): the refusal says what would do."""
    game = president(hands=["3C", "9C 9D 4C", "5S 5H", "KC KD 6C"], equal_rank="allowed")
    game.apply(1, play("9C 9D"))
    with pytest.raises(IllegalMove, match="a pair of 5s does not match or beat a pair of 9s"):
        game.apply(2, play("5S 5H"))


def test_P5_follow_needs_the_same_count_and_a_higher_rank():
    game = president(hands=["3C", "9C 9D 4C", "JS QS QH 4D", "KC KD 6C"])
    game.apply(1, play("9C 9D"))
    assert game.legal_moves(2) == [play("QH QS"), PASS]
    with pytest.raises(IllegalMove, match="play 2 cards to follow a pair of 9s"):
        game.apply(2, play("JS"))
    before = copy.deepcopy(game)
    with pytest.raises(IllegalMove, match="all cards of a play must be of one rank"):
        game.apply(2, play("JS 4D"))
    assert game == before
    game.apply(2, PASS)
    with pytest.raises(IllegalMove, match="you do not hold 6D"):
        game.apply(3, play("6C 6D"))
    with pytest.raises(IllegalMove, match="^you hold KC only once$"):  # (held, but named twice)
        game.apply(3, play("KC KC"))


def test_P5_equal_rank_refused_by_default_allowed_in_forseti():
    hands = ["3C", "9C 4C", "9D 5C", "KC 6C"]
    game = president(hands=hands)
    game.apply(1, play("9C"))
    with pytest.raises(IllegalMove, match="equal ranks are not allowed"):
        game.apply(2, play("9D"))
    game = president(hands=hands, equal_rank="allowed")
    game.apply(1, play("9C"))
    game.apply(2, play("9D"))
    assert game.to_act == (3,)


def test_P5_equal_rank_skip_skips_the_next_seat():
    game = president(hands=["3C 8C", "9C 4C", "9D 5C", "KC 6C"], equal_rank="skip")
    game.apply(1, play("9C"))
    events = game.apply(2, play("9D"))
    assert kinds(events) == ["cards_played", "turn_skipped"]
    assert events[1].seat == 3
    assert game.to_act == (0,)


def test_P6_a_pass_is_not_final_by_default():
    game = president(hands=["3C 4C", "5C 6C", "7C 8C", "9C TC"])
    game.apply(1, play("5C"))
    game.apply(2, PASS)
    game.apply(3, play("9C"))
    game.apply(0, PASS)
    game.apply(1, PASS)
    assert game.to_act == (2,)  # seat 2 passed before, and plays again now
    game.apply(2, PASS)
    assert game.view(0).pile == ()  # seat 3 took the trick
    assert game.to_act == (3,)


def test_P6_pass_locks_out_for_the_rest_of_the_trick():
    game = president(hands=["3C 4C", "5C 6C", "7C 8C", "9C TC"], pass_locks_out=True)
    game.apply(1, play("5C"))
    events = game.apply(2, PASS)
    assert events[0].locked
    game.apply(3, play("9C"))
    game.apply(0, PASS)
    events = game.apply(1, PASS)  # seat 2 is locked: the trick goes to seat 3
    assert kinds(events) == ["passed", "trick_cleared"]
    assert events[1].seat == 3 and game.to_act == (3,)
    assert game.legal_moves(2) == []


def test_P7_all_others_pass_the_last_player_takes_the_trick_and_leads():
    game = president(hands=["3C 4C", "KC 6C", "7C 8C", "9C TC"])
    game.apply(1, play("KC"))
    game.apply(2, PASS)
    game.apply(3, PASS)
    events = game.apply(0, PASS)
    assert kinds(events) == ["passed", "trick_cleared"]
    assert (events[1].seat, events[1].leader, events[1].reason) == (1, 1, "all_passed")
    assert game.to_act == (1,) and game.view(1).top == ()


def test_P7_the_top_card_clears_at_once():
    game = president(hands=["3C 4C", "6C 7D", "2C 8C", "9C TC"])
    game.apply(1, play("6C"))
    events = game.apply(2, play("2C"))
    assert kinds(events) == ["cards_played", "trick_cleared"]
    assert events[1].reason == "top" and game.to_act == (2,)


def test_P7_a_single_joker_clears_when_the_deck_has_jokers():
    hands = ["3C 4C", "6C 7D", "2C JK 8C", "9C TC"]
    game = president(hands=hands, jokers=1)
    game.apply(1, play("6C"))
    assert kinds(game.apply(2, play("2C"))) == ["cards_played"]
    game = president(hands=hands, jokers=1)
    game.apply(1, play("6C"))
    assert kinds(game.apply(2, play("JK"))) == ["cards_played", "trick_cleared"]


def test_P7_play_on_own_lets_the_last_player_go_higher_or_lead_anew():
    game = president(hands=["3C 4C", "8C QC 5D", "7C 6C", "9C TC"], play_on_own=True)
    game.apply(1, play("8C"))
    for seat in (2, 3, 0):
        game.apply(seat, PASS)
    assert game.to_act == (1,)
    assert game.legal_moves(1) == [play("QC"), PASS]
    events = game.apply(1, PASS)
    assert kinds(events) == ["trick_cleared"] and events[0].reason == "own_pass"
    assert game.to_act == (1,) and game.view(1).top == ()


@pytest.mark.parametrize("equal_rank", ["allowed", "skip"])
def test_P7_play_on_own_offers_only_higher_plays_of_the_same_count(equal_rank):
    """P7 settled reading: on your own cards only a higher combination of the same count
    (no equal play, even where P5 allows one for everybody else), or pass."""
    game = president(3, ["8H 9S", "5S 5H 7S 9D", "8S 9H"], play_on_own=True, equal_rank=equal_rank)
    game.apply(1, play("5S"))
    game.apply(2, PASS)
    game.apply(0, PASS)
    assert game.to_act == (1,)
    assert game.legal_moves(1) == [play("7S"), play("9D"), PASS]
    with pytest.raises(IllegalMove, match="only a higher play of the same count"):
        game.apply(1, play("5H"))


def test_P8_the_player_out_is_skipped_and_the_next_active_seat_leads():
    game = president(hands=["3C 4C", "KC", "7C 8C", "9C TC"])
    events = game.apply(1, play("KC"))
    assert kinds(events) == ["cards_played", "player_out"]
    for seat in (2, 3):
        game.apply(seat, PASS)
    events = game.apply(0, PASS)
    assert events[-1].kind == "trick_cleared" and events[-1].leader == 2
    assert game.to_act == (2,)


def test_P9_last_player_round_plays_until_one_player_holds_cards():
    game = president(hands=["3C", "KC", "AC", "4C 5C"])
    game.apply(1, play("KC"))
    game.apply(2, play("AC"))
    assert not game.round_over
    finish_round(game)  # seat 3 leads 4♣, seat 0 cannot beat it, seat 3 goes out with 5♣
    assert game.finish_order == (1, 2, 3, 0)


def test_P9_card_count_ranks_the_rest_by_fewest_cards():
    game = president(hands=["3C 3D 3H", "KC", "4C 5C", "6C 7C 8C 9C"], round_end="card_count")
    game.apply(1, play("KC"))
    assert game.round_over
    assert game.finish_order == (1, 2, 0, 3)


def test_P9_card_points_ranks_the_rest_by_lowest_card_values():
    # values: 3 = 1, 4 = 2 ... so 3C 3D 3H = 3 points, 2C = 13, AC = 12
    game = president(hands=["3C 3D 3H", "KC", "2C", "AC"], round_end="card_points")
    game.apply(1, play("KC"))
    assert game.finish_order == (1, 0, 3, 2)


def test_P9_P28_card_points_count_places_without_a_gap_for_jokers_not_dealt():
    """P9 card points with P28 red threes as the red-threes preset has them (aces high, 2s
    wild) and no jokers (an audit's case): black 3 = 1, 4 = 2 … A = 12, red 3 = 13 (it
    counted 14, a place kept for a joker not in the deck). Seat 1 goes out; seat 2's red 3
    (13) ties seat 3's A + black 3 (12 + 1): turn order from seat 1 breaks the tie, so
    seat 2 ranks second."""
    game = president(hands=["KC KD", "3S", "3H", "AC 3C"], round_end="card_points", red_threes=True,
                     rank_order="ace_high", wilds=["2"])
    assert [game.ranks.value[card] for card in play("3C 4C AC 3H").cards] == [1, 2, 12, 13]
    game.apply(1, play("3S"))
    assert game.finish_order == (1, 2, 3, 0)


@pytest.mark.parametrize(("players", "top", "expected"), [
    (4, 2, ["president", "vice_president", "vice_scum", "scum"]),
    (3, 2, ["president", "neutral", "scum"]),
    (5, 1, ["president", "neutral", "neutral", "neutral", "scum"]),
    (6, 3, ["president", "vice_president", "secretary", "clerk", "vice_scum", "scum"]),
    (7, 2, ["president", "vice_president", "neutral", "neutral", "neutral", "vice_scum", "scum"]),
])
def test_P10_titles_follow_the_finishing_order(players, top, expected):
    order = list(range(players))
    assert titles_for(order, players, top) == expected


def test_P10_titles_are_given_to_seats_after_a_round():
    game = president(hands=["3C", "KC", "AC", "4C 5C"])
    finish_round(game)
    assert game.titles == ("scum", "president", "vice_president", "vice_scum")
    assert game.scores == (0, 2, 1, 0)


def test_P11_the_president_deals_and_leads_the_next_round():
    game = president(hands=["3C", "KC", "AC", "4C 5C"], exchange="none")
    finish_round(game)
    game.next_round()
    assert game.dealer == 1 and game.to_act == (1,)
    game = president(hands=["3C", "KC", "AC", "4C 5C"], exchange="none", dealer="scum")
    finish_round(game)
    game.next_round()
    assert game.dealer == 0 and game.to_act == (1,)


def test_P11_first_lead_three_of_spades():
    game = president(hands=["3C", "KC", "3S 4D", "4C 5C"], first_lead="three_of_spades")
    assert game.to_act == (2,)
    assert play("4D") in game.legal_moves(2)  # the lead need not contain the 3♠


def test_P12_reseat_puts_the_turn_order_in_title_order():
    game = president(hands=["3C 5C", "KC", "4D 6D", "AC"], exchange="none", reseat=True)
    finish_round(game)
    assert game.finish_order == (1, 3, 0, 2)
    game.next_round()
    assert game.order == [1, 3, 0, 2]
    assert game.view(0).order == (1, 3, 0, 2)
    assert game.titles == ("vice_scum", "president", "scum", "vice_president")
    assert game.scores == (0, 2, 0, 1)  # scores and titles stay with the seats
    game.apply(1, game.legal_moves(1)[0])
    assert game.to_act == (3,)  # the turn passes in title order, not seat order


def test_P12_without_reseat_the_turn_order_stays():
    game = president(hands=["3C 5C", "KC", "4D 6D", "AC"], exchange="none")
    finish_round(game)
    game.next_round()
    game.apply(1, game.legal_moves(1)[0])
    assert game.to_act == (2,)
