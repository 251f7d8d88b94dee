"""What one President seat may see."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...engine.cards import Card
from ...engine.views import PlayerView


@dataclass(frozen=True, slots=True)
class PresidentView(PlayerView):
    """The public table plus the seat's own hand and what it was told privately.

    ``pile`` lists this trick's plays as (seat, cards); ``top`` is the play to beat
    (empty when the seat leads). ``window`` is True while an out-of-turn chance is
    offered to this seat (X3); every other view, the public one too, shows the turn
    as it would be without the chance, so nobody learns that one is open. ``received``
    and ``given`` are this round's exchanged cards this seat knows; ``shared`` the
    hands of table-talk partners (P19); ``offer`` what is offered to this seat: a swap
    (seat, card) on the black market, table talk (seat, None).
    ``game.view(None)`` is the public table: no hand and nothing private.
    """

    order: tuple[int, ...] = ()
    phase: str = "play"
    pile: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    top: tuple[Card, ...] = ()
    to_beat: str = ""
    may_match: bool = False
    """Whether a play may equal the top's rank as well as beat it (P5, P25)."""
    last_player: int | None = None
    turn: int | None = None
    passed: tuple[int, ...] = ()
    locked: tuple[int, ...] = ()
    out: tuple[int, ...] = ()
    finish_order: tuple[int, ...] = ()
    titles: tuple[str, ...] | None = None
    title_names: tuple[tuple[str, str], ...] = ()
    window: bool = False
    played: tuple[Card, ...] = ()
    aside_count: int = 0
    received: tuple[Card, ...] = ()
    given: tuple[Card, ...] = ()
    shared: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    offer: tuple[int, Card | None] | None = None
    give_to: tuple[int, int] | None = None
    """During the exchange, the seat this seat must give cards to and how many."""
    rules: Any = field(default=None, hash=False)
    """The preset's knobs (public: everyone at the table knows the house rules)."""
