"""Spreads (T3) and hits (T6): what a group of cards is, which groups a hand can lay
down, and where a hit card goes.

A spread is a tuple of cards in its table order: a set lists its natural cards in
suit order, then its jokers; a run lists its cards in rank order with a joker where
it stands. Every spread holds at least two natural cards, which makes its meaning
unambiguous. Ranks in a run go from 1 (ace low) to 14 (ace high); no run holds both
(no K-A-2 bridging), so a run is at most 13 cards long.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

from ...engine.cards import ACE, JOKER, JOKER_CARD, SUIT_PLACE, SUITS, Card

MAX_RUN = 13

Shape = tuple
"""("set", rank) or ("run", suit, low, high); low 1 is an ace low, high 14 an ace high."""


def _at(card: Card, value: int) -> bool:
    """Whether a natural ``card`` stands at rank ``value`` of a run (the ace at 1 or 14)."""
    return card.rank == value or (value == 1 and card.rank == ACE)


def shape_of(group: Sequence[Card]) -> Shape | None:
    """T3: ("set", rank) for 3–4 of a kind, ("run", suit, low, high) for 3+ cards of one
    suit in sequence as listed, else None. Jokers are wild; two naturals at least."""
    if len(group) < 3:
        return None
    naturals = [card for card in group if card.rank != JOKER]
    if len(naturals) < 2:
        return None
    first = naturals[0]
    if all(card.rank == first.rank for card in naturals):
        if len(group) > 4:
            return None
        return ("set", first.rank)
    if len(group) > MAX_RUN or any(card.suit != first.suit for card in naturals):
        return None
    index = group.index(first)
    candidates = [first.rank - index] + ([1 - index] if first.rank == ACE else [])
    for low in candidates:
        high = low + len(group) - 1
        if low < 1 or high > 14:
            continue
        if all(card.rank == JOKER or _at(card, low + i) for i, card in enumerate(group)):
            return ("run", first.suit, low, high)
    return None


def jokers_stand_for(group: Sequence[Card]) -> tuple[Card | None, ...]:
    """T3: per card of a spread in table order, None for a natural card, else the card
    the joker stands for: the set's rank (suit "") or the run's card at its place."""
    shape = shape_of(group)
    if shape is None:
        return tuple(None for _card in group)
    if shape[0] == "set":
        return tuple(Card(shape[1], "") if card.rank == JOKER else None for card in group)
    _run, suit, low, _high = shape
    return tuple(Card(ACE if low + i in (1, 14) else low + i, suit) if card.rank == JOKER else None
                 for i, card in enumerate(group))


def spread_text(group: Sequence[Card]) -> str:
    """A spread in words, each joker with what it stands for: "2♥ 3♥ JK=4♥", "7♣ 7♦ JK=7"."""
    return " ".join(card.pretty() + (f"={stands.pretty()}" if stands is not None else "")
                    for card, stands in zip(group, jokers_stand_for(group)))


def canonical_set(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A set's table order: naturals in suit order, then jokers."""
    cards = list(cards)
    naturals = sorted((c for c in cards if c.rank != JOKER), key=lambda c: SUIT_PLACE[c.suit])
    return tuple(naturals) + (JOKER_CARD,) * (len(cards) - len(naturals))


def spreads_in(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """T3: every spread ``hand`` can lay down, each in table order, without repeats."""
    jokers = 0
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[str, dict[int, Card]] = {}
    for card in hand:
        rank, suit = card
        if rank == JOKER:
            jokers += 1
            continue
        same = by_rank.get(rank)
        if same is None:
            by_rank[rank] = [card]
        else:
            same.append(card)
        held = by_suit.get(suit)
        if held is None:
            held = by_suit[suit] = {}
        held[rank] = card
        if rank == ACE:
            held[1] = card
    found: list[tuple[Card, ...]] = []
    for rank in sorted(by_rank):
        if len(by_rank[rank]) < 2 or len(by_rank[rank]) + jokers < 3:
            continue
        naturals = sorted(set(by_rank[rank]), key=lambda c: SUIT_PLACE[c.suit])
        for size in range(2, min(len(naturals), 4) + 1):
            for combo in combinations(naturals, size):
                for wild in range(0, min(jokers, 4 - size) + 1):
                    if size + wild >= 3:
                        found.append(combo + (JOKER_CARD,) * wild)
    for suit in SUITS:
        held = by_suit.get(suit)
        if not held or len(held) + jokers < 3 or len(held) < 2:
            continue
        if jokers:
            _runs_with_jokers(held, jokers, found)
            continue
        values = sorted(held)
        segment: list[int] = []
        for value in values + [99]:
            if segment and value == segment[-1] + 1:
                segment.append(value)
                continue
            for i in range(len(segment) - 2):
                for j in range(i + 3, min(len(segment), i + MAX_RUN) + 1):
                    found.append(tuple(held[v] for v in segment[i:j]))
            segment = [value]
    return found


def spreads_taking_all(hand: Sequence[Card], spreads: Iterable[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    """T8: spreads among ``spreads`` that lay down every card of ``hand`` together, each
    card once (going out without a discard), the longest first; () if none do."""
    choices = sorted((tuple(spread) for spread in spreads), key=len, reverse=True)

    def cover(left: Counter[Card], start: int) -> tuple[tuple[Card, ...], ...] | None:
        if not left:
            return ()
        for index in range(start, len(choices)):
            need = Counter(choices[index])
            if not need - left:
                rest = cover(left - need, index + 1)
                if rest is not None:
                    return (choices[index], *rest)
        return None

    return cover(Counter(hand), 0) or ()


def _runs_with_jokers(held: dict[int, Card], jokers: int, found: list[tuple[Card, ...]]) -> None:
    """Runs of one suit using up to ``jokers`` wild cards, each joker where it stands."""
    for low in range(1, 13):
        missing = 0
        for high in range(low, min(14, low + MAX_RUN - 1) + 1):
            if high not in held:
                missing += 1
                if missing > jokers:
                    break
            length = high - low + 1
            if length < 3 or length - missing < 2:
                continue
            base = [held.get(value, JOKER_CARD) for value in range(low, high + 1)]
            found.append(tuple(base))
            spare = jokers - missing
            if spare:
                naturals_at = [i for i, card in enumerate(base) if card.rank != JOKER]
                for count in range(1, spare + 1):
                    if len(naturals_at) - count < 2:
                        break
                    for chosen in combinations(naturals_at, count):
                        swapped = list(base)
                        for i in chosen:
                            swapped[i] = JOKER_CARD
                        found.append(tuple(swapped))


def hit_onto(group: tuple[Card, ...], shape: Shape, card: Card,
             runs_only: bool) -> tuple[tuple[Card, ...], Shape] | None:
    """T6: the spread after ``card`` is hit onto it (new cards, new shape), or None.

    A set takes its rank or a joker up to four cards; a run takes the next card of its
    suit at either end. A joker goes on the high end, or the low end when the run
    already reaches the ace high.
    """
    if shape[0] == "set":
        if runs_only or len(group) >= 4:
            return None
        if card.rank == JOKER or card.rank == shape[1]:
            return canonical_set(group + (card,)), shape
        return None
    _, suit, low, high = shape
    if len(group) >= MAX_RUN:
        return None
    if card.rank == JOKER:
        if high < 14:
            return group + (card,), ("run", suit, low, high + 1)
        return (card,) + group, ("run", suit, low - 1, high)
    if card.suit != suit:
        return None
    if high < 14 and _at(card, high + 1):
        return group + (card,), ("run", suit, low, high + 1)
    if low > 1 and _at(card, low - 1):
        return (card,) + group, ("run", suit, low - 1, high)
    return None


def hit_stands_for(before: Shape, after: tuple[tuple[Card, ...], Shape], card: Card) -> Card | None:
    """T3/T6: what a joker hit onto a spread of shape ``before`` stands for in the spread
    ``after`` it (a set's rank, suit ""; on a run the card at the end it went to); None
    for a natural card."""
    if card.rank != JOKER:
        return None
    cards, shape = after
    if shape[0] == "set":
        return Card(shape[1], "")
    stands = jokers_stand_for(cards)
    return stands[-1] if shape[3] != before[3] else stands[0]  # (the high end grew, or the low)


def is_dead_four(group: tuple[Card, ...], shape: Shape) -> bool:
    """T6 ``dead_fours``: a set holding all four natural cards of its rank."""
    return shape[0] == "set" and len(group) == 4 and all(card.rank != JOKER for card in group)


def highest_spade(hand: Iterable[Card]) -> Card | None:
    """T12: the spade a side bettor shows (None: the hand holds no spade)."""
    return max((card for card in hand if card.suit == "S"), default=None)


def count(cards: Iterable[Card], points: dict[int, int]) -> int:
    """T4: the count of cards left in a hand."""
    return sum([points[card[0]] for card in cards])
