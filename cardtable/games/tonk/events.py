"""Tonk's events, in the past tense. A stock draw is seen by the drawer only; a
show-down reveals every hand to everyone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...engine.cards import Card, pretty_cards
from ...engine.events import Event, Namer
from ...engine.words import listed
from .order import by_suit
from .spreads import spread_text


def _seat(name: Namer, seat: int | None) -> str:
    return name(seat) if seat is not None else "The table"


@dataclass(frozen=True, slots=True)
class UpcardTurned(Event):
    """T2: the first undealt card was turned up to start the discard pile."""

    kind: ClassVar[str] = "upcard_turned"
    card: Card = Card(2, "C")

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{self.card.pretty()} is turned up"


@dataclass(frozen=True, slots=True)
class StockDrawn(Event):
    """``seat`` drew ``card`` from the stock (seen by that seat only)."""

    kind: ClassVar[str] = "stock_drawn"
    card: Card = Card(2, "C")

    def visible_to(self, viewer: int | None) -> bool:
        return viewer == self.seat

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        if self.visible_to(viewer):
            return f"{_seat(name, self.seat)} draws {self.card.pretty()}"
        return f"{_seat(name, self.seat)} draws from the stock"


@dataclass(frozen=True, slots=True)
class UpcardTaken(Event):
    kind: ClassVar[str] = "upcard_taken"
    card: Card = Card(2, "C")

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{_seat(name, self.seat)} takes {self.card.pretty()} from the pile"


@dataclass(frozen=True, slots=True)
class SpreadLaid(Event):
    kind: ClassVar[str] = "spread_laid"
    cards: tuple[Card, ...] = ()
    index: int = 0

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{_seat(name, self.seat)} spreads {spread_text(self.cards)}"


@dataclass(frozen=True, slots=True)
class SpreadHit(Event):
    """``seat`` hit ``card`` onto ``owner``'s spread, which is ``spread`` after it; ``locks``
    is the owner's drop lock-out after it; ``stands``, what a joker hit stands for."""

    kind: ClassVar[str] = "spread_hit"
    card: Card = Card(2, "C")
    owner: int = 0
    index: int = 0
    spread: tuple[Card, ...] = ()
    locks: int = 0
    stands: Card | None = None
    """A joker's card in the spread it made (T3: a set's rank, suit ""); None for a natural."""

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        whose = "their own" if self.owner == self.seat else f"{name(self.owner)}'s"
        text = f"{_seat(name, self.seat)} hits {self.card.pretty()} on {whose} spread, making {spread_text(self.spread)}"
        if self.owner != self.seat:
            text += f" ({name(self.owner)} may not drop for {self.locks} turn{'s' * (self.locks != 1)})"
        return text


@dataclass(frozen=True, slots=True)
class DeadFourDiscarded(Event):
    kind: ClassVar[str] = "dead_four_discarded"
    cards: tuple[Card, ...] = ()
    owner: int = 0
    index: int = 0

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{_seat(name, self.seat)} puts the dead four {pretty_cards(self.cards)} on the pile"


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    kind: ClassVar[str] = "card_discarded"
    card: Card = Card(2, "C")

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{_seat(name, self.seat)} discards {self.card.pretty()}"


@dataclass(frozen=True, slots=True)
class HandDropped(Event):
    kind: ClassVar[str] = "hand_dropped"
    count: int = 0

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{_seat(name, self.seat)} drops with {self.count}"


@dataclass(frozen=True, slots=True)
class FortyNineDeclared(Event):
    kind: ClassVar[str] = "forty_nine_declared"

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{_seat(name, self.seat)} declares a dealt 49"


@dataclass(frozen=True, slots=True)
class StockExhausted(Event):
    kind: ClassVar[str] = "stock_exhausted"

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return "The stock is used up — the hands are counted"


@dataclass(frozen=True, slots=True)
class HandsShown(Event):
    """The show-down: every hand face up with its count (public). Its line lists each
    hand in suit order, as the show-down box first shows it."""

    kind: ClassVar[str] = "hands_shown"
    hands: tuple[tuple[Card, ...], ...] = ()
    counts: tuple[int, ...] = ()

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return "; ".join(f"{name(seat)} shows {pretty_cards(sorted(hand, key=by_suit)) or '—'} ({count})"
                         for seat, (hand, count) in enumerate(zip(self.hands, self.counts)))


@dataclass(frozen=True, slots=True)
class SideBetPlaced(Event):
    """T12: ``seat`` put a stake in the spades pot and showed its highest spade (None: no spade)."""

    kind: ClassVar[str] = "side_bet_placed"
    spade: Card | None = None

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        shown = self.spade.pretty() if self.spade is not None else "no spade"
        return f"{_seat(name, self.seat)} bets on spades and shows {shown}"


@dataclass(frozen=True, slots=True)
class SideBetDeclined(Event):
    kind: ClassVar[str] = "side_bet_declined"

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{_seat(name, self.seat)} stays out of the spades bet"


@dataclass(frozen=True, slots=True)
class SidePotWon(Event):
    """T12: ``seat`` (None: nobody showed a spade, stakes returned) won the side pot;
    ``payments`` are each other bettor's stake to it, as (payer, payee, chips), settled
    with the hand's own payments when the hand ends."""

    kind: ClassVar[str] = "side_pot_won"
    pot: int = 0
    payments: tuple[tuple[int, int, int], ...] = ()

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        if self.seat is None:
            return "No spade shown — the side bets are returned"
        if not self.payments:  # (the only bettor: nobody else staked anything)
            return f"{name(self.seat)} alone bet on spades — the stake is returned"
        return (f"{name(self.seat)} wins the spades pot of {self.pot} chip{'s' * (self.pot != 1)}"
                " (paid with the hand)")


@dataclass(frozen=True, slots=True)
class HandWon(Event):
    """The hand is settled. ``how``: "out", "tonk", "drop", "caught", "stock", "dealt_50",
    "dealt_49", "low_deal"; ``payments`` are (payer, payee, chips)."""

    kind: ClassVar[str] = "hand_won"
    winners: tuple[int, ...] = ()
    how: str = ""
    payments: tuple[tuple[int, int, int], ...] = ()

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        words = {"out": "goes out", "tonk": "says Tonk!", "drop": "wins the drop",
                 "caught": "catches the dropper", "stock": "is lowest when the stock runs out",
                 "dealt_50": "was dealt 50", "dealt_49": "wins with a dealt 49",
                 "low_deal": "was dealt a low hand"}
        who = listed(name(seat) for seat in self.winners)
        several = {"goes out": "go out", "says Tonk!": "say Tonk!", "wins the drop": "win the drop",
                   "catches the dropper": "catch the dropper", "is lowest when the stock runs out":
                   "are lowest when the stock runs out", "was dealt 50": "were dealt 50",
                   "wins with a dealt 49": "win with a dealt 49", "was dealt a low hand": "were dealt a low hand"}
        totals: dict[tuple[int, int], int] = {}  # one line per payer and payee (a caught
        for payer, payee, chips in self.payments:  # dropper may pay the same seat twice)
            totals[payer, payee] = totals.get((payer, payee), 0) + chips
        paid = ", ".join(f"{name(a)} pays {name(b)} {c} chip{'s' * (c != 1)}" for (a, b), c in totals.items())
        verb = words.get(self.how, self.how)
        if len(self.winners) > 1:
            verb = several.get(verb, verb)
        return f"{who} {verb}" + (f" — {paid}" if paid else "")


@dataclass(frozen=True, slots=True)
class HandVoided(Event):
    """No one is paid: a tie when the stock ran out (dealt again by the same dealer),
    or two instant winners after the deal (the deal passes on)."""

    kind: ClassVar[str] = "hand_voided"
    reason: str = ""

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"No one is paid: {self.reason}"
