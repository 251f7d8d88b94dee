"""Tonk scenarios for rules T7–T13, from stacked deals.

Default stacked deal (tonk_helpers): stock 2C 3C 4C 5C 6C 8C 9C QC (top first), upcard KD,
dealer 0, so seat 1 plays first. Payments are checked chip by chip through ``game.scores``.
"""

from __future__ import annotations

import pytest
from tonk_helpers import (
    DECLARE,
    DRAW,
    DROP,
    TAKE,
    discard,
    draw_and_throw,
    hit,
    last,
    spread,
    stacked,
)

from cardtable import Card, IllegalMove, Move, parse_cards


# ---------------------------------------------------------------- T7 dropping
def test_T7_worked_example_seed_reading() -> None:
    # counts: dropper (seat 1) 20, A (seat 2) 5, B (seat 3) 12, C (seat 0) 30
    game = stacked(["10S JC QD", "10C 10D", "2C 3D", "10H 2H"], stock="4S 5S", drop_when="any_time")
    game.apply(1, DROP)
    won = last(game, "hand_won")
    assert won.how == "caught" and won.winners == (2,)
    assert sorted(won.payments) == sorted([(1, 2, 1), (1, 3, 1), (1, 2, 1), (3, 2, 1), (0, 2, 1)])
    assert game.scores == (-1, -3, 4, 0)


def test_T7_seed_reading_five_players() -> None:
    game = stacked(["10S JC QD", "10C 10D", "2C 3D", "10H 2H", "QS 8H"], stock="4S 5S",
                   drop_when="any_time")
    game.apply(1, DROP)
    assert game.scores == (-1, -4, 5, 0, 0)


def test_T7_seed_reading_a_caught_dropper_above_two_tied_lowest() -> None:
    """T7 (seed): counts dropper 20, B 5, C 5, A 30. The dropper pays each lower hand
    (B, C) one stake; every non-winner (the dropper and A) pays each lowest hand one
    stake more: dropper −4, A −2, B and C +3 each."""
    game = stacked(["10S JC QD", "10C 10D", "2C 3D", "AH 4H"], stock="4S 5S", drop_when="any_time")
    game.apply(1, DROP)
    won = last(game, "hand_won")
    assert won.how == "caught" and won.winners == (2, 3)
    assert game.scores == (-2, -4, 3, 3)


def test_T7_drop_before_draw_not_on_first_turn_nor_after_draw() -> None:
    game = stacked(["2S 3D", "AC 2D", "KS QH"])
    assert DROP not in game.legal_moves(1)
    with pytest.raises(IllegalMove, match="first turn"):
        game.apply(1, DROP)
    for seat in (1, 2, 0):
        draw_and_throw(game, seat)
    assert DROP in game.legal_moves(1)
    game.apply(1, DRAW)
    assert DROP not in game.legal_moves(1)
    with pytest.raises(IllegalMove, match="only before drawing"):
        game.apply(1, DROP)


def test_T7_drop_any_time_after_drawing() -> None:
    game = stacked(["2S 3D", "AC 2D", "KS QH"], drop_when="any_time")
    game.apply(1, DRAW)
    assert DROP in game.legal_moves(1)
    game.apply(1, DROP)
    assert last(game, "hand_dropped").count == 5


def test_T7_drop_any_time_after_a_spread_in_the_same_turn_counts_what_is_left() -> None:
    """T7 ``any_time`` ("before or after drawing, not after the discard"): a spread laid
    this turn does not bar the drop, and the count is of the cards still held."""
    game = stacked(["KS QH JD 10C", "7S 7D 7H 9C", "KH QC JH 10S"], stock="7C 2C 3C", drop_when="any_time")
    game.apply(1, DRAW)
    game.apply(1, spread("7C 7D 7H 7S"))
    assert DROP in game.legal_moves(1)
    game.apply(1, DROP)
    assert last(game, "hand_dropped").count == 9
    won = last(game, "hand_won")
    assert won.how == "drop" and won.winners == (1,) and game.scores == (-1, 2, -1)


def test_T7_dropper_strictly_lowest_everyone_pays() -> None:
    game = stacked(["10S JC", "AC 2D", "KS QH"], drop_when="any_time", stake=5)
    game.apply(1, DROP)
    assert last(game, "hand_won").how == "drop"
    assert game.scores == (-5, 10, -5)


def test_T7_dropper_ties_pays_each_tied_double_others_single() -> None:
    game = stacked(["10S JC", "AC 3D", "2C 2D", "AH 3H"], stock="4S 5S", drop_when="any_time")
    game.apply(1, DROP)
    assert last(game, "hand_won").winners == (2, 3)
    assert game.scores == (-2, -4, 3, 3)


def test_T7_dropper_ties_with_one_that_player_is_sole_winner() -> None:
    game = stacked(["10S JC", "AC 3D", "2C 2D"], stock="4S 5S", drop_when="any_time")
    game.apply(1, DROP)
    assert game.scores == (-1, -2, 3)


def test_T7_pagat_caught_dropper_pays_double_to_lower_or_equal() -> None:
    game = stacked(["10S JC QD", "10C 10D", "2C 3D", "10H 2H", "QS 8H"], stock="4S 5S",
                   drop_when="any_time", caught="pagat")
    game.apply(1, DROP)
    assert game.scores == (-1, -6, 5, 1, 1)


def test_T7_pagat_tie_dropper_pays_only_its_doubles() -> None:
    game = stacked(["10S JC", "AC 3D", "2C 2D"], stock="4S 5S", drop_when="any_time", caught="pagat")
    game.apply(1, DROP)
    assert game.scores == (-1, -2, 3)


def test_T7_show_down_reveals_every_hand() -> None:
    game = stacked(["10S JC", "AC 2D", "KS QH"], drop_when="any_time")
    assert game.view(0).shown == (None, None, None)
    game.apply(1, DROP)
    view = game.view(0)
    assert view.shown[2] == parse_cards("KS QH") and view.counts == (20, 3, 20)


# ---------------------------------------------------------------- T8 Tonk
def test_T8_tonk_by_spreading_pays_double() -> None:
    game = stacked(["KS QH", "9D 9H 9S 4H 5H", "KC KH"], upcard="6H")
    game.apply(1, TAKE)
    game.apply(1, spread("9D 9H 9S"))
    events = game.apply(1, spread("4H 5H 6H"))
    won = next(e for e in events if e.kind == "hand_won")
    assert won.how == "tonk" and game.scores == (-2, 4, -2)


def test_T8_spreads_taking_every_card_are_found_past_the_longest_spread() -> None:
    """T8: 3♣ 4♣ 5♣ 6♣ 6♦ 6♥ goes out in two spreads, 3♣ 4♣ 5♣ and the three 6s, though
    the longest spread (3♣ to 6♣) leaves 6♦ 6♥, which make none; laying them down is a
    Tonk, paid double (stake 1: 2 chips from each). A hand that cannot be laid down
    whole has no such spreads."""
    from cardtable.games.tonk.spreads import spreads_in, spreads_taking_all

    hand = parse_cards("3C 4C 5C 6C 6D 6H")
    assert sorted(spreads_taking_all(hand, spreads_in(hand))) == [parse_cards("3C 4C 5C"), parse_cards("6C 6D 6H")]
    game = stacked(["KS QH", "3C 4C 5C 6C 6D", "KC KH"], stock="2D 7D 8D 9D", upcard="6H")
    game.apply(1, TAKE)
    out = spreads_taking_all(game.view(1).hand, (m.cards for m in game.legal_moves(1) if m.kind == "spread"))
    assert out == (parse_cards("6C 6D 6H"), parse_cards("3C 4C 5C"))
    for group in out:
        game.apply(1, Move("spread", group, (group,)))
    won = last(game, "hand_won")  # T8: out by spreading, no discard: a Tonk, paid double by everyone
    assert won.how == "tonk" and won.winners == (1,) and sorted(won.payments) == [(0, 1, 2), (2, 1, 2)]
    assert game.round_over and game.view(1).hand == () and game.scores == (-2, 4, -2)
    short = parse_cards("3C 4C 5C 6C 6D 9H")
    assert spreads_taking_all(short, spreads_in(short)) == ()


def _hit_out(**knobs: object):
    game = stacked(["2S 3S 4S 9C", "9D 9H 9S 10H", "JH QH KH 5D 6D"], stock="2C 3C 4C 5C", dealer=1, **knobs)
    game.apply(2, DRAW)
    game.apply(2, spread("JH QH KH"))
    game.apply(2, discard("2C"))
    game.apply(0, DRAW)
    game.apply(0, discard("9C"))
    game.apply(1, TAKE)
    game.apply(1, spread("9C 9D 9H 9S"))
    game.apply(1, hit("10H", 2, 0))
    return game


def test_T8_tonk_by_hitting_pays_double() -> None:
    game = _hit_out()
    assert last(game, "hand_won").how == "tonk" and game.scores == (-2, 4, -2)


def test_T8_tonk_needs_six_going_out_with_a_hit_pays_single() -> None:
    game = _hit_out(tonk_needs_six=True)
    assert last(game, "hand_won").how == "out" and game.scores == (-1, 2, -1)


def test_T8_tonk_needs_six_all_six_spread_pays_double() -> None:
    game = stacked(["KS QH", "9D 9H 9S 4H 5H", "KC KH"], upcard="6H", tonk_needs_six=True)
    game.apply(1, TAKE)
    game.apply(1, spread("9D 9H 9S"))
    assert all(game.view(seat).out_is_tonk for seat in (0, 1, None))  # (3 spread + 3 held: public)
    game.apply(1, spread("4H 5H 6H"))
    assert last(game, "hand_won").how == "tonk" and game.scores == (-2, 4, -2)


@pytest.mark.parametrize(("needs_six", "how", "scores"), [(False, "tonk", (-2, 4, -2)), (True, "out", (-1, 2, -1))])
def test_T8_tonk_needs_six_spreads_over_two_turns_pay_single(needs_six: bool, how: str, scores: tuple) -> None:
    """T8 (settled reading): under ``tonk_needs_six`` the double is paid only when all six
    cards are spread in one turn; going out by spreading the last three cards, the
    other three spread a turn earlier, pays single (a Tonk without the knob)."""
    game = stacked(["KS QH 6H", "9D 9H 9S 4H 5H", "KC KH"], tonk_needs_six=needs_six)
    game.apply(1, DRAW)                                  # 2C
    game.apply(1, spread("9D 9H 9S"))
    game.apply(1, discard("2C"))
    draw_and_throw(game, 2)
    game.apply(0, DRAW)
    game.apply(0, discard("6H"))
    game.apply(1, TAKE)
    assert game.view(1).out_is_tonk is not needs_six      # (three spread a turn earlier do not count)
    game.apply(1, spread("4H 5H 6H"))
    assert last(game, "hand_won").how == how and game.scores == scores


# ---------------------------------------------------------------- T9 stock exhausted
def test_T9_stock_runs_out_lowest_wins_one_stake() -> None:
    game = stacked(["KS QS", "AS 3D", "5H 6H"], stock="2C")
    game.apply(1, DRAW)
    assert not game.round_over and game.view(1).stock_size == 0
    game.apply(1, discard("3D"))
    won = last(game, "hand_won")
    assert won.how == "stock" and won.winners == (1,)
    assert game.scores == (-1, 2, -1)


def test_T9_tie_for_lowest_no_winner_same_dealer_deals_again() -> None:
    game = stacked(["KS QS", "AS 3D", "AH 2H"], stock="2C")
    game.apply(1, DRAW)
    game.apply(1, discard("3D"))
    assert game.round_over and last(game, "hand_voided") and game.scores == (0, 0, 0)
    assert last(game, "hands_shown").counts == (20, 3, 3)
    assert last(game, "stock_exhausted").describe(str) == "The stock is used up — the hands are counted"
    game.next_round()
    assert game.dealer == 0 and game.to_act == (1,)


# ---------------------------------------------------------------- T10 house wins
def test_T10_dealt_50_wins_double_at_once() -> None:
    game = stacked(["2S 3S 4S 5S 6S", "AS 2D 3D 4D 5D", "10S 10H 10D 10C KS"], dealt_50_wins=True)
    assert game.round_over and game.to_act == ()
    assert last(game, "hand_won").how == "dealt_50" and game.scores == (-2, -2, 4)


def test_T10_two_instant_winners_no_one_paid_deal_passes_on() -> None:
    """T10: two dealt 50s void the deal — and both go face up, so the table sees why."""
    game = stacked(["2S 3S 4S 5S 6S", "10S 10H 10D 10C KS", "KH KC QS QH QD"],
                   upcard="2D", dealt_50_wins=True)
    assert game.round_over and last(game, "hand_voided") and game.scores == (0, 0, 0)
    shown = last(game, "hands_shown")
    assert shown.counts == (20, 50, 50)
    assert shown.hands[1] == tuple(parse_cards("10S 10H 10D 10C KS"))
    assert game.view(0).counts == (20, 50, 50)                 # public now, to every seat
    game.next_round()
    assert game.dealer == 1


def test_T10_dealt_49_declared_on_first_turn_wins_single() -> None:
    game = stacked(["2S 3S", "10S 10H 10D 10C 9S", "KH QS"], dealt_49_wins=True)
    assert DECLARE in game.legal_moves(1)
    game.apply(1, DECLARE)
    assert last(game, "hand_won").how == "dealt_49" and game.scores == (-1, 2, -1)


def test_T10_dealt_49_not_declared_on_the_first_turn_is_gone() -> None:
    """T10 (settled): a 49 is declared on the holder's first turn; a seat that draws
    instead cannot declare it on a later turn."""
    game = stacked(["2S 3S", "10S 10H 10D 10C 9S", "KH QS"], dealt_49_wins=True)
    assert DECLARE in game.legal_moves(1)
    game.apply(1, DRAW)
    game.apply(1, discard("2C"))  # (the card drawn: the 49 is still in hand)
    for seat in (2, 0):
        draw_and_throw(game, seat)
    assert game.to_act == (1,) and game.count(1) == 49 and DECLARE not in game.legal_moves(1)


def test_T10_a_dealt_50_and_a_low_deal_at_once_void_the_hand() -> None:
    """T10: two instant winners, a 50 and a low deal: nobody is paid, the deal passes on."""
    game = stacked(["AS 2S 3D 4D 3H", "10S 10H 10D 10C KS", "KH QH"], dealt_50_wins=True, low_deal_wins=True)
    assert game.round_over and last(game, "hand_voided") and game.scores == (0, 0, 0)
    game.next_round()
    assert game.dealer == 1


def test_T10_dealt_49_too_late_after_someone_spread() -> None:
    game = stacked(["2S 3S", "10S 10H 10D 10C 9S", "3H 4H 5H 7S"], dealt_49_wins=True, dealer=1)
    game.apply(2, DRAW)
    game.apply(2, spread("3H 4H 5H"))
    game.apply(2, discard("7S"))
    draw_and_throw(game, 0)
    assert DECLARE not in game.legal_moves(1)
    with pytest.raises(IllegalMove, match="someone has spread"):
        game.apply(1, DECLARE)


def test_T10_low_deal_thirteen_double_nine_triple() -> None:
    game = stacked(["KS QS", "AS 2S 3D 4D 3H", "KH QH"], low_deal_wins=True)
    assert last(game, "hand_won").how == "low_deal" and game.scores == (-2, 4, -2)
    game = stacked(["KS QS", "AS 2S 3D AD 2H", "KH QH"], low_deal_wins=True)
    assert game.scores == (-3, 6, -3)


# ---------------------------------------------------------------- T11 Texas
def test_T11_texas_caught_dropper_pays_lowest_double() -> None:
    game = stacked(["10S JC QD", "10C 10D", "2C 3D", "10H 2H"], stock="4S 5S",
                   preset="texas-tonk", drop_when="any_time")
    game.apply(1, DROP)
    assert game.scores == (-1, -2, 4, -1)


def test_T11_texas_a_tonk_pays_double() -> None:
    """T11: Texas Tonk pays double stakes for a Tonk — every other player pays 2."""
    game = stacked(["KS QH", "9D 9H 9S 4H 5H", "KC KH"], upcard="6H", preset="texas-tonk")
    game.apply(1, TAKE)
    game.apply(1, spread("9D 9H 9S"))
    game.apply(1, spread("4H 5H 6H"))
    assert last(game, "hand_won").how == "tonk" and game.scores == (-2, 4, -2)


def test_T11_texas_plain_lowest_single_dealt_50_double_49_single() -> None:
    game = stacked(["10S JC", "AC 2D", "KS QH"], preset="texas-tonk", drop_when="any_time")
    game.apply(1, DROP)
    assert game.scores == (-1, 2, -1)
    game = stacked(["2S 3S 4S 5S 6S", "AS 2D 3D 4D 5D", "10S 10H 10D 10C KS"], preset="texas-tonk")
    assert game.scores == (-2, -2, 4)
    game = stacked(["2S 3S", "10S 10H 10D 10C 9S", "KH QS"], preset="texas-tonk")
    game.apply(1, DECLARE)
    assert game.scores == (-1, 2, -1)


# ---------------------------------------------------------------- T12 spades side bet
def test_T12_highest_spade_takes_the_side_pot() -> None:
    game = stacked(["KS 2D", "QS 3D", "AH 4D"], preset="tonk-spades", drop_when="any_time")
    assert game.view(1).phase == "bet" and game.legal_moves(1) == [Move("bet"), Move("decline")]
    game.apply(1, Move("bet"))
    game.apply(2, Move("decline"))
    game.apply(0, Move("bet"))
    view = game.view(2)
    assert view.side_bets == (True, True, False) and view.spades_shown == (Card.parse("KS"), Card.parse("QS"), None)
    won = last(game, "side_pot_won")
    assert (won.seat, won.pot, won.payments) == (0, 2, ((1, 0, 1),)) and game.to_act == (1,)
    game.apply(1, DROP)  # counts 12, 13, 5: seat 1 caught
    # drop: seat 1 pays 0 and 2 one each (lower) and 2 one more; seat 0 pays 2 one
    # side pot: seat 0 +1, seat 1 -1
    assert game.scores == (1, -4, 3)


def test_T12_the_ace_is_the_highest_spade() -> None:
    """T12 (a reading: the ace ranks high for the bet, though it counts 1 in hand): A♠
    takes the pot from K♠."""
    game = stacked(["KS 2D", "AS 3D"], preset="tonk-spades")
    game.apply(1, Move("bet"))
    game.apply(0, Move("bet"))
    won = last(game, "side_pot_won")
    assert (won.seat, won.payments) == (1, ((0, 1, 1),))


def test_T12_no_spade_shown_bets_returned() -> None:
    game = stacked(["KH 2D", "QH 3D"], preset="tonk-spades")
    game.apply(1, Move("bet"))
    game.apply(0, Move("bet"))
    assert last(game, "side_pot_won").seat is None and game.view(0).phase == "start"
    assert game.scores == (0, 0) and game.chips == (100, 100)  # each stake back where it was


def test_T12_the_last_to_answer_after_everyone_stayed_out_would_bet_alone() -> None:
    """T12: a lone bet is returned, so the last seat asked, after every other seat stayed
    out, is told its bet can win nothing (``bet_alone``); one bet before it, it may win."""
    game = stacked(["KS 2D", "QS 3D", "AH 4D"], preset="tonk-spades")
    assert not game.view(1).bet_alone  # (the first asked: the others may still bet)
    game.apply(1, Move("decline"))
    assert not game.view(2).bet_alone
    game.apply(2, Move("decline"))
    assert game.view(0).bet_alone and not game.view(1).bet_alone  # (only the seat still to answer)
    other = stacked(["KS 2D", "QS 3D", "AH 4D"], preset="tonk-spades")
    other.apply(1, Move("bet"))
    other.apply(2, Move("decline"))
    assert not other.view(0).bet_alone


# ---------------------------------------------------------------- T13 stakes and match
def test_T13_match_ends_after_match_hands() -> None:
    game = stacked(["10S JC", "AC 2D", "KS QH"], drop_when="any_time", match_hands=2, seed=4)
    game.apply(1, DROP)
    assert game.round_over and not game.is_over
    game.next_round(hands=["10S JC", "KS QH", "AC 2D"], stock="3C 4C", upcard="5C")
    game.apply(2, DROP)
    assert game.is_over and last(game, "match_ended").winners == (1, 2)
    assert game.scores == (-2, 1, 1) and game.broke() == ()  # (it ended on its last hand)


def test_T13_broke_seats_play_on_without_broke_ends_match() -> None:
    """T13: with ``broke_ends_match`` off, a seat out of chips ends nothing."""
    game = stacked(["10S JC", "AC 2D", "KS QH"], drop_when="any_time", starting_chips=3, stake=3,
                   broke_ends_match=False)
    game.apply(1, DROP)
    assert game.chips == (0, 9, 0) and game.broke() == () and not game.is_over


def test_T13_match_ends_when_a_player_is_broke() -> None:
    game = stacked(["10S JC", "AC 2D", "KS QH"], drop_when="any_time", starting_chips=3, stake=3)
    game.apply(1, DROP)
    assert game.is_over and game.chips == (0, 9, 0) and game.broke() == (0, 2)
    with pytest.raises(IllegalMove, match="match is over"):
        game.next_round()
