"""The Shanghai bots' contract plan: how much of a contract a hand covers, and which
natural cards it keeps for it, worked out greedily so that it is quick and predictable:
runs take the best-covered window of a suit, longest run first; sets the ranks held
most often.

The bots fill benchmark tables, so the plan works on cards as bits of one integer (see
"cards as bits") and remembers the last few thousand hands it saw (a hand waits
unchanged through the buy windows; a draw changes one card). The memos are of pure
functions: nothing remembered changes a decision.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.cards import ACE, JOKER_CARD, STANDARD_CARDS, SUITS, Card
from .runs import best_window, best_windows
from .melds import RUN_CARD
from .preset import contract_size


def is_near(hand: Sequence[Card], card: Card) -> bool:
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


# ---------------------------------------------------------------------- cards as bits
# The four suits share one integer, 16 bits a suit (clubs lowest). In its suit a
# natural card is the bit of its run value, an ace both 1 and 14 (it runs low or
# high): its "run bits". The bit of its rank alone (14 for an ace) is its "slot".
# Ranks on their own (for sets) are the bits 2–14 of another integer.
SUIT_SHIFT = {suit: 16 * index for index, suit in enumerate(SUITS)}
_SHIFTS = tuple(SUIT_SHIFT.values())
_SUIT_MASK = 0xFFFF
_ACE_BITS = (1 << 1) | (1 << ACE)


def _bits(card: Card) -> int:
    """The run values a natural card covers, as a bit mask (an ace is 1 and 14)."""
    return (1 << card.rank) | (2 if card.rank == ACE else 0)


CARD_RUN_BITS = {card: _bits(card) << SUIT_SHIFT[card.suit] for card in STANDARD_CARDS}
"""Per natural card, its run bits in the four-suit integer. (Not contract_check's
``_RUN_BITS``, which is per rank.)"""
_SLOT = {card: 1 << (SUIT_SHIFT[card.suit] + card.rank) for card in STANDARD_CARDS}
EVERY_SUIT = {rank: sum(1 << (shift + rank) for shift in _SHIFTS) for rank in range(2, 15)}
"""Per rank, its slot in every suit."""
_RANK_RUN_BITS = {rank: sum(CARD_RUN_BITS[Card(rank, suit)] for suit in SUITS) for rank in range(2, 15)}
"""Per rank, its run bits in every suit."""

_NEAR = {held: sum(_SLOT[card] for card in STANDARD_CARDS if is_near((held,), card))
         for held in (*STANDARD_CARDS, JOKER_CARD)}
"""Per card held, the slots of the cards it makes near (see :func:`is_near`)."""

_PLAN_BITS: dict[frozenset[int], dict[Card, tuple[int, int]]] = {}


def _plan_bits(wild: frozenset[int]) -> dict[Card, tuple[int, int]]:
    """Per card, (its run bits, its rank bit) for the plan; (0, 0) for a wild. A joker
    is always wild (S5), whether or not the preset's deck has any."""
    found = _PLAN_BITS.get(wild)
    if found is None:
        found = {card: (0, 0) if card.rank in wild else (CARD_RUN_BITS[card], 1 << card.rank)
                 for card in STANDARD_CARDS}
        found[JOKER_CARD] = (0, 0)
        _PLAN_BITS[wild] = found
    return found


def _add(layers: list[int], bits: int) -> None:
    """Hold one more copy of each item of ``bits``. ``layers[k]`` is the set of items
    held more than ``k`` times (so each layer lies within the one below it, and the
    last is never empty): a hand from several decks holds some cards twice."""
    for k, layer in enumerate(layers):
        layers[k] = layer | bits
        bits &= layer             # those already held k+1 times climb a layer
        if not bits:
            return
    layers.append(bits)


def _take(layers: list[int], bits: int, n: int) -> None:
    """Give up ``n`` copies of each item of ``bits`` (all the copies, if fewer)."""
    depth = len(layers)
    if depth == 1:                # most hands hold no card twice
        if layers[0] & ~bits:
            layers[0] &= ~bits
        else:
            layers.pop()
        return
    for k in range(depth):
        above = layers[k + n] if k + n < depth else 0
        layers[k] = layers[k] & ~bits | above & bits
    while layers and not layers[-1]:
        layers.pop()


def _count(layers: list[int], bit: int) -> int:
    """How many copies of the item ``bit`` the layers hold."""
    held = 0
    for layer in layers:
        if not layer & bit:
            break
        held += 1
    return held


def _widest(held: int, size: int) -> tuple[int, int, int]:
    """The best window of ``size`` in any suit of the run bits ``held``: (bits covered,
    the suit's shift, lowest value); the first suit (C D H S) on a tie."""
    best = (0, 0, 0)
    known = best_windows(size)
    for shift in _SHIFTS:
        mask = held >> shift & _SUIT_MASK
        got, base = known.get(mask) or best_window(mask, size)
        if got > best[0]:
            best = (got, shift, base)
    return best


# ---------------------------------------------------------------------- the plan
class _Contract:
    """A contract as the plan reads it: its size, its runs longest first, its sets."""

    __slots__ = ("need", "runs", "run_sizes", "sets")

    def __init__(self, contract: Sequence[tuple[str, int]]) -> None:
        self.need = contract_size(contract)
        runs = sorted((s for k, s in contract if k == "run"), reverse=True)
        self.runs = tuple(runs)
        self.run_sizes = tuple((size, runs.count(size)) for size in sorted(set(runs), reverse=True))
        """Each size of run and how many the contract asks."""
        self.sets = tuple(s for k, s in contract if k == "set")


_CONTRACTS: dict[Sequence[tuple[str, int]], _Contract] = {}


def _run_pick(run_layers: list[int], size: int) -> tuple[int, int, int]:
    """The plan's run of ``size``: (bits covered, the suit's shift, the run bits its
    cards take in that suit: an ace's both); zeros if none."""
    got, shift, base = _widest(run_layers[0] if run_layers else 0, size)
    if not got:
        return 0, 0, 0
    used = run_layers[0] >> shift & _SUIT_MASK & (((1 << size) - 1) << base)
    return got, shift, used | _ACE_BITS if used & _ACE_BITS else used


def _set_pick(rank_layers: list[int], size: int) -> tuple[int, int]:
    """The plan's set of ``size``: (cards covered, rank), the rank held most often (up
    to the set's size), the highest on a tie. ``rank_layers`` is not empty."""
    got = min(size, len(rank_layers))
    return got, rank_layers[got - 1].bit_length() - 1


def _cover(shape: _Contract, run_layers: list[int], rank_layers: list[int]) -> int:
    """How many contract cards the greedy plan (:func:`plan`) covers with the natural
    cards of these layers (see :class:`HandPlan`), wilds not counted."""
    covered = 0
    sets, last_run = shape.sets, len(shape.runs) - 1
    if last_run > 0:
        run_layers = run_layers[:]
    if sets:
        rank_layers = rank_layers[:]
    for step, size in enumerate(shape.runs):
        got, shift, used = _run_pick(run_layers, size)
        covered += got
        if got and step < last_run:         # (no later step reads what the last run leaves)
            _take(run_layers, used << shift, 1)
        if got and sets:
            _take(rank_layers, used & ~2, 1)      # (an ace's rank bit is 14)
    last_set = len(sets) - 1
    for step, size in enumerate(sets):
        if not rank_layers:
            break
        got, rank = _set_pick(rank_layers, size)
        covered += got
        if step < last_set:
            _take(rank_layers, 1 << rank, size)
    return covered


def _allot(shape: _Contract, run_layers: list[int], rank_layers: list[int]) -> tuple[int, list[int], list[int]]:
    """The greedy plan of :func:`_cover` in full: (cards covered, the run layers of the
    naturals it leaves over, the rank layers of those it keeps)."""
    run_layers, rank_layers = run_layers[:], rank_layers[:]
    covered = 0
    kept_ranks: list[int] = []
    sets = shape.sets
    for size in shape.runs:
        got, shift, used = _run_pick(run_layers, size)
        if not got:
            continue
        covered += got
        _take(run_layers, used << shift, 1)
        if sets:
            _take(rank_layers, used & ~2, 1)
            _add(kept_ranks, used & ~2)
    for size in sets:
        if not rank_layers:
            break
        got, rank = _set_pick(rank_layers, size)
        covered += got
        if _count(rank_layers, 1 << rank) > size:     # the first ``size`` by suit
            for card in _rank_cards(run_layers, rank)[:size]:
                _take(run_layers, CARD_RUN_BITS[card], 1)
        else:
            _take(run_layers, _RANK_RUN_BITS[rank], len(run_layers))
        for _ in range(got):
            _add(kept_ranks, 1 << rank)
        _take(rank_layers, 1 << rank, size)
    return covered, run_layers, kept_ranks


_CARDS_OF: dict[int, tuple[Card, ...]] = {}
"""Per set of run bits (one suit's, or slots of several suits), the cards they stand
for, sorted (a plan keeps the same few windows and sets again and again)."""


def _run_cards(bits: int) -> tuple[Card, ...]:
    """The natural cards of the run bits ``bits`` (an ace once), by suit and value."""
    found = _CARDS_OF.get(bits)
    if found is None:
        cards = []
        for shift in _SHIFTS:
            for value in range(1, 15):
                if bits >> (shift + value) & 1:
                    cards.append(RUN_CARD[value, SUITS[shift // 16]])
        if len(_CARDS_OF) > 10_000:
            _CARDS_OF.clear()
        found = _CARDS_OF[bits] = tuple(cards)
    return found


def _rank_cards(cards: list[int], rank: int) -> list[Card]:
    """The natural cards of ``rank`` the layers hold, sorted."""
    slots = EVERY_SUIT[rank]
    found: list[Card] = []
    for layer in cards:
        if not layer & slots:
            break
        found += _run_cards(layer & slots)
    found.sort()
    return found


class HandPlan:
    """What the bot works out about one hand under one contract and wild ranks: its
    natural cards as two stacks of bit layers (see :func:`_add`), how many wilds it
    holds, and (each when first asked) the cards near it, how much of the contract its
    plan covers, and the facts its discard ranks read.

    - ``run_layers[k]``: the run bits (see "cards as bits": suit and run value, an ace
      at 1 and 14) of the naturals held more than ``k`` times.
    - ``rank_layers[k]``: bit ``r`` (2–14) set when more than ``k`` naturals of rank
      ``r`` are held, whatever their suits; empty when the contract has no sets (the
      plan then never reads them)."""

    __slots__ = ("hand", "contract", "shape", "wild", "run_layers", "rank_layers", "wilds",
                 "_near", "_covered", "_plan", "_most", "_facts")

    def __init__(self, hand: tuple[Card, ...], contract: Sequence[tuple[str, int]], shape: _Contract,
                 wild: frozenset[int], run_layers: list[int], rank_layers: list[int], wilds: int) -> None:
        self.hand, self.contract, self.shape, self.wild = hand, contract, shape, wild
        self.run_layers, self.rank_layers, self.wilds = run_layers, rank_layers, wilds
        self._near = -1
        self._covered = -1
        self._plan: tuple[int, list[Card]] | None = None
        self._most: dict[Card, int] | None = None
        self._facts: tuple[int, int, bool, int, int, int] | None = None

    @classmethod
    def of(cls, hand: tuple[Card, ...], contract: Sequence[tuple[str, int]], wild: frozenset[int]) -> HandPlan:
        shape = _CONTRACTS.get(contract)
        if shape is None:
            shape = _CONTRACTS[contract] = _Contract(contract)
        plan_bits = _plan_bits(wild)
        sets = bool(shape.sets)       # (without sets the plan reads no ranks)
        top = top_ranks = wilds = 0
        more: list[int] = []          # the layers above the first (cards held twice, ...)
        more_ranks: list[int] = []
        for card in hand:
            bits, rank_bit = plan_bits[card]
            if not bits:
                wilds += 1
                continue
            if top & bits:
                _add(more, bits)
            else:
                top |= bits
            if not sets:
                continue
            if top_ranks & rank_bit:
                _add(more_ranks, rank_bit)
            else:
                top_ranks |= rank_bit
        run_layers = [top, *more] if top else []
        rank_layers = [top_ranks, *more_ranks] if top_ranks else []
        return cls(hand, contract, shape, wild, run_layers, rank_layers, wilds)

    def _plus(self, card: Card) -> tuple[list[int], list[int]]:
        """New run and rank layers: these with the natural ``card`` added."""
        run_layers, rank_layers = self.run_layers[:], self.rank_layers[:]
        _add(run_layers, CARD_RUN_BITS[card])
        if self.shape.sets:
            _add(rank_layers, 1 << card.rank)
        return run_layers, rank_layers

    def drawn(self, hand: tuple[Card, ...], card: Card) -> HandPlan:
        """The hand ``hand``: this one and ``card`` (its plan not worked out yet)."""
        if card.rank in self.wild:
            return HandPlan(hand, self.contract, self.shape, self.wild, self.run_layers, self.rank_layers,
                         self.wilds + 1)
        return HandPlan(hand, self.contract, self.shape, self.wild, *self._plus(card), self.wilds)

    def without(self, card: Card) -> HandPlan:
        """The hand once the natural ``card`` is discarded, when the plan leaves a copy
        of it over: its plan covers as much, for the greedy choices of :func:`_cover`
        never looked at that copy (the windows and ranks chosen still cover most, first)."""
        at = self.hand.index(card)
        run_layers, rank_layers = self.run_layers[:], self.rank_layers[:]
        _take(run_layers, CARD_RUN_BITS[card], 1)
        if rank_layers:
            _take(rank_layers, 1 << card.rank, 1)
        after = HandPlan(self.hand[:at] + self.hand[at + 1:], self.contract, self.shape, self.wild, run_layers,
                      rank_layers, self.wilds)
        after._covered = self.covered()
        return after

    def covered(self) -> int:
        """How much of the contract the plan covers (wilds included)."""
        if self._covered < 0:
            self._covered = min(self.shape.need, _cover(self.shape, self.run_layers, self.rank_layers) + self.wilds)
        return self._covered

    def plan(self) -> tuple[int, list[Card]]:
        """:func:`plan` of the hand."""
        if self._plan is None:
            covered, left, _kept_ranks = _allot(self.shape, self.run_layers, self.rank_layers)
            keep: list[Card] = []     # the hand's naturals but the copies left over
            for card in sorted(self.hand):
                bits = CARD_RUN_BITS.get(card, 0)
                if not bits or card.rank in self.wild:
                    continue
                if left and left[0] & bits:
                    _take(left, bits, 1)
                else:
                    keep.append(card)
            self._plan = (min(self.shape.need, covered + self.wilds), keep)
        return self._plan

    # ------------------------------------------------------------------ a card's gain
    def may_help(self, card: Card) -> bool:
        """Whether ``card`` is a wild or near the hand (:func:`is_near`)."""
        if card.rank in self.wild:
            return True
        if self._near < 0:
            near = 0
            for held in self.hand:
                near |= _NEAR[held]
            self._near = near
        return bool(self._near & _SLOT[card])

    def most_after(self, card: Card) -> int:
        """An upper bound on what the plan covers with ``card`` added: each run its best
        window and each set its most-held rank, ignoring that they share cards.
        (Remembered per card: a buy asks twice.)"""
        if self._most is None:
            self._most = {}
        found = self._most.get(card)
        if found is None:
            shape = self.shape
            wilds, most = self.wilds, len(self.rank_layers)
            held = self.run_layers[0] if self.run_layers else 0
            if card.rank in self.wild:
                wilds += 1
            else:
                most = max(most, _count(self.rank_layers, 1 << card.rank) + 1)
                held |= CARD_RUN_BITS[card]
            found = wilds
            for size in shape.sets:
                found += min(size, most)
            for size, times in shape.run_sizes:
                found += times * _widest(held, size)[0]
            found = self._most[card] = min(shape.need, found)
        return found

    def covered_with(self, card: Card) -> int:
        """What the plan covers with the natural ``card`` added."""
        return min(self.shape.need, _cover(self.shape, *self._plus(card)) + self.wilds)

    # ------------------------------------------------------------------ discarding
    def discard_facts(self) -> tuple[int, int, bool, int, int, int]:
        """What the discard ranks read, as bits: (the spare naturals, held more often
        than the plan keeps them; the plan's cards; whether its sets are short; the
        ranks it keeps twice or more; the ranks held twice or more; three times or more)."""
        if self._facts is None:
            shape, ranks = self.shape, self.rank_layers
            covered, left, kept_ranks = _allot(shape, self.run_layers, ranks)
            self._covered = min(shape.need, covered + self.wilds)
            kept = 0                  # kept at least once: held more often than left over
            for k, layer in enumerate(self.run_layers):
                kept |= layer & ~(left[k] if k < len(left) else 0)
            sets_short = bool(shape.sets) and _top_sum(kept_ranks, len(shape.sets), shape.sets[0]) < sum(shape.sets)
            planned_sets = kept_ranks[1] if shape.sets and len(kept_ranks) > 1 else 0
            self._facts = (left[0] if left else 0, kept, sets_short, planned_sets,
                           ranks[1] if len(ranks) > 1 else 0, ranks[2] if len(ranks) > 2 else 0)
        return self._facts

    def usefulness(self, card: Card) -> int:
        """A rough worth of ``card`` to the plan (0 for a wild or a card not held): 4
        if it will lay off on the planned sets once down; else, while the planned sets
        are short, 3 for each partner of its rank (at most 2); and for runs what
        :data:`_RUN_WORTH` says."""
        held = self.run_layers[0] if self.run_layers else 0
        if card.rank in self.wild or not held & CARD_RUN_BITS[card]:
            return 0
        _spare, kept_held, sets_short, planned_sets, pairs, trips = self._facts or self.discard_facts()
        rank = card.rank
        bit = 1 << rank
        value = 0
        if planned_sets & bit:
            value = 4
        elif sets_short:
            value = 3 * ((pairs & bit != 0) + (trips & bit != 0))
        if self.shape.runs:
            # Each value's neighbourhood: held at bits 0-4, kept at bits 5-9.
            shift = SUIT_SHIFT[card.suit]
            around_held = (held >> shift & _SUIT_MASK) << 2
            around_kept = (kept_held >> shift & _SUIT_MASK) << 2
            for v in _VALUES[rank]:
                value = max(value, _RUN_WORTH[(around_held >> v & 31) | (around_kept >> v & 31) << 5])
        return value


def _top_sum(layers: list[int], most: int, cap: int) -> int:
    """Over the ``most`` items held most often in ``layers``, the sum of their counts,
    each capped at ``cap``. (An item counts once in each of its first ``cap`` layers,
    and layer k holds the items held more than k times: so it is, over k < cap, the
    items in layer k, up to ``most`` of them.)"""
    return sum([min(most, layer.bit_count()) for layer in layers[:cap]])


def _run_worth(around: int) -> int:
    """What a natural card of run value v is worth to runs, from ``around``: bits 0-4
    the hand's naturals at v-2 … v+2, bits 5-9 the plan's cards there. -1 (nothing)
    if the plan keeps a card of value v already (a second copy adds nothing); else 4
    next to a kept card, and 2 for each neighbour held plus 1 for each held two away."""
    held, kept = around & 31, around >> 5
    if kept & 4:
        return -1
    near = 2 * ((held >> 1 & 1) + (held >> 3 & 1)) + (held & 1) + (held >> 4 & 1)
    return max(4 if kept & 0b01010 else 0, near)


_RUN_WORTH = [_run_worth(around) for around in range(1024)]
_VALUES = {rank: (1, 14) if rank == ACE else (rank,) for rank in range(2, 15)}
"""Per rank, its run values."""


_HANDS: dict[tuple, HandPlan] = {}
"""The memo of :func:`hand_plan`, a pure function of its key (cleared past 4096 hands)."""


def hand_plan(hand: Sequence[Card], contract: Sequence[tuple[str, int]], wild: frozenset[int]) -> HandPlan:
    """The :class:`HandPlan` of a hand, remembered for the last few thousand hands seen (a
    hand waits through several buy windows and its draw unchanged)."""
    key = (hand if type(hand) is tuple else tuple(hand), contract, wild)
    found = _HANDS.get(key)
    if found is None:
        if len(_HANDS) > 4096:
            _HANDS.clear()
        found = _HANDS[key] = HandPlan.of(key[0], contract, wild)
    return found


def one_more(short: tuple[Card, ...], long: tuple[Card, ...]) -> Card | None:
    """The card ``long`` holds besides ``short`` when it is ``short`` with that card
    put in somewhere (as a draw does), else None."""
    if len(long) != len(short) + 1:
        return None
    at = 0
    for held, now in zip(short, long):
        if held != now:
            break
        at += 1
    return long[at] if long[at + 1:] == short[at:] else None


def plan(hand: Sequence[Card], contract: Sequence[tuple[str, int]],
         wild: frozenset[int]) -> tuple[int, list[Card]]:
    """A greedy plan for the contract: (how many of its cards the hand already covers,
    the natural cards the plan keeps, sorted). Runs take the best-covered window of a suit,
    longest run first (ties: the first suit in C D H S order, then the lowest window);
    sets the ranks held most often (ties: the highest rank), each taking its cards in
    suit order. Remembered for the last few thousand hands seen."""
    return hand_plan(hand, contract, wild).plan()


__all__ = ["CARD_RUN_BITS", "EVERY_SUIT", "SUIT_SHIFT", "HandPlan", "hand_plan", "is_near", "one_more", "plan"]
