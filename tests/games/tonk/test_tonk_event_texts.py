"""Tonk event texts (the table log, replays): a hand's payments one per payer and
payee with the total (a caught dropper's two payments to one seat read as a double
charge), and the spades pot in chips. The events' own data stays as it is."""

from __future__ import annotations

import pytest

from cardtable import Card, Move
from tonk_helpers import DROP, last, stacked, variant

NAMES = ("Cy", "Ann", "Dag", "Bob")


def test_a_caught_dropper_pays_each_seat_once_in_words() -> None:
    # counts: dropper Ann (seat 1) 20, Dag 5, Bob 12, Cy 30 (caught = "seed")
    game = stacked(["10S JC QD", "10C 10D", "2C 3D", "10H 2H"], stock="4S 5S", drop_when="any_time")
    game.apply(1, DROP)
    won = last(game, "hand_won")
    assert won.payments == ((1, 2, 1), (1, 3, 1), (1, 2, 1), (0, 2, 1), (3, 2, 1))  # unchanged data
    text = won.describe(lambda seat: NAMES[seat])
    assert text == ("Dag catches the dropper — Ann pays Dag 2 chips, Ann pays Bob 1 chip, "
                    "Cy pays Dag 1 chip, Bob pays Dag 1 chip"), text


def side_pot(*answers: str):
    """The side pot's event once seats 1 (Q♠), 2 (no spade) and 0 (K♠), in deal order,
    answered the spades side bet with ``answers``."""
    game = stacked(["KS 2D", "QS 3D", "AH 4D"], preset="tonk-spades", drop_when="any_time")
    for seat, answer in zip((1, 2, 0), answers):
        game.apply(seat, Move(answer))
    return last(game, "side_pot_won")


def test_the_spades_pot_is_counted_in_chips() -> None:
    won = side_pot("bet", "decline", "bet")
    assert won.pot == 2
    assert won.describe(lambda seat: NAMES[seat]) == "Cy wins the spades pot of 2 chips (paid with the hand)"
    one = type(won)(seat=0, pot=1, payments=((1, 0, 1),))
    assert one.describe(lambda seat: NAMES[seat]) == "Cy wins the spades pot of 1 chip (paid with the hand)"


def test_a_lone_spades_bettor_is_told_the_stake_comes_back() -> None:
    """T12 with one bettor: nobody else staked, so nothing is won ("wins the pot" misled)."""
    won = side_pot("bet", "decline", "decline")
    assert (won.seat, won.pot, won.payments) == (1, 1, ())
    assert won.describe(lambda seat: NAMES[seat]) == f"{NAMES[1]} alone bet on spades — the stake is returned"


def test_two_winners_take_the_plural() -> None:
    """T7: two players as low as the dropper both catch it: "Ann and Bob catch the dropper"."""
    from cardtable.games.tonk.events import HandWon

    won = HandWon(None, winners=(0, 2), how="caught", payments=((1, 0, 2), (1, 2, 2)))
    assert won.describe(lambda seat: ("Ann", "Dag", "Bob")[seat]) == (
        "Ann and Bob catch the dropper — Dag pays Ann 2 chips, Dag pays Bob 2 chips")
    alone = HandWon(None, winners=(0,), how="out")
    assert alone.describe(lambda seat: "Ann") == "Ann goes out"


def test_a_spread_with_a_joker_says_where_it_stands() -> None:
    """T3: the log writes a spread as the spreads panel does: "2♥ 3♥ JK=4♥" (a run),
    "7♣ 7♦ JK=7" (a set)."""
    from cardtable.games.tonk.events import SpreadHit, SpreadLaid

    run = SpreadLaid(0, cards=(Card.parse("2H"), Card.parse("3H"), Card.parse("JK")))
    assert run.describe(lambda seat: NAMES[seat]) == f"{NAMES[0]} spreads 2♥ 3♥ JK=4♥"
    hit = SpreadHit(1, card=Card.parse("7H"), owner=1,
                    spread=(Card.parse("7C"), Card.parse("7D"), Card.parse("7H"), Card.parse("JK")))
    assert hit.describe(lambda seat: NAMES[seat]) == f"{NAMES[1]} hits 7♥ on their own spread, making 7♣ 7♦ 7♥ JK=7"


@pytest.mark.parametrize("caught", ["seed", "pagat", "texas"])
@pytest.mark.parametrize("counts, dropper", [((20, 5, 12, 30), 0), ((5, 5, 12, 30), 0), ((3, 5, 12, 30), 0)])
def test_the_stakes_reason_agrees_with_what_a_drop_pays(caught, counts, dropper):
    """T7/T11: the show-down's reason for a drop names what the payments do: a caught
    dropper who pays 2 stakes to someone reads "double" (or "one more to the lowest",
    the lowest being also a lower hand), one who pays a single stake "each lower hand one
    stake", a tie says so, and the others' single stakes to the lowest are named."""
    from cardtable.games.tonk.payments import drop_payments, stakes_reason

    rules = variant("tonk-classic", caught=caught).rules
    payments, winners = drop_payments(counts, dropper, 1, caught)
    how = "drop" if winners == [dropper] else "caught"
    tied = counts[dropper] == min(c for seat, c in enumerate(counts) if seat != dropper)
    reason = stakes_reason(how, rules, tied)
    by_dropper = {chips for payer, _payee, chips in payments if payer == dropper}
    others = {chips for payer, _payee, chips in payments if payer != dropper}
    if how == "drop":
        assert reason == "the dropper is lowest: one stake from each player (T7)" and others == {1}
        return
    assert (2 in by_dropper) <= ("double" in reason or "one more to the lowest" in reason)
    assert (1 in by_dropper) <= ("each lower hand one stake" in reason)
    assert ("tied" in reason) == (tied and caught != "texas")
    assert others <= {1} and ("the others pay" in reason) == bool(others)
    assert reason.endswith("(T11)" if caught == "texas" else "(T7)")
    assert reason.split(": ", 1)[1].startswith("they pay ")  # (the dropper is a player: "they", not "it")


@pytest.mark.parametrize("needs_six, said", [(False, "out: one stake from each player (T5)"),
                                             (True, "out: one stake from each player "
                                                    "(a Tonk needs all six cards spread, T8)")])
def test_going_out_says_one_stake_and_why_it_is_no_tonk(needs_six, said):
    from cardtable.games.tonk.payments import stakes_reason

    assert stakes_reason("out", variant("tonk-classic", tonk_needs_six=needs_six).rules) == said
    assert stakes_reason("tonk", variant("tonk-classic").rules) == "a Tonk, out without a discard: double stakes (T8)"


def test_T7_the_show_down_line_lists_each_hand_in_suit_order() -> None:
    """T7: the show-down's log line lists every hand as the show-down box first shows it,
    by suit with the ace low (it listed the cards as dealt: "K♠ 2♦ A♠")."""
    game = stacked(["10S JC", "KS 2D AS", "QH 4H"], drop_when="any_time")
    game.apply(1, DROP)
    shown = last(game, "hands_shown")
    assert shown.hands[1] == (Card.parse("KS"), Card.parse("2D"), Card.parse("AS"))  # the data as held
    assert shown.describe(lambda seat: NAMES[seat]) == "Cy shows J♣ 10♠ (20); Ann shows 2♦ A♠ K♠ (13); Dag shows 4♥ Q♥ (14)"
