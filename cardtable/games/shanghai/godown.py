"""Going down (S6): whether a hand can lay down its contract, and every way it can.

:func:`can_go_down` answers quickly by placing shapes (a set's rank and natural count,
a run's suit, window and wild count) instead of cards: it reads the hand once as bit
masks (:class:`_Shape`); sets alone and runs of one size alone have exact answers from
those, and other contracts are mostly decided by a lower bound on the wilds they need
or a first try, before a search. :func:`go_down_options` lists every card-level
go-down in canonical order (see its docstring), which is what the rules offer as
``meld`` moves: it picks each meld's group from one list of candidates from the whole
hand, testing which are still in hand with the cards packed into one integer
(:class:`_Packed`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from operator import itemgetter
from typing import NamedTuple

from ...engine.cards import ACE, SUITS, Card
from .melds import RUN_CARD
from .preset import contract_size

MAX_GO_DOWN_OPTIONS = 50_000
"""S6: at most this many go-down moves are listed, in canonical order (see
go_down_options). Play seen in simulations needs up to ~15,000 (a 24-card hand with
many wilds in wild-twos); only hands of 20+ cards with six or more wilds go past this,
and listing them all would take seconds and gigabytes."""


def _multicombos(items: list[tuple[Card, int]], k: int, start: int = 0) -> Iterator[tuple[Card, ...]]:
    """Sub-multisets of size k of ``items`` (card, count), as sorted tuples."""
    if k == 0:
        yield ()
        return
    for index in range(start, len(items)):
        card, count = items[index]
        for take in range(min(count, k), 0, -1):
            for rest in _multicombos(items, k - take, index + 1):
                yield (card,) * take + rest


def _multiperms(items: dict[Card, int], k: int) -> Iterator[tuple[Card, ...]]:
    """Distinct sequences of length k drawn from the multiset ``items``."""
    if k == 0:
        yield ()
        return
    for card in sorted(items):
        if items[card] > 0:
            items[card] -= 1
            for rest in _multiperms(items, k - 1):
                yield (card,) + rest
            items[card] += 1


_Entry = tuple[int, tuple[Card, ...]]
"""A candidate meld: its cards packed (:class:`_Packed`) and its cards in order."""

_CANDIDATES: dict[tuple, list[_Entry]] = {}
"""The candidate melds of one rank (sets) or one suit (runs), remembered per
(kind, size, that rank's or suit's naturals, the wilds held, the packing's width):
hands share them from turn to turn. Kept small (cleared past 1,000 entries): cards are
named tuples, which the garbage collector walks on every full collection."""


def _remember(key: tuple, make: Iterator[_Entry]) -> list[_Entry]:
    found = _CANDIDATES.get(key)
    if found is None:
        if len(_CANDIDATES) > 1_000:
            _CANDIDATES.clear()
        found = _CANDIDATES[key] = list(make)
    return found


def set_candidates(counts: Counter[Card], size: int, wild: frozenset[int], width: int) -> Iterator[_Entry]:
    """Every set of exactly ``size`` cards from ``counts``: naturals by suit, then wilds
    (each with its cards packed at ``width``, :class:`_Packed`)."""
    wild_items = tuple(sorted((c, n) for c, n in counts.items() if c.rank in wild and n > 0))
    total_wild = sum(n for _c, n in wild_items)
    by_rank: dict[int, list[tuple[Card, int]]] = {}
    for card, n in counts.items():
        if n > 0 and card.rank not in wild:
            by_rank.setdefault(card.rank, []).append((card, n))
    least = (size + 1) // 2
    for rank in sorted(by_rank):
        items = tuple(sorted(by_rank[rank]))
        held = sum(n for _c, n in items)
        if held < least or held + total_wild < size:
            continue
        yield from _remember(("set", size, items, wild_items, width),
                             _sets_of_rank(items, held, wild_items, total_wild, size, width))


def _sets_of_rank(items: tuple[tuple[Card, int], ...], held: int, wild_items: tuple[tuple[Card, int], ...],
                  total_wild: int, size: int, width: int) -> Iterator[_Entry]:
    for naturals in range(min(size, held), (size + 1) // 2 - 1, -1):
        wilds = size - naturals
        if wilds > total_wild:
            break
        extras = [(_packed(extra, width), extra) for extra in _multicombos(list(wild_items), wilds)]
        for chosen in _multicombos(list(items), naturals):
            packed = _packed(chosen, width)
            for extra_packed, extra in extras:
                yield packed + extra_packed, chosen + extra


def run_candidates(counts: Counter[Card], size: int, wild: frozenset[int], width: int) -> Iterator[_Entry]:
    """Every run of exactly ``size`` cards from ``counts``, in rank order, wilds in place
    (each with its cards packed at ``width``, :class:`_Packed`)."""
    wild_items = tuple(sorted((c, n) for c, n in counts.items() if c.rank in wild and n > 0))
    total_wild = sum(n for _c, n in wild_items)
    least = size - min(total_wild, size // 2)
    masks = _run_masks(counts, wild)
    for suit in SUITS:
        mask = masks[suit]
        if mask.bit_count() < least:
            continue
        yield from _remember(("run", size, suit, mask, wild_items, width),
                             _runs_of_suit(suit, mask, wild_items, total_wild, size, width))


def _runs_of_suit(suit: str, mask: int, wild_items: tuple[tuple[Card, int], ...], total_wild: int,
                  size: int, width: int) -> Iterator[_Entry]:
    most_wild = min(total_wild, size // 2)
    least = size - most_wild
    window = (1 << size) - 1
    arranged: dict[int, list[_Entry]] = {}   # the wilds' orders (packed), per number of places
    for base in range(1, 16 - size):
        if (mask & (window << base)).bit_count() < least or (base == 1 and size == 14):
            continue
        held = [i for i in range(size) if mask >> (base + i) & 1]
        missing = size - len(held)
        naturals = tuple([RUN_CARD[base + i, suit] for i in range(size)])
        units = [_packed((card,), width) for card in naturals]
        for extra in range(0, most_wild - missing + 1):
            for replaced in _subsets(held, extra):
                places = sorted(set(range(size)) - set(held) | set(replaced))
                packed = sum(units) - sum(units[place] for place in places)
                if not places:
                    yield packed, naturals
                    continue
                count = len(places)
                perms = arranged.get(count)
                if perms is None:
                    perms = arranged[count] = [(_packed(wilds, width), wilds)
                                               for wilds in _multiperms(dict(wild_items), count)]
                for wilds_packed, wilds in perms:
                    cards = list(naturals)
                    for place, card in zip(places, wilds):
                        cards[place] = card
                    yield packed + wilds_packed, tuple(cards)


def _subsets(items: list[int], k: int, start: int = 0) -> Iterator[tuple[int, ...]]:
    if k == 0:
        yield ()
        return
    for index in range(start, len(items) - k + 1):
        for rest in _subsets(items, k - 1, index + 1):
            yield (items[index],) + rest


def candidates(kind: str, counts: Counter[Card], size: int, wild: frozenset[int],
               width: int) -> Iterator[_Entry]:
    """:func:`set_candidates` or :func:`run_candidates`."""
    return set_candidates(counts, size, wild, width) if kind == "set" else run_candidates(counts, size, wild, width)


def _run_masks(counts: dict[Card, int], wild: frozenset[int] = frozenset()) -> dict[str, int]:
    """Per suit, a bit mask of the run values (1–14) of the natural cards in ``counts``
    (held at least once; a card whose rank is in ``wild`` is no natural)."""
    masks = dict.fromkeys(SUITS, 0)
    for card, n in counts.items():
        if n > 0 and card.suit and card.rank not in wild:
            masks[card.suit] |= (1 << card.rank) | (2 if card.rank == ACE else 0)
    return masks


def _run_choices(counts: dict[Card, int], size: int, wilds: int, drop: bool,
                 start: int = 0, masks: dict[str, int] | None = None) -> Iterator[tuple[tuple[Card, ...], int, int]]:
    """Every run shape of ``size`` from ``counts``: (the naturals it uses, wilds it needs,
    its place key), from place key ``start`` on. Which wild stands where does not matter
    for feasibility, only how many. Without ``drop`` each held card in the window is used
    (leaving one out helps only when a later meld could take it)."""
    most_wild = min(wilds, size // 2)
    least = size - most_wild
    window = (1 << size) - 1
    for number, (suit, mask) in enumerate((masks or _run_masks(counts)).items()):
        if mask.bit_count() < least:
            continue
        for base in range(1, 16 - size):
            key = number * 16 + base
            if key < start or (mask & (window << base)).bit_count() < least or (base == 1 and size == 14):
                continue
            held = [RUN_CARD[base + i, suit] for i in range(size) if mask >> (base + i) & 1]
            missing = size - len(held)
            yield tuple(held), missing, key
            if not drop:
                continue
            for extra in range(1, most_wild - missing + 1):
                for dropped in _subsets(list(range(len(held))), extra):
                    yield tuple(card for i, card in enumerate(held) if i not in dropped), missing + extra, key


_BEST_WINDOWS: dict[int, dict[int, tuple[int, int]]] = {}
""":func:`best_window` remembered, per size then per mask (the same masks recur all game)."""


def best_window(mask: int, size: int) -> tuple[int, int]:
    """The run window of ``size`` (values 1–14, never 14 wide) covering most bits of
    ``mask``: (bits covered, lowest value), the lowest window on a tie; (0, 0) if none."""
    return best_windows(size).get(mask) or _find_best_window(mask, size)


def best_windows(size: int) -> dict[int, tuple[int, int]]:
    """The masks whose best window of ``size`` is known, with it (:func:`best_window`)."""
    known = _BEST_WINDOWS.get(size)
    if known is None:
        known = _BEST_WINDOWS[size] = {}
    return known


def _find_best_window(mask: int, size: int) -> tuple[int, int]:
    found = (0, 0)
    window = (1 << size) - 1
    for base in range(1, 16 - size):
        if base == 1 and size == 14:
            continue
        got = (mask & (window << base)).bit_count()
        if got > found[0]:
            found = (got, base)
    known = best_windows(size)
    if len(known) > 50_000:
        known.clear()
    known[mask] = found
    return found


def _runs_bound(masks: dict[str, int], sizes: Sequence[int], wilds: int) -> bool:
    """A quick necessary condition for laying runs of ``sizes`` from the run values
    ``masks``: each needs at least the wilds of its best window (ignoring that they
    share cards), and together no more than there are."""
    total = 0
    for size in sizes:
        best = max([best_window(mask, size)[0] for mask in masks.values()])
        missing = size - best
        if missing > size // 2:
            return False
        total += missing
    return total <= wilds


_CAN_GO_DOWN: dict[tuple, bool] = {}
"""can_go_down's answers per (hand, contract, wilds): the legal moves ask about a hand and
then go_down_options asks again. Kept small, as :data:`_CANDIDATES` is."""


def can_go_down(hand: Sequence[Card], contract: Sequence[tuple[str, int]], wild: frozenset[int]) -> bool:
    """S6: whether some go-down of ``contract`` can be made from ``hand`` (quick: it
    places shapes — a set's rank and natural count, a run's suit, window and wild
    count — rather than listing every card-level option). Remembered per hand."""
    if contract_size(contract) > len(hand):
        return False
    key = (tuple(hand), tuple(contract), wild)
    found = _CAN_GO_DOWN.get(key)
    if found is None:
        if len(_CAN_GO_DOWN) > 1_000:
            _CAN_GO_DOWN.clear()
        found = _CAN_GO_DOWN[key] = _can_go_down(hand, contract, wild)
    return found


def natural_counts(hand: Sequence[Card], wild: frozenset[int]) -> tuple[dict[Card, int], int]:
    """How many of each natural card a hand holds, and how many wild cards."""
    counts: dict[Card, int] = {}
    wilds = 0
    for card in hand:
        if card.rank in wild:
            wilds += 1
        else:
            counts[card] = counts.get(card, 0) + 1
    return counts, wilds


_MIDDLE = sum(1 << value for value in range(2, 14))
"""Run values 2–13: those only one card of a suit stands for (1 and 14 are both its ace)."""
_LOW_ACE, _HIGH_ACE = 1 << 1, 1 << 14
_RUN_BITS = [0, 0] + [_LOW_ACE | _HIGH_ACE if rank == ACE else 1 << rank for rank in range(2, 15)] + [0]
"""Per rank (by index), its run values as a mask (an ace is value 1 and value 14)."""


class _Shape(NamedTuple):
    """What :func:`can_go_down` reads of a hand, in one pass over its cards.

    ``suits`` maps each suit held to its layers: ``layers[t]`` has the run values
    (:data:`_RUN_BITS`) of the suit's naturals held more than t times (so the number of
    layers with value 1 is the number of its aces). ``ranks`` counts the naturals per
    rank (by index, 0 to 15); ``wilds`` counts the wild cards."""

    wilds: int
    suits: dict[str, list[int]]
    ranks: list[int]


def _hand_shape(hand: Sequence[Card], wild: frozenset[int]) -> _Shape:
    wilds = 0
    suits: dict[str, list[int]] = {}
    ranks = [0] * 16
    for rank, suit in hand:
        if rank in wild:
            wilds += 1
            continue
        ranks[rank] += 1
        bit = _RUN_BITS[rank]
        layers = suits.get(suit)
        if layers is None:
            suits[suit] = [bit]
        elif not layers[0] & bit:
            layers[0] |= bit
        else:                                 # a second (third, …) copy: the next layer without it
            t = 1
            while t < len(layers) and layers[t] & bit:
                t += 1
            if t == len(layers):
                layers.append(bit)
            else:
                layers[t] |= bit
    return _Shape(wilds, suits, ranks)


_Sizes = tuple[int, ...]

_PLANS: dict[tuple, tuple[_Sizes, _Sizes]] = {}


def _plan(contract: Sequence[tuple[str, int]]) -> tuple[_Sizes, _Sizes]:
    """A contract's run sizes and its set sizes (largest first); remembered."""
    key = tuple(map(tuple, contract))
    found = _PLANS.get(key)
    if found is None:
        found = _PLANS[key] = (tuple(sorted((size for kind, size in contract if kind == "run"), reverse=True)),
                               tuple(sorted((size for kind, size in contract if kind == "set"), reverse=True)))
    return found


def _can_go_down(hand: Sequence[Card], contract: Sequence[tuple[str, int]], wild: frozenset[int]) -> bool:
    """:func:`can_go_down` worked out: sets alone and runs of one size alone have quick
    exact answers; otherwise a quick lower bound on the wilds needed rules most hands
    out, and the rest are searched (:func:`_runs_then_sets`)."""
    runs, sets = _plan(contract)
    shape = _hand_shape(hand, wild)
    if not runs:
        return _sets_fit(shape.ranks, sets, shape.wilds)
    if not sets and runs[0] == runs[-1]:
        return _runs_alone(shape, runs[0], len(runs))
    if len(runs) == 1:
        found = _one_run_and_sets(shape, runs[0], sets)
        if found is not None:
            return found
    elif _wilds_needed_at_least(shape, runs, sets) > shape.wilds:
        return False
    counts, wilds = natural_counts(hand, wild)
    return _runs_then_sets(counts, runs, sets, wilds)


def _one_run_and_sets(shape: _Shape, size: int, sets: _Sizes) -> bool | None:
    """A quick answer for one run and sets, or None. False when the run's best window
    misses more places than a run may hold wild, or than the wilds left after the sets'
    cheapest cost from all the naturals (:func:`_wilds_needed_at_least`, worked out here
    from that window); True when the run on that window, with every natural it covers,
    leaves what the sets need. Otherwise (leaving a natural out of the run, or another
    window, may be what the sets need) None."""
    known = best_windows(size)
    got, base, suit = max([(*(known.get(layers[0]) or _find_best_window(layers[0], size)), suit)
                           for suit, layers in shape.suits.items()], default=(0, 0, ""))
    missing = size - got
    if missing > size // 2 or missing + _sets_cost_at_least(shape.ranks, sets) > shape.wilds:
        return False
    ranks = list(shape.ranks)
    held = shape.suits[suit][0]
    for value in range(base, base + size):
        if held >> value & 1:
            ranks[ACE if value in (1, 14) else value] -= 1
    return True if _sets_fit(ranks, sets, shape.wilds - missing) else None


def _sets_fit(ranks: list[int], sets: _Sizes, wilds: int) -> bool:
    """S4/S5: whether sets of ``sets`` (sizes, largest first) can be made from naturals
    ``ranks`` (count per rank, by index) and ``wilds``. Sets all of one size: each rank's t-th set
    costs a convex number of wilds, so the cheapest len(sets) sets, taken greedily,
    decide; else a search."""
    if not sets:
        return True
    if sets[0] != sets[-1]:
        return _place_sets(sets, 0, [[rank, n] for rank, n in enumerate(ranks) if n], wilds, 0)
    costs = _set_costs(ranks, sets[0])
    if len(costs) < len(sets):
        return False
    costs.sort()
    return sum(costs[:len(sets)]) <= wilds


def _set_costs(ranks: list[int], size: int) -> list[int]:
    """The wilds each set of ``size`` costs, per rank its 1st, 2nd, … set (unsorted)."""
    least = (size + 1) // 2
    costs: list[int] = []
    for n in ranks:
        if n < least:
            continue
        spent = 0
        for t in range(1, n // least + 1):
            total = max(0, t * size - n)
            costs.append(total - spent)
            spent = total
    return costs


def _place_sets(sets: _Sizes, index: int, ranks: list[list[int]], wilds: int, start: int) -> bool:
    """Sets of several sizes (largest first): try each rank and natural count for set
    ``index`` on (``ranks``: [rank, naturals left] pairs, changed and restored)."""
    if index == len(sets):
        return True
    size = sets[index]
    least = (size + 1) // 2
    if sum(1 for entry in ranks if entry[1] >= least) == 0:
        return False
    same = index + 1 < len(sets) and sets[index + 1] == size
    for position in range(start, len(ranks)):
        entry = ranks[position]
        n = entry[1]
        if n < least:
            continue
        for naturals in range(min(n, size), least - 1, -1):
            use = size - naturals
            if use > wilds:
                break
            entry[1] = n - naturals
            ok = _place_sets(sets, index + 1, ranks, wilds - use, position if same else 0)
            entry[1] = n
            if ok:
                return True
    return False


def _wilds_needed_at_least(shape: _Shape, runs: _Sizes, sets: _Sizes) -> int:
    """A lower bound on the wilds a contract of ``runs`` and ``sets`` needs (a large
    number if some run cannot be made at all): each run at least the places its best
    window misses, the sets at least what they would cost from all the naturals, as if
    nothing were shared."""
    need = 0
    for size in runs:
        best = max([best_window(layers[0], size)[0] for layers in shape.suits.values()], default=0)
        if size - best > size // 2:
            return len(runs) * 14 + 1
        need += size - best
    return need + _sets_cost_at_least(shape.ranks, sets)


def _sets_cost_at_least(ranks: list[int], sets: _Sizes) -> int:
    """A lower bound on the wilds sets of ``sets`` (sizes, largest first) need from the
    naturals ``ranks`` (a large number if too few ranks hold enough): for sets of one
    size, the cheapest len(sets) costs (:func:`_sets_fit`); else 0."""
    if not sets or sets[0] != sets[-1]:
        return 0
    costs = _set_costs(ranks, sets[0])
    if len(costs) < len(sets):
        return 15 * len(sets)
    costs.sort()
    return sum(costs[:len(sets)])


def _runs_alone(shape: _Shape, size: int, number: int) -> bool:
    """S4/S5/S6 for a contract of ``number`` runs of ``size`` and nothing else. Suits do
    not share naturals, so each suit says how few wilds its first 0, 1, 2, … runs need
    (:func:`_fewest_wilds`), and those add up across the suits; the runs can be laid iff
    the total is no more than the wilds held."""
    wilds = shape.wilds
    least = size - size // 2                # the naturals a run needs (S5)
    room = []                               # (the suit's layers, most runs its naturals could fill)
    for layers in shape.suits.values():
        held = sum([(layer & ~_HIGH_ACE).bit_count() for layer in layers])   # (an ace once)
        most = min(number, (held + wilds) // size, held // least)
        if most:
            room.append((layers, most))
    # Each run in a suit misses at least what the suit's best window misses: the fewest
    # wilds the runs could need, which decides when no suit can hold two runs.
    known = best_windows(size)
    misses = []
    for layers, most in room:
        missing = size - (known.get(layers[0]) or _find_best_window(layers[0], size))[0]
        if missing <= size // 2:
            misses += [missing] * most
    if len(misses) < number:
        return False
    misses.sort()
    if sum(misses[:number]) > wilds or all(most == 1 for _layers, most in room):
        return sum(misses[:number]) <= wilds
    if _best_runs_first(shape, size, number):
        return True
    best = [0] + [wilds + 1] * number       # best[k]: fewest wilds for k runs (wilds + 1: none)
    for layers, most in room:
        if most == 1:
            missing = size - best_window(layers[0], size)[0]
            fewest = [0, missing if missing <= size // 2 else wilds + 1]
        else:
            fewest = _fewest_wilds(tuple(layers), size, most, wilds)
        if fewest[1] > wilds:
            continue
        best = [min([best[k - j] + fewest[j] for j in range(min(k, most) + 1)]) for k in range(number + 1)]
    return best[number] <= wilds


def _best_runs_first(shape: _Shape, size: int, number: int) -> bool:
    """A quick try at ``number`` runs of ``size``: each in turn on a window that misses
    fewest places, with every natural it covers. True proves a go-down; False proves
    nothing."""
    suits = {suit: list(layers) for suit, layers in shape.suits.items()}
    wilds = shape.wilds
    for _run in range(number):
        got, base, suit = max([(*best_window(layers[0], size), suit) for suit, layers in suits.items()],
                              default=(0, 0, ""))
        missing = size - got
        if missing > size // 2 or missing > wilds:
            return False
        wilds -= missing
        _take_one_each(suits[suit], suits[suit][0] & ((1 << size) - 1) << base)
    return True


def _take_one_each(layers: list[int], values: int) -> None:
    """Take one natural of each run value in ``values`` (all held) out of a suit's
    ``layers`` (:class:`_Shape`): those values move down a layer. An ace leaves values 1
    and 14 together."""
    if values & (_LOW_ACE | _HIGH_ACE):
        values |= _LOW_ACE | _HIGH_ACE
    for t in range(len(layers)):
        above = layers[t + 1] if t + 1 < len(layers) else 0
        layers[t] = layers[t] & ~values | above & values


_FEWEST: dict[tuple[tuple[int, ...], int, int, int], list[int]] = {}
""":func:`_fewest_wilds` remembered: a hand's suits change one or two at a time."""


def _fewest_wilds(layers: tuple[int, ...], size: int, number: int, wilds: int) -> list[int]:
    """Per count j from 0 to ``number``: the fewest wilds that j runs of ``size`` in one
    suit need, or ``wilds + 1`` if more than ``wilds``.

    ``layers`` are the suit's (:class:`_Shape`). Windows (run value masks) are added one
    at a time, in non-decreasing order. Together they hold as many naturals as value by
    value the copies held allow, up to how many windows cover the value
    (:func:`_naturals_in`), and wilds fill the other places. Each run must also hold at
    least half naturals (S5); the naturals can be shared out so that every run does iff
    every few of the windows together hold enough (Hall's condition, checked as each
    window joins; it always holds when the wilds are too few to put more than half in
    any run). A window's places it misses even alone count against the wilds at once,
    and adding a window never lowers the wilds needed. Remembered."""
    key = (layers, size, number, wilds)
    found = _FEWEST.get(key)
    if found is not None:
        return found
    most_wild = size // 2
    windows = []                 # (mask, places it misses alone)
    for base in range(1, 16 - size):
        mask = ((1 << size) - 1) << base
        missing = size - (layers[0] & mask).bit_count()
        if missing <= min(wilds, most_wild) and not (base == 1 and size == 14):
            windows.append((mask, missing))
    fewest = [0] + [wilds + 1] * number

    def shared_out(chosen: list[int]) -> bool:
        """Hall's condition for the windows ``chosen`` whose last one just joined."""
        last, earlier = chosen[-1], chosen[:-1]
        for pick in range(1, 1 << len(earlier)):
            group = [mask for bit, mask in enumerate(earlier) if pick >> bit & 1] + [last]
            if _naturals_in(group, layers) < len(group) * (size - most_wild):
                return False
        return True

    def extend(start: int, chosen: list[int], need: int) -> None:
        for index in range(start, len(windows)):
            mask, missing = windows[index]
            if need + missing > wilds:
                continue
            chosen.append(mask)
            now = len(chosen) * size - _naturals_in(chosen, layers)
            if now <= wilds and (wilds <= most_wild or shared_out(chosen)):
                fewest[len(chosen)] = min(fewest[len(chosen)], now)
                if len(chosen) < number:
                    extend(index, chosen, now)
            chosen.pop()

    extend(0, [], 0)
    if len(_FEWEST) > 5_000:
        _FEWEST.clear()
    _FEWEST[key] = fewest
    return fewest


def _naturals_in(windows: list[int], layers: Sequence[int]) -> int:
    """How many places of ``windows`` (run windows of one suit, as value masks) the
    suit's naturals (``layers``, :class:`_Shape`) can fill: value by value, as many as
    are held, up to how many windows cover it; the aces fill values 1 and 14 together."""
    cover: list[int] = []          # cover[t]: the values more than t windows cover
    for window in windows:
        carry, t = window, 0
        while carry:
            if t == len(cover):
                cover.append(0)
            cover[t], carry = cover[t] | carry, cover[t] & carry
            t += 1
    placed = ace_places = 0
    for t, covered in enumerate(cover):
        if t < len(layers):
            placed += (covered & layers[t] & _MIDDLE).bit_count()
        ace_places += bool(covered & _LOW_ACE) + bool(covered & _HIGH_ACE)
    aces = sum(1 for layer in layers if layer & _LOW_ACE)
    return placed + min(ace_places, aces)


def _runs_then_sets(counts: dict[Card, int], runs: _Sizes, sets: _Sizes, wilds: int) -> bool:
    """The search behind :func:`can_go_down`: each run's shape (suit, window, naturals
    used, wilds needed; :func:`_run_choices`) in turn, then whether the sets fit in what
    is left (``counts``: naturals per card, changed and restored)."""

    def place_runs(index: int, wilds: int, start: int = 0) -> bool:
        if index == len(runs):
            if not sets:
                return True
            by_rank = [0] * 16
            for card, n in counts.items():
                by_rank[card.rank] += n
            return _sets_fit(by_rank, sets, wilds)
        last = index + 1 == len(runs)
        masks = _run_masks(counts)
        if not last and not _runs_bound(masks, runs[index:], wilds):
            return False
        drop = bool(sets) or not last
        same = not last and runs[index + 1] == runs[index]
        for used, needed, key in _run_choices(counts, runs[index], wilds, drop, start, masks):
            for card in used:
                counts[card] -= 1
            ok = place_runs(index + 1, wilds - needed, key if same else 0)
            for card in used:
                counts[card] += 1
            if ok:
                return True
        return False

    return place_runs(0, wilds)


_Groups = tuple[tuple[Card, ...], ...]
"""A go-down: one group of cards per contract meld, in the contract's order."""

Accept = Callable[[_Groups, list[Card]], bool]
"""A veto on a go-down (:func:`go_down_options`): ``accept(groups, rest)``, ``rest``
the cards it leaves in hand, sorted."""

_Option = tuple[tuple[int, ...], _Groups]
"""A go-down with its places (:func:`_search_placed`)."""


def go_down_options(hand: Sequence[Card], contract: Sequence[tuple[str, int]], wild: frozenset[int],
                    limit: int = MAX_GO_DOWN_OPTIONS,
                    accept: Accept | None = None) -> list[_Groups]:
    """S6: every way to lay down ``contract`` from ``hand``, one group per contract meld at
    exactly its size, in the contract's order.

    Canonical forms keep the list free of duplicates: a set lists its naturals sorted,
    then its wilds sorted; a run is in rank order; when the contract has several melds of
    the same kind and size, their groups are in non-decreasing order. At most ``limit``
    options are returned, in canonical order: by the first group's place among the
    candidates for that meld from the whole hand, then the second's, and so on.
    ``accept(groups, rest)`` may veto an option (rest: the cards left in hand, sorted)."""
    if not can_go_down(hand, contract, wild):
        return []
    levels = list(range(len(contract)))
    runs_first = sorted(levels, key=lambda level: contract[level][0] != "run")
    if runs_first != levels:
        # A contract with a set before a run: the runs have far fewer candidates, so
        # choosing them first skips most dead ends, and melds of one kind and size are
        # chosen in the order of their groups (none below the one before is looked at).
        # The options are then put in canonical order by their places; past the limit,
        # the search in canonical order finds the first ``limit`` instead.
        found = _search_placed(hand, contract, wild, runs_first, limit + 1, accept, by_group=True)
        if len(found) <= limit:
            found.sort()
            return [groups for _places, groups in found]
    return _search(hand, contract, wild, levels, limit, accept)


def _search(hand: Sequence[Card], contract: Sequence[tuple[str, int]], wild: frozenset[int],
            order: list[int], limit: int, accept: Accept | None) -> list[_Groups]:
    """The go-downs of ``contract`` from ``hand``, choosing the melds in ``order`` (a
    permutation of the levels that keeps same-kind-and-size levels in contract order);
    each option's groups in contract order, found in search order, at most ``limit``."""
    return [groups for _places, groups in _search_placed(hand, contract, wild, order, limit, accept)]


class _Packed(NamedTuple):
    """A hand as one integer, for quick "are these cards still there?" tests.

    Each card value owns a field of ``width`` bits (:func:`_packed`); the field holds
    how many of that card there are. The top bit of every field is kept clear for a
    guard bit (``guard`` has them set in the hand's fields): for cards ``packed`` from
    the same hand, ``((left | guard) - packed) & guard == guard`` exactly when ``left``
    holds every one of them (a field short of cards borrows its own guard bit, and a
    field never borrows from the next), and ``left - packed`` is then what remains. ``shift``
    gives the hand's distinct cards, sorted, with their fields' places."""

    shift: dict[Card, int]
    width: int
    whole: int
    guard: int


_FIELDS: dict[Card, int] = {}
"""Each card value's field number in a packing, handed out as cards are first seen (so
packed candidates can be remembered from hand to hand)."""

_WIDTH = 6
"""Bits per field: counts up to 31 (a hand holding more of one card packs wider)."""


_UNITS: dict[int, dict[Card, int]] = {}
"""Per width, each card alone packed (one in its field)."""


def _packed(cards: Iterable[Card], width: int) -> int:
    """``cards`` packed (:class:`_Packed`), ``width`` bits a field."""
    units = _UNITS.setdefault(width, {})
    total = 0
    for card in cards:
        unit = units.get(card)
        if unit is None:
            unit = units[card] = 1 << _FIELDS.setdefault(card, len(_FIELDS)) * width
        total += unit
    return total


def _pack(hand: Sequence[Card]) -> _Packed:
    counts = Counter(hand)
    width = max(_WIDTH, max(counts.values(), default=0).bit_length() + 1)
    whole = _packed(hand, width)
    shift = {card: _FIELDS[card] * width for card in sorted(counts)}
    guard = sum(1 << (at + width - 1) for at in shift.values())
    return _Packed(shift, width, whole, guard)


def _packed_cards(packed: _Packed, left: int) -> list[Card]:
    """The cards (sorted) that ``left``, packed as ``packed``, holds."""
    field = (1 << packed.width) - 1
    return [card for card, at in packed.shift.items() for _ in range(left >> at & field)]


_MenuEntry = tuple[int, tuple[Card, ...], int]
"""A candidate in a search's menu: its cards packed, the group, its place among the
candidates of its kind and size from the whole hand."""


def _menus(counts: Counter[Card], contract: Sequence[tuple[str, int]], wild: frozenset[int], width: int,
           by_group: bool) -> dict[tuple[str, int], list[_MenuEntry]]:
    """The candidates for each kind and size of meld in ``contract``, from the whole hand
    (``counts``). Every candidate from a part of the hand is one from the whole hand, in
    the same order, so one menu serves every meld of its kind and size: a meld takes the
    candidates whose cards are all still left. With ``by_group`` a menu the contract
    reads more than once is in the order of the groups."""
    menus = {}
    for kind, size in {(kind, size) for kind, size in contract}:
        menu = [(packed, group, index) for index, (packed, group)
                in enumerate(candidates(kind, counts, size, wild, width))]
        if by_group and sum(1 for spec in contract if tuple(spec) == (kind, size)) > 1:
            menu.sort(key=itemgetter(1))
        menus[kind, size] = menu
    return menus


def _alike_steps(specs: list[tuple[str, int]]) -> tuple[list[int | None], list[int | None]]:
    """Per search step (its meld's kind and size in ``specs``): the step before it of the
    same kind and size, and the next one after it, or None."""
    depth = len(specs)
    before = [next((earlier for earlier in range(step - 1, -1, -1) if specs[earlier] == specs[step]), None)
              for step in range(depth)]
    after = [next((later for later in range(step + 1, depth) if specs[later] == specs[step]), None)
             for step in range(depth)]
    return before, after


def _search_placed(hand: Sequence[Card], contract: Sequence[tuple[str, int]], wild: frozenset[int],
                   order: list[int], limit: int, accept: Accept | None,
                   by_group: bool = False) -> list[_Option]:
    """:func:`_search`, each option with its places: per contract level, the index of its
    group among that meld's candidates from the whole hand (sorting by places puts
    options in canonical order). With ``by_group`` the candidates of a kind and size
    that the contract asks for more than once are tried in the order of their groups
    (so each option is found in another order)."""
    packing = _pack(hand)
    guard = packing.guard
    if not order:                               # an empty contract: one (empty) way
        ok = accept is None or accept((), _packed_cards(packing, packing.whole))
        return [((), ())] if ok else []
    menus = _menus(Counter(hand), contract, wild, packing.width, by_group)
    depth = len(order)
    specs = [(contract[level][0], contract[level][1]) for level in order]
    floor_step, next_alike = _alike_steps(specs)
    chosen: list[tuple[Card, ...]] = [()] * len(contract)
    places = [0] * len(contract)
    found: list[_Option] = []

    def search(step: int, left: int, menus_left: list[list[_MenuEntry]]) -> bool:
        """Choose the group of ``order[step]`` from ``menus_left[step]`` (a part of its menu
        holding every entry that can still be chosen) and go on; True once ``limit`` are found."""
        level = order[step]
        below = floor_step[step]
        floor = None if below is None or by_group else chosen[order[below]]
        topped = left | guard        # an entry fits iff (topped - its cards) keeps every guard bit (_Packed)
        fitting = [entry for entry in menus_left[step] if (topped - entry[0]) & guard == guard]
        if floor is not None:
            fitting = [entry for entry in fitting if entry[1] >= floor]
        if step + 1 == depth:
            for packed, group, index in fitting:
                chosen[level] = group
                places[level] = index
                groups = tuple(chosen)
                if accept is None or accept(groups, _packed_cards(packing, left - packed)):
                    found.append((tuple(places), groups))
                    if len(found) >= limit:
                        return True
            return False
        # The next level of the same kind and size can only take what fits now, and (with
        # by_group, the list being in group order) nothing before this level's group.
        narrowed = list(menus_left)
        later = next_alike[step]
        for position, (packed, group, index) in enumerate(fitting):
            if later is not None:
                narrowed[later] = fitting[position:] if by_group else fitting
            chosen[level] = group
            places[level] = index
            if search(step + 1, left - packed, narrowed):
                return True
        return False

    search(0, packing.whole, [menus[spec] for spec in specs])
    return found
