"""Tonk scenarios, one or more per rule ID (T1–T13), from stacked deals.

Default stacked deal (tonk_helpers): stock 2C 3C 4C 5C 6C 8C 9C QC (top first), upcard KD, dealer 0,
so seat 1 plays first. Payments are checked chip by chip through ``game.scores``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from cardtable import Card, IllegalMove, Move, VariantError, load_variant, new_game, parse_cards
from cardtable.games.tonk.spreads import shape_of, spreads_in

from tonk_helpers import last, stacked, variant

DRAW, TAKE, DROP, DECLARE = Move("draw_stock"), Move("take_upcard"), Move("drop"), Move("declare")


def spread(text: str) -> Move:
    group = parse_cards(text)
    return Move("spread", group, (group,))


def hit(card: str, owner: int, index: int) -> Move:
    return Move("hit", parse_cards(card), (), (owner, index))


def discard(card: str | Card) -> Move:
    return Move("discard", parse_cards([card]))


def draw_and_throw(game, seat: int) -> None:
    """Draw from the stock and discard the card drawn."""
    game.apply(seat, DRAW)
    game.apply(seat, discard(game.view(seat).hand[-1]))


# ---------------------------------------------------------------- T1 deck and deal
def test_T1_seeded_deal_five_each_deck_conserved() -> None:
    game = new_game(load_variant("tonk-classic"), players=4, seed=3)
    hands = [game.view(seat).hand for seat in range(4)]
    assert [len(hand) for hand in hands] == [5, 5, 5, 5]
    cards = [c for hand in hands for c in hand] + list(game._discard) + list(game._stock)
    assert len(cards) == 52 and len(set(cards)) == 52
    assert game.view(0).stock_size == 52 - 20 - 1


def test_T1_jokers_and_deal_size_knobs() -> None:
    game = new_game(variant(jokers=2, deal_size=7), players=3, seed=5)
    total = Counter(c for s in range(3) for c in game._hands[s]) + Counter(game._stock) + Counter(game._discard)
    assert sum(total.values()) == 54 and total[Card.parse("JK")] == 2
    assert game.view(0).hand_sizes == (7, 7, 7)


def test_T1_deal_size_too_large_and_player_range_name_the_field(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_text('family = "tonk"\nplayers = { min = 2, max = 5 }\n[rules]\ndeal_size = 11\n')
    with pytest.raises(VariantError) as caught:
        load_variant(str(path))
    assert caught.value.field == "rules.deal_size" and "needs 57 cards" in caught.value.reason
    path.write_text('family = "tonk"\nplayers = { min = 2, max = 6 }\n')
    with pytest.raises(VariantError, match="2 to 5 players"):
        load_variant(str(path))
    with pytest.raises(ValueError):
        new_game(load_variant("tonk-classic"), players=6, seed=1)


def test_T1_dealer_moves_left_and_left_of_dealer_plays_first() -> None:
    game = stacked(["2D 3D", "4D 5D", "6D 7D"], dealer=2)
    assert game.to_act == (0,)
    for seat in (0, 1, 2):
        draw_and_throw(game, seat)
    game.apply(0, DROP)
    assert game.round_over and game.to_act == ()
    game.next_round()
    assert game.dealer == 0 and game.to_act == (1,) and game.round == 2


# ---------------------------------------------------------------- T2 upcard
def test_T2_upcard_starts_the_pile() -> None:
    game = stacked(["2D 3D", "4D 5D"], upcard="KS")
    assert game.view(1).discard_top == Card.parse("KS")
    assert TAKE in game.legal_moves(1)
    game.apply(1, TAKE)
    assert Card.parse("KS") in game.view(1).hand and game.view(1).discard_top is None


def test_T2_no_upcard_pile_starts_with_first_discard() -> None:
    game = new_game(variant(upcard=False), players=2, hands=["2D 3D", "4D 5D"], stock="2C 3C 4C")
    view = game.view(1)
    assert view.discard_top is None and view.stock_size == 3
    assert game.legal_moves(1) == [DRAW]
    with pytest.raises(IllegalMove, match="discard pile is empty"):
        game.apply(1, TAKE)
    game.apply(1, DRAW)
    game.apply(1, discard("5D"))
    assert game.view(0).discard_top == Card.parse("5D")


# ---------------------------------------------------------------- T3 spreads
def test_T3_sets_and_runs_ace_low_or_high_no_bridge() -> None:
    assert shape_of(parse_cards("7C 7D 7S")) == ("set", 7)
    assert shape_of(parse_cards("7C 7D 7H 7S")) == ("set", 7)
    assert shape_of(parse_cards("AH 2H 3H")) == ("run", "H", 1, 3)
    assert shape_of(parse_cards("QH KH AH")) == ("run", "H", 12, 14)
    for bad in ("KH AH 2H", "5H 6H 8H", "5H 6H 7D", "7C 7D", "JK JK 7C"):
        assert shape_of(parse_cards(bad)) is None, bad
    found = spreads_in(parse_cards("KH AH 2H 3H QH"))
    assert parse_cards("AH 2H 3H") in found and parse_cards("QH KH AH") in found
    assert parse_cards("KH AH 2H") not in found


def test_T3_spread_move_refused_bridge_changes_nothing() -> None:
    game = stacked(["4D 5D", "KH AH 2H 9S", "6D 7D"])
    game.apply(1, DRAW)
    before = game.to_json()
    with pytest.raises(IllegalMove, match="not a spread"):
        game.apply(1, spread("KH AH 2H"))
    assert game.to_json() == before
    game = stacked(["4D 5D", "QH KH AH 9S", "6D 7D"])
    game.apply(1, DRAW)
    with pytest.raises(IllegalMove, match="table order"):
        game.apply(1, spread("AH KH QH"))
    game.apply(1, spread("QH KH AH"))
    assert game.spreads[1] == (parse_cards("QH KH AH"),)


def test_T3_wild_jokers_fill_a_run_and_a_run_is_hit_at_its_ends() -> None:
    game = stacked(["4D 5D", "5H JK 7H 9S", "8H 4H 6D"], jokers=2)
    game.apply(1, DRAW)
    assert spread("5H JK 7H") in game.legal_moves(1)
    game.apply(1, spread("5H JK 7H"))
    game.apply(1, discard("9S"))
    game.apply(2, DRAW)
    assert hit("8H", 1, 0) in game.legal_moves(2) and hit("6D", 1, 0) not in game.legal_moves(2)
    game.apply(2, hit("4H", 1, 0))
    assert game.spreads[1] == (parse_cards("4H 5H JK 7H"),)


# ---------------------------------------------------------------- T4 card values
def test_T4_counts_ace_one_faces_ten() -> None:
    game = stacked(["AS KS", "QS 2S", "JH 10H"], drop_when="any_time")
    game.apply(1, DROP)
    assert last(game, "hands_shown").counts == (11, 12, 20)


def test_T4_card_points_knob() -> None:
    game = stacked(["AS KS", "QS 2S"], card_points={"A": 15})
    assert game.view(0).counts == (25, None)


# ---------------------------------------------------------------- T5 turn
def test_T5_turn_order_draw_spread_discard() -> None:
    game = stacked(["JS QS", "9D 9H 9S 4H", "KC KH"], upcard="4S")
    with pytest.raises(IllegalMove, match="draw from the stock or take the upcard first"):
        game.apply(1, discard("4H"))
    game.apply(1, TAKE)
    game.apply(1, spread("9D 9H 9S"))
    with pytest.raises(IllegalMove, match="already drawn"):
        game.apply(1, DRAW)
    game.apply(1, discard("4H"))
    assert not game.round_over and game.to_act == (2,) and game.view(2).discard_top == Card.parse("4H")


def test_T5_going_out_by_discard_pays_single_stake() -> None:
    game = stacked(["JS QS", "9D 9H 9S", "KC KH"], upcard="4S", stake=2)
    game.apply(1, TAKE)
    game.apply(1, spread("9D 9H 9S"))
    game.apply(1, discard("4S"))
    won = last(game, "hand_won")
    assert won.how == "out" and won.winners == (1,)
    assert game.scores == (-2, 4, -2) and game.chips == (98, 104, 98)


# ---------------------------------------------------------------- T6 hits
STOCK6 = "2C 3C 4C 5C 6C 7C 8C 10C JC QC 2D 3D 4D 5D"


def test_T6_each_hit_adds_a_turn_of_drop_lock_out() -> None:
    game = stacked(["4H 5H 6H AS", "9C 2S", "7H 8H KS QS"], stock=STOCK6)
    draw_and_throw(game, 1)
    draw_and_throw(game, 2)
    game.apply(0, DRAW)
    game.apply(0, spread("4H 5H 6H"))
    game.apply(0, discard("AS"))
    draw_and_throw(game, 1)
    game.apply(2, DRAW)
    game.apply(2, hit("7H", 0, 0))
    events = game.apply(2, hit("8H", 0, 0))
    assert events[0].locks == 2 and game.view(1).drop_locks == (2, 0, 0)
    assert game.spreads[0] == (parse_cards("4H 5H 6H 7H 8H"),)
    game.apply(2, discard("KS"))
    assert DROP not in game.legal_moves(0)
    with pytest.raises(IllegalMove, match="may not drop for 2 more turns"):
        game.apply(0, DROP)
    draw_and_throw(game, 0)
    assert game.view(2).drop_locks == (1, 0, 0)
    draw_and_throw(game, 1)
    draw_and_throw(game, 2)
    assert DROP not in game.legal_moves(0)
    draw_and_throw(game, 0)
    draw_and_throw(game, 1)
    draw_and_throw(game, 2)
    assert game.view(0).drop_locks == (0, 0, 0) and DROP in game.legal_moves(0)


def test_T6_hitting_ones_own_spread_locks_nobody() -> None:
    game = stacked(["2S 3S", "JH QH KH 10H 9S"])
    game.apply(1, DRAW)
    game.apply(1, spread("JH QH KH"))
    game.apply(1, hit("10H", 1, 0))
    assert game.view(0).drop_locks == (0, 0) and game.spreads[1] == (parse_cards("10H JH QH KH"),)


def test_T6_hit_runs_only() -> None:
    game = stacked(["7S 9D", "7C 7D 7H 2S"], hit_runs_only=True)
    game.apply(1, DRAW)
    game.apply(1, spread("7C 7D 7H"))
    game.apply(1, discard("2S"))
    game.apply(0, DRAW)
    assert not [m for m in game.legal_moves(0) if m.kind == "hit"]
    with pytest.raises(IllegalMove, match="only runs may be hit"):
        game.apply(0, hit("7S", 1, 0))


def test_T6_dead_fours_go_to_the_pile() -> None:
    game = stacked(["7S 9D", "7C 7D 7H 2S"], dead_fours=True)
    game.apply(1, DRAW)
    game.apply(1, spread("7C 7D 7H"))
    game.apply(1, discard("2S"))
    game.apply(0, DRAW)
    dead = Move("dead_four", parse_cards("7C 7D 7H 7S"), (), (1, 0))
    assert dead not in game.legal_moves(0)
    game.apply(0, hit("7S", 1, 0))
    assert dead in game.legal_moves(0)
    game.apply(0, dead)
    view = game.view(0)
    assert game.spreads[1] == () and view.discard_top == Card.parse("7S") and view.discard_size == 6


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
    game.apply(1, spread("4H 5H 6H"))
    assert last(game, "hand_won").how == "tonk" and game.scores == (-2, 4, -2)


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
    game.next_round()
    assert game.dealer == 0 and game.to_act == (1,)


# ---------------------------------------------------------------- T10 house wins
def test_T10_dealt_50_wins_double_at_once() -> None:
    game = stacked(["2S 3S 4S 5S 6S", "AS 2D 3D 4D 5D", "10S 10H 10D 10C KS"], dealt_50_wins=True)
    assert game.round_over and game.to_act == ()
    assert last(game, "hand_won").how == "dealt_50" and game.scores == (-2, -2, 4)


def test_T10_two_instant_winners_no_one_paid_deal_passes_on() -> None:
    game = stacked(["2S 3S 4S 5S 6S", "10S 10H 10D 10C KS", "KH KC QS QH QD"],
                   upcard="2D", dealt_50_wins=True)
    assert game.round_over and last(game, "hand_voided") and game.scores == (0, 0, 0)
    game.next_round()
    assert game.dealer == 1


def test_T10_dealt_49_declared_on_first_turn_wins_single() -> None:
    game = stacked(["2S 3S", "10S 10H 10D 10C 9S", "KH QS"], dealt_49_wins=True)
    assert DECLARE in game.legal_moves(1)
    game.apply(1, DECLARE)
    assert last(game, "hand_won").how == "dealt_49" and game.scores == (-1, 2, -1)


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
    assert last(game, "side_pot_won").seat == 0 and game.to_act == (1,)
    game.apply(1, DROP)  # counts 12, 13, 5: seat 1 caught
    # drop: seat 1 pays 0 and 2 one each (lower) and 2 one more; seat 0 pays 2 one
    # side pot: seat 0 +1, seat 1 -1
    assert game.scores == (1, -4, 3)


def test_T12_no_spade_shown_bets_returned() -> None:
    game = stacked(["KH 2D", "QH 3D"], preset="tonk-spades")
    game.apply(1, Move("bet"))
    game.apply(0, Move("bet"))
    assert last(game, "side_pot_won").seat is None and game.view(0).phase == "start"


# ---------------------------------------------------------------- T13 stakes and match
def test_T13_match_ends_after_match_hands() -> None:
    game = stacked(["10S JC", "AC 2D", "KS QH"], drop_when="any_time", match_hands=2, seed=4)
    game.apply(1, DROP)
    assert game.round_over and not game.is_over
    game.next_round(hands=["10S JC", "KS QH", "AC 2D"], stock="3C 4C", upcard="5C")
    game.apply(2, DROP)
    assert game.is_over and last(game, "match_ended").winners == (1, 2)
    assert game.scores == (-2, 1, 1)


def test_T13_match_ends_when_a_player_is_broke() -> None:
    game = stacked(["10S JC", "AC 2D", "KS QH"], drop_when="any_time", starting_chips=3, stake=3)
    game.apply(1, DROP)
    assert game.is_over and game.chips == (0, 9, 0)
    with pytest.raises(IllegalMove, match="match is over"):
        game.next_round()
