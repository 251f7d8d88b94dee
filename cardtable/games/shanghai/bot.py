"""SimpleBot: a quick Shanghai player that sees only its view and the legal moves.

- Draw: take the upcard when it brings the hand closer to its contract (or, once
  down, when it can be laid off at once); otherwise draw from the stock.
- Buy: only before going down, only a card that brings the contract closer, and only
  when the buy is worth its penalty cards (the contract is then close, or long).
- Go down as soon as it can, choosing the go-down that leaves the fewest points once
  every possible lay-off is made; then lay off every card it can (swapping for a
  joker only when the joker can be laid off too).
- Discard: before going down, the card least useful to its contract plan; once down,
  a card that cannot be laid off rather than one that can. Either way it avoids
  feeding the next player: a card that fits the table is not thrown to a seat that
  is down (and so could lay it off) while another card will do.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from ...bots.base import per_rules
from ...engine.cards import ACE, STANDARD_CARDS, Card
from ...engine.moves import Move
from ...engine.rng import Rng
from ...engine.views import PlayerView
from .godown import best_window, natural_counts
from .melds import RUN_CARD, Meld, make_meld
from .preset import DEFAULT_CARD_POINTS, RANK_NAMES
from .view import ShanghaiView

_DEFAULT_POINTS = {rank: DEFAULT_CARD_POINTS[name] for rank, name in enumerate(RANK_NAMES, start=2)}

_WINDOWS = {size: [(base, ((1 << size) - 1) << base) for base in range(1, 16 - size)] for size in range(1, 14)}

SHAKE = 0.15
"""How often a bot not yet down discards a spare card at random instead of the least useful."""

MELD_OPTIONS_WEIGHED = 40
"""At most this many go-down options are compared (the first ones listed)."""


points_of = per_rules(lambda rules: {rank: rules.points_of(rank) for rank in _DEFAULT_POINTS}, _DEFAULT_POINTS)
"""``points_of(view)``: S11, what a card of each rank scores in hand under the view's
house rules (the preset's ``card_points``; the standard points for a view without rules)."""


def _bits(card: Card) -> int:
    """The run values a natural card covers, as a bit mask (an ace is 1 and 14)."""
    return (1 << card.rank) | (2 if card.rank == ACE else 0)


_BITS = {card: _bits(card) for card in STANDARD_CARDS}


_PLANS: dict[tuple, tuple[int, list[Card]]] = {}


def plan(hand: Sequence[Card], contract: Sequence[tuple[str, int]],
         wild: frozenset[int]) -> tuple[int, list[Card]]:
    """:func:`make_plan`, remembered for the last few thousand hands seen."""
    key = (hand if type(hand) is tuple else tuple(hand), contract, wild)
    found = _PLANS.get(key)
    if found is None:
        if len(_PLANS) > 4096:
            _PLANS.clear()
        found = _PLANS[key] = make_plan(hand, contract, wild)
    return found


def make_plan(hand: Sequence[Card], contract: Sequence[tuple[str, int]],
              wild: frozenset[int]) -> tuple[int, list[Card]]:
    """A greedy plan for the contract: (how many of its cards the hand already covers,
    the natural cards the plan keeps). Runs take the best-covered window of a suit,
    longest run first (ties: the first suit in C D H S order, then the lowest window);
    sets the ranks held most often."""
    pool, wilds = natural_counts(hand, wild)
    keep: list[Card] = []
    covered = 0
    runs = sorted((s for k, s in contract if k == "run"), reverse=True)
    if runs:
        masks = dict.fromkeys("CDHS", 0)
        bits = _BITS
        for card in pool:
            masks[card.suit] |= bits[card]
        for size in runs:
            best_got, best_suit, best_base = 0, "", 0
            for suit, mask in masks.items():
                if mask.bit_count() <= best_got:
                    continue
                got, base = best_window(mask, size)
                if got > best_got:
                    best_got, best_suit, best_base = got, suit, base
            if not best_got:
                continue
            covered += best_got
            mask = masks[best_suit]
            for value in range(best_base, best_base + size):
                if mask >> value & 1:
                    card = RUN_CARD[value, best_suit]
                    left = pool[card] - 1
                    pool[card] = left
                    keep.append(card)
                    if not left:
                        masks[best_suit] &= ~bits[card]
    set_sizes = [s for k, s in contract if k == "set"]
    if set_sizes:
        by_rank: dict[int, list[Card]] = {}
        for card in sorted(pool):
            n = pool[card]
            if n > 0:
                same_rank = by_rank.get(card.rank)
                if same_rank is None:
                    by_rank[card.rank] = [card] * n
                else:
                    same_rank.extend([card] * n)
        for size in set_sizes:
            if not by_rank:
                break
            rank, best = 0, (-1, 0)
            for r, cards_of in by_rank.items():
                score = (min(len(cards_of), size), r)
                if score > best:
                    rank, best = r, score
            cards_of = by_rank[rank]
            chosen = cards_of[:size]
            covered += len(chosen)
            keep.extend(chosen)
            if len(cards_of) > size:
                by_rank[rank] = cards_of[size:]
            else:
                del by_rank[rank]
    need = sum(size for _k, size in contract)
    return min(need, covered + wilds), keep


_STATS: dict[tuple, tuple[dict[str, int], dict[int, int], int]] = {}


def _stats(hand: tuple[Card, ...], wild: frozenset[int]) -> tuple[dict[str, int], dict[int, int], int]:
    """Per suit the run values held, per rank the naturals held, and the wilds held."""
    key = (hand, wild)
    found = _STATS.get(key)
    if found is None:
        masks = dict.fromkeys("CDHS", 0)
        ranks: dict[int, int] = {}
        wilds = 0
        for card in hand:
            rank = card.rank
            if rank in wild:
                wilds += 1
            else:
                masks[card.suit] |= _BITS[card]
                ranks[rank] = ranks.get(rank, 0) + 1
        if len(_STATS) > 4096:
            _STATS.clear()
        found = _STATS[key] = (masks, ranks, wilds)
    return found


def _most_after(hand: tuple[Card, ...], card: Card, contract: Sequence[tuple[str, int]],
                wild: frozenset[int]) -> int:
    """An upper bound on what :func:`make_plan` covers with ``card`` added: each run
    its best window and each set its most-held rank, ignoring that they share cards."""
    masks, ranks, wilds = _stats(hand, wild)
    most = ranks[max(ranks, key=ranks.__getitem__)] if ranks else 0
    if card.rank in wild:
        wilds += 1
    else:
        most = max(most, ranks.get(card.rank, 0) + 1)
        masks = {**masks, card.suit: masks[card.suit] | _BITS[card]}
    total = wilds
    for kind, size in contract:
        if kind == "set":
            total += min(size, most)
        else:
            total += max([best_window(mask, size)[0] for mask in masks.values()])
    return min(_need(contract), total)


def _near(hand: Sequence[Card], card: Card) -> bool:
    """Whether ``hand`` holds a card of ``card``'s rank or of its suit within 4 ranks
    (an ace counting low too): else ``card`` cannot add to a plan."""
    rank, suit = card.rank, card.suit
    for c in hand:
        if c.rank == rank:
            return True
        if c.suit == suit and (abs(c.rank - rank) < 5 or (rank == ACE and c.rank < 6)
                               or (c.rank == ACE and rank < 6)):
            return True
    return False


def _need(contract: Sequence[tuple[str, int]]) -> int:
    return sum(size for _kind, size in contract)


# ---------------------------------------------------------------------- the table
class _Table:
    """Where cards can be laid off on the melds a view shows: per set rank, per
    (suit, value) at a run's end, and whether a wild fits somewhere."""

    __slots__ = ("sets", "ends", "wild_fits", "wild")

    def __init__(self, melds: Sequence[Sequence[Meld]], wild: frozenset[int]) -> None:
        self.sets: set[int] = set()
        self.ends: set[tuple[str, int]] = set()
        self.wild_fits = False
        self.wild = wild
        for owned in melds:
            for meld in owned:
                self.add(meld)

    def add(self, meld: Meld) -> None:
        wild = self.wild
        wilds = sum(1 for card in meld.cards if card.rank in wild)
        room = 2 * (wilds + 1) <= len(meld.cards) + 1
        if meld.kind == "set":
            self.sets.add(meld.base)
            self.wild_fits |= room
            return
        low, high = meld.base - 1, meld.top + 1
        if low >= 1 and not (low == 1 and meld.top == 14):
            self.ends.add((meld.suit, low))
            self.wild_fits |= room
        if high <= 14 and not (high == 14 and meld.base == 1):
            self.ends.add((meld.suit, high))
            self.wild_fits |= room

    def fits(self, card: Card) -> bool:
        """Whether ``card`` could be laid off now."""
        if card.rank in self.wild:
            return self.wild_fits
        if card.rank in self.sets:
            return True
        ends = self.ends
        return (card.suit, card.rank) in ends or (card.rank == ACE and (card.suit, 1) in ends)

    def distance(self, card: Card) -> int:
        """How far ``card`` is from fitting: 0 fits, 1 fits once one card is laid off
        next to it, ... (capped at 3)."""
        if self.fits(card):
            return 0
        values = (1, 14) if card.rank == ACE else (card.rank,)
        best = 3
        for suit, end in self.ends:
            if suit == card.suit:
                for value in values:
                    best = min(best, abs(value - end) + 1)
        return best


_TABLES: list = [None, None, None]
"""The last (melds, wild, _Table) built: a game hands out the same melds tuple until
the melds change, so most moves reuse it (kept referenced, so ``is`` is safe)."""


def _table_of(view: ShanghaiView) -> _Table:
    """The :class:`_Table` of the view's melds (not to be changed by the caller)."""
    melds, wild = view.melds, view.wilds
    cached = _TABLES
    if cached[0] is melds and cached[1] == wild:
        return cached[2]
    table = _Table(melds, wild)
    cached[0], cached[1], cached[2] = melds, wild, table
    return table


# ---------------------------------------------------------------------- the bot
class SimpleBot:
    """Quick and sensible: enough to fill a table and to benchmark the engine."""

    name = "simple"

    def __init__(self, shake: float = SHAKE) -> None:
        self.shake = shake

    def choose(self, view: PlayerView, legal_moves: Sequence[Move], rng: Rng) -> Move:
        assert isinstance(view, ShanghaiView)
        first = legal_moves[0]
        kind = first.kind
        if kind == "buy" or kind == "decline":
            return self._buy_or_decline(view, legal_moves)
        if kind == "draw_stock" or kind == "take_upcard":
            return self._draw(view, legal_moves)
        by_kind: dict[str, list[Move]] = {}
        for move in legal_moves:
            by_kind.setdefault(move.kind, []).append(move)
        if "meld" in by_kind:
            return self._go_down(view, by_kind["meld"])
        table = _table_of(view)
        if "lay_off" in by_kind:
            return self._lay_off(view, by_kind["lay_off"], table)
        swaps = by_kind.get("swap_joker")
        if swaps and (view.down[view.seat] or "discard" not in by_kind):
            # Once down, a swap pays only if the wild can go on the table too.
            if not view.down[view.seat] or table.wild_fits:
                return swaps[0]
        discards = by_kind.get("discard")
        if discards:
            return self._discard(view, discards, table, rng)
        return first

    # ------------------------------------------------------------------ draws, buys
    def _draw(self, view: ShanghaiView, moves: Sequence[Move]) -> Move:
        take = moves[-1] if moves[-1].kind == "take_upcard" else None
        upcard = view.upcard
        if take is None or upcard is None:
            return moves[0]
        if moves[0].kind != "draw_stock":
            return take
        if view.down[view.seat]:
            wanted = _table_of(view).fits(upcard)
        else:
            wanted = self._gain(view, upcard) > 0
        return take if wanted else moves[0]

    def _buy_or_decline(self, view: ShanghaiView, moves: Sequence[Move]) -> Move:
        if len(moves) != 2:
            return moves[0]
        buy, decline = (moves[0], moves[1]) if moves[0].kind == "buy" else (moves[1], moves[0])
        upcard = view.upcard
        if upcard is None or not self._worth_buying(view, upcard):
            return decline
        return buy

    def _worth_buying(self, view: ShanghaiView, card: Card) -> bool:
        """S8: a buy costs penalty cards; buy only a card that brings the contract
        closer, when the contract is then near (or so long that buys are needed)."""
        if view.stock_size < 6 or (card.rank not in view.wilds and not _near(view.hand, card)):
            return False
        need = _need(view.contract)
        if need <= len(view.hand) - 1 and _most_after(view.hand, card, view.contract, view.wilds) < need - 1:
            return False          # the contract would still be more than one card short
        gain = self._gain(view, card)
        if gain <= 0:
            return False
        before, _keep = plan(view.hand, view.contract, view.wilds)
        short = need - before - gain
        if need > len(view.hand) - 1:
            return True           # a long contract cannot be made without cards
        return short <= 1

    @staticmethod
    def _gain(view: ShanghaiView, card: Card) -> int:
        """How much more of the contract the hand covers with ``card`` (0: none)."""
        contract, wild = view.contract, view.wilds
        hand = view.hand
        if card.rank not in wild and not _near(hand, card):
            return 0
        before, _keep = plan(hand, contract, wild)
        if before >= _need(contract):
            return 0
        if card.rank in wild:
            return 1
        if _most_after(hand, card, contract, wild) <= before:
            return 0
        with_card = sorted((*hand, card))
        after, _keep = plan(with_card, contract, wild)
        return after - before

    # ------------------------------------------------------------------ melding
    def _go_down(self, view: ShanghaiView, melds: Sequence[Move]) -> Move:
        """S6: go down at once, with the option that leaves the fewest points after
        every lay-off it allows."""
        if len(melds) == 1:
            return melds[0]
        hand = Counter(view.hand)
        base = _table_of(view)
        points = points_of(view)
        best, best_key = melds[0], None
        for move in melds[:MELD_OPTIONS_WEIGHED]:
            left = hand.copy()
            left.subtract(move.cards)
            table = _Table((), view.wilds)
            table.sets, table.ends, table.wild_fits = set(base.sets), set(base.ends), base.wild_fits
            for (kind, _size), group in zip(view.contract, move.groups):
                made = make_meld(kind, group, view.wilds)
                if isinstance(made, Meld):
                    table.add(made)
            stuck = [(n, points[card.rank] * n) for card, n in left.items() if n > 0 and not table.fits(card)]
            wilds = sum(1 for card in move.cards if card.rank in view.wilds)
            key = (sum(n for n, _p in stuck), sum(p for _n, p in stuck), wilds)
            if best_key is None or key < best_key:
                best, best_key = move, key
        return best

    @staticmethod
    def _lay_off(view: ShanghaiView, moves: Sequence[Move], table: _Table) -> Move:
        """Lay off naturals first (the costliest first), wilds last."""
        wild, points = view.wilds, points_of(view)
        return max(moves, key=lambda m: (m.cards[0].rank not in wild, points[m.cards[0].rank]))

    # ------------------------------------------------------------------ discarding
    def _discard(self, view: ShanghaiView, moves: Sequence[Move], table: _Table, rng: Rng) -> Move:
        if len(moves) == 1:
            return moves[0]
        key = self.discard_key(view, table)
        if self.shake and not view.down[view.seat] and rng.random() < self.shake:
            # Now and then let go of a spare card at random: two players hoarding what
            # the other needs (or what fits the table) would otherwise never budge.
            spare = [m for m in moves if m.cards[0].rank not in view.wilds and not key(m)[1]]
            if spare:
                return rng.choice(spare)
        return min(moves, key=key)

    def discard_key(self, view: ShanghaiView, table: _Table) -> Callable[[Move], tuple]:
        """How a discard ranks, lowest best. Once down: a card that cannot be laid off
        before one that can (S10: the last cards must go onto melds). Before: a spare
        card (one the contract plan does not keep) before a kept one, the least useful
        first. Either way wilds last, and a card that fits the table is not thrown to a
        next player who is down; ties go to the costlier card. The second element says
        whether the card is one the plan keeps (so it is False for a spare card)."""
        wild, points = view.wilds, points_of(view)
        feeds = view.down[(view.seat + 1) % view.players]
        if view.down[view.seat]:
            def key_down(move: Move) -> tuple:
                card = move.cards[0]
                fits = table.fits(card)
                return (card.rank in wild, fits, feeds and fits, -table.distance(card), -points[card.rank])
            return key_down
        hand, contract = view.hand, view.contract
        covered, keep = plan(hand, contract, wild)
        kept, held = Counter(keep), Counter(hand)
        useful = _usefulness(hand, contract, wild, keep)
        shed = self.shed_weight(view, covered)

        def key(move: Move) -> tuple:
            card = move.cards[0]
            fits = table.fits(card)
            worth: float = useful.get(card, 0) + (3 if feeds and fits else 0) + fits
            if shed:
                worth -= shed * points[card.rank] / 5
            return (card.rank in wild, held[card] <= kept[card], worth, -points[card.rank])
        return key

    def shed_weight(self, view: ShanghaiView, covered: int) -> float:
        """How much a card's points (per 5) count toward discarding it while not down,
        against its usefulness of 0–7; ``covered`` is how much of the contract the plan
        has. The simple bot: not at all."""
        return 0.0


def _usefulness(hand: Sequence[Card], contract: Sequence[tuple[str, int]], wild: frozenset[int],
                keep: Sequence[Card]) -> dict[Card, int]:
    """A rough worth of each natural card the plan does not keep: 4 if it will lay off
    on the planned melds once down, else (while the plan is short) partners of its rank
    for sets and near neighbours of its suit for runs."""
    set_sizes = [size for kind, size in contract if kind == "set"]
    has_runs = len(set_sizes) < len(contract)
    ranks: dict[int, int] = {}
    masks = dict.fromkeys("CDHS", 0)
    for card in hand:
        if card.rank not in wild:
            ranks[card.rank] = ranks.get(card.rank, 0) + 1
            masks[card.suit] |= _BITS[card]
    kept_ranks: dict[int, int] = {}
    kept_masks = dict.fromkeys("CDHS", 0)
    for card in keep:
        kept_ranks[card.rank] = kept_ranks.get(card.rank, 0) + 1
        kept_masks[card.suit] |= _BITS[card]
    planned_sets: set[int] = set()
    sets_short = False
    if set_sizes:
        planned_sets = {rank for rank, n in kept_ranks.items() if n >= 2}
        best = sorted(kept_ranks.values())[-len(set_sizes):]
        sets_short = sum(min(n, set_sizes[0]) for n in best) < sum(set_sizes)
    worth: dict[Card, int] = {}
    for card in set(hand):
        rank = card.rank
        if rank in wild:
            continue
        value = 0
        if rank in planned_sets:
            value = 4
        elif sets_short:
            value = 3 * min(ranks[rank] - 1, 2)
        if has_runs:
            kept = kept_masks[card.suit]
            mask = masks[card.suit]
            for v in ((1, 14) if rank == ACE else (rank,)):
                if kept >> v & 1:
                    continue          # a second copy adds nothing to a run
                if kept >> (v - 1) & 1 or kept >> (v + 1) & 1:
                    value = max(value, 4)
                near = 2 * ((mask >> (v - 1) & 1) + (mask >> (v + 1) & 1))
                near += (mask >> max(v - 2, 0) & 1) + (mask >> (v + 2) & 1)
                value = max(value, near)
        worth[card] = value
    return worth


__all__ = ["SimpleBot", "make_plan", "plan"]
