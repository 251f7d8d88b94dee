"""Tonk scenarios for rules T1–T6, from stacked deals.

Default stacked deal (tonk_helpers): stock 2C 3C 4C 5C 6C 8C 9C QC (top first), upcard KD,
dealer 0, so seat 1 plays first. Payments are checked chip by chip through ``game.scores``.
"""

from __future__ import annotations

import copy
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cardtable import Card, IllegalMove, Move, VariantError, load_variant, new_game, parse_cards
from cardtable.games.tonk import TonkGame
from cardtable.games.tonk.spreads import shape_of, spreads_in
from tonk_helpers import DRAW, DROP, TAKE, discard, draw_and_throw, hit, last, spread, stacked, variant


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


def test_T1_a_player_range_past_tonks_is_told_whole_at_once(tmp_path: Path) -> None:
    """A play-tester's ``players = {min = 1, max = 9}`` was refused first for the shape's
    limit of 8, then, once mended to 7, for Tonk's 5: the game's range is said at once."""
    path = tmp_path / "wide.toml"
    path.write_text('extends = "tonk-classic"\nplayers = { min = 1, max = 9 }\n')
    with pytest.raises(VariantError) as caught:
        load_variant(str(path))
    assert [(p.field, p.reason) for p in caught.value.problems] == [
        ("players.min", "should be 2–5: Tonk seats 2 to 5 players (got 1)"),
        ("players.max", "should be 2–5: Tonk seats 2 to 5 players (got 9)")]


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


def test_T2_views_list_the_discard_pile_oldest_first() -> None:
    game = stacked(["2D 3D", "4D 5D"], upcard="KS")
    assert game.view(0).discards == (Card.parse("KS"),)
    game.apply(1, DRAW)
    game.apply(1, discard("5D"))
    for seat in (0, 1, None):
        view = game.view(seat)
        assert view.discards == parse_cards("KS 5D") and view.discards[-1] == view.discard_top
    game.apply(0, TAKE)
    assert game.view(1).discards == parse_cards("KS")


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


def test_T3_a_spread_of_jokers_and_one_natural_is_refused_with_its_reason() -> None:
    """T3: a spread holds two natural cards at least; the refusal says so."""
    game = stacked(["4D 5D", "JK JK 7C 9S", "6D 7D"], jokers=2)
    game.apply(1, DRAW)
    with pytest.raises(IllegalMove) as refused:
        game.apply(1, spread("7C JK JK"))
    assert refused.value.reason == "not a spread: a spread needs two natural cards at least"


def test_T3_spread_move_refused_bridge_changes_nothing() -> None:
    game = stacked(["4D 5D", "KH AH 2H 9S", "6D 7D"])
    game.apply(1, DRAW)
    before = copy.deepcopy(game)
    with pytest.raises(IllegalMove) as refused:
        game.apply(1, spread("KH AH 2H"))
    assert refused.value.reason == "not a spread: 3-4 of a kind, or a run of 3+ in one suit (no K-A-2)"
    assert game == before
    game = stacked(["4D 5D", "QH KH AH 9S", "6D 7D"])
    game.apply(1, DRAW)
    with pytest.raises(IllegalMove, match="table order"):
        game.apply(1, spread("AH KH QH"))
    with pytest.raises(IllegalMove) as refused:
        game.apply(1, spread("QH AH 9S"))
    assert refused.value.reason == "not a spread: 3-4 of a kind, or a run of 3+ in one suit"
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


def _seat_2_hits_seat_0s_run(**knobs: Any) -> TonkGame:
    """Seat 0 spreads 4♥ 5♥ 6♥; seat 2, after its draw, hits it with 7♥ (more to come)."""
    game = stacked(["4H 5H 6H AS", "9C 2S", "7H 8H KS QS"], stock=STOCK6, **knobs)
    draw_and_throw(game, 1)
    draw_and_throw(game, 2)
    game.apply(0, DRAW)
    game.apply(0, spread("4H 5H 6H"))
    game.apply(0, discard("AS"))
    draw_and_throw(game, 1)
    game.apply(2, DRAW)
    game.apply(2, hit("7H", 0, 0))
    return game


def test_T6_each_hit_adds_a_turn_of_drop_lock_out() -> None:
    game = _seat_2_hits_seat_0s_run()
    events = game.apply(2, hit("8H", 0, 0))
    assert events[0].locks == 2 and game.view(1).drop_locks == (2, 0, 0)
    assert game.spreads[0] == (parse_cards("4H 5H 6H 7H 8H"),)
    game.apply(2, discard("KS"))
    assert DROP not in game.legal_moves(0)
    with pytest.raises(IllegalMove, match="may not drop this turn or your next turn$"):
        game.apply(0, DROP)
    assert game.view(0).drops_barred(0) == 2
    game.apply(0, DRAW)  # (after the draw no drop could come this turn: it is not counted)
    assert game.view(0).drops_barred(0) == game.view(1).drops_barred(0) == 1
    with pytest.raises(IllegalMove, match="^you may drop only before drawing$"):
        game.apply(0, DROP)  # (the reason that holds this turn, not "2 more turns")
    game.apply(0, Move("discard", (game.view(0).hand[-1],)))
    assert game.view(2).drop_locks == (1, 0, 0)
    draw_and_throw(game, 1)
    draw_and_throw(game, 2)
    assert DROP not in game.legal_moves(0)
    draw_and_throw(game, 0)
    draw_and_throw(game, 1)
    draw_and_throw(game, 2)
    assert game.view(0).drop_locks == (0, 0, 0) and DROP in game.legal_moves(0)


def test_T6_T7_where_drops_come_any_time_the_turn_under_way_still_counts() -> None:
    """T6 with ``drop_when = "any_time"``: after the draw a drop could still come this
    turn, so a hit lock-out counts it, and the refusal says so."""
    game = _seat_2_hits_seat_0s_run(drop_when="any_time")
    game.apply(2, discard("KS"))
    game.apply(0, DRAW)
    assert game.view(0).drops_barred(0) == 1
    with pytest.raises(IllegalMove, match="may not drop this turn$"):
        game.apply(0, DROP)


def test_T6_hitting_ones_own_spread_locks_nobody() -> None:
    game = stacked(["2S 3S", "JH QH KH 10H 9S"])
    game.apply(1, DRAW)
    game.apply(1, spread("JH QH KH"))
    game.apply(1, hit("10H", 1, 0))
    assert game.view(0).drop_locks == (0, 0) and game.spreads[1] == (parse_cards("10H JH QH KH"),)


def test_T3_T6_a_joker_hit_says_what_it_stands_for() -> None:
    """T3/T6: the hit event names the card a joker stands for where it went: the run's
    high end (K♦ after J♦ JK=Q♦: A♦, though the run already holds a joker), the low end
    of a run that reaches the ace, a set's rank; a natural card stands for itself (None)."""
    game = stacked(["2S 3S", "JD JK KD JK 9S"], upcard="2H", jokers=2)
    game.apply(1, DRAW)
    game.apply(1, spread("JD JK KD"))
    game.apply(1, hit("JK", 1, 0))
    assert last(game, "spread_hit").stands == Card.parse("AD")
    game = stacked(["2S 3S", "QD KD AD JK 9S"], upcard="2H", jokers=2)
    game.apply(1, DRAW)
    game.apply(1, spread("QD KD AD"))
    game.apply(1, hit("JK", 1, 0))
    assert last(game, "spread_hit").stands == Card.parse("JD")
    game = stacked(["2S 3S", "7C 7D 7H JK 9S"], jokers=2)
    game.apply(1, DRAW)
    game.apply(1, spread("7C 7D 7H"))
    game.apply(1, hit("JK", 1, 0))
    assert last(game, "spread_hit").stands == Card(7, "")
    game = stacked(["2S 3S", "JH QH KH 10H 9S"])
    game.apply(1, DRAW)
    game.apply(1, spread("JH QH KH"))
    game.apply(1, hit("10H", 1, 0))
    assert last(game, "spread_hit").stands is None


def test_T6_hit_runs_only() -> None:
    game = stacked(["7S 9D", "7C 7D 7H 2S"], hit_runs_only=True)
    game.apply(1, DRAW)
    game.apply(1, spread("7C 7D 7H"))
    game.apply(1, discard("2S"))
    game.apply(0, DRAW)
    assert not [m for m in game.legal_moves(0) if m.kind == "hit"]
    with pytest.raises(IllegalMove, match="only runs may be hit"):
        game.apply(0, hit("7S", 1, 0))
    from cardtable.games.tonk.rules import hit_refusal  # (what the table says when l finds no hit)

    assert hit_refusal(game.view(0), Card.parse("7S")) == "fits only a set, and only runs may be hit at this table (T6)"
    assert hit_refusal(game.view(0), Card.parse("9D")) == "fits no spread on the table"


def set_to_grow():
    """Seat 1 has spread 7C 7D 7H; seat 0 has drawn and holds 7S to hit it with."""
    game = stacked(["7S 9D", "7C 7D 7H 2S"], dead_fours=True)
    game.apply(1, DRAW)
    game.apply(1, spread("7C 7D 7H"))
    game.apply(1, discard("2S"))
    game.apply(0, DRAW)
    return game


def test_T6_dead_fours_go_to_the_pile() -> None:
    game = set_to_grow()
    dead = Move("dead_four", parse_cards("7C 7D 7H 7S"), (), (1, 0))
    assert dead not in game.legal_moves(0)
    game.apply(0, hit("7S", 1, 0))
    assert dead in game.legal_moves(0)
    game.apply(0, dead)
    view = game.view(0)
    assert game.spreads[1] == () and view.discard_top == Card.parse("7S") and view.discard_size == 6


def test_T6_a_four_of_a_kind_laid_down_whole_is_no_dead_four() -> None:
    """T6: a set that *grows* to all four cards may be discarded; one spread as four at
    once has not grown, so it stays (the seed: "a set that has been hit")."""
    game = stacked(["7C 7D 7H 7S 2D", "5H 6H 2C", "KS QH 3S"], stock="10H 9S", dealer=2, dead_fours=True)
    game.apply(0, DRAW)
    game.apply(0, spread("7C 7D 7H 7S"))
    assert not [m for m in game.legal_moves(0) if m.kind == "dead_four"]
    assert game.view(1).grown_sets == ()
    with pytest.raises(IllegalMove, match="grew to four by a hit"):
        game.apply(0, Move("dead_four", parse_cards("7C 7D 7H 7S"), (), (0, 0)))
    with pytest.raises(IllegalMove, match="grew to four by a hit"):  # in any order
        game.apply(0, Move("dead_four", parse_cards("7S 7H 7D 7C"), (), (0, 0)))


def test_T6_a_dead_four_asked_for_with_none_on_the_table_says_why() -> None:
    """T6: with no grown set the refusal says what a dead four is; at a table without
    the knob it says the table has none (the TUI's f sends the bare move)."""
    game = set_to_grow()
    with pytest.raises(IllegalMove, match=r"no dead four on the table \(a set a hit grew to four\)"):
        game.apply(0, Move("dead_four"))
    game.apply(0, hit("7S", 1, 0))                                # now there is one: name it
    with pytest.raises(IllegalMove, match="say which dead four"):
        game.apply(0, Move("dead_four"))
    game = stacked(["7S 9D", "7C 7D 7H 2S"])
    with pytest.raises(IllegalMove, match="this table has no dead fours"):
        game.apply(1, Move("dead_four"))


def test_T6_the_views_say_which_sets_grew() -> None:
    game = set_to_grow()
    game.apply(0, hit("7S", 1, 0))
    assert game.view(1).grown_sets == (7,) and game.view(None).grown_sets == (7,)


def test_T6_a_dead_four_that_names_other_cards_says_so() -> None:
    game = set_to_grow()
    game.apply(0, hit("7S", 1, 0))
    with pytest.raises(IllegalMove, match="names its spread's cards as they lie: 7C 7D 7H 7S"):
        game.apply(0, Move("dead_four", parse_cards("7S 7C 7D 7H"), (), (1, 0)))
