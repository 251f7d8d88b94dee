"""Who pays whom at the end of a Tonk hand (T5, T7–T11). Pure functions over counts.

A payment list holds ``(payer, payee, chips)`` triples; :func:`net` sums them per seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Payment = tuple[int, int, int]


def net(payments: Sequence[Payment], players: int) -> list[int]:
    """Chips won (+) or lost (−) by each seat."""
    total = [0] * players
    for payer, payee, chips in payments:
        total[payer] -= chips
        total[payee] += chips
    return total


def everyone_pays(winner: int, players: int, chips: int) -> list[Payment]:
    """Every other player pays ``winner`` the same amount (T5 single, T8 double, T9, T10)."""
    return [(seat, winner, chips) for seat in range(players) if seat != winner]


def lowest(counts: Sequence[int]) -> list[int]:
    """Seats holding the lowest count."""
    low = min(counts)
    return [seat for seat, value in enumerate(counts) if value == low]


def ties_lowest(counts: Sequence[int], dropper: int) -> bool:
    """T7: whether the dropper's count equals the lowest of the other players'."""
    return counts[dropper] == min(count for seat, count in enumerate(counts) if seat != dropper)


def drop_payments(counts: Sequence[int], dropper: int, stake: int,
                  caught: str) -> tuple[list[Payment], list[int]]:
    """T7 (and T11 under ``caught = "texas"``): payments after ``dropper`` dropped, and the winners.

    - The dropper strictly lowest: everyone pays the dropper one stake.
    - "seed": a dropper tied for lowest pays each tied player 2 stakes and every other
      player pays each of them one; a dropper above the lowest pays one stake to every
      player below it, and every non-winner (dropper included) pays each lowest player one.
    - "pagat": a caught dropper pays 2 stakes to every player at or below its count;
      every other non-winner pays each lowest player one.
    - "texas": a caught dropper pays each lowest player 2 stakes (beaten by a lower
      hand: double); every other non-winner pays each lowest player one (single).
    """
    players = len(counts)
    winners = lowest(counts)
    mine = counts[dropper]
    if winners == [dropper]:
        return everyone_pays(dropper, players, stake), winners
    winners = [seat for seat in winners if seat != dropper]
    others = [seat for seat in range(players) if seat != dropper and seat not in winners]
    payments: list[Payment] = []
    if ties_lowest(counts, dropper) or caught == "texas":
        payments += [(dropper, seat, 2 * stake) for seat in winners]
    elif caught == "pagat":
        payments += [(dropper, seat, 2 * stake) for seat in range(players)
                     if seat != dropper and counts[seat] <= mine]
    else:  # "seed", the dropper above the lowest
        payments += [(dropper, seat, stake) for seat in range(players)
                     if seat != dropper and counts[seat] < mine]
        payments += [(dropper, seat, stake) for seat in winners]
    payments += [(payer, seat, stake) for payer in others for seat in winners]
    return payments, winners


_PAID = {
    "tonk": "a Tonk, out without a discard: double stakes (T8)",
    "drop": "the dropper is lowest: one stake from each player (T7)",
    "stock": "lowest when the stock ran out: one stake from each player (T9)",
    "dealt_50": "a dealt 50: double stakes (T10)",
    "dealt_49": "a declared 49: one stake from each player (T10)",
    "low_deal": "a low dealt hand: double stakes, triple for 9 or less (T10)",
}
_CAUGHT = {
    "seed": "the dropper is caught: they pay each lower hand one stake, the lowest one more; "
            "the others pay the lowest one stake (T7)",
    "pagat": "the dropper is caught: they pay double to each hand as low or lower; the others pay the "
             "lowest one stake (T7)",
    "texas": "the dropper is caught: they pay the lowest hand double; the others pay that hand one stake (T11)",
}
_TIED = "the dropper tied the lowest hand: they pay that hand double; the others pay it one stake (T7)"


def stakes_reason(how: str, rules: Any, tied: bool = False) -> str:
    """Why a hand won ``how`` (``HandWon.how``) is paid what it is under ``rules``, in
    words, with the rule: "a Tonk, out without a discard: double stakes (T8)". A caught
    dropper ``tied`` the lowest hand, or was above it (:func:`drop_payments`)."""
    if how == "caught":
        return _TIED if tied and rules.caught != "texas" else _CAUGHT[rules.caught]
    if how == "out":
        return "out: one stake from each player " + (
            "(a Tonk needs all six cards spread, T8)" if rules.tonk_needs_six else "(T5)")
    return _PAID[how]
