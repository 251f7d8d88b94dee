"""Events: what happened, named in the past tense. Every event has ``kind`` and ``seat``.

Events are frozen values. ``seat`` is the seat the event is about (``None`` for the
table). An event that carries hidden cards says who may see them through
:meth:`Event.visible_to`; :meth:`Event.describe` tells it in words for one viewer,
so a log never shows a seat cards it may not see.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from .cards import Card, pretty_cards
from .words import listed

Namer = Callable[[int], str]
"""Turns a seat number into a player's name for descriptions."""


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events."""

    kind: ClassVar[str] = "event"
    seat: int | None

    def visible_to(self, viewer: int | None) -> bool:
        """Whether ``viewer`` may see every card in this event (None: a public viewer)."""
        return True

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        """One log line in plain words, hiding what ``viewer`` may not see."""
        who = name(self.seat) if self.seat is not None else "The table"
        return f"{who}: {self.kind.replace('_', ' ')}"


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """Round ``round`` is dealt by ``dealer``; ``word`` is what the game calls a round
    ("Round" in President, "Hand" in Shanghai and Tonk)."""

    kind: ClassVar[str] = "round_started"
    round: int = 1
    dealer: int = 0
    word: str = "Round"

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{self.word} {self.round} — {name(self.dealer)} deals"


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """``seat`` was dealt ``cards`` (seen by that seat only), in the order the game tells
    a hand (each family sorts its own: President 2s high, Tonk aces low)."""

    kind: ClassVar[str] = "cards_dealt"
    cards: tuple[Card, ...] = ()

    def visible_to(self, viewer: int | None) -> bool:
        return viewer == self.seat

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        if self.visible_to(viewer):
            return f"{name(self.seat)} is dealt {pretty_cards(self.cards)}"  # type: ignore[arg-type]
        return f"{name(self.seat)} is dealt {len(self.cards)} cards"  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class CardsSetAside(Event):
    """Cards dealt to nobody and set aside unseen."""

    kind: ClassVar[str] = "cards_set_aside"
    count: int = 0

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{self.count} card{'s' * (self.count != 1)} set aside unseen"


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """The round is over; ``points`` are what each seat scored in it (``word`` as in
    :class:`RoundStarted`)."""

    kind: ClassVar[str] = "round_ended"
    round: int = 1
    points: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    word: str = "Round"

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{self.word} {self.round} is over"


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """The match is over; ``winners`` hold the best total."""

    kind: ClassVar[str] = "match_ended"
    winners: tuple[int, ...] = ()
    scores: tuple[int, ...] = field(default=())

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return "The match is over — " + listed(name(s) for s in self.winners) + " won"
