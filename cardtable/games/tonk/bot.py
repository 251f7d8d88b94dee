"""SimpleBot: a greedy Tonk player that sees only its view and the legal moves."""

from __future__ import annotations

from collections.abc import Sequence

from ...bots.base import per_rules
from ...engine.cards import ACE, JOKER, Card
from ...engine.moves import Move
from ...engine.rng import Rng
from ...engine.views import PlayerView
from .preset import STANDARD_POINTS
from .spreads import spreads_in

DROP_AT = 6
"""Drop with this count or less whenever dropping is allowed (12 while every opponent
holds 4 cards or more, 18 while they all hold 5 or more)."""


points_of = per_rules(lambda rules: rules.points_table(), STANDARD_POINTS)
"""``points_of(view)``: T4, what each rank counts under the view's house rules (the
preset's ``card_points``; the standard counts for a view without rules)."""


def _near_count(card: Card, hand: Sequence[Card]) -> int:
    """How many cards of ``hand`` are of ``card``'s suit and within two ranks of it, an
    ace counting low (1) as well as high (T3): the cards a run through ``card`` may use."""
    rank, suit = card.rank, card.suit
    return sum(1 for other in hand
               if other.suit == suit and (abs(other.rank - rank) <= 2 or (rank == ACE and other.rank <= 3)
                                          or (other.rank == ACE and rank <= 3)))


def lay_down(kinds: dict[str, list[Move]], points: dict[int, int]) -> Move:
    """Spread the biggest group (the most points among equals), else hit with the
    costliest card: both always lower the count."""
    if "spread" in kinds:
        return max(kinds["spread"], key=lambda m: (len(m.cards), sum(points[c.rank] for c in m.cards)))
    return max(kinds["hit"], key=lambda m: points[m.cards[0].rank])


def discard_choice(moves: Sequence[Move], hand: Sequence[Card], points: dict[int, int]) -> Move:
    """The discard that throws the most points (by ``points``, the preset's counts) while
    keeping cards that may make spreads."""
    ranks: dict[int, int] = {}
    suited: set[tuple[str, int]] = set()
    for rank, suit in hand:
        ranks[rank] = ranks.get(rank, 0) + 1
        suited.add((suit, rank))
        if rank == ACE:
            suited.add((suit, 1))
    best, best_key = moves[0], None
    for move in moves:
        card = move.cards[0]
        rank, suit = card
        if rank == JOKER:
            continue
        links = 2 * (ranks[rank] - 1)
        for value in ((1, rank) if rank == ACE else (rank,)):
            for step in (-2, -1, 1, 2):
                if (suit, value + step) in suited:
                    links += 1
        key = (3 * links - points[rank], card)
        if best_key is None or key < best_key:
            best, best_key = move, key
    return best


def drops_at(seat: int, hand_sizes: Sequence[int | None], mine: int) -> bool:
    """The simple bot's drop: with a small count, more boldly when the opponents (their
    hand sizes as ``seat`` sees them) still hold many cards."""
    others = [size for other, size in enumerate(hand_sizes) if other != seat and size is not None]
    fewest = min(others, default=5)
    return mine <= DROP_AT or (mine <= 12 and fewest >= 4) or (mine <= 18 and fewest >= 5)


class SimpleBot:
    """Drops when its count is low and likely lowest, takes an upcard that makes a
    spread, lays the biggest spreads, hits whatever it can, discards high deadwood."""

    name = "simple"

    def choose(self, view: PlayerView, legal_moves: Sequence[Move], rng: Rng) -> Move:
        kinds: dict[str, list[Move]] = {}
        for move in legal_moves:
            kinds.setdefault(move.kind, []).append(move)
        hand = view.hand
        if "declare" in kinds:
            return kinds["declare"][0]
        if "bet" in kinds:
            best = max((card.rank for card in hand if card.suit == "S"), default=0)
            return kinds["bet" if best >= 12 else "decline"][0]
        if "drop" in kinds and self._drop_now(view, self._count(view)):
            return kinds["drop"][0]
        if "draw_stock" in kinds or "take_upcard" in kinds:
            top = getattr(view, "discard_top", None)
            if "take_upcard" in kinds and top is not None and self.wants(top, hand):
                return kinds["take_upcard"][0]
            return (kinds.get("draw_stock") or kinds["take_upcard"])[0]
        if "spread" in kinds or "hit" in kinds:
            return lay_down(kinds, points_of(view))
        if "discard" in kinds:
            return discard_choice(kinds["discard"], hand, points_of(view))
        return legal_moves[0]

    @staticmethod
    def _count(view: PlayerView) -> int:
        """The seat's count (T4): the view's, or summed by the preset's card points."""
        counts = getattr(view, "counts", ())
        mine = counts[view.seat] if counts else None
        if mine is not None:
            return mine
        points = points_of(view)
        return sum(points[card.rank] for card in view.hand)

    def _drop_now(self, view: PlayerView, mine: int) -> bool:
        """Whether to drop with the count ``mine`` (see :func:`drops_at`)."""
        return drops_at(view.seat, view.hand_sizes, mine)

    @staticmethod
    def wants(card: Card, hand: Sequence[Card]) -> bool:
        """Take the upcard when it completes a spread with the hand (a run may hold an
        ace low or high, T3)."""
        if card.rank == JOKER:
            return True
        if sum(1 for other in hand if other.rank == card.rank) >= 2:
            return True
        if _near_count(card, hand) < 2:
            return False
        return any(card in group for group in spreads_in([*hand, card]))
