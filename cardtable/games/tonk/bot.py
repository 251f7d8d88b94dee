"""SimpleBot: a greedy Tonk player that sees only its view and the legal moves."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.cards import ACE, JOKER, Card
from ...engine.moves import Move
from ...engine.rng import Rng
from ...engine.views import PlayerView
from .preset import STANDARD_POINTS
from .spreads import spreads_in

DROP_AT = 5
"""Drop with this count or less whenever dropping is allowed."""


def _value(card: Card) -> int:
    return STANDARD_POINTS[card.rank]


def _near(card: Card, hand: Sequence[Card]) -> int:
    """How many cards of ``hand`` could later form a spread with ``card``."""
    if card.rank == JOKER:
        return 9
    links = 0
    for other in hand:
        if other is card or other.rank == JOKER:
            continue
        if other.rank == card.rank:
            links += 2
        elif other.suit == card.suit:
            gap = abs(other.rank - card.rank)
            if card.rank == ACE or other.rank == ACE:
                gap = min(gap, abs((1 if card.rank == ACE else card.rank) - (1 if other.rank == ACE else other.rank)))
            if gap <= 2:
                links += 1
    return links


class SimpleBot:
    """Drops when its count is low and likely lowest, takes an upcard that makes a
    spread, lays the biggest spreads, hits whatever it can, discards high deadwood."""

    name = "simple"

    def choose(self, view: PlayerView, legal_moves: Sequence[Move], rng: Rng) -> Move:
        kinds: dict[str, list[Move]] = {}
        for move in legal_moves:
            kinds.setdefault(move.kind, []).append(move)
        hand = view.hand
        counts = getattr(view, "counts", ())
        mine = counts[view.seat] if counts and counts[view.seat] is not None else sum(map(_value, hand))
        if "declare" in kinds:
            return kinds["declare"][0]
        if "bet" in kinds:
            best = max((card.rank for card in hand if card.suit == "S"), default=0)
            return kinds["bet" if best >= 12 else "decline"][0]
        if "drop" in kinds and self._drop_now(view, mine):
            return kinds["drop"][0]
        if "draw_stock" in kinds or "take_upcard" in kinds:
            top = getattr(view, "discard_top", None)
            if "take_upcard" in kinds and top is not None and self._wants(top, hand):
                return kinds["take_upcard"][0]
            return (kinds.get("draw_stock") or kinds["take_upcard"])[0]
        if "spread" in kinds:
            return max(kinds["spread"], key=lambda m: (len(m.cards), sum(map(_value, m.cards))))
        if "hit" in kinds:
            return max(kinds["hit"], key=lambda m: _value(m.cards[0]))
        if "discard" in kinds:
            return max(kinds["discard"], key=lambda m: (_value(m.cards[0]) - 3 * _near(m.cards[0], hand),
                                                         m.cards[0]))
        return legal_moves[0]

    def _drop_now(self, view: PlayerView, mine: int) -> bool:
        """Drop with a small count, more boldly when opponents still hold many cards."""
        others = [size for seat, size in enumerate(view.hand_sizes) if seat != view.seat and size is not None]
        fewest = min(others, default=5)
        if mine <= DROP_AT:
            return True
        return mine <= 10 and fewest >= 4

    @staticmethod
    def _wants(card: Card, hand: Sequence[Card]) -> bool:
        """Take the upcard when it completes a spread with the hand."""
        return any(card in group for group in spreads_in([*hand, card]))
