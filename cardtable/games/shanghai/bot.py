"""SimpleBot: a quick Shanghai player that sees only its view and the legal moves.

- Draw: take the upcard when it brings the hand closer to its contract (or, once
  down, when it can be laid off at once); otherwise draw from the stock.
- Buy: only before going down, only a card that brings the contract closer, and only
  when the buy is worth its penalty cards (the contract is then close, or long).
- Go down as soon as it can, choosing the go-down that leaves the fewest points once
  every possible lay-off is made; then lay off every card it can (swapping for a
  joker only when the joker can be laid off too).
- Discard: before going down, a card the contract plan does not need, the least
  useful first (now and then one of them at random, so that two players hoarding
  what the other needs do not stall the hand); once down, a card that cannot be laid
  off rather than one that can. Either way it avoids feeding the next player: a card
  that fits the table is not thrown to a seat that is down (and so could lay it off)
  while another card will do.

The contract plan is :mod:`.plan`'s (greedy, quick and predictable).

Caching: the bot fills benchmark tables, so it works on cards as bits of one integer
(see :mod:`.plan`) and remembers, on the bot, each seat's last hand (a hand waits
unchanged through the buy windows; a draw or a discard changes one card). Nothing it
remembers changes a decision: the module-level memos are of pure functions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from operator import attrgetter

from ...bots.base import per_rules
from ...engine.cards import RANK_NAMES, Card
from ...engine.moves import Move
from ...engine.rng import Rng
from ...engine.views import PlayerView
from .melds import Meld, lay_off_places, make_meld
from .plan import CARD_RUN_BITS, EVERY_SUIT, SUIT_SHIFT, HandPlan, one_more
from .preset import DEFAULT_CARD_POINTS
from .view import ShanghaiView

_DEFAULT_POINTS = {rank: DEFAULT_CARD_POINTS[name] for rank, name in enumerate(RANK_NAMES, start=2)}

SHAKE = 0.15
"""How often a bot not yet down discards a spare card at random instead of the least useful."""

BUY_MIN_STOCK = 6
"""The bots' own caution (no rule limits a buy by the stock): they buy nothing while the
stock holds fewer cards."""

MELD_OPTIONS_WEIGHED = 40
"""At most this many go-down options are compared (the first ones listed)."""


points_of = per_rules(lambda rules: {rank: rules.points_of(rank) for rank in _DEFAULT_POINTS}, _DEFAULT_POINTS)
"""``points_of(view)``: S11, what a card of each rank scores in hand under the view's
house rules (the preset's ``card_points``; the standard points for a view without rules)."""


# ---------------------------------------------------------------------- the table
class LayOffTable:
    """Where cards can be laid off on the melds a view shows, as bits (see :mod:`.plan`,
    "cards as bits"): the slots of the set ranks in every suit and the run values just past
    each run's ends (``fit_bits``; a natural fits if its run bits meet them), those
    ends alone (``end_bits``), and whether a wild fits somewhere."""

    __slots__ = ("fit_bits", "end_bits", "wild_fits", "wild")

    def __init__(self, melds: Sequence[Sequence[Meld]], wild: frozenset[int]) -> None:
        self.fit_bits = self.end_bits = 0
        self.wild_fits = False
        self.wild = wild
        for owned in melds:
            for meld in owned:
                self.add(meld)

    def copy(self) -> LayOffTable:
        table = LayOffTable((), self.wild)
        table.add_places((self.fit_bits, self.end_bits, self.wild_fits))
        return table

    def add(self, meld: Meld) -> None:
        self.add_places(_places(meld, self.wild))

    def add_places(self, places: tuple[int, int, bool]) -> None:
        """Add the places of a meld (:func:`_places`)."""
        fit_bits, end_bits, wild_fits = places
        self.fit_bits |= fit_bits
        self.end_bits |= end_bits
        self.wild_fits |= wild_fits

    def fits(self, card: Card) -> bool:
        """Whether ``card`` could be laid off now."""
        if card.rank in self.wild:
            return self.wild_fits
        return bool(self.fit_bits & CARD_RUN_BITS[card])

    def distance(self, card: Card) -> int:
        """How far ``card`` is from fitting: 0 fits; else, by its natural value (a wild
        2 too), 1 right at a run's end (a wild where no wild fits), 2 next to one (it
        would fit once the card between is laid off), else 3."""
        if self.fits(card):
            return 0
        bits = CARD_RUN_BITS.get(card, 0)
        if self.end_bits & bits:
            return 1
        return 2 if self.end_bits & (bits << 1 | bits >> 1) else 3


_PLACES: dict[tuple[Meld, frozenset[int]], tuple[int, int, bool]] = {}


def _places(meld: Meld, wild: frozenset[int]) -> tuple[int, int, bool]:
    """Where cards lay off on ``meld``, as a :class:`LayOffTable` of it alone has them: (fit
    bits, end bits, whether a wild fits). Remembered per meld: the table is worked out
    again each time a meld changes, and the others stay as they were."""
    found = _PLACES.get((meld, wild))
    if found is None:
        places = lay_off_places(meld, wild)
        if meld.kind == "set":
            found = (EVERY_SUIT[meld.base], 0, places.wild_fits)
        else:
            shift = SUIT_SHIFT[meld.suit]
            ends = sum(1 << (shift + value) for _end, value in places.ends)
            found = (ends, ends, places.wild_fits)
        if len(_PLACES) > 10_000:
            _PLACES.clear()
        _PLACES[meld, wild] = found
    return found


# ---------------------------------------------------------------------- the bot
class SimpleBot:
    """Quick and sensible: enough to fill a table and to benchmark the engine."""

    name = "simple"

    def __init__(self, shake: float = SHAKE) -> None:
        self.shake = shake
        self._last: dict[int, HandPlan] = {}
        """Per seat, the last hand this bot analysed, or the one its discard left: a
        hand waits unchanged through the buy windows and its draw, and a draw adds one
        card (comparing hands is cheaper than hashing them)."""
        self._table: tuple[Sequence[Sequence[Meld]], frozenset[int], LayOffTable] | None = None
        """The melds, wilds and :class:`LayOffTable` of the last view: the melds stay the
        same object until they change."""

    def _hand_of(self, view: ShanghaiView) -> HandPlan:
        """The :class:`HandPlan` of the view's hand, contract and wilds (worked out from the
        seat's last one when a card was drawn since)."""
        hand, contract, wild = view.hand, view.contract, view.wilds
        found = self._last.get(view.seat)
        if found is None or found.contract != contract or found.wild != wild:
            found = HandPlan.of(hand, contract, wild)
        elif found.hand == hand:
            return found
        else:
            card = one_more(found.hand, hand)      # most often: the seat has drawn a card
            found = HandPlan.of(hand, contract, wild) if card is None else found.drawn(hand, card)
        self._last[view.seat] = found
        return found

    def _table_of(self, view: ShanghaiView) -> LayOffTable:
        """The :class:`LayOffTable` of the view's melds (not to be changed by the caller)."""
        melds, wild = view.melds, view.wilds
        last = self._table
        if last is not None and last[0] is melds and last[1] == wild:
            return last[2]
        table = LayOffTable(melds, wild)
        self._table = (melds, wild, table)
        return table

    def choose(self, view: PlayerView, legal_moves: Sequence[Move], rng: Rng) -> Move:
        assert isinstance(view, ShanghaiView)
        first = legal_moves[0]
        kind = first.kind
        if kind == "buy" or kind == "decline":
            return self._buy_or_decline(view, legal_moves)
        if kind == "draw_stock" or kind == "take_upcard":
            return self._draw(view, legal_moves)
        kinds = set(map(_KIND, legal_moves))
        if kinds == {"discard"}:      # most turns: nothing to meld, lay off or swap
            return self._discard(view, legal_moves, self._table_of(view), rng)
        if "meld" in kinds:           # (go-downs can be listed by the hundred)
            return self._go_down(view, list(islice(_of_kind(legal_moves, "meld"), MELD_OPTIONS_WEIGHED)))
        table = self._table_of(view)
        if "lay_off" in kinds:
            return self._lay_off(view, list(_of_kind(legal_moves, "lay_off")), table)
        if "swap_joker" in kinds and (view.down[view.seat] or "discard" not in kinds):
            # Once down, a swap pays only if the wild can go on the table too.
            if not view.down[view.seat] or table.wild_fits:
                return next(_of_kind(legal_moves, "swap_joker"))
        if "discard" in kinds:
            return self._discard(view, list(_of_kind(legal_moves, "discard")), table, rng)
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
            wanted = self._table_of(view).fits(upcard)
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
        if view.stock_size < BUY_MIN_STOCK:
            return False
        hand = self._hand_of(view)
        if not hand.may_help(card):
            return False
        need, held = hand.shape.need, len(view.hand)
        if need < held and hand.most_after(card) < need - 1:
            return False          # the contract would still be more than one card short
        gain = self._gain(view, card)
        if gain <= 0:
            return False
        if need >= held:
            return True           # a long contract cannot be made without cards
        return need - hand.covered() - gain <= 1

    def _gain(self, view: ShanghaiView, card: Card) -> int:
        """How much more of the contract the hand covers with ``card`` (0: none; the
        greedy plan can even cover less)."""
        hand = self._hand_of(view)
        if not hand.may_help(card):
            return 0
        before = hand.covered()
        if before >= hand.shape.need:
            return 0
        if card.rank in hand.wild:
            return 1
        if hand.most_after(card) <= before:
            return 0
        return hand.covered_with(card) - before

    # ------------------------------------------------------------------ melding
    def _go_down(self, view: ShanghaiView, melds: Sequence[Move]) -> Move:
        """S6: go down at once, with the option that leaves the fewest points after
        every lay-off it allows."""
        if len(melds) == 1:
            return melds[0]
        wild = view.wilds
        hand: dict[Card, int] = {}
        for card in view.hand:
            hand[card] = hand.get(card, 0) + 1
        base = self._table_of(view)
        points = points_of(view)
        groups: dict[tuple, tuple[int, int, bool]] = {}     # each group's lay-off places
        best, best_key = melds[0], None
        for move in melds[:MELD_OPTIONS_WEIGHED]:     # (choose passes no more)
            left = hand.copy()
            for card in move.cards:
                left[card] -= 1
            table = base.copy()
            for (kind, _size), group in zip(view.contract, move.groups):
                places = groups.get((kind, group))
                if places is None:
                    made = make_meld(kind, group, wild)
                    places = groups[kind, group] = _places(made, wild) if isinstance(made, Meld) else (0, 0, False)
                table.add_places(places)
            stuck = n_stuck = 0
            for card, n in left.items():
                if n > 0 and not table.fits(card):
                    n_stuck += n
                    stuck += points[card.rank] * n
            wilds = sum(1 for card in move.cards if card.rank in wild)
            key = (n_stuck, stuck, wilds)
            if best_key is None or key < best_key:
                best, best_key = move, key
        return best

    @staticmethod
    def _lay_off(view: ShanghaiView, moves: Sequence[Move], table: LayOffTable) -> Move:
        """Lay off naturals first (the costliest first), wilds last."""
        wild, points = view.wilds, points_of(view)
        return max(moves, key=lambda m: (m.cards[0].rank not in wild, points[m.cards[0].rank]))

    # ------------------------------------------------------------------ discarding
    def _discard(self, view: ShanghaiView, moves: Sequence[Move], table: LayOffTable, rng: Rng) -> Move:
        """Once down, the lowest :meth:`discard_key`. Before: now and then (:attr:`shake`)
        a spare natural at random, for two players hoarding what the other needs (or
        what fits the table) would otherwise never budge; else the spare natural worth
        least (:meth:`_least_worth`: what :meth:`discard_key` ranks first); the lowest
        key only when no natural is spare. A subclass whose :meth:`discard_key` ranks
        the spare cards otherwise overrides this method too (as ``StrongPolicy`` does)."""
        if len(moves) == 1:
            return moves[0]
        if view.down[view.seat]:
            return min(moves, key=self.discard_key(view, table))
        hand = self._hand_of(view)
        spare = hand.discard_facts()[0]
        chosen = None
        if self.shake and rng.random() < self.shake:
            spares = [m for m in moves if spare & CARD_RUN_BITS.get(m.cards[0], 0)]
            if spares:
                chosen = rng.choice(spares)
        if chosen is None:
            chosen = self._least_worth(view, moves, table, spare)
        if chosen is None:
            chosen = min(moves, key=self.discard_key(view, table))
        card = chosen.cards[0]
        if spare & CARD_RUN_BITS.get(card, 0):
            self._last[view.seat] = hand.without(card)     # the seat's next hand, worked out
        return chosen

    def _least_worth(self, view: ShanghaiView, moves: Sequence[Move], table: LayOffTable, spare: int) -> Move | None:
        """The first discard of a spare natural (``spare``: their run bits) worth least,
        the costliest on a tie; None if there is none."""
        worth, points = self._discard_worth(view, table), points_of(view)
        chosen = best = None
        for move in moves:
            card = move.cards[0]
            if spare & CARD_RUN_BITS.get(card, 0):
                rank = (worth(card), -points[card.rank])
                if best is None or rank < best:
                    chosen, best = move, rank
        return chosen

    def discard_key(self, view: ShanghaiView, table: LayOffTable) -> Callable[[Move], tuple]:
        """How a discard ranks, lowest best. Once down: a card that cannot be laid off
        before one that can (S10: the last cards must go onto melds). Before: a spare
        card (one the contract plan does not keep) before a kept one, the least worth
        first (:meth:`_discard_worth`). Either way wilds last, and a card that fits the
        table is not thrown to a next player who is down; ties go to the costlier card.
        The second element says whether the card is one the plan keeps (so it is False
        for a spare card)."""
        wild, points = view.wilds, points_of(view)
        if view.down[view.seat]:
            feeds = view.down[(view.seat + 1) % view.players]

            def key_down(move: Move) -> tuple:
                card = move.cards[0]
                distance = table.distance(card)
                fits = distance == 0
                return (card.rank in wild, fits, feeds and fits, -distance, -points[card.rank])
            return key_down
        hand = self._hand_of(view)
        spare = hand.discard_facts()[0]
        worth = self._discard_worth(view, table)

        def key(move: Move) -> tuple:
            card = move.cards[0]
            if card.rank in wild:
                return (True, card not in hand.hand, worth(card), -points[card.rank])
            # kept: every copy held is one the plan keeps (none held: none kept)
            return (False, not spare & CARD_RUN_BITS[card], worth(card), -points[card.rank])
        return key

    def _discard_worth(self, view: ShanghaiView, table: LayOffTable) -> Callable[[Card], float]:
        """While not down, what a card is worth keeping: its usefulness to the plan, 1
        more if it fits the table and 3 more on top if the next player is down (who
        could lay it off), less its points (per 5) times :meth:`shed_weight`."""
        points = points_of(view)
        feeds = view.down[(view.seat + 1) % view.players]
        hand = self._hand_of(view)
        usefulness, fits = hand.usefulness, table.fits
        shed = self.shed_weight(view, hand.covered())

        def worth(card: Card) -> float:
            fit = fits(card)
            value: float = usefulness(card) + (3 if feeds and fit else 0) + fit
            if shed:
                value -= shed * points[card.rank] / 5
            return value
        return worth

    def shed_weight(self, view: ShanghaiView, covered: int) -> float:
        """How much a card's points (per 5) count toward discarding it while not down,
        against its usefulness of 0–7; ``covered`` is how much of the contract the plan
        has. The simple bot: not at all."""
        return 0.0


def _of_kind(moves: Sequence[Move], kind: str) -> Iterator[Move]:
    return (move for move in moves if move.kind == kind)


_KIND = attrgetter("kind")


__all__ = ["LayOffTable", "SimpleBot", "points_of"]
