"""Shanghai events, past tense. A stock card is seen only by the seat that takes it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...engine.cards import Card, pretty_cards
from ...engine.events import Event, Namer
from .preset import contract_text


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """S2: a hand begins with its contract."""

    kind: ClassVar[str] = "hand_started"
    hand: int = 1
    contract: tuple[tuple[str, int], ...] = ()

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"Hand {self.hand}: the contract is {contract_text(self.contract)}"


@dataclass(frozen=True, slots=True)
class UpcardTurned(Event):
    """S2: the first card of the discard pile is turned up."""

    kind: ClassVar[str] = "upcard_turned"
    card: Card | None = None

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"The upcard is {self.card.pretty()}" if self.card else "There is no upcard"


@dataclass(frozen=True, slots=True)
class StockDrawn(Event):
    """S3: ``seat`` drew the top of the stock (only that seat sees the card)."""

    kind: ClassVar[str] = "stock_drawn"
    card: Card | None = None

    def visible_to(self, viewer: int | None) -> bool:
        return viewer == self.seat

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        if self.visible_to(viewer) and self.card is not None:
            return f"{name(self.seat)} draws {self.card.pretty()}"  # type: ignore[arg-type]
        return f"{name(self.seat)} draws from the stock"  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class UpcardTaken(Event):
    """S3: ``seat`` took the upcard as its draw."""

    kind: ClassVar[str] = "upcard_taken"
    card: Card | None = None

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{name(self.seat)} takes the upcard {self.card.pretty()}"  # type: ignore[arg-type, union-attr]


@dataclass(frozen=True, slots=True)
class UpcardBought(Event):
    """S8: ``seat`` bought the upcard and took ``extra`` stock cards (seen by the buyer only)."""

    kind: ClassVar[str] = "upcard_bought"
    card: Card | None = None
    extra: tuple[Card, ...] = ()

    def visible_to(self, viewer: int | None) -> bool:
        return viewer == self.seat or not self.extra

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        text = f"{name(self.seat)} buys {self.card.pretty()}"  # type: ignore[arg-type, union-attr]
        if not self.extra:
            return text
        if viewer == self.seat:
            return f"{text} and takes {pretty_cards(self.extra)} from the stock"
        return f"{text} and takes {len(self.extra)} card{'s' * (len(self.extra) != 1)} from the stock"


@dataclass(frozen=True, slots=True)
class BuyDeclined(Event):
    """S8: ``seat`` did not buy the upcard offered to it."""

    kind: ClassVar[str] = "buy_declined"

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{name(self.seat)} does not buy"  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class WentDown(Event):
    """S6: ``seat`` laid down its contract. ``stands_for`` has, per group and card, None
    for a natural card and for a wild the card it stands for (S5: a set's rank with suit
    "", a run's card)."""

    kind: ClassVar[str] = "went_down"
    groups: tuple[tuple[Card, ...], ...] = ()
    stands_for: tuple[tuple[Card | None, ...], ...] = ()

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        """``"Ann goes down: 7♠ 7♥ JK=7 | 4♣ 5♣ JK=6♣ 7♣"``."""
        stands_for = self.stands_for or tuple((None,) * len(group) for group in self.groups)
        melds = " | ".join(" ".join(_with_stand(card, stands) for card, stands in zip(group, wilds))
                           for group, wilds in zip(self.groups, stands_for))
        return f"{name(self.seat)} goes down: {melds}"  # type: ignore[arg-type]


def _with_stand(card: Card, stands: Card | None) -> str:
    """A melded card, and for a wild what it stands for: ``"JK=6♣"`` in a run, ``"JK=7"`` in
    a set; a wild 2 in its own place in a run is written plain (``"2♠"``, not ``"2♠=2♠"``)."""
    return card.pretty() if stands is None or stands == card else f"{card.pretty()}={stands.pretty()}"


@dataclass(frozen=True, slots=True)
class CardLaidOff(Event):
    """S6: ``seat`` added ``card`` to meld ``index`` of ``owner`` (``end``: 0 low, 1 high,
    None a set); ``stands`` is what a wild card stands for there (as in :class:`WentDown`)."""

    kind: ClassVar[str] = "card_laid_off"
    card: Card | None = None
    owner: int = 0
    index: int = 0
    end: int | None = None
    stands: Card | None = None

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        """``"Ann lays off JK=8♠ on their own meld 2"``, ``"… on Bob's meld 1"``."""
        whose = "their own" if self.owner == self.seat else f"{name(self.owner)}'s"
        return (f"{name(self.seat)} lays off {_with_stand(self.card, self.stands)} "  # type: ignore[arg-type]
                f"on {whose} meld {self.index + 1}")


@dataclass(frozen=True, slots=True)
class JokerSwapped(Event):
    """S7: ``seat`` put ``card`` in place of the wild ``wild`` in meld ``index`` of ``owner``."""

    kind: ClassVar[str] = "joker_swapped"
    card: Card | None = None
    wild: Card | None = None
    owner: int = 0
    index: int = 0

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        """``"Ann swaps Q♥ for the JK in Bob's meld 3"``, ``"… in their own meld 1"``."""
        whose = "their own" if self.owner == self.seat else f"{name(self.owner)}'s"
        return (f"{name(self.seat)} swaps {self.card.pretty()} for the {self.wild.pretty()} "  # type: ignore[arg-type, union-attr]
                f"in {whose} meld {self.index + 1}")


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    """S3: ``seat`` discarded ``card``; it is the new upcard."""

    kind: ClassVar[str] = "card_discarded"
    card: Card | None = None

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{name(self.seat)} discards {self.card.pretty()}"  # type: ignore[arg-type, union-attr]


@dataclass(frozen=True, slots=True)
class StockReshuffled(Event):
    """S12: the discard pile but its top card was shuffled into a new stock of ``count``."""

    kind: ClassVar[str] = "stock_reshuffled"
    count: int = 0

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"The discards are shuffled into a new stock of {self.count} cards"


@dataclass(frozen=True, slots=True)
class WentOut(Event):
    """S10: ``seat`` played its last card; the hand is over."""

    kind: ClassVar[str] = "went_out"

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{name(self.seat)} goes out"  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class HandsCounted(Event):
    """S11: the hand is over and everyone lays down what they still hold, face up, to
    count it (public): ``hands`` per seat, and ``counts``, what those cards score (the
    points of the hand, but for the going-out bonus)."""

    kind: ClassVar[str] = "hands_counted"
    hands: tuple[tuple[Card, ...], ...] = ()
    counts: tuple[int, ...] = ()

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        held = [f"{name(seat)} {pretty_cards(hand)} ({count})"
                for seat, (hand, count) in enumerate(zip(self.hands, self.counts)) if hand]
        return "Cards left: " + ("; ".join(held) if held else "none")


@dataclass(frozen=True, slots=True)
class StockRanOut(Event):
    """S12: no stock card can be drawn (no stock, and no pile under the upcard to rebuild
    it from); the hand ends without a winner, a live upcard or not."""

    kind: ClassVar[str] = "stock_ran_out"

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return "The stock is empty and cannot be rebuilt: the hand ends"


@dataclass(frozen=True, slots=True)
class StockExhausted(Event):
    """S12 (``max_stock_rebuilds``): the stock ran out again after ``rebuilds`` rebuilds;
    the hand ends without a winner and everyone scores what they hold."""

    kind: ClassVar[str] = "stock_exhausted"
    rebuilds: int = 0

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        times = "once" if self.rebuilds == 1 else f"{self.rebuilds} times"
        return (f"The stock has run out again (it was rebuilt {times} this hand): "
                f"the hand ends and everyone scores what they hold")
