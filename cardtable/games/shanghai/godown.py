"""Going down (S6): whether a hand can lay down its contract, and every way it can.

:func:`can_go_down` answers quickly by placing shapes (a set's rank and natural count,
a run's suit, window and wild count) instead of cards; :func:`go_down_options` lists
every card-level go-down in canonical order (see its docstring), which is what the
rules offer as ``meld`` moves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from ...engine.cards import ACE, SUITS, Card
from .melds import RUN_CARD

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


_CANDIDATES: dict[tuple, list[tuple[Card, ...]]] = {}
"""The candidate melds of one rank (sets) or one suit (runs), remembered per
(kind, size, that rank's or suit's naturals, the wilds held): a go-down search asks
for the same few again and again as its levels take cards away."""


def _remember(key: tuple, make: Iterator[tuple[Card, ...]]) -> list[tuple[Card, ...]]:
    found = _CANDIDATES.get(key)
    if found is None:
        if len(_CANDIDATES) > 50_000:
            _CANDIDATES.clear()
        found = _CANDIDATES[key] = list(make)
    return found


def set_candidates(counts: Counter[Card], size: int, wild: frozenset[int]) -> Iterator[tuple[Card, ...]]:
    """Every set of exactly ``size`` cards from ``counts``: naturals by suit, then wilds."""
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
        yield from _remember(("set", size, items, wild_items),
                             _sets_of_rank(items, held, wild_items, total_wild, size))


def _sets_of_rank(items: tuple[tuple[Card, int], ...], held: int, wild_items: tuple[tuple[Card, int], ...],
                  total_wild: int, size: int) -> Iterator[tuple[Card, ...]]:
    for naturals in range(min(size, held), (size + 1) // 2 - 1, -1):
        wilds = size - naturals
        if wilds > total_wild:
            break
        for chosen in _multicombos(list(items), naturals):
            for extra in _multicombos(list(wild_items), wilds):
                yield chosen + extra


def run_candidates(counts: Counter[Card], size: int, wild: frozenset[int]) -> Iterator[tuple[Card, ...]]:
    """Every run of exactly ``size`` cards from ``counts``, in rank order, wilds in place."""
    wild_items = tuple(sorted((c, n) for c, n in counts.items() if c.rank in wild and n > 0))
    total_wild = sum(n for _c, n in wild_items)
    need = size - min(total_wild, size // 2)
    masks = _value_masks(counts, wild)
    for suit in SUITS:
        mask = masks[suit]
        if mask.bit_count() < need:
            continue
        yield from _remember(("run", size, suit, mask, wild_items),
                             _runs_of_suit(suit, mask, wild_items, total_wild, size))


def _runs_of_suit(suit: str, mask: int, wild_items: tuple[tuple[Card, int], ...], total_wild: int,
                  size: int) -> Iterator[tuple[Card, ...]]:
    most_wild = min(total_wild, size // 2)
    need = size - most_wild
    window = (1 << size) - 1
    arranged: dict[int, list[tuple[Card, ...]]] = {}   # the wilds' orders, per number of places
    for base in range(1, 16 - size):
        if (mask & (window << base)).bit_count() < need or (base == 1 and size == 14):
            continue
        held = [i for i in range(size) if mask >> (base + i) & 1]
        missing = size - len(held)
        naturals = tuple([RUN_CARD[base + i, suit] for i in range(size)])
        for extra in range(0, most_wild - missing + 1):
            for replaced in _subsets(held, extra):
                places = sorted(set(range(size)) - set(held) | set(replaced))
                if not places:
                    yield naturals
                    continue
                count = len(places)
                perms = arranged.get(count)
                if perms is None:
                    perms = arranged[count] = list(_multiperms(dict(wild_items), count))
                for wilds in perms:
                    cards = list(naturals)
                    for place, card in zip(places, wilds):
                        cards[place] = card
                    yield tuple(cards)


def _subsets(items: list[int], k: int, start: int = 0) -> Iterator[tuple[int, ...]]:
    if k == 0:
        yield ()
        return
    for index in range(start, len(items) - k + 1):
        for rest in _subsets(items, k - 1, index + 1):
            yield (items[index],) + rest


def candidates(kind: str, counts: Counter[Card], size: int, wild: frozenset[int]) -> Iterator[tuple[Card, ...]]:
    return set_candidates(counts, size, wild) if kind == "set" else run_candidates(counts, size, wild)


def _value_masks(counts: Counter[Card], wild: frozenset[int]) -> dict[str, int]:
    """Per suit, a bit mask of the run values (1–14) held as naturals."""
    masks = dict.fromkeys(SUITS, 0)
    for card, n in counts.items():
        if n > 0 and card.rank not in wild and card.suit:
            masks[card.suit] |= (1 << card.rank) | (2 if card.rank == ACE else 0)
    return masks


def _run_masks(counts: dict[Card, int]) -> dict[str, int]:
    """Per suit, the run values of the natural cards in ``counts`` (held at least once)."""
    masks = dict.fromkeys(SUITS, 0)
    for card, n in counts.items():
        if n > 0 and card.suit:
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


_BEST_WINDOWS: dict[tuple[int, int], tuple[int, int]] = {}


def best_window(mask: int, size: int) -> tuple[int, int]:
    """The run window of ``size`` (values 1–14, never 14 wide) covering most bits of
    ``mask``: (bits covered, lowest value), the lowest window on a tie; (0, 0) if none.
    Remembered per (mask, size)."""
    found = _BEST_WINDOWS.get((mask, size))
    if found is None:
        found = (0, 0)
        window = (1 << size) - 1
        for base in range(1, 16 - size):
            if base == 1 and size == 14:
                continue
            got = (mask & (window << base)).bit_count()
            if got > found[0]:
                found = (got, base)
        if len(_BEST_WINDOWS) > 200_000:
            _BEST_WINDOWS.clear()
        _BEST_WINDOWS[mask, size] = found
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


def can_go_down(hand: Sequence[Card], contract: Sequence[tuple[str, int]], wild: frozenset[int]) -> bool:
    """S6: whether some go-down of ``contract`` can be made from ``hand`` (quick: it
    places shapes — a set's rank and natural count, a run's suit, window and wild
    count — rather than listing every card-level option). Remembered per hand."""
    if sum(size for _kind, size in contract) > len(hand):
        return False
    key = (tuple(hand), tuple(contract), wild)
    found = _CAN_GO_DOWN.get(key)
    if found is None:
        if len(_CAN_GO_DOWN) > 20_000:
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


def _can_go_down(hand: Sequence[Card], contract: Sequence[tuple[str, int]], wild: frozenset[int]) -> bool:
    need = sum(size for _kind, size in contract)
    if need > len(hand):
        return False
    counts, wilds = natural_counts(hand, wild)
    runs = sorted((size for kind, size in contract if kind == "run"), reverse=True)
    sets = sorted((size for kind, size in contract if kind == "set"), reverse=True)

    def place_sets(index: int, ranks: list[list[int]], wilds: int, start: int) -> bool:
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
                ok = place_sets(index + 1, ranks, wilds - use, position if same else 0)
                entry[1] = n
                if ok:
                    return True
        return False

    uniform = len(set(sets)) <= 1

    def sets_fit(ranks: dict[int, int], wilds: int) -> bool:
        """Sets all of one size s: each rank's t-th set costs a convex number of wilds,
        so the cheapest len(sets) sets, taken greedily, decide."""
        size = sets[0]
        least = (size + 1) // 2
        costs: list[int] = []
        for n in ranks.values():
            spent = 0
            for t in range(1, n // least + 1):
                total = max(0, t * size - n)
                costs.append(total - spent)
                spent = total
        if len(costs) < len(sets):
            return False
        costs.sort()
        return sum(costs[:len(sets)]) <= wilds

    def place_runs(index: int, wilds: int, start: int = 0) -> bool:
        if index == len(runs):
            if not sets:
                return True
            by_rank: dict[int, int] = {}
            for card, n in counts.items():
                if n > 0:
                    by_rank[card.rank] = by_rank.get(card.rank, 0) + n
            if uniform:
                return sets_fit(by_rank, wilds)
            return place_sets(0, [[rank, n] for rank, n in by_rank.items()], wilds, 0)
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


def go_down_options(hand: Sequence[Card], contract: Sequence[tuple[str, int]], wild: frozenset[int],
                    limit: int = MAX_GO_DOWN_OPTIONS,
                    accept: object = None) -> list[tuple[tuple[Card, ...], ...]]:
    """S6: every way to lay down ``contract`` from ``hand``, one group per contract meld at
    exactly its size, in the contract's order.

    Canonical forms keep the list free of duplicates: a set lists its naturals sorted,
    then its wilds sorted; a run is in rank order; when the contract has several melds of
    the same kind and size, their groups are in non-decreasing order. At most ``limit``
    options are returned, in canonical order: by the first group's place among the
    candidates for that meld from the whole hand, then the second's, and so on.
    ``accept(groups, rest)`` may veto an option (rest: the cards left in hand)."""
    if sum(size for _kind, size in contract) > len(hand) or not can_go_down(hand, contract, wild):
        return []
    levels = list(range(len(contract)))
    runs_first = sorted(levels, key=lambda level: contract[level][0] != "run")
    if runs_first != levels:
        # A contract with a set before a run: the runs have far fewer candidates, so
        # searching them first skips most dead ends; the options are then put in
        # canonical order (a level's candidates from fewer cards keep their order
        # among the candidates from the whole hand).
        found = _search(hand, contract, wild, runs_first, limit + 1, accept)
        if len(found) <= limit:  # all of them: else the search in contract order stops at the limit
            whole = Counter(hand)
            place = {(kind, size): {group: index for index, group in enumerate(candidates(kind, whole, size, wild))}
                     for kind, size in set(contract)}
            found.sort(key=lambda groups: [place[kind, size][group] for (kind, size), group in zip(contract, groups)])
            return found[:limit]
    return _search(hand, contract, wild, levels, limit, accept)


def _search(hand: Sequence[Card], contract: Sequence[tuple[str, int]], wild: frozenset[int],
            order: list[int], limit: int, accept: object) -> list[tuple[tuple[Card, ...], ...]]:
    """The go-downs of ``contract`` from ``hand``, choosing the melds in ``order`` (a
    permutation of the levels that keeps same-kind-and-size levels in contract order);
    each option's groups in contract order, found in search order, at most ``limit``."""
    found: list[tuple[tuple[Card, ...], ...]] = []
    counts = Counter(hand)
    depth = len(order)
    chosen: list[tuple[Card, ...]] = [()] * depth
    # Per level, the latest earlier level of the same kind and size (its group is a floor).
    same_before: list[int | None] = [None] * depth
    for step, level in enumerate(order):
        same_before[level] = next((earlier for earlier in reversed(order[:step])
                                   if tuple(contract[earlier]) == tuple(contract[level])), None)

    # The candidates at a step depend only on the cards left, and the keys of
    # ``counts`` never change, so its values name them: remember each list seen whole.
    listed: dict[tuple[int, tuple[int, ...]], list[tuple[Card, ...]]] = {}

    def search(step: int) -> bool:
        if step == depth:
            groups = tuple(chosen)
            if accept is None or accept(groups, counts):  # type: ignore[operator]
                found.append(groups)
            return len(found) >= limit
        level = order[step]
        kind, size = contract[level]
        earlier = same_before[level]
        floor = None if earlier is None else chosen[earlier]
        key = (step, tuple(counts.values()))
        known = listed.get(key)
        seen: list[tuple[Card, ...]] = []
        for group in candidates(kind, counts, size, wild) if known is None else known:
            if known is None:
                seen.append(group)
            if floor is not None and group < floor:
                continue
            for card in group:
                counts[card] -= 1
            chosen[level] = group
            stop = search(step + 1)
            for card in group:
                counts[card] += 1
            if stop:
                return True
        if known is None:
            listed[key] = seen
        return False

    search(0)
    return found
