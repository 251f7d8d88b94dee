"""Readings a rule review found untested (P5, P9, P11/P28, P18, P20, P21).

Each test pins down what the engine does where the rule book leaves a choice or where
no scenario covered a rule's corner yet: the 3♠ lead with cards set aside and with two
decks, the points a wild card left in hand counts, a joker led while other cards
remain, a seat skipped by an equal rank later in the same trick, a single 2 against a
pair of 2s, and one offer per player in the black market.
"""

from __future__ import annotations

import pytest

from cardtable import Card, IllegalMove, Move, parse_cards
from cardtable.engine.moves import DECLINE, PASS

from .helpers import finish_round, kinds, play, president

SPADE_THREE = Card.parse("3S")


def moves(game, seat):
    return [str(move) for move in game.legal_moves(seat)]


# ---------------------------------------------------------------------------- P11 / P28


def test_P11_P28_three_of_spades_set_aside_the_seat_left_of_the_dealer_leads():
    """P11 ``first_lead = "three_of_spades"`` with P2 ``leftover = "aside"``: nobody holds
    the 3♠, so the first lead falls back to the seat left of the dealer (README: "a 3♠
    set aside (P2), the dealer's left"), here seat 3 with seat 2 dealing."""
    game = president(hands=["3C 4C", "5C 6C", "7C 8C", "9C TC"], first_dealer=2, leftover="aside",
                     first_lead="three_of_spades")
    assert SPADE_THREE in game.aside and not any(SPADE_THREE in hand for hand in game.hands)
    assert game.dealer == 2 and game.to_act == (3,)
    assert moves(game, 3) == ["play 9C", "play 10C"]
    assert [moves(game, seat) for seat in (0, 1, 2)] == [[], [], []]


def test_P11_P28_three_of_spades_set_aside_by_a_seeded_deal():
    """P11 with P2 in a real deal: five players, 52 cards, two set aside unseen; in a deal
    where the 3♠ is one of them, seat 4 (left of dealer 3) leads."""
    knobs = dict(leftover="aside", first_lead="three_of_spades", first_dealer=3)
    seed = next(s for s in range(400) if SPADE_THREE in president(5, seed=s, **knobs).aside)
    game = president(5, seed=seed, **knobs)
    assert [len(hand) for hand in game.hands] == [10] * 5 and len(game.aside) == 2
    assert kinds(game.events)[-1] == "cards_set_aside"
    assert game.to_act == (4,)


@pytest.mark.parametrize(("dealer", "leader"), [(0, 2), (1, 2), (2, 0), (3, 0)])
def test_P11_P28_two_decks_the_first_three_of_spades_clockwise_from_the_dealers_left_leads(dealer, leader):
    """P11 with two decks (P1): seats 0 and 2 each hold a 3♠; the first holder clockwise
    from the dealer's left leads — seat 2, not the lower seat 0, when seat 0 or 1 deals;
    seat 0 when seat 2 (itself a holder, but last in the round from its left) or 3 deals."""
    game = president(hands=["3S 5C", "6C 7C", "3S 8C", "9C TC"], decks=2, first_lead="three_of_spades",
                     first_dealer=dealer)
    assert game.dealer == dealer and game.to_act == (leader,)
    assert moves(game, leader) == ["play 3S", "play " + ("5C" if leader == 0 else "8C")]


# ---------------------------------------------------------------------------- P9


@pytest.mark.parametrize(("knobs", "hands", "order"), [
    # 2s high, wild joker: A♣ 12, joker = a 2 = 13. The joker ties the 2 and keeps turn
    # order from seat 1 (seat 2 before seat 3); counted 14 it would fall behind the 2.
    (dict(jokers=1, wilds=["JK"]), ["AC", "KC", "JK", "2C"], (1, 0, 2, 3)),
    # aces high, wild joker: the top natural rank is the ace (13): the joker ties A♦ and
    # comes first in turn order, and ranks below K♣ (12).
    (dict(jokers=1, wilds=["JK"], rank_order="ace_high"), ["AD", "QC", "JK", "KC"], (1, 3, 2, 0)),
    # wild 2s beside a natural joker: the top place is the joker's (13, above A♦ 12), so
    # the wild 2 ties the joker, not the ace.
    (dict(jokers=1, wilds=["2"]), ["AD", "QC", "2H", "JK"], (1, 0, 2, 3)),
])
def test_P9_P27_card_points_a_wild_card_left_counts_the_top_place(knobs, hands, order):
    """P9 ``round_end = "card_points"`` with P27 wilds: a wild card has no place of its own;
    left in a hand it counts the top place of the rank order (README: "a 2's where 2s are
    high, a natural joker's where one ranks above them"). Seat 1 goes out at once and the
    rest rank by points."""
    game = president(hands=hands, round_end="card_points", **knobs)
    wild = next(card for card in parse_cards(" ".join(hands)) if card in game.ranks.wild)
    assert game.ranks.value.get(wild) is None and game.ranks.max_value == 13
    events = game.apply(1, play(hands[1]))
    assert kinds(events) == ["cards_played", "player_out", "titles_awarded", "round_ended"]
    assert game.finish_order == order and events[2].finish_order == order
    titles = ("president", "vice_president", "vice_scum", "scum")
    assert game.titles == tuple(titles[order.index(seat)] for seat in range(4))
    assert game.scores == tuple({0: 2, 1: 1}.get(order.index(seat), 0) for seat in range(4))


def test_P9_P27_card_points_a_wild_joker_with_low_cards_adds_its_top_place():
    """P9 with a wild joker: J + 3♥ counts 13 + 1 = 14, more than 3♣ 3♦ (2) or 4♣ (2);
    the two 2-point hands keep turn order from seat 1 (seat 3 before seat 0)."""
    game = president(hands=["3C 3D", "KC", "JK 3H", "4C"], round_end="card_points", jokers=1, wilds=["JK"])
    game.apply(1, play("KC"))
    assert game.finish_order == (1, 3, 0, 2)
    assert game.titles == ("vice_scum", "president", "scum", "vice_president")
    assert game.scores == (0, 2, 0, 1)


# ---------------------------------------------------------------------------- P21


def test_P21_a_joker_is_not_led_while_the_hand_holds_low_cards():
    """P21 in the plain game (2s high, one joker, not wild, no red 3s): a joker that is
    not wild ranks above the 2s and is a top card too, so it waits like a 2 (the rule
    names only 2s and bombs; the engine bars every card from the top rank up)."""
    game = president(3, ["7C 8C 9C", "JK 5C 6D", "TC JC QC"], jokers=1)
    assert game.rules.no_lead_with_top and game.to_act == (1,)
    assert game.legal_moves(1) == [play("5C"), play("6D")]
    before = [list(hand) for hand in game.hands]
    with pytest.raises(IllegalMove, match=r"^you may not lead jokers while you hold other cards \(P21\)$"):
        game.apply(1, play("JK"))
    assert game.hands == before and game.to_act == (1,)
    game = president(3, ["7C 8C 9C", "JK 2C 5C", "TC JC QC"], jokers=1)
    assert game.legal_moves(1) == [play("5C")]
    with pytest.raises(IllegalMove, match=r"^you may not lead 2s while you hold other cards \(P21\)$"):
        game.apply(1, play("2C"))


def test_P21_a_hand_of_only_jokers_and_twos_may_lead_them():
    """P21 "unless their hand holds nothing else": a joker and 2s are all top cards, so
    each may be led; a lone joker too."""
    game = president(3, ["7C 8C 9C", "JK 2C 2D", "TC JC QC"], jokers=1)
    assert moves(game, 1) == ["play 2C", "play 2D", "play 2C 2D", "play JK"]
    events = game.apply(1, play("JK"))
    assert kinds(events) == ["cards_played", "trick_cleared"] and events[1].reason == "top"
    assert game.to_act == (1,) and moves(game, 1) == ["play 2C", "play 2D", "play 2C 2D"]
    game = president(3, ["7C 8C 9C", "JK", "TC JC QC"], jokers=1)
    assert moves(game, 1) == ["play JK"]
    assert kinds(game.apply(1, play("JK"))) == ["cards_played", "player_out", "trick_cleared"]


# ---------------------------------------------------------------------------- P5


@pytest.mark.parametrize("locks", [False, True])
def test_P5_skip_the_skipped_seat_plays_when_its_turn_comes_round_again(locks):
    """P5 ``equal_rank = "skip"``: seat 2's equal 5 skips seat 3 for that play only. Seat 0
    plays on, seats 1 and 2 pass, and seat 3, whose turn has come round again in the same
    trick, may play. Under P6 ``pass_locks_out`` the skip is no pass: seat 3 gets no
    ``passed`` event and is never locked out; the engine counts it among ``passed`` (the
    table shows it "skipped") only until the next play."""
    game = president(hands=["7C 3C", "5C 4C", "5D 9D", "8C 6C"], equal_rank="skip", pass_locks_out=locks)
    game.apply(1, play("5C"))
    events = game.apply(2, play("5D"))
    assert [(e.kind, e.seat) for e in events] == [("cards_played", 2), ("turn_skipped", 3)]
    assert game.to_act == (0,) and moves(game, 3) == []
    assert (game.view(0).passed, game.view(0).locked) == ((3,), ())
    game.apply(0, play("7C"))
    assert (game.view(0).passed, game.view(0).locked) == ((), ())
    for seat in (1, 2):
        events = game.apply(seat, PASS)
        assert [(e.kind, e.seat, e.locked) for e in events] == [("passed", seat, locks)]
    assert game.to_act == (3,)
    assert moves(game, 3) == ["play 8C", "pass"]
    assert game.view(3).passed == (1, 2) and game.view(3).locked == ((1, 2) if locks else ())
    assert not any(e.kind == "passed" and e.seat == 3 for e in game.events)
    events = game.apply(3, play("8C"))
    assert kinds(events) == ["cards_played"] and game.to_act == (0,)


# ---------------------------------------------------------------------------- P20


def test_P20_single_beats_any_a_single_two_does_not_go_on_a_pair_of_twos():
    """P20 ``twos = "single_beats_any"``: one 2 beats any combination but a pair of 2s.
    A joker keeps the pair of 2s from clearing at once (P7), so seat 2 is asked: its
    single 2 is no legal play, and apply refuses it (nor may its joker go on the pair)."""
    game = president(hands=["3C", "2C 2D 4C", "2H JK 5C", "AC AD 6C"], jokers=1, twos="single_beats_any",
                     no_lead_with_top=False)
    assert kinds(game.apply(1, play("2C 2D"))) == ["cards_played"]
    assert game.to_act == (2,) and game.view(2).to_beat == "a pair of 2s"
    assert game.legal_moves(2) == [PASS]
    before = [list(hand) for hand in game.hands]
    with pytest.raises(IllegalMove, match=r"^play 2 cards to follow a pair of 2s$"):
        game.apply(2, play("2H"))
    assert game.hands == before and game.to_act == (2,)


def test_P20_single_beats_any_a_single_two_beats_a_pair_of_aces_and_three_kings():
    """P20 ``single_beats_any``: a single 2 goes on a pair of aces (with a joker in the
    deck it does not clear at once, and the single joker itself may not go on the pair)
    and on three kings (no jokers: a 2 is the top card and clears)."""
    game = president(hands=["3C", "AC AD 4C", "2H JK 5C", "KC KD KH 6C"], jokers=1, twos="single_beats_any")
    game.apply(1, play("AC AD"))
    assert game.legal_moves(2) == [play("2H"), PASS]
    assert kinds(game.apply(2, play("2H"))) == ["cards_played"]
    assert game.to_act == (3,) and game.view(3).to_beat == "a single 2" and game.legal_moves(3) == [PASS]
    game = president(hands=["3C", "KC KD KH 4C", "2H 5C", "AC 6C"], twos="single_beats_any")
    game.apply(1, play("KC KD KH"))
    assert game.legal_moves(2) == [play("2H"), PASS]
    events = game.apply(2, play("2H"))
    assert kinds(events) == ["cards_played", "trick_cleared"]
    assert (events[1].reason, events[1].leader) == ("top", 2) and game.to_act == (2,)


# ---------------------------------------------------------------------------- P18


def test_P18_a_seat_whose_offer_was_declined_gets_no_second_offer():
    """P18 (our reading: each player in turn, from the President, offers at most once).
    The President's offer to Scum is declined; the turn goes to the Vice-President and
    round the table, and the market closes after Scum without asking the President
    again. An offer made TO the President is still answered: that is no offer of its own."""
    game = president(hands=["3C", "KC", "AC", "4C 5C"], exchange="none", black_market=True)
    finish_round(game)
    assert game.titles == ("scum", "president", "vice_president", "vice_scum")
    game.next_round(hands=[h.split() for h in ["3D 4D 2S AS", "5H 6H 7H 8H", "9C 9D TS JS", "QC KC 5S 6S"]])
    assert game.phase == "market_open" and game.to_act == (1,)
    game.apply(1, Move("open_market"))
    assert game.phase == "market" and game.to_act == (1,)
    events = game.apply(1, Move("offer", parse_cards("5H"), target=(0,)))
    assert [(e.kind, e.seat, e.to) for e in events] == [("swap_offered", 1, 0)]
    assert game.to_act == (0,) and moves(game, 0) == ["accept 3D", "accept 4D", "accept AS", "accept 2S", "decline"]
    events = game.apply(0, DECLINE)
    assert [(e.kind, e.seat, e.what) for e in events] == [("declined", 0, "swap")]
    assert game.phase == "market" and game.to_act == (2,)
    assert [moves(game, seat) for seat in (0, 1, 3)] == [[], [], []]
    with pytest.raises(IllegalMove, match="^it is not your turn$"):
        game.apply(1, Move("offer", parse_cards("5H"), target=(2,)))
    events = game.apply(2, Move("offer", parse_cards("9C"), target=(1,)))
    assert [(e.kind, e.seat, e.to) for e in events] == [("swap_offered", 2, 1)]
    assert game.to_act == (1,) and moves(game, 1) == ["accept 5H", "accept 6H", "accept 7H", "accept 8H", "decline"]
    events = game.apply(1, DECLINE)
    assert [(e.kind, e.seat, e.what) for e in events] == [("declined", 1, "swap")]
    assert game.to_act == (3,) and moves(game, 3)[-1] == "pass"
    assert [(e.kind, e.seat, e.what) for e in game.apply(3, PASS)] == [("declined", 3, "offers")]
    assert game.to_act == (0,) and len(game.legal_moves(0)) == 4 * 3 + 1  # (its own offer, though it declined one)
    assert [(e.kind, e.seat, e.what) for e in game.apply(0, PASS)] == [("declined", 0, "offers")]
    assert game.phase == "play" and game.to_act == (1,)
    assert moves(game, 1) == ["play 5H", "play 6H", "play 7H", "play 8H"]
    assert [sorted(hand) for hand in game.hands] == [sorted(parse_cards(h)) for h in (
        "3D 4D 2S AS", "5H 6H 7H 8H", "9C 9D TS JS", "QC KC 5S 6S")]
