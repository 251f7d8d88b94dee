"""Going down (S6): every way a hand can lay down its contract.

:func:`go_down_options` lists every card-level go-down in canonical order (see its
docstring), which is what the rules offer as ``meld`` moves: it picks each meld's group
from one list of candidates from the whole hand, testing which are still in hand with
the cards packed into one integer (:class:`_Packed`). Whether any go-down exists is
:func:`.contract_check.can_go_down`'s quicker answer, asked first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from operator import itemgetter
from typing import NamedTuple

from ...engine.cards import SUITS, Card
from .contract_check import can_go_down
from .melds import RUN_CARD
from .runs import run_masks, subsets

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
    masks = run_masks(counts, wild)
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
            for replaced in subsets(held, extra):
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


def candidates(kind: str, counts: Counter[Card], size: int, wild: frozenset[int],
               width: int) -> Iterator[_Entry]:
    """:func:`set_candidates` or :func:`run_candidates`."""
    return set_candidates(counts, size, wild, width) if kind == "set" else run_candidates(counts, size, wild, width)


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
