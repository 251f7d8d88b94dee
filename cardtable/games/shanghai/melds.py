"""Sets and runs (S4, S5): validation, wild placement, lay-off places (S6) and joker swaps.
(Every way to lay down a contract, S6, is :mod:`.godown`.)

A run is listed in rank order, lowest first, with each wild where it stands. Ranks in
a run are *values* 1–14: the ace is 1 below a 2 or 14 above a king, never both in one
run (so never around the corner, and at most 13 cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ...engine.cards import ACE, JOKER, JOKER_CARD, SUITS, Card

LOW, HIGH = 0, 1
"""Ends of a run for a lay-off: below its lowest card, above its highest."""


class Meld(NamedTuple):
    """A meld on the table. ``base`` is a set's rank, or a run's lowest value (1–14);
    ``suit`` is a run's suit ("" for a set). A run's card ``i`` stands for value base+i."""

    kind: str
    cards: tuple[Card, ...]
    base: int
    suit: str = ""

    @property
    def top(self) -> int:
        """A run's highest value."""
        return self.base + len(self.cards) - 1

    def stands_for(self, index: int) -> Card:
        """S7: the natural card the card at ``index`` stands for (a set: its rank, suit "")."""
        if self.kind == "set":
            return Card(self.base, "")
        return Card(rank_of(self.base + index), self.suit)

    def wilds_stand_for(self, wild: frozenset[int]) -> tuple[Card | None, ...]:
        """Per card, None for a natural, else the card the wild stands for (:meth:`stands_for`)."""
        return tuple(self.stands_for(i) if card.rank in wild else None for i, card in enumerate(self.cards))

    def __str__(self) -> str:
        return " ".join(str(card) for card in self.cards)


def rank_of(value: int) -> int:
    """A run value (1–14) as a card rank: 1 is the ace."""
    return ACE if value == 1 else value


def count_wilds(cards: Sequence[Card], wild: frozenset[int]) -> int:
    return sum(1 for card in cards if card.rank in wild)


TOO_MANY_WILDS = "a meld may not hold more wilds than natural cards"
"""S5's reason, the one a short group may still mend (with another natural card)."""


def make_set(cards: Sequence[Card], wild: frozenset[int]) -> Meld | str:
    """S4/S5: ``cards`` as a set, or the reason they are not one."""
    naturals = [card for card in cards if card.rank not in wild]
    if not naturals:
        return "a set needs natural cards, not only wilds"
    rank = naturals[0].rank
    if any(card.rank != rank for card in naturals):
        return "a set is cards of one rank"
    if 2 * len(naturals) < len(cards):
        return TOO_MANY_WILDS
    return Meld("set", tuple(cards), rank)


def make_run(cards: Sequence[Card], wild: frozenset[int]) -> Meld | str:
    """S4/S5: ``cards`` (rank order, wilds where they stand) as a run, or the reason not."""
    size = len(cards)
    naturals = [(i, card) for i, card in enumerate(cards) if card.rank not in wild]
    if not naturals:
        return "a run needs natural cards, not only wilds"
    suit = naturals[0][1].suit
    if any(card.suit != suit for _i, card in naturals):
        return "a run is cards of one suit"
    bases: set[int] | None = None
    for i, card in naturals:
        options = {1 - i, 14 - i} if card.rank == ACE else {card.rank - i}
        bases = options if bases is None else bases & options
    bases = {b for b in bases or () if b >= 1 and b + size - 1 <= 14 and not (b == 1 and b + size - 1 == 14)}
    if not bases:
        return "a run is consecutive cards in rank order, ace high or low but not around the corner"
    if 2 * len(naturals) < size:
        return TOO_MANY_WILDS
    return Meld("run", tuple(cards), min(bases), suit)


def make_meld(kind: str, cards: Sequence[Card], wild: frozenset[int]) -> Meld | str:
    return make_set(cards, wild) if kind == "set" else make_run(cards, wild)


def contract_meld_refusal(kind: str, size: int, cards: Sequence[Card], wild: frozenset[int]) -> str | None:
    """S6 (with S4, S5): why ``cards``, in whatever order they are given, cannot go down
    as the contract meld "a ``kind`` of ``size``" — each contract meld is laid at exactly
    its stated size — or None when they can. Cards that could never become that meld are
    told :func:`make_set`'s or :func:`make_run`'s reason first ("a run is consecutive
    cards…" for 3♣ 3♣, not "4 cards, not 2"); a short group that more cards would make
    one (4♣ 5♣ 7♣: add 6♣ or a wild) is told its size. A run's wilds may stand in any gap
    or at either end.

    This checks one meld alone: a whole go-down must still be listed by ``legal_moves``
    (S10's last card, the 50,000 listed ways)."""
    if len(cards) < size:  # (could the missing cards, as wilds or naturals, make it?)
        if all(card.rank in wild for card in cards):  # (wilds alone: any naturals added make it)
            return _wrong_size(kind, size, len(cards))
        grown = kind_refusal(kind, [*cards, *[JOKER_CARD] * (size - len(cards))], wild | {JOKER})
        return grown if grown not in (None, TOO_MANY_WILDS) else _wrong_size(kind, size, len(cards))
    shape = kind_refusal(kind, cards, wild)
    if shape is not None:
        return shape
    return _wrong_size(kind, size, len(cards)) if len(cards) != size else None


def kind_refusal(kind: str, cards: Sequence[Card], wild: frozenset[int]) -> str | None:
    """S4/S5: why ``cards`` (any order) are no ``kind`` ("set" or "run") at their own
    size, or None when they are one."""
    if not cards:
        return f"a {kind} needs cards"
    made = make_set(cards, wild) if kind == "set" else make_run(_in_run_order(cards, wild), wild)
    return made if isinstance(made, str) else None


def _wrong_size(kind: str, size: int, given: int) -> str:
    """S6: a contract meld goes down at exactly its stated size, in words."""
    more = " (more follow as lay-offs)" if given > size else ""
    return f"the contract's {kind} goes down at exactly {size} cards, not {given}{more}"


def _in_run_order(cards: Sequence[Card], wild: frozenset[int]) -> tuple[Card, ...]:
    """``cards`` as a run is listed (S4: rank order, each wild where it stands), the lowest
    such run, suits not looked at; when no such order exists, the naturals by suit and
    rank, then the wilds (for :func:`make_run` to say why)."""
    naturals = sorted((card for card in cards if card.rank not in wild), key=lambda card: (card.suit, card.rank))
    wilds = [card for card in cards if card.rank in wild]
    size = len(cards)
    for base in range(1, 16 - size):  # (values base … base+size-1, at most 14)
        places: list[Card | None] = [None] * size
        for card in naturals:
            index = next((value - base for value in ((1, 14) if card.rank == ACE else (card.rank,))
                          if 0 <= value - base < size and places[value - base] is None), None)
            if index is None:
                break
            places[index] = card
        else:
            spare = iter(wilds)
            return tuple(card if card is not None else next(spare) for card in places)
    return (*naturals, *wilds)


class LayOffPlaces(NamedTuple):
    """Where a card may be laid off on a meld (S6), as :func:`lay_off_places` finds it.

    ``ends`` has one (end, value) per place: a set has one place (end None, value its
    rank); a run has each end it can still grow at (LOW with the value just below its
    lowest card, HIGH with the value just above its highest), and ``suit`` is its suit
    ("" for a set). A natural card fits a place if it is that rank (a set) or the card
    for that value of the suit (a run); a wild fits any place if ``wild_fits``."""

    ends: tuple[tuple[int | None, int], ...]
    suit: str
    wild_fits: bool


def lay_off_places(meld: Meld, wild: frozenset[int]) -> LayOffPlaces:
    """S6/S5: where a card may be laid off on ``meld``. A set takes any card of its rank.
    A run is extended in order at its ends, values 1–14, never around the corner: it
    grows only while it spans fewer than 13 values (an ace stands for 1 or 14, not both).
    A wild may go where a card may if the meld then holds no more wilds than naturals."""
    wilds_after = count_wilds(meld.cards, wild) + 1
    room = 2 * wilds_after <= len(meld.cards) + 1
    if meld.kind == "set":
        return LayOffPlaces(((None, meld.base),), "", room)
    ends: tuple[tuple[int | None, int], ...] = ()
    if len(meld.cards) < 13:
        ends = tuple((end, value) for end, value in ((LOW, meld.base - 1), (HIGH, meld.top + 1))
                     if 1 <= value <= 14)
    return LayOffPlaces(ends, meld.suit, room and bool(ends))


def lay_off(meld: Meld, card: Card, end: int | None, wild: frozenset[int]) -> Meld | None:
    """S6: ``meld`` with ``card`` added (a run at ``end`` LOW or HIGH, a set at None), or
    None if it does not fit there (:func:`lay_off_places`)."""
    places = lay_off_places(meld, wild)
    value = next((value for at, value in places.ends if at == end), None)
    if value is None:
        return None
    if card.rank in wild:
        if not places.wild_fits:
            return None
    elif card.rank != rank_of(value) or (meld.kind == "run" and card.suit != places.suit):
        return None
    if end == LOW:
        return meld._replace(cards=(card,) + meld.cards, base=value)
    return meld._replace(cards=meld.cards + (card,))


def swap_index(meld: Meld, card: Card, wild: frozenset[int]) -> int | None:
    """S7: the index of the joker that natural ``card`` may replace in ``meld``, or None.

    Only a joker is taken back (S7 speaks of a melded joker; a 2 played as a wild
    stays where it is). In a set any natural of the set's rank replaces a joker; in a
    run only the card the joker's place requires."""
    if card.rank in wild:
        return None
    if meld.kind == "set":
        if card.rank != meld.base:
            return None
        return next((i for i, c in enumerate(meld.cards) if c.rank == JOKER), None)
    if card.suit != meld.suit:
        return None
    for value in ((1, 14) if card.rank == ACE else (card.rank,)):
        index = value - meld.base
        if 0 <= index < len(meld.cards) and meld.cards[index].rank == JOKER:
            return index
    return None


RUN_CARD = {(value, suit): Card(rank_of(value), suit) for suit in SUITS for value in range(1, 15)}
"""The natural card standing for run value 1–14 of a suit (1 and 14: the ace)."""
