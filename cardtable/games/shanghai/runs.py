"""Runs as bit masks: each suit's run values (1–14, an ace both 1 and 14), the best
window for a run of a size, and the ways to leave cards out of a group. Shared by the
go-down check and listing and by the bots' contract plan."""

from __future__ import annotations

from collections.abc import Iterator

from ...engine.cards import ACE, SUITS, Card


def run_masks(counts: dict[Card, int], wild: frozenset[int] = frozenset()) -> dict[str, int]:
    """Per suit, a bit mask of the run values (1–14) of the natural cards in ``counts``
    (held at least once; a card whose rank is in ``wild`` is no natural)."""
    masks = dict.fromkeys(SUITS, 0)
    for card, n in counts.items():
        if n > 0 and card.suit and card.rank not in wild:
            masks[card.suit] |= (1 << card.rank) | (2 if card.rank == ACE else 0)
    return masks


_BEST_WINDOWS: dict[int, dict[int, tuple[int, int]]] = {}
""":func:`best_window` remembered, per size then per mask (the same masks recur all game)."""


def best_window(mask: int, size: int) -> tuple[int, int]:
    """The run window of ``size`` (values 1–14, never 14 wide) covering most bits of
    ``mask``: (bits covered, lowest value), the lowest window on a tie; (0, 0) if none."""
    return best_windows(size).get(mask) or find_best_window(mask, size)


def best_windows(size: int) -> dict[int, tuple[int, int]]:
    """The masks whose best window of ``size`` is known, with it (:func:`best_window`)."""
    known = _BEST_WINDOWS.get(size)
    if known is None:
        known = _BEST_WINDOWS[size] = {}
    return known


def find_best_window(mask: int, size: int) -> tuple[int, int]:
    """:func:`best_window` worked out (and remembered), for a caller that looked in
    :func:`best_windows` itself."""
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


def subsets(items: list[int], k: int, start: int = 0) -> Iterator[tuple[int, ...]]:
    """Every choice of ``k`` of ``items`` (from index ``start`` on), in order."""
    if k == 0:
        yield ()
        return
    for index in range(start, len(items) - k + 1):
        for rest in subsets(items, k - 1, index + 1):
            yield (items[index],) + rest


__all__ = ["best_window", "best_windows", "find_best_window", "run_masks", "subsets"]
