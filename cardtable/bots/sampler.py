"""The determinizer contract the search bot relies on, plus small shared helpers.

Each family has a ``cardtable/games/<family>/sampling.py`` with a ``Sampler``
subclass. A sampler turns what one seat has seen (the current view and its memory
of earlier views) into full games that agree with it: the seat's own hand and the
public table as they are, the hidden cards dealt at random to the places the seat
cannot see, at their known sizes, with the cards it knows to be somewhere (cards it
gave away, table-talk hands ...) put there. The search bot plays these imagined
games to the end of the round; it never sees the real Game.

A sampler decides what is known (which cards are unseen, who holds which); the game
sets itself up: each family's game has a ``from_position`` classmethod (in its
``state.py``) that builds a hand or round in progress from the table's public facts,
so a new field of a game is set up there, next to ``_start_round``, not here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..engine.cards import Card
from ..engine.game import Game, cards_left
from ..engine.moves import Move
from ..engine.rng import Rng
from ..engine.views import PlayerView


class Sampler:
    """Base of the family determinizers. One sampler serves one bot (one seat)."""

    family = ""
    margin: float | None = None
    """How much better (in reward, 0…1) a move must score to overrule the simple bot's
    choice in a paired search; None: the search bot's default."""

    def __init__(self, variant: Any) -> None:
        self.variant = variant
        self.memory: dict[Any, Any] = {}

    def observe(self, view: PlayerView) -> None:
        """Remember what this view shows that later views will not (called every turn,
        and again whenever the same view is shown: it must change nothing then)."""

    def searchable(self, view: PlayerView, legal_moves: Sequence[Move]) -> bool:
        """Whether the search handles this decision (else the simple bot answers)."""
        return True

    def prepare(self, view: PlayerView, rng: Rng) -> Game:
        """A template game holding the public part of the position (copied per sample)."""
        raise NotImplementedError

    def determinize(self, template: Game, view: PlayerView, rng: Rng) -> Game:
        """A full game consistent with ``view``: the template with hidden cards dealt."""
        raise NotImplementedError

    def utility(self, game: Game, view: PlayerView) -> float:
        """How good the (finished or cut-off) round is for ``view.seat``: 0 worst … 1 best."""
        raise NotImplementedError

    def candidates(self, view: PlayerView, legal_moves: Sequence[Move]) -> list[Move]:
        """The moves worth searching (default: all of them)."""
        return list(legal_moves)


def unseen_cards(deck: Iterable[Card], *seen: Iterable[Card]) -> list[Card]:
    """The cards of ``deck`` (a multiset) not accounted for by ``seen``, in deck order.
    Cards seen more often than the deck holds them are ignored."""
    return cards_left(deck, *seen)


def split_sizes(total: int, sizes: Sequence[int | None]) -> list[int]:
    """Fill unknown sizes (None) so the sizes add up to ``total`` as evenly as possible."""
    known = sum(size for size in sizes if size is not None)
    unknown = [i for i, size in enumerate(sizes) if size is None]
    out = [size or 0 for size in sizes]
    rest = max(0, total - known)
    for k, i in enumerate(unknown):
        out[i] = rest // len(unknown) + (1 if k < rest % len(unknown) else 0)
    return out
