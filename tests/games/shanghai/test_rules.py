"""Scenario tests, one or more per rule S1–S13, from stacked deals."""

from __future__ import annotations

import pytest

from cardtable import IllegalMove, Move, load_variant, new_game
from cardtable.engine.cards import Card, parse_cards
from cardtable.engine.events import RoundEnded
from cardtable.games.shanghai.events import (CardLaidOff, HandsCounted, StockDrawn, StockExhausted, StockRanOut,
                                             StockReshuffled, UpcardBought, WentDown, WentOut)

from .helpers import all_cards, cards, deal, decline_all, full_deck, mv

# Three seats, dealer 0: seat 1 acts first. Hand 1's contract is two sets of 3.
MELDER = "7C 7D 7H 9H 9S JK 4C KD"


def test_S1_two_decks_for_four_three_for_five():
    four = new_game(load_variant("shanghai-classic"), 4, seed=5)
    assert sum(all_cards(four).values()) == 108 and all_cards(four)[Card(15, "")] == 4
    five = new_game(load_variant("shanghai-classic"), 5, seed=5)
    assert all_cards(five) == full_deck(five) and sum(full_deck(five).values()) == 162


def test_S2_deal_contract_and_first_player():
    game = new_game(load_variant("shanghai-classic"), 4, seed=9, dealer=2)
    assert [len(h) for h in game.hands] == [11] * 4
    assert len(game.stock) == 108 - 44 - 1 and game.upcard is not None
    assert game.contract == (("set", 3), ("set", 3)) and game.to_act == (3,)
    assert game.view(3).hands_in_match == 10


@pytest.mark.parametrize("players, decks", [(3, 2), (4, 2), (5, 3)])
def test_S2_hand_size_knob_family_deals_ten_to_every_seat(players, decks):
    """S2 (knob ``hand_size``): shanghai-family sets 10, so every seat is dealt 10 cards,
    not classic's 11, and the stock holds the rest less the upcard; the next hand too."""
    game = new_game(load_variant("shanghai-family"), players, seed=9, dealer=0)
    assert [len(h) for h in game.hands] == [10] * players
    assert len(game.stock) == 54 * decks - 10 * players - 1 and game.upcard is not None
    assert [len(game.view(seat).hand) for seat in range(players)] == [10] * players
    game = deal(["2C 3D 4D 5D", "7C 7D 7H 9H 9S JK", "8C 8D 9D 10H"], stock="KS 6D 2S",
                upcard="QH", preset="shanghai-family")
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK")
    game.apply(1, "discard KS")                   # out by discard (family rules)
    assert game.round_over
    game.next_round()
    assert game.round == 2 and [len(h) for h in game.hands] == [10, 10, 10]
    assert len(game.stock) == 108 - 30 - 1


def test_S2_dealer_rotates_and_next_contract():
    game = _went_out_game()
    assert game.round_over and not game.is_over
    game.next_round()
    assert game.dealer == 1 and game.to_act == (2,) and game.round == 2
    assert game.contract == (("set", 3), ("run", 4))


def test_S3_turn_draw_discard_and_the_dead_card():
    game = deal(["2C 3D", "5H 6S", "8C 9D"], stock="KC QC JC", upcard="4H")
    game.apply(1, "take_upcard")                 # no window: nobody can buy it
    assert game.phase == "play" and game.hands[1] == list(cards("4H 5H 6S"))
    game.apply(1, "discard 6S")
    assert game.upcard == Card.parse("6S") and game.to_act == (2,)
    game.apply(2, "draw_stock")
    assert decline_all(game) == [0]              # nearest the dealer: seat 0 (not 1: it discarded)
    assert game.upcard is None                   # nobody bought: 6S is dead now
    game.apply(2, "discard 9D")
    assert game.discard == list(cards("6S 9D")) and game.upcard == Card.parse("9D")
    assert mv("take_upcard") in game.legal_moves(0)


def test_S3_the_upcard_taken_may_be_discarded_at_once():
    """S3 says "then discard one card" and forbids none: the upcard taken may go straight
    back (a house rule some tables add; not the rule book's)."""
    game = deal(["2C 3D", "5H 6S", "8C 9D"], stock="KC QC JC", upcard="4H")
    game.apply(1, "take_upcard")
    assert mv("discard 4H") in game.legal_moves(1)
    game.apply(1, "discard 4H")
    assert game.upcard == Card.parse("4H") and game.hands[1] == list(cards("5H 6S")) and game.to_act == (2,)


def test_S3_must_draw_before_anything_else():
    game = deal(["2C 3D", MELDER, "8C 9D"], stock="KC QC JC", upcard="4H")
    with pytest.raises(IllegalMove, match="draw first"):
        game.apply(1, "discard KD")
    with pytest.raises(IllegalMove, match="not your turn"):
        game.apply(2, "draw_stock")


def _down_game():
    """Seat 1 has drawn and may go down: two sets of 3."""
    game = deal(["2C 3D 4D 5D", MELDER, "8C 8D 9D 10H"], stock="5C 6D 2S 3S 4S", upcard="QH")
    game.apply(1, "draw_stock")
    decline_all(game)
    return game


def test_S6_going_down_lists_the_exact_contract():
    game = _down_game()
    melds = [m for m in game.legal_moves(1) if m.kind == "meld"]
    assert mv("meld 7C 7D 7H | 9H 9S JK") in melds
    assert mv("meld 7C 7D JK | 9H 9S 9H") not in melds          # one 9H only
    assert all(len(g) == 3 for m in melds for g in m.groups)
    with pytest.raises(IllegalMove, match="^meld 1: the contract's set goes down at exactly 3 cards, not 2$"):
        game.apply(1, "meld 7C 7D | 9H 9S JK")
    with pytest.raises(IllegalMove, match="^meld 1: a set is cards of one rank$"):   # (too many, and no set)
        game.apply(1, "meld 7C 7D 7H 4C | 9H 9S JK")
    with pytest.raises(IllegalMove, match="meld 2: a set is cards of one rank"):
        game.apply(1, "meld 7C 7D 7H | 9H 9S KD")
    assert not [m for m in game.legal_moves(1) if m.kind == "lay_off"]    # not down yet
    events = game.apply(1, "meld 7C 7D 7H | 9H 9S JK")
    assert isinstance(events[0], WentDown) and game.is_down(1)
    assert game.hands[1] == list(cards("4C 5C KD"))
    assert [str(m) for m in game.melds[1]] == ["7C 7D 7H", "9H 9S JK"]


def test_S6_lay_off_after_going_down_on_any_meld():
    game = deal(["2C 3D 4D 5D", "7C 7D 7H 9H 9S JK 8C 9C", "8C 8D 9D 10H"], stock="10C 6D 2S 3S",
                upcard="QH")
    game.apply(1, "draw_stock")
    decline_all(game)
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK")
    lay = [m for m in game.legal_moves(1) if m.kind == "lay_off"]
    assert mv("lay_off 9C @1,1") in lay and mv("lay_off 8C @1,0") not in lay
    events = game.apply(1, "lay_off 9C @1,1")
    assert events == [CardLaidOff(1, Card.parse("9C"), 1, 1, None)]
    with pytest.raises(IllegalMove, match="does not fit"):
        game.apply(1, "lay_off 8C @1,0")


def test_S5_S6_a_wild_laid_off_says_what_it_stands_for():
    """The lay-off event names the card a wild stands for, as a go-down's does: below a
    run, the card under its lowest; on a set, its rank. The log reads so."""
    classic = load_variant("shanghai-classic")
    runs = classic.model_copy(update={"rules": classic.rules.model_copy(
        update={"contracts": ((("run", 4),),) * 10})})
    game = new_game(runs, 3, seed=1, hands=["2C 3D 4D 5D", "4C 5C 6C 7C JK JK KD 9H", "8C 8D 9D 10H"],
                    stock=parse_cards("10C 6D 2S 3S"), upcard="QH")
    game.apply(1, "draw_stock")
    decline_all(game)
    game.apply(1, "meld 4C 5C 6C 7C")
    events = game.apply(1, "lay_off JK @1,0,0")
    assert events == [CardLaidOff(1, Card.parse("JK"), 1, 0, 0, Card.parse("3C"))]
    assert events[0].describe(lambda seat: "Bob") == "Bob lays off JK=3♣ on their own meld 1"
    high = game.apply(1, "lay_off JK @1,0,1")[0]
    assert high.stands == Card.parse("8C") and high.describe(lambda seat: "AnnBobCy"[3 * seat:3 * seat + 3]) \
        == "Bob lays off JK=8♣ on their own meld 1"
    set_game = deal(["2C 3D 4D 5D", "7C 7D 7H 9H 9S JK JK 9C", "8C 8D 9D 10H"], stock="10C 6D 2S 3S",
                    upcard="QH")
    set_game.apply(1, "draw_stock")
    decline_all(set_game)
    set_game.apply(1, "meld 7C 7D 7H | 9H 9S JK")
    assert set_game.apply(1, "lay_off JK @1,0")[0].stands == Card(7, "")


def test_S7_joker_swap_by_a_player_who_is_down():
    game = deal(["2C 3D 4D 5D", MELDER + " 9C", "8C 8D 9D 10H"], stock="5C 6D 2S 3S 4S", upcard="QH")
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK")
    assert mv("swap_joker 9C @1,1") in game.legal_moves(1)
    game.apply(1, "swap_joker 9C @1,1")
    assert game.hands[1] == list(cards("4C 5C KD JK")) and not game.must_go_down
    assert [str(m) for m in game.melds[1]] == ["7C 7D 7H", "9H 9S 9C"]
    assert mv("discard KD") in game.legal_moves(1)               # it may keep the joker


def test_S7_swap_by_a_player_not_down_only_to_go_down_at_once():
    game = deal(["2C 3D 4D 5D", MELDER, "8C 8D 9C 3C 3D 3H 10H"], stock="5C 6D 2S 3S 4S", upcard="QH")
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK"); game.apply(1, "discard KD")
    game.apply(2, "take_upcard")
    assert not [m for m in game.legal_moves(2) if m.kind == "meld"]
    game.apply(2, "swap_joker 9C @1,1")
    assert game.must_go_down and game.hands[2] == list(cards("3C 3D 3H 8C 8D 10H KD JK"))
    assert [str(m) for m in game.melds[1]] == ["7C 7D 7H", "9H 9S 9C"]
    assert not [m for m in game.legal_moves(2) if m.kind == "discard"]
    with pytest.raises(IllegalMove, match="must lay down your contract"):
        game.apply(2, "discard 10H")
    game.apply(2, "meld 3C 3D 3H | 8C 8D JK")
    assert mv("discard 10H") in game.legal_moves(2)


def _bob_after_anns_go_down(anns: str, bobs: str):
    """Hand 2 (a set of 3 + a run of 4) dealt ``anns`` and ``bobs`` hands: Cy draws and
    discards K♦, Ann draws 2♠ and goes down with her first seven cards (a set, a run) and
    discards K♠; Bob has drawn 5♣ and is to play."""
    game = _went_out_game()
    game.next_round(hands=[anns, bobs, "QC QD QS 10C 10D JC 2H"], stock="KD 2S 5C 3S 4S 6S", upcard="AH")
    game.apply(2, "draw_stock"); decline_all(game); game.apply(2, "discard KD")
    game.apply(0, "draw_stock"); decline_all(game)
    set_cards, run_cards = anns.split()[:3], anns.split()[3:7]
    game.apply(0, f"meld {' '.join(set_cards)} | {' '.join(run_cards)}"); game.apply(0, "discard KS")
    game.apply(1, "draw_stock"); decline_all(game)
    return game


def test_S7_a_joker_in_a_run_is_taken_back_with_the_card_it_stands_for():
    """S7 in a run (hand 2: a set of 3 + a run of 4): Ann's 4♥ 5♥ JK 7♥ has the joker as
    6♥; Bob, not down, puts 6♥ in its place and must then go down, the joker making his
    run 2♣ JK 4♣ 5♣; only then may he discard."""
    game = _bob_after_anns_go_down("8C 8D 8H 4H 5H JK 7H KS", "6H 2C 3D 9S 9D 9H 4C KH")
    assert [str(m) for m in game.legal_moves(1) if m.kind in ("meld", "swap_joker")] == ["swap_joker 6H @0,1"]
    [swapped] = game.apply(1, "swap_joker 6H @0,1")
    assert (swapped.card, swapped.wild) == (Card.parse("6H"), Card.parse("JK"))
    assert str(game.melds[0][1]) == "4H 5H 6H 7H" and game.must_go_down
    assert [str(m) for m in game.legal_moves(1) if m.kind in ("meld", "discard")] == ["meld 9D 9H 9S | 2C JK 4C 5C"]
    game.apply(1, "meld 9D 9H 9S | 2C JK 4C 5C")
    assert game.melds[1][1].wilds_stand_for(game.wild)[1] == Card.parse("3C")
    assert mv("discard KH") in game.legal_moves(1)


def test_S7_no_swap_for_a_player_who_could_not_then_go_down():
    game = deal(["2C 3D 4D 5D", MELDER, "8C 8D 9C 3C 4H 5H 10H"], stock="5C 6D 2S 3S 4S", upcard="QH")
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK"); game.apply(1, "discard KD")
    game.apply(2, "take_upcard")
    assert mv("swap_joker 9C @1,1") not in game.legal_moves(2)
    with pytest.raises(IllegalMove, match="only if you can then lay down"):
        game.apply(2, "swap_joker 9C @1,1")


def test_S7_two_swaps_in_one_turn_when_both_jokers_are_what_the_go_down_needs():
    """S7 (README reading): "with it, they can lay down their contract in the same turn"
    counts the swaps still to come that turn. Cy, not down, holds 7♥ and 9♣ for the two
    melded jokers and 3♣ 3♦, 8♣ 8♦: one joker is not enough to go down, both are. A
    play-tester was refused either swap; now each is listed, the first leaves Cy bound to
    go down, the second lets him."""
    game = deal(["2C 3D 4D 5D", "7C 7D JK 9H 9S JK 4C KD", "7H 9C 3C 3D 8C 8D 10H"],
                stock="5C 6D 2S 3S 4S", upcard="QH")
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "meld 7C 7D JK | 9H 9S JK"); game.apply(1, "discard KD")
    game.apply(2, "draw_stock"); decline_all(game)
    assert [str(m) for m in game.legal_moves(2) if m.kind in ("meld", "swap_joker")] == [
        "swap_joker 7H @1,0", "swap_joker 9C @1,1"]
    game.apply(2, "swap_joker 7H @1,0")
    assert game.must_go_down
    assert [str(m) for m in game.legal_moves(2)] == ["swap_joker 9C @1,1"]   # (no discard: S7)
    game.apply(2, "swap_joker 9C @1,1")
    assert [str(m) for m in game.melds[1]] == ["7C 7D 7H", "9H 9S 9C"]
    game.apply(2, "meld 3C 3D JK | 8C 8D JK")
    assert game.down[2] and not game.must_go_down and mv("discard 10H") in game.legal_moves(2)


def test_S7_two_swaps_on_a_set_and_a_run_in_either_order():
    """S7 (README reading), hand 2 (a set of 3 + a run of 4): Bob holds 8♥ for the joker in
    Ann's set of 8s and 6♥ for the one in her run; his go-down (9♦ 9♥ JK, 2♣ JK 4♣ 5♣)
    needs both. Either swap is listed first; after it, only the other; then the go-down."""
    def bob_to_swap():
        game = _bob_after_anns_go_down("8C 8D JK 4H 5H JK 7H KS", "8H 6H 9D 9H 2C 4C 5C KH")
        assert [str(m) for m in game.legal_moves(1) if m.kind != "discard"] == [
            "swap_joker 8H @0,0", "swap_joker 6H @0,1"]
        return game

    for first, second in (("8H @0,0", "6H @0,1"), ("6H @0,1", "8H @0,0")):
        game = bob_to_swap()
        game.apply(1, f"swap_joker {first}")
        assert [str(m) for m in game.legal_moves(1)] == [f"swap_joker {second}"]
        game.apply(1, f"swap_joker {second}")
        assert [str(m) for m in game.legal_moves(1)] == ["meld 9D 9H JK | 2C JK 4C 5C"]


def test_S7_no_swap_when_even_every_melded_joker_would_not_make_the_go_down():
    """S7: the same table, but Cy holds 8♣ and no second 8: two jokers would not do."""
    game = deal(["2C 3D 4D 5D", "7C 7D JK 9H 9S JK 4C KD", "7H 9C 3C 3D 8C 5H 10H"],
                stock="5C 6D 2S 3S 4S", upcard="QH")
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "meld 7C 7D JK | 9H 9S JK"); game.apply(1, "discard KD")
    game.apply(2, "draw_stock"); decline_all(game)
    assert not [m for m in game.legal_moves(2) if m.kind in ("meld", "swap_joker")]
    with pytest.raises(IllegalMove, match="only if you can then lay down"):
        game.apply(2, "swap_joker 7H @1,0")


def test_S8_buy_window_nearest_to_dealer():
    game = deal(["2C 3D 4D 5D", "6C 6D 7H 8S", "8C 8D 9D 10H", "AC AD AH KS"],
                stock="5C 6S 2S 3S 4S", upcard="QH", dealer=2)
    game.apply(3, "draw_stock")
    assert game.phase == "buy" and game.to_act == (2,)            # the dealer first
    game.apply(2, "decline")
    assert game.to_act == (0,)                                     # then clockwise from its left
    events = game.apply(0, "buy")
    assert events[0] == UpcardBought(0, Card.parse("QH"), cards("6S 2S"))
    assert not events[0].visible_to(1) and "2 cards" in events[0].describe(str, 1)
    assert game.hands[0] == list(cards("2C 2S 3D 4D 5D 6S QH"))
    assert game.buys_left(0) == 2 and game.phase == "play" and game.to_act == (3,)
    assert game.upcard is None and game.discard == []


def test_S8_next_in_turn_order_and_penalty():
    game = deal(["2C 3D 4D 5D", "6C 6D 7H 8S", "8C 8D 9D 10H", "AC AD AH KS"],
                stock="5C 6S 2S 3S 4S", upcard="QH", dealer=2, preset="shanghai-next-in-turn")
    game.apply(3, "draw_stock")
    assert decline_all(game) == [0, 1, 2]
    game = deal(["2C 3D 4D 5D", "6C 6D 7H 8S", "8C 8D 9D 10H", "AC AD AH KS"],
                stock="5C 6S 2S 3S 4S", upcard="QH", dealer=2, preset="shanghai-next-in-turn")
    game.apply(3, "draw_stock")
    game.apply(0, "decline")
    events = game.apply(1, "buy")
    assert events[0].extra == cards("6S") and len(game.hands[1]) == 6


def test_S8_take_upcard_shuts_the_window_and_stock_draw_is_private():
    game = deal(["2C 3D", "5H 6S", "8C 9D"], stock="KC QC JC", upcard="4H")
    assert game.apply(1, "take_upcard")[0].kind == "upcard_taken" and game.phase == "play"
    game = deal(["2C 3D", "5H 6S", "8C 9D"], stock="KC QC JC", upcard="4H")
    drawn = game.apply(1, "draw_stock")[0]
    assert drawn == StockDrawn(1, Card.parse("KC"))
    assert drawn.visible_to(1) and not drawn.visible_to(0) and "KC" not in drawn.describe(str, 0)


def test_S8_a_seat_that_is_down_cannot_buy_nor_block():
    game = _down_game()
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK")
    game.apply(1, "discard KD")
    game.apply(2, "draw_stock")
    assert decline_all(game) == [0]               # 1 is down and discarded; 2 draws
    game.apply(2, "discard 10H")
    game.apply(0, "draw_stock")                   # seat 1 (down) neither buys nor is asked
    assert game.to_act == (0,) and game.phase == "play"
    game.apply(0, "discard 2C")
    # seat 1 is down: the window opens before its draw; seat 2 may buy 2C first
    assert game.phase == "buy" and game.to_act == (2,)
    game.apply(2, "buy")
    assert game.phase == "draw" and game.to_act == (1,)
    assert game.legal_moves(1) == [mv("draw_stock")]
    # the upcard asked for after it was bought: the refusal says so (a play-tester read
    # "there is no live upcard to take" without knowing why)
    with pytest.raises(IllegalMove, match="2♣ was bought before your draw: draw from the stock"):
        game.apply(1, "take_upcard")


def test_S9_buys_per_hand_run_out():
    """Hand 1 allows 3 buys: seat 0 buys at each chance it gets; after its third it is no
    longer asked (the windows go on for the others)."""
    game = new_game(load_variant("shanghai-classic"), 3, seed=4)
    assert game.variant.rules.buys_per_hand[0] == 3 and [game.buys_left(s) for s in range(3)] == [3, 3, 3]
    asked_after = []
    for _turn in range(15):
        game.apply(game.turn, "draw_stock")
        while game.phase == "buy":
            seat = game.to_act[0]
            if game.buys_left(0) == 0:
                asked_after.append(seat)
            game.apply(seat, "buy" if seat == 0 and game.buys_left(0) else "decline")
        game.apply(game.turn, f"discard {game.hands[game.turn][0]}")
    assert game.buys_left(0) == 0 and game.buys_left(1) == game.buys_left(2) == 3
    assert sum(isinstance(e, UpcardBought) for e in game.events) == 3
    assert asked_after and 0 not in asked_after  # windows went on, without seat 0


def test_S10_going_out_by_laying_off_the_last_card():
    game = _went_out_game()
    assert isinstance(game.events[-3], WentOut) and game.events[-3].seat == 1
    assert game.round_over and game.view(0).phase == "over"


def _went_out_game():
    game = deal(["2C 3D 4D 5D", "7C 7D 7H 9H 9S JK 9C", "8C 8D 9D 10H"], stock="7S 6D 2S 3S",
                upcard="QH")
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK")
    assert mv("discard 7S") in game.legal_moves(1)
    game.apply(1, "lay_off 9C @1,1")
    assert mv("discard 7S") not in game.legal_moves(1)              # S10: not the last card
    game.apply(1, "lay_off 7S @1,0")
    return game


def test_S10_the_last_card_cannot_be_discarded_but_family_rules_allow_it():
    game = deal(["2C 3D 4D 5D", "7C 7D 7H 9H 9S JK", "8C 8D 9D 10H"], stock="KS 6D 2S",
                upcard="QH", preset="shanghai-family")
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK")
    game.apply(1, "discard KS")
    assert game.round_over and game.scores[1] == 0


def test_S10_never_left_with_a_card_you_cannot_play():
    game = deal(["2C 3D 4D 5D", "7C 7D 7H 9H 9S JK 9C", "8C 8D 9D 10H"], stock="KS 6D 2S 3S",
                upcard="QH")
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK")
    assert mv("lay_off 9C @1,1") not in game.legal_moves(1)          # would leave KS stranded
    with pytest.raises(IllegalMove, match="neither meld nor discard"):
        game.apply(1, "lay_off 9C @1,1")


def test_S11_scoring_cards_left_in_hand():
    game = _went_out_game()
    # seat 0: 2C 3D 4D 5D = 20; seat 2: 8C 8D 9D 10H = 5+5+5+10
    assert game.scores == (20, 0, 25)
    assert game.events[-1].points == (20, 0, 25)
    # the cards left are laid face up to be counted, for all to see (the score sheet lists them)
    counted = game.events[-2]
    assert isinstance(counted, HandsCounted) and counted.counts == (20, 0, 25)
    assert counted.hands == (tuple(cards("2C 3D 4D 5D")), (), tuple(cards("8C 8D 9D 10H")))
    assert counted.describe(lambda seat: "ABC"[seat]) == \
        "Cards left: A 2♣ 3♦ 4♦ 5♦ (20); C 8♣ 8♦ 9♦ 10♥ (25)"


@pytest.mark.parametrize(("preset", "left"), [("shanghai-classic", 80), ("shanghai-wild-twos", 95)])
def test_S11_aces_jokers_and_wild_twos_score_their_own_points(preset, left):
    """S11: A♣ 15 + JK 50 + 2♦ + 10♦ 10 left in hand: 80 with the classic points (a 2
    scores 5), 95 where 2s are wild and score 20."""
    game = deal(["AC JK 2D 10D", "7C 7D 7H 9H 9S 9C", "8C 8D 9D 10H"], stock="7S 6D 2S 3S",
                upcard="QH", preset=preset)
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "meld 7C 7D 7H | 9C 9H 9S")
    game.apply(1, "lay_off 7S @1,0")
    assert game.round_over and game.events[-1].points[0] == left


def test_S12_the_pile_less_its_top_becomes_the_stock():
    game = deal(["2C 3D", "5H 6S", "8C 9D"], stock="KC", upcard="4H")
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "discard 6S")
    game.apply(2, "take_upcard"); game.apply(2, "discard 9D")   # pile: 4H 9D; stock empty
    events = game.apply(0, "draw_stock")
    assert events[0] == StockReshuffled(None, 1) and events[1] == StockDrawn(0, Card.parse("4H"))
    assert game.discard == list(cards("9D")) and game.stock == []
    assert game.phase == "buy"                    # 9D is still live and may be bought
    decline_all(game)
    game.apply(0, "discard 4H")
    from collections import Counter  # (every card dealt is still in play: none lost in the rebuild)
    assert all_cards(game) == Counter(cards("2C 3D 5H 6S 8C 9D KC 4H"))


def test_S12_no_stock_and_nothing_to_rebuild_ends_the_hand():
    """Settled reading: with no stock and no pile under the upcard to rebuild it from,
    the hand ends at the next draw, a live upcard or not: taken and thrown back turn
    after turn, it went round the table for ever (a hand with no end)."""
    game = deal(["2C 3D", "5H 6S", "8C 9D"], stock="", upcard="4H")
    assert game.round_over and game.legal_moves(1) == []
    assert [type(e) for e in game.events[-3:-1]] == [StockRanOut, HandsCounted]
    ended = game.events[-1]
    assert isinstance(ended, RoundEnded) and ended.points == (10, 10, 10)  # (2C 3D | 5H 6S | 8C 9D)
    game = deal(["2C 3D", "5H 6S", "8C 9D"], stock="", upcard=None)
    assert isinstance(game.events[-1], RoundEnded) and game.round_over
    assert any(isinstance(e, StockRanOut) for e in game.events)


def test_S12_the_last_stock_card_bought_away_ends_the_hand_at_the_next_draw():
    """S12: the stock's last card goes as a buy's penalty; the drawer's turn goes on (its
    stock card is drawn), and the next turn, with no stock and only the upcard in the
    pile, ends the hand rather than passing the upcard round for ever."""
    game = deal(["2C 3D", "5H 6S", "8C 9D"], stock="KC QC", upcard="4H")
    game.apply(1, "draw_stock")                      # KC; the 4H is offered, the dealer first
    game.apply(0, "decline")
    game.apply(2, "buy")                             # 4H and QC, the last stock card
    assert game.stock == [] and game.discard == [] and not game.round_over
    game.apply(1, "discard 6S")                      # the pile is 6S alone
    assert game.round_over and any(isinstance(e, StockRanOut) for e in game.events)


def _rebuild_once(preset="shanghai-classic"):
    """Seat 1 draws the last stock card; seat 0's draw rebuilds the stock from 4H."""
    game = deal(["2C 3D", "5H 6S", "8C 9D"], stock="KC", upcard="4H", preset=preset)
    game.apply(1, "draw_stock"); decline_all(game); game.apply(1, "discard 6S")
    game.apply(2, "take_upcard"); game.apply(2, "discard 9D")    # pile 4H 9D, stock empty
    events = game.apply(0, "draw_stock")                          # rebuild 1: the stock is 4H
    assert StockReshuffled(None, 1) in events and game.rebuilds == 1
    decline_all(game); game.apply(0, "discard 4H")                # pile 9D 4H, stock empty
    return game


def test_S12_max_stock_rebuilds_the_hand_ends_when_the_stock_runs_out_again():
    game = _rebuild_once()                                        # classic: at most 2 rebuilds
    assert game.rules.max_stock_rebuilds == 2 and game.view(1).max_stock_rebuilds == 2
    events = game.apply(1, "draw_stock")                          # rebuild 2: the stock is 9D
    assert StockReshuffled(None, 1) in events and game.view(2).stock_rebuilds == 2
    decline_all(game)
    events = game.apply(1, "discard 9D")                          # seat 2's turn, empty stock
    assert events[1] == StockExhausted(None, 2) and game.round_over
    assert "run out again" in events[1].describe(str)
    # S11 with nobody out: every seat scores what it holds.
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.points == (10, 15, 10)                           # 2C 3D | 5H KC | 6S 8C
    assert game.scores == (10, 15, 10)
    assert not any(isinstance(e, WentOut) for e in game.events)


def test_S12_max_stock_rebuilds_knob_one_and_zero(tmp_path):
    one = tmp_path / "one.toml"
    one.write_text('extends = "shanghai-classic"\n[rules]\nmax_stock_rebuilds = 1\n')
    game = _rebuild_once(str(one))
    assert game.round_over and isinstance(game.events[-3], StockExhausted)
    assert game.scores == (10, 15, 10)
    unlimited = tmp_path / "unlimited.toml"
    unlimited.write_text('extends = "shanghai-classic"\n[rules]\nmax_stock_rebuilds = 0\n')
    game = _rebuild_once(str(unlimited))
    game.apply(1, "draw_stock"); decline_all(game); game.apply(1, "discard 9D")
    game.apply(2, "draw_stock")                                   # 0 = no limit: rebuild 3
    assert game.rebuilds == 3 and not game.round_over


def test_S12_buy_penalty_not_drawn_from_a_rebuild_past_the_limit(tmp_path):
    one = tmp_path / "one.toml"
    one.write_text('extends = "shanghai-classic"\n[rules]\nmax_stock_rebuilds = 1\n')
    for preset, rebuilt, extra in ((str(one), 1, ()), ("shanghai-classic", 2, cards("4H"))):
        game = deal(["2C 3D", "5H 6S", "8C 9D"], stock="KC QC JC", upcard="4H", preset=preset)
        game.rebuilds = 1                     # as if the stock had been rebuilt once already
        game.apply(1, "draw_stock"); decline_all(game); game.apply(1, "discard 6S")
        game.apply(2, "draw_stock"); decline_all(game); game.apply(2, "discard 9D")
        game.apply(0, "draw_stock")           # JC, the last stock card; pile 4H 6S 9D
        assert game.to_act == (1,)
        assert game.view(1).buy_draws == len(extra)  # (the buy prompt says so before the buy)
        events = game.apply(1, "buy")         # 9D; its penalty needs a rebuild (from 4H)
        assert UpcardBought(1, Card.parse("9D"), extra) in events and game.rebuilds == rebuilt
        game.apply(0, "discard JC")
        assert game.round_over and isinstance(game.events[-3], StockExhausted)   # no rebuild left


def test_S8_a_buy_brings_its_penalty_while_the_stock_has_it():
    """S8: with the stock full, the view says a buy brings ``buy_penalty`` cards (2 in
    classic, 1 in next-in-turn); outside a buy window it says 0."""
    for preset, penalty in (("shanghai-classic", 2), ("shanghai-next-in-turn", 1)):
        game = deal(["2C 3D", "5H 6S", "8C 9D"], stock="KC QC JC 10C", upcard="4H", preset=preset)
        assert game.view(1).buy_draws == 0
        game.apply(1, "draw_stock")
        assert game.phase == "buy" and game.view(game.to_act[0]).buy_draws == penalty


def test_S13_go_out_bonus_and_in_one_bonus():
    hands = ["3C 3D 4D 5D", "7C 7D 7H 9H 9S 9C", "8C 8D 9D 10H"]
    game = deal(hands, stock="9D 6D 2S", upcard="QH", preset="shanghai-wild-twos")
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "meld 7C 7D 7H | 9C 9H 9S")
    game.apply(1, "lay_off 9D @1,1")
    assert game.round_over and game.scores[1] == -50          # down and out at once, no wilds
    hands = ["3C 3D 4D 5D", "7C 7D 7H 9H 9S JK", "8C 8D 9D 10H"]
    game = deal(hands, stock="9D 6D 2S", upcard="QH", preset="shanghai-wild-twos")
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK")
    game.apply(1, "lay_off 9D @1,1")
    assert game.scores[1] == -25 and game.scores[0] == 5 + 5 + 5 + 5
    assert [e.seat for e in game.events if isinstance(e, WentOut)] == [1]


def test_S3_S8_views_show_the_upcards_each_seat_picked_up():
    """S3/S8: taking or buying the upcard happens in front of everyone, so every view
    lists it under the seat that holds it, until that seat plays the card."""
    game = deal(["2C 3D 4D 5D", "6C 6D 7H 8S", "8C 8D 9D 10H", "AC AD AH KS"],
                stock="5C 6S 2S 3S 4S", upcard="QH", dealer=2)
    game.apply(3, "draw_stock")
    game.apply(2, "decline")
    game.apply(0, "buy")
    for seat in range(4):
        assert game.view(seat).taken == ((Card.parse("QH"),), (), (), ())
    game.apply(3, "discard KS")
    game.apply(0, "take_upcard")
    assert game.view(1).taken[0] == cards("QH KS")
    game.apply(0, "discard QH")
    assert game.view(2).taken == ((Card.parse("KS"),), (), (), ())


def test_S6_a_go_down_far_down_a_long_list_is_listed_and_goes_out():
    """S6 / API "legal_moves stays complete": with 2s wild, 15 cards for three runs of 5
    can go down ~2,500 ways; the last of them (which goes out) is listed and accepted."""
    variant = load_variant("shanghai-wild-twos")
    contracts = ((("run", 5), ("run", 5), ("run", 5)), *variant.rules.contracts[1:])
    variant = variant.model_copy(update={"rules": variant.rules.model_copy(update={"contracts": contracts})})
    game = new_game(variant, 3, seed=1, stock=parse_cards("2S AS AD"), upcard="AC",
                    hands=["3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "2C 2D 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
                           "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"])
    game.apply(1, "draw_stock")
    decline_all(game)
    groups = (cards("2S JH QH KH 2H"), cards("3H 4H 5H 2D 2C"), cards("6H 7H 8H 9H 10H"))
    going_out = Move("meld", tuple(c for group in groups for c in group), groups)
    melds = [move for move in game.legal_moves(1) if move.kind == "meld"]
    assert len(melds) > 2000 and melds[-1] == going_out
    kinds = [event.kind for event in game.apply(1, going_out)]
    assert kinds[-4:] == ["went_down", "went_out", "hands_counted", "round_ended"] and game.hands[1] == []


def test_why_no_lay_off_or_swap_is_said_from_the_seats_view():
    """The words a player gets for a card with no lay-off (S6, S10) or no joker swap
    (S7, a wild 2 stays) come from the engine, reading only the seat's view."""
    from cardtable.games.shanghai.rules import lay_off_refusal, swap_refusal

    game = deal(["2C 3D 4D 5D", "7C 7D 7H 9H 9S JK 9C", "8C 8D 9D 10H"], stock="KS 6D 2S 3S",
                upcard="QH")
    assert lay_off_refusal(game.view(1), Card.parse("9C")) == "you lay off once you are down (S6)"
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK")
    view = game.view(1)                                             # holds 9C KS
    assert lay_off_refusal(view, Card.parse("9C")) == (
        "laying it off would leave a last card you could neither meld nor discard (S10)")
    assert lay_off_refusal(view, Card.parse("KS")) == "it fits on no meld now"   # (sets only: nothing to add)
    assert swap_refusal(view, Card.parse("KS")) == "no melded joker stands for it now"
    # the reason's note names only what applies: a run's order beside a natural card, the
    # wilds' limit beside a wild (a play-tester saw both when only sets lay on the table)
    from dataclasses import replace

    from cardtable.games.shanghai.melds import make_meld
    run = make_meld("run", cards("4H 5H JK JK"), view.wilds)
    with_run = replace(view, melds=((), (run,), ()))
    assert lay_off_refusal(with_run, Card.parse("KS")) == "it fits on no meld now (runs grow in order at their ends)"
    assert lay_off_refusal(with_run, Card.parse("JK")) == (
        "it fits on no meld now (no more wilds than naturals in a meld)")
    with pytest.raises(IllegalMove, match=r"^KS does not fit there$"):              # (apply's words: a set)
        game.apply(1, "lay_off KS @1,0")
    assert swap_refusal(view, Card.parse("JK")).startswith("a wild card takes no joker's place")
    twos = deal(["2C 3D 4D 5D", "7C 7D 7H 9H 9S JK 9C", "8C 8D 9D 10H"], stock="KS 6D 2S 3S",
                upcard="QH", preset="shanghai-wild-twos")
    assert swap_refusal(twos.view(1), Card.parse("KS")) == (
        "no melded joker stands for it now (a 2 played as a wild stays where it is)")

    game = deal(["2C 3D 4D 5D", MELDER, "8C 8D 9C 3C 4H 5H 10H"], stock="5C 6D 2S 3S 4S", upcard="QH")
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK"); game.apply(1, "discard KD")
    game.apply(2, "take_upcard")
    assert swap_refusal(game.view(2), Card.parse("9C")) == (
        "you may take a joker only if you can then lay down your contract this turn (S7)")
    assert swap_refusal(game.view(2)) == (
        "you may take a joker only if you can then lay down your contract this turn (S7)")
    assert swap_refusal(game.view(0)) == "you hold no natural card that a melded joker stands for"


def test_S7_why_a_seat_has_no_joker_swap_at_all():
    """S7: with no card named, the reason a seat has no swap: no joker in a meld, none
    standing for a card it holds, or (holding one) it has not drawn yet."""
    from cardtable.games.shanghai.rules import swap_refusal

    game = deal(["2C 3D 4D 5D", MELDER, "8C 8D 9C 3C 4H 5H 10H"], stock="5C 6D 2S 3S 4S", upcard="QH")
    assert swap_refusal(game.view(1)) == "no joker lies in a meld now"
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK"); game.apply(1, "discard KD")
    assert swap_refusal(game.view(2)) == "draw first, then swap"
    assert swap_refusal(game.view(2), Card.parse("9C")) == "draw first, then swap"
    # S10: a seat that is down, left with 9♣ alone, would hold just the joker (the only
    # case the swap is held back from a seat that is down: when it fits on no meld)
    from dataclasses import replace

    last = replace(game.view(2), phase="play", down=(False, True, True), hand=(Card.parse("9C"),))
    assert swap_refusal(last) == swap_refusal(last, Card.parse("9C")) == (
        "the joker would be your last card and it fits on no meld (S10)")


def test_S5_S6_the_go_down_says_what_each_wild_stands_for():
    """S5/S6: the go-down event names the card each wild stands for, a set's rank and a
    run's card, and its log line shows them."""
    variant = load_variant("shanghai-classic")
    contracts = ((("set", 3), ("run", 4)), *variant.rules.contracts[1:])
    variant = variant.model_copy(update={"rules": variant.rules.model_copy(update={"contracts": contracts})})
    game = new_game(variant, 3, seed=1, stock=parse_cards("5C 6D 2S"), upcard="QH",
                    hands=["2C 3D 4D 5D", "7C 7D JK 4H 5H JK 7H KD", "8C 8D 9D 10H"])
    game.apply(1, "draw_stock")
    decline_all(game)
    went_down = game.apply(1, "meld 7C 7D JK | 4H 5H JK 7H")[0]
    assert isinstance(went_down, WentDown)
    assert went_down.stands_for == ((None, None, Card(7, "")), (None, None, Card.parse("6H"), None))
    assert went_down.describe(lambda seat: "Ann") == "Ann goes down: 7♣ 7♦ JK=7 | 4♥ 5♥ JK=6♥ 7♥"


def test_a_joker_swap_is_told_like_a_lay_off_whose_meld_it_is():
    """S7: the log says "their own meld" for a swap in the swapper's own meld, as a lay-off
    does ("Dag swaps Q♥ for the JK in Dag's meld 3" read as two players)."""
    from cardtable.games.shanghai.events import JokerSwapped

    names = {0: "Ann", 1: "Dag"}.__getitem__
    queen, joker = Card.parse("QH"), Card.parse("JK")
    own = JokerSwapped(1, card=queen, wild=joker, owner=1, index=2)
    other = JokerSwapped(0, card=queen, wild=joker, owner=1, index=0)
    assert own.describe(names) == "Dag swaps Q♥ for the JK in their own meld 3"
    assert other.describe(names) == "Ann swaps Q♥ for the JK in Dag's meld 1"
