"""Whether a hand can go down (S6), answered quickly by placing shapes (a set's rank
and natural count, a run's suit, window and wild count) instead of cards: it reads the
hand once as bit masks (:class:`_Shape`); sets alone and runs of one size alone have
exact answers from those, and other contracts are mostly decided by a lower bound on
the wilds they need or a first try, before a search."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from ...engine.cards import ACE, Card
from .melds import RUN_CARD
from .preset import contract_size
from .runs import best_window, best_windows, find_best_window, run_masks, subsets


def _run_choices(counts: dict[Card, int], size: int, wilds: int, drop: bool,
                 start: int = 0, masks: dict[str, int] | None = None) -> Iterator[tuple[tuple[Card, ...], int, int]]:
    """Every run shape of ``size`` from ``counts``: (the naturals it uses, wilds it needs,
    its place key), from place key ``start`` on. Which wild stands where does not matter
    for feasibility, only how many. Without ``drop`` each held card in the window is used
    (leaving one out helps only when a later meld could take it)."""
    most_wild = min(wilds, size // 2)
    least = size - most_wild
    window = (1 << size) - 1
    for number, (suit, mask) in enumerate((masks or run_masks(counts)).items()):
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
                for dropped in subsets(list(range(len(held))), extra):
                    yield tuple(card for i, card in enumerate(held) if i not in dropped), missing + extra, key


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
then go_down_options asks again. Kept small, as the listing's candidates are (:mod:`.godown`)."""


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
    got, base, suit = max([(*(known.get(layers[0]) or find_best_window(layers[0], size)), suit)
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
        missing = size - (known.get(layers[0]) or find_best_window(layers[0], size))[0]
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
        masks = run_masks(counts)
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


__all__ = ["can_go_down", "natural_counts"]
