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

The contract plan (:func:`plan`) is greedy, so that it is quick and predictable: runs
take the best-covered window of a suit, longest run first; sets the ranks held most
often.

Caching: the bot fills benchmark tables, so it works on cards as bits of one integer
(see "cards as bits") and remembers, on the bot, each seat's last hand (a hand waits
unchanged through the buy windows; a draw or a discard changes one card). Nothing it
remembers changes a decision: the module-level memos are of pure functions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from operator import attrgetter

from ...bots.base import per_rules
from ...engine.cards import ACE, JOKER_CARD, RANK_NAMES, STANDARD_CARDS, SUITS, Card
from ...engine.moves import Move
from ...engine.rng import Rng
from ...engine.views import PlayerView
from .godown import best_window, best_windows
from .melds import RUN_CARD, Meld, lay_off_places, make_meld
from .preset import DEFAULT_CARD_POINTS, contract_size
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
_SHIFT = {suit: 16 * index for index, suit in enumerate(SUITS)}
_SHIFTS = tuple(_SHIFT.values())
_SUIT_MASK = 0xFFFF
_ACE_BITS = (1 << 1) | (1 << ACE)


def _bits(card: Card) -> int:
    """The run values a natural card covers, as a bit mask (an ace is 1 and 14)."""
    return (1 << card.rank) | (2 if card.rank == ACE else 0)


_CARD_RUN_BITS = {card: _bits(card) << _SHIFT[card.suit] for card in STANDARD_CARDS}
"""Per natural card, its run bits in the four-suit integer. (Not godown's ``_RUN_BITS``,
which is per rank.)"""
_SLOT = {card: 1 << (_SHIFT[card.suit] + card.rank) for card in STANDARD_CARDS}
_EVERY_SUIT = {rank: sum(1 << (shift + rank) for shift in _SHIFTS) for rank in range(2, 15)}
"""Per rank, its slot in every suit."""
_RANK_RUN_BITS = {rank: sum(_CARD_RUN_BITS[Card(rank, suit)] for suit in SUITS) for rank in range(2, 15)}
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
        found = {card: (0, 0) if card.rank in wild else (_CARD_RUN_BITS[card], 1 << card.rank)
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
    cards of these layers (see :class:`_Hand`), wilds not counted."""
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
                _take(run_layers, _CARD_RUN_BITS[card], 1)
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
    slots = _EVERY_SUIT[rank]
    found: list[Card] = []
    for layer in cards:
        if not layer & slots:
            break
        found += _run_cards(layer & slots)
    found.sort()
    return found


class _Hand:
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
    def of(cls, hand: tuple[Card, ...], contract: Sequence[tuple[str, int]], wild: frozenset[int]) -> _Hand:
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
        _add(run_layers, _CARD_RUN_BITS[card])
        if self.shape.sets:
            _add(rank_layers, 1 << card.rank)
        return run_layers, rank_layers

    def drawn(self, hand: tuple[Card, ...], card: Card) -> _Hand:
        """The hand ``hand``: this one and ``card`` (its plan not worked out yet)."""
        if card.rank in self.wild:
            return _Hand(hand, self.contract, self.shape, self.wild, self.run_layers, self.rank_layers,
                         self.wilds + 1)
        return _Hand(hand, self.contract, self.shape, self.wild, *self._plus(card), self.wilds)

    def without(self, card: Card) -> _Hand:
        """The hand once the natural ``card`` is discarded, when the plan leaves a copy
        of it over: its plan covers as much, for the greedy choices of :func:`_cover`
        never looked at that copy (the windows and ranks chosen still cover most, first)."""
        at = self.hand.index(card)
        run_layers, rank_layers = self.run_layers[:], self.rank_layers[:]
        _take(run_layers, _CARD_RUN_BITS[card], 1)
        if rank_layers:
            _take(rank_layers, 1 << card.rank, 1)
        after = _Hand(self.hand[:at] + self.hand[at + 1:], self.contract, self.shape, self.wild, run_layers,
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
                bits = _CARD_RUN_BITS.get(card, 0)
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
                held |= _CARD_RUN_BITS[card]
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
        if card.rank in self.wild or not held & _CARD_RUN_BITS[card]:
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
            shift = _SHIFT[card.suit]
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


_HANDS: dict[tuple, _Hand] = {}
"""The memo of :func:`_hand`, a pure function of its key (cleared past 4096 hands)."""


def _hand(hand: Sequence[Card], contract: Sequence[tuple[str, int]], wild: frozenset[int]) -> _Hand:
    """The :class:`_Hand` of a hand, remembered for the last few thousand hands seen (a
    hand waits through several buy windows and its draw unchanged)."""
    key = (hand if type(hand) is tuple else tuple(hand), contract, wild)
    found = _HANDS.get(key)
    if found is None:
        if len(_HANDS) > 4096:
            _HANDS.clear()
        found = _HANDS[key] = _Hand.of(key[0], contract, wild)
    return found


def _one_more(short: tuple[Card, ...], long: tuple[Card, ...]) -> Card | None:
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
    return _hand(hand, contract, wild).plan()


# ---------------------------------------------------------------------- the table
class LayOffTable:
    """Where cards can be laid off on the melds a view shows, as bits (see "cards as
    bits"): the slots of the set ranks in every suit and the run values just past
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
        return bool(self.fit_bits & _CARD_RUN_BITS[card])

    def distance(self, card: Card) -> int:
        """How far ``card`` is from fitting: 0 fits; else, by its natural value (a wild
        2 too), 1 right at a run's end (a wild where no wild fits), 2 next to one (it
        would fit once the card between is laid off), else 3."""
        if self.fits(card):
            return 0
        bits = _CARD_RUN_BITS.get(card, 0)
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
            found = (_EVERY_SUIT[meld.base], 0, places.wild_fits)
        else:
            shift = _SHIFT[meld.suit]
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
        self._last: dict[int, _Hand] = {}
        """Per seat, the last hand this bot analysed, or the one its discard left: a
        hand waits unchanged through the buy windows and its draw, and a draw adds one
        card (comparing hands is cheaper than hashing them)."""
        self._table: tuple[Sequence[Sequence[Meld]], frozenset[int], LayOffTable] | None = None
        """The melds, wilds and :class:`LayOffTable` of the last view: the melds stay the
        same object until they change."""

    def _hand_of(self, view: ShanghaiView) -> _Hand:
        """The :class:`_Hand` of the view's hand, contract and wilds (worked out from the
        seat's last one when a card was drawn since)."""
        hand, contract, wild = view.hand, view.contract, view.wilds
        found = self._last.get(view.seat)
        if found is None or found.contract != contract or found.wild != wild:
            found = _Hand.of(hand, contract, wild)
        elif found.hand == hand:
            return found
        else:
            card = _one_more(found.hand, hand)      # most often: the seat has drawn a card
            found = _Hand.of(hand, contract, wild) if card is None else found.drawn(hand, card)
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
            spares = [m for m in moves if spare & _CARD_RUN_BITS.get(m.cards[0], 0)]
            if spares:
                chosen = rng.choice(spares)
        if chosen is None:
            chosen = self._least_worth(view, moves, table, spare)
        if chosen is None:
            chosen = min(moves, key=self.discard_key(view, table))
        card = chosen.cards[0]
        if spare & _CARD_RUN_BITS.get(card, 0):
            self._last[view.seat] = hand.without(card)     # the seat's next hand, worked out
        return chosen

    def _least_worth(self, view: ShanghaiView, moves: Sequence[Move], table: LayOffTable, spare: int) -> Move | None:
        """The first discard of a spare natural (``spare``: their run bits) worth least,
        the costliest on a tie; None if there is none."""
        worth, points = self._discard_worth(view, table), points_of(view)
        chosen = best = None
        for move in moves:
            card = move.cards[0]
            if spare & _CARD_RUN_BITS.get(card, 0):
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
            return (False, not spare & _CARD_RUN_BITS[card], worth(card), -points[card.rank])
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


__all__ = ["LayOffTable", "SimpleBot", "is_near", "plan"]
