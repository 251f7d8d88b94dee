"""Rule clauses an audit found untested or weakly tested: P7, P9, P13–P15, P17, P21,
P22 / P24 (X3) and P28, each with the settled reading of RULES.md or the README."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable import Card, IllegalMove, Move, load_variant, new_game, parse_cards
from cardtable.engine.moves import DECLINE, PASS
from cardtable.games.president import PresidentGame

from .helpers import finish_round, kinds, play, president


def preset(name: str, hands: list[str]) -> PresidentGame:
    """A game of the shipped preset ``name`` with a stacked deal (seat 0 first, dealer 0)."""
    stacked = [h.split() for h in hands]
    return new_game(load_variant(name), len(hands), seed=1, hands=stacked, dealer=0)  # type: ignore[return-value]


def exchanged(events: list[Any]) -> list[tuple[Any, ...]]:
    """The cards_exchanged events as (giver, receiver, cards, forced)."""
    return [(e.seat, e.to, e.cards, e.forced) for e in events if e.kind == "cards_exchanged"]


def cards(text: str) -> list[Card]:
    return list(parse_cards(text))


# ---------------------------------------------------------------------------- P28


def test_P28_black_threes_are_the_lowest_cards():
    """P28 (red-threes preset): black 3s are the lowest cards — a 4 may follow a led 3♠,
    and a 3♣ may not follow a 4♠."""
    game = preset("red-threes", ["4S 6C", "3C 5D", "3S 9D", "4D 8C"])
    assert game.to_act == (2,)  # (the 3♠ holder leads the first round)
    game.apply(2, play("3S"))
    assert game.legal_moves(3) == [play("4D"), play("8C"), PASS]
    game.apply(3, PASS)
    game.apply(0, play("4S"))
    assert game.legal_moves(1) == [play("5D"), PASS]
    with pytest.raises(IllegalMove, match="^a single black 3 does not beat a single 4$"):
        game.apply(1, play("3C"))


def test_P28_a_double_is_cleared_by_red_threes_not_by_double_twos():
    """P28: doubles need not be cleared by double 2s. Under the red-threes preset 2s are
    wild, not a rank (preset reading): a pair of 2s is no play at all, a wild 2 may not
    stand as a red 3, and a pair of red 3s tops a pair of aces and clears at once."""
    game = preset("red-threes", ["4C", "AC AD 5D", "3S 9C 9D", "2C 2D 3H 3D 8C"])
    game.apply(2, play("9C 9D"))
    game.apply(3, PASS)
    game.apply(0, PASS)
    game.apply(1, play("AC AD"))
    assert game.legal_moves(2) == [PASS]
    game.apply(2, PASS)
    assert game.legal_moves(3) == [play("3D 3H"), PASS]
    with pytest.raises(IllegalMove, match=r"a combination may not be all wild cards \(P27\)"):
        game.apply(3, play("2C 2D"))
    with pytest.raises(IllegalMove, match=r"a wild card cannot stand as a red 3 \(P28\)"):
        game.apply(3, play("3H 2D"))
    events = game.apply(3, play("3H 3D"))
    assert kinds(events) == ["cards_played", "trick_cleared"]
    assert (events[1].seat, events[1].leader, events[1].reason) == (3, 3, "top")
    assert game.to_act == (3,) and game.view(3).pile == ()


# ---------------------------------------------------------------------------- P7


def test_P7_play_on_own_the_turn_moves_on_after_an_own_play():
    """P7 settled reading (``play_on_own``): after a player plays higher on their own
    cards, the turn moves on as after any play — the others may beat it — and only when
    it comes back again may that player go higher once more or pass to lead anew."""
    game = president(hands=["3C 4C", "8C QC KD 5D", "7C 6C", "9C TC"], play_on_own=True)
    game.apply(1, play("8C"))
    for seat in (2, 3, 0):
        game.apply(seat, PASS)
    assert game.to_act == (1,)
    events = game.apply(1, play("QC"))
    assert kinds(events) == ["cards_played"]
    assert game.to_act == (2,)
    assert game.view(2).pile == ((1, parse_cards("8C")), (1, parse_cards("QC")))
    assert game.view(2).to_beat == "a single queen"
    assert game.legal_moves(1) == []
    for seat, after in ((2, 3), (3, 0), (0, 1)):
        assert kinds(game.apply(seat, PASS)) == ["passed"]
        assert game.to_act == (after,)
    assert game.legal_moves(1) == [play("KD"), PASS]
    events = game.apply(1, PASS)
    assert kinds(events) == ["trick_cleared"]
    assert (events[0].leader, events[0].reason, events[0].cards) == (1, "own_pass", parse_cards("8C QC"))
    assert game.to_act == (1,) and game.view(1).pile == ()


def test_P7_play_on_own_a_later_seat_may_beat_the_own_play():
    """P7 settled reading: the own play is a play like any other, so the next seats may
    beat it; the trick then goes on from the new play."""
    game = president(hands=["3C 4C", "8C QC 5D", "7C 6C", "9C KC"], play_on_own=True)
    game.apply(1, play("8C"))
    for seat in (2, 3, 0):
        game.apply(seat, PASS)
    game.apply(1, play("QC"))
    game.apply(2, PASS)
    assert game.legal_moves(3) == [play("KC"), PASS]
    assert kinds(game.apply(3, play("KC"))) == ["cards_played"]
    assert game.to_act == (0,)


# ---------------------------------------------------------------------------- P9


@pytest.mark.parametrize(("round_end", "hands", "order"), [
    # seat 1 leads 4♣ (2 cards left), seat 2 goes out; 3 and 1 tie on 2 cards, seat 0 holds 3
    ("card_count", ["9C TC JC", "4C 5C 6C", "KC", "7C 8C"], (2, 3, 1, 0)),
    # seat 1 leads 3♣ (9♣ left: 7 points); seat 3's 4♦ 7♦ is 2 + 5 = 7 too; seat 0 has 1+1+3 = 5
    ("card_points", ["3D 3H 5D", "3C 9C", "KC", "4D 7D"], (2, 0, 3, 1)),
])
def test_P9_ties_keep_turn_order_from_the_player_who_went_out(round_end, hands, order):
    """P9 settled reading: when the first player goes out the round ends; the rest rank
    by fewest cards (``card_count``) or fewest points (``card_points``), and a tie keeps
    turn order from the player who went out (seat 3 before seat 1 after seat 2 went
    out, not seat order)."""
    game = president(hands=hands, round_end=round_end)
    game.apply(1, play(hands[1].split()[0]))
    events = game.apply(2, play("KC"))
    assert kinds(events) == ["cards_played", "player_out", "titles_awarded", "round_ended"]
    assert game.round_over and game.finish_order == order
    assert events[2].finish_order == order


# ---------------------------------------------------------------------------- P13


def test_P13_three_titles_give_exactly_their_best_three_two_one():
    """P13 (``top_positions = 3``): Scum gives its 3 best cards to the President,
    Vice-Scum its 2 best to the Vice-President, the Clerk its best to the Secretary;
    each receiver then returns as many cards of its own choice, the top first."""
    game = president(players=6, hands=["3C", "KC", "AC", "QC", "JC", "4C 5C"], top_positions=3)
    finish_round(game)
    assert game.titles == ("scum", "president", "vice_president", "secretary", "clerk", "vice_scum")
    round_two = ["4D KD 9H 2S AS 6C", "5H 6H 7H 8H", "9C 9D TS", "3S 4S", "8S JD 3H", "5S QH QS 7C"]
    events = game.next_round(hands=[h.split() for h in round_two])
    assert exchanged(events) == [
        (0, 1, parse_cards("KD AS 2S"), True), (5, 2, parse_cards("QH QS"), True), (4, 3, parse_cards("JD"), True)]
    assert game.phase == "exchange" and game.to_act == (1,)
    events = game.apply(1, Move("give", parse_cards("5H 6H AS")))  # (a received card may go back)
    assert exchanged(events) == [(1, 0, parse_cards("5H 6H AS"), False)]
    assert game.to_act == (2,) and len(game.legal_moves(2)[0].cards) == 2
    assert exchanged(game.apply(2, Move("give", parse_cards("9C 9D")))) == [(2, 5, parse_cards("9C 9D"), False)]
    assert game.to_act == (3,) and len(game.legal_moves(3)[0].cards) == 1
    assert exchanged(game.apply(3, Move("give", parse_cards("3S")))) == [(3, 4, parse_cards("3S"), False)]
    assert game.phase == "play" and game.to_act == (1,)
    assert [sorted(game.hands[seat]) for seat in range(6)] == [sorted(cards(h)) for h in (
        "4D 6C 9H 5H 6H AS", "7H 8H KD 2S", "TS QH QS", "4S JD", "8S 3H 3S", "5S 7C 9C 9D")]


# ---------------------------------------------------------------------------- P14 / P15


def test_P14_forseti_with_three_players_swaps_scums_best_for_the_presidents_worst():
    """P14 (the forseti preset) with fewer than 4 players: Scum gives its single best
    card to the President and receives the President's worst; the Neutral keeps its
    cards and nobody chooses anything."""
    game = preset("forseti", ["3C", "KC", "4C 5C"])
    finish_round(game)
    assert game.titles == ("scum", "president", "neutral")
    events = game.next_round(hands=[["6D", "2D", "AD"], ["8D", "9D", "2H"], ["TD", "7D", "5H"]])
    assert exchanged(events) == [(0, 1, parse_cards("2D"), True), (1, 0, parse_cards("8D"), True)]
    assert game.phase == "play" and game.to_act == (1,)
    assert game.hands == [cards("6D 8D AD"), cards("9D 2D 2H"), cards("5H 7D TD")]


def test_P15_president_first_with_three_players_swaps_one_card_each_way():
    """P15 with fewer than 4 players (settled reading: every exchange collapses to
    Scum <-> President, one card each): the President gives one card of its choice from
    its hand as dealt, and Scum answers with its single best."""
    game = president(players=3, hands=["3C", "KC", "4C 5C"], exchange="president_first")
    finish_round(game)
    assert game.titles == ("scum", "president", "neutral")
    events = game.next_round(hands=[["6D", "2D", "AD"], ["8D", "9D", "2H"], ["TD", "7D", "5H"]])
    assert exchanged(events) == []
    assert game.phase == "exchange" and game.to_act == (1,)
    assert game.legal_moves(1) == [Move("give", (card,)) for card in parse_cards("8D 9D 2H")]
    events = game.apply(1, Move("give", parse_cards("9D")))
    assert exchanged(events) == [(1, 0, parse_cards("9D"), False), (0, 1, parse_cards("2D"), True)]
    assert game.phase == "play" and game.to_act == (1,)
    assert game.hands == [cards("6D 9D AD"), cards("8D 2D 2H"), cards("5H 7D TD")]


def test_P14_forseti_neutrals_keep_their_cards():
    """P14 (the forseti preset, 5 players): Scum's 2 best go to the President for its 2
    worst, Vice-Scum's best to the Vice-President for its worst; the Neutral gives and
    gets nothing, even holding a 2 and an ace."""
    game = preset("forseti", ["3C", "KC", "AC", "QC", "4C 5C"])
    finish_round(game)
    assert game.titles == ("scum", "president", "vice_president", "neutral", "vice_scum")
    round_two = ["3D 4D 2S AS", "5H 6H 7H 8H", "9C 9D TS JS", "2H 3H 4H AH", "QC KC 5S 6S"]
    events = game.next_round(hands=[h.split() for h in round_two])
    assert exchanged(events) == [
        (0, 1, parse_cards("AS 2S"), True), (1, 0, parse_cards("5H 6H"), True),
        (4, 2, parse_cards("KC"), True), (2, 4, parse_cards("9C"), True)]
    assert game.phase == "play" and game.to_act == (1,)
    assert game.hands[3] == cards("3H 4H AH 2H")
    assert game.view(3).given == () and game.view(3).received == ()
    assert game.hands[0] == cards("3D 4D 5H 6H") and game.hands[4] == cards("5S 6S 9C QC")


# ---------------------------------------------------------------------------- P17


ROUND_ONE = ["3C", "KC", "AC", "4C 5C"]
"""Seat 1 finishes first, then 2, 3, 0: Scum is seat 0."""
NO_FACE_FOR_SCUM = ["3D 4D 2S AS", "5H 6H 7H 8H", "9C 9D TS JS", "QC KC 5S 6S"]


def redealt_round_two(seed: int) -> tuple[PresidentGame, list[Any]]:
    game = president(hands=ROUND_ONE, scum_redeal=True, exchange="none", seed=seed)
    finish_round(game)
    return game, game.next_round(hands=[h.split() for h in NO_FACE_FOR_SCUM])


def test_P17_the_redeal_is_seeded_and_repeats_until_scum_holds_a_face_card():
    """P17 settled reading: the redeal shuffles the whole deck with the game's seeded
    random source — the same seed gives the same redeal, another seed another — and it
    repeats until Scum holds a J, Q or K (with seed 70 the first redeal leaves Scum
    without one too, so the deck is dealt twice)."""
    game, events = redealt_round_two(70)
    again, events_again = redealt_round_two(70)
    assert kinds(events) == ["round_started", "redealt", "redealt"] + ["cards_dealt"] * 4
    assert all(e.seat == 0 for e in events if e.kind == "redealt")
    assert events == events_again and game.hands == again.hands
    assert any(card.rank in (11, 12, 13) for card in game.hands[0])
    assert [len(hand) for hand in game.hands] == [13] * 4
    other, _ = redealt_round_two(283)
    assert other.hands != game.hands


# ---------------------------------------------------------------------------- P21


def test_P21_ace_high_no_lead_with_an_ace_while_holding_other_cards():
    """P21 under ``rank_order = "ace_high"`` (the west-coast preset), README reading: the
    top card is the ace there, so an ace may not be led while the hand holds anything
    else; a 2 is the lowest card and leads freely; a hand of only aces leads them."""
    game = preset("west-coast", ["3C", "2C AS 5D", "4C", "6C"])
    assert game.to_act == (1,)
    assert game.legal_moves(1) == [play("2C"), play("5D")]
    with pytest.raises(IllegalMove, match=r"^you may not lead aces while you hold other cards \(P21\)$"):
        game.apply(1, play("AS"))
    game = preset("west-coast", ["3C", "AC AS", "4C", "6C"])
    assert game.legal_moves(1) == [play("AC"), play("AS"), play("AC AS")]


# ---------------------------------------------------------------------------- P22 / P24 / X3


def test_P22_X3_several_seats_with_a_two_are_asked_one_at_a_time_clockwise():
    """P22 / X3 (README reading): after a play, the seats that could play a 2 out of turn
    are asked one at a time clockwise from the player's left; a seat without a 2 is not
    asked, and the seat whose turn it is plays its 2 normally. After each decline the
    next seat is asked; a later seat may still take the chance."""
    hands = ["2C 4C", "5C 6C", "2D 7C", "8C 9C", "2H TC"]
    game = president(players=5, hands=hands, two_any_time=True)
    game.apply(1, play("5C"))
    assert game.to_act == (4,)
    assert [game.legal_moves(seat) for seat in (0, 1, 2, 3)] == [[], [], [], []]
    assert game.legal_moves(4) == [play("2H"), DECLINE]
    assert kinds(game.apply(4, DECLINE)) == ["chance_declined"]
    assert game.to_act == (0,) and game.legal_moves(0) == [play("2C"), DECLINE]
    assert kinds(game.apply(0, DECLINE)) == ["chance_declined"]
    assert game.to_act == (2,) and game.legal_moves(2) == [play("7C"), play("2D"), PASS]

    game = president(players=5, hands=hands, two_any_time=True)
    game.apply(1, play("5C"))
    game.apply(4, DECLINE)
    events = game.apply(0, play("2C"))
    assert kinds(events) == ["cards_played", "trick_cleared"] and events[0].out_of_turn
    assert game.to_act == (0,)


def test_P24_X3_several_seats_completing_four_are_asked_clockwise_from_the_players_left():
    """P24 / X3 with two decks: three seats each hold the two 7s that complete four after
    a pair of 7s; they are asked one at a time from the player's left (the seat whose turn
    it is first), and when all decline the turn is that seat's as usual — where, "whatever
    the turn", it may still throw its two 7s (a play-tester declined the question and
    could not make the throw at the table)."""
    game = president(hands=["7H 7S 3C", "7C 7D 9C", "7H 7S 4C", "7C 7D 5C"], quick_clear=True, decks=2)
    game.apply(1, play("7C 7D"))
    for seat, after in ((2, 3), (3, 0), (0, 2)):
        assert game.to_act == (seat,)
        assert game.legal_moves(seat) == [Move("quick_clear", parse_cards("7H 7S") if seat != 3 else
                                               parse_cards("7C 7D")), DECLINE]
        assert [s for s in range(4) if game.legal_moves(s)] == [seat]
        assert kinds(game.apply(seat, DECLINE)) == ["chance_declined"]
        assert game.to_act == (after,)
    assert game.legal_moves(2) == [Move("quick_clear", parse_cards("7H 7S")), PASS]  # (the window is closed)
    events = game.apply(2, Move("quick_clear", parse_cards("7S 7H")))
    assert kinds(events) == ["cards_played", "trick_cleared"] and not events[0].out_of_turn
    assert events[1].reason == "quick_clear" and game.to_act == (2,) and game.pile == []


def test_P22_P24_X3_mixed_chances_are_asked_in_one_clockwise_round():
    """X3 with both P22 and P24 on: a quick-clear (seat 2, whose turn it is) and a 2 out
    of turn (seat 3) and another quick-clear (seat 0) are asked in one round, clockwise
    from the player's left."""
    hands = ["7C 7D 7H 3C", "7C 9C", "7D 7H 7S 4C", "2D 5C"]
    game = president(hands=hands, quick_clear=True, two_any_time=True, decks=2)
    game.apply(1, play("7C"))
    asked = {2: Move("quick_clear", parse_cards("7D 7H 7S")), 3: play("2D"),
             0: Move("quick_clear", parse_cards("7C 7D 7H"))}
    for seat, after in ((2, 3), (3, 0), (0, 2)):
        assert game.to_act == (seat,)
        assert game.legal_moves(seat) == [asked[seat], DECLINE]
        assert kinds(game.apply(seat, DECLINE)) == ["chance_declined"]
        assert game.to_act == (after,)
    assert game.legal_moves(2) == [asked[2], PASS]   # (P24 "whatever the turn": its own turn too)
