"""SimpleBot: a greedy Shanghai player that sees only its view.

It goes down as soon as it can (keeping the fewest points in hand), lays off every
card it can, takes or buys the upcard when it completes a meld its contract needs,
and discards the card least useful to its contract (once down: the costliest).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ...engine.cards import ACE, Card
from ...engine.moves import Move
from ...engine.rng import Rng
from ...engine.views import PlayerView
from .melds import lay_off, lay_off_ends
from .preset import DEFAULT_CARD_POINTS, RANK_NAMES
from .view import ShanghaiView


def _values(card: Card) -> tuple[int, ...]:
    return (1, 14) if card.rank == ACE else (card.rank,)


def _points(card: Card) -> int:
    return DEFAULT_CARD_POINTS[RANK_NAMES[card.rank - 2]]


_WINDOWS = {size: [(base, ((1 << size) - 1) << base) for base in range(1, 16 - size)] for size in range(1, 14)}


_PLANS: dict[tuple, tuple[int, list[Card]]] = {}


def plan(hand: Sequence[Card], contract: Sequence[tuple[str, int]],
         wild: frozenset[int]) -> tuple[int, list[Card]]:
    """:func:`make_plan`, remembered for the last few hands seen."""
    key = (tuple(sorted(hand)), tuple(contract), wild)
    found = _PLANS.get(key)
    if found is None:
        if len(_PLANS) > 256:
            _PLANS.clear()
        found = _PLANS[key] = make_plan(hand, contract, wild)
    return found


def make_plan(hand: Sequence[Card], contract: Sequence[tuple[str, int]],
              wild: frozenset[int]) -> tuple[int, list[Card]]:
    """A greedy plan for the contract: (how many of its cards the hand already covers,
    the natural cards the plan keeps). Runs take the best-covered window of a suit,
    longest run first; sets the ranks held most often."""
    pool = Counter(c for c in hand if c.rank not in wild)
    wilds = len(hand) - sum(pool.values())
    keep: list[Card] = []
    covered = 0
    for size in sorted((s for k, s in contract if k == "run"), reverse=True):
        masks = dict.fromkeys("CDHS", 0)
        for card, n in pool.items():
            if n > 0:
                masks[card.suit] |= (1 << card.rank) | (2 if card.rank == ACE else 0)
        windows = _WINDOWS[size]
        best = (0, "", 0)
        for suit, mask in masks.items():
            if mask.bit_count() <= best[0]:
                continue
            for base, bits in windows:
                got = (mask & bits).bit_count()
                if got > best[0]:
                    best = (got, suit, base)
        got, suit, base = best
        covered += got
        for value in range(base, base + size) if got else ():
            if masks[suit] >> value & 1:
                card = Card(ACE if value == 1 else value, suit)
                pool[card] -= 1
                keep.append(card)
    for size in (s for k, s in contract if k == "set"):
        counts: Counter[int] = Counter()
        for card, n in pool.items():
            counts[card.rank] += n
        if not counts:
            break
        rank = max(counts, key=lambda r: (min(counts[r], size), r))
        chosen = [c for c, n in sorted(pool.items()) if c.rank == rank for _ in range(n)][:size]
        covered += len(chosen)
        for card in chosen:
            pool[card] -= 1
            keep.append(card)
    need = sum(size for _k, size in contract)
    return min(need, covered + wilds), keep


def _fits_table(view: ShanghaiView, card: Card) -> bool:
    return any(lay_off(meld, card, end, view.wilds) is not None
               for melds in view.melds for meld in melds for end in lay_off_ends(meld))


class SimpleBot:
    """Greedy and quick: enough to fill a table and to benchmark the engine."""

    name = "simple"

    def choose(self, view: PlayerView, legal_moves: Sequence[Move], rng: Rng) -> Move:
        assert isinstance(view, ShanghaiView)
        by_kind: dict[str, list[Move]] = {}
        for move in legal_moves:
            by_kind.setdefault(move.kind, []).append(move)
        hand = view.hand
        me = view.seat
        upcard = view.upcard
        if "buy" in by_kind:
            return by_kind["buy"][0] if upcard is not None and self._gain(view, upcard) else by_kind["decline"][0]
        if "draw_stock" in by_kind or "take_upcard" in by_kind:
            if "take_upcard" in by_kind and upcard is not None:
                if view.down[me]:
                    take = _fits_table(view, upcard)
                else:
                    take = self._gain(view, upcard)
                if take or "draw_stock" not in by_kind:
                    return by_kind["take_upcard"][0]
            return by_kind["draw_stock"][0]
        if "meld" in by_kind:
            return min(by_kind["meld"], key=lambda m: self._left_points(hand, m.cards))
        if "swap_joker" in by_kind:
            return by_kind["swap_joker"][0]
        if "lay_off" in by_kind:
            return by_kind["lay_off"][0]
        discards = by_kind.get("discard", [])
        if discards:
            if view.down[me]:
                return max(discards, key=lambda m: (m.cards[0].rank not in view.wilds,
                                                    not _fits_table(view, m.cards[0]), _points(m.cards[0])))
            _covered, keep = plan(hand, view.contract, view.wilds)
            spare = [m for m in discards if m.cards[0].rank not in view.wilds]
            for card in keep:
                spare = [m for m in spare if m.cards[0] != card] if sum(
                    1 for c in keep if c == card) >= sum(1 for c in hand if c == card) else spare
            return max(spare or discards, key=lambda m: (m.cards[0].rank not in view.wilds, _points(m.cards[0])))
        return legal_moves[0]

    @staticmethod
    def _gain(view: ShanghaiView, card: Card) -> bool:
        """Whether ``card`` covers more of the contract than the hand does now."""
        if card.rank in view.wilds:
            return True
        near = any(c.rank == card.rank or (c.suit == card.suit and abs(c.rank - card.rank) < 5)
                   for c in view.hand)
        if not near:
            return False
        before, _keep = plan(view.hand, view.contract, view.wilds)
        after, _keep = plan((*view.hand, card), view.contract, view.wilds)
        return after > before

    @staticmethod
    def _left_points(hand: Sequence[Card], used: Sequence[Card]) -> int:
        left = list(hand)
        for card in used:
            left.remove(card)
        return sum(_points(card) for card in left)
