"""President's card order, combinations and what beats what (P3–P5, P7, P20–P28)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations, groupby

from ...engine.cards import JOKER, RANK_NAMES, RANKS, SUIT_PLACE, SUITS, Card, make_deck
from ...engine.words import rank_plural, rank_word
from .preset import PresidentRules, titled_places

_CLEARS: dict[str | None, str] = {"bomb": "bomb", "burn": "burn", "quick": "quick_clear"}
"""How a play goes onto the pile -> why it clears the pile at once (P23 bomb, P25 burn, P24)."""
RANK_LABELS = {**dict(zip(RANKS, RANK_NAMES)), JOKER: "joker"}
"""What the table calls each rank ("Q", "joker")."""
WILD_GROUP = 99
"""Wild cards sort after every natural card."""


class RankOrder:
    """How cards compare under one preset.

    Every natural card has a *value*: its place in the rank order (P3), lowest 1.
    Jokers that are not wild sit above every natural rank; with ``red_threes``
    (P28) red 3s sit above everything and black 3s below everything. Wild cards
    (P27) have no value of their own: they take the value of the naturals they join.
    """

    def __init__(self, rules: PresidentRules) -> None:
        self.rules = rules
        wild_ranks = rules.wild_ranks
        naturals = [r for r in (RANKS[1:] + (2,) if rules.rank_order == "two_high" else RANKS)
                    if r not in wild_ranks and not (rules.red_threes and r == 3)]
        self.value: dict[Card, int] = {}
        self.label: dict[int, str] = {}
        offset = 1 if rules.red_threes else 0
        for place, rank in enumerate(naturals, start=1 + offset):
            for suit in SUITS:
                self.value[Card(rank, suit)] = place
            self.label[place] = RANK_LABELS[rank]
        top = len(naturals) + offset
        if JOKER not in wild_ranks and rules.jokers:  # (a deck without jokers leaves no gap: P9 counts places)
            top += 1
            self.value[Card(JOKER, "")] = top
            self.label[top] = "joker"
        if rules.red_threes:
            self.value |= {Card(3, "C"): 1, Card(3, "S"): 1}
            self.label[1] = "black 3"
            top += 1
            self.value |= {Card(3, "D"): top, Card(3, "H"): top}
            self.label[top] = "red 3"
        self.wild = frozenset(Card(r, s) for r in wild_ranks for s in (("",) if r == JOKER else SUITS))
        deck = set(make_deck(1, 1 if rules.jokers else 0))
        self.max_value = max(self.value[c] for c in deck if c in self.value)
        """The highest value a play can have (P7: it clears the pile at once)."""
        self.two_value = self.value.get(Card(2, "S")) if rules.rank_order == "two_high" else None
        """The value of natural 2s when they are the top rank (P20), else None."""
        top_natural = naturals[-1] if naturals else 14
        self.high_value = self.value[Card(top_natural, "S")]
        """The top natural rank (a 2, or an ace): cards the simple bot saves for last."""
        self.top_value = self.high_value
        """The top cards: P21 keeps leads of this value and above for last — the top natural
        rank (a 2, or an ace), or under P28, where the red 3s are "the highest cards", the
        lowest of the red 3s, a joker that is not wild and natural 2s ranking high."""
        if rules.red_threes:
            tops = [top, *(self.value[card] for card in (Card(JOKER, ""), Card(2, "S")) if card in self.value
                           and (rules.jokers if card.rank == JOKER else rules.rank_order == "two_high"))]
            self.top_value = min(tops)
        self.twos_on_top = rules.rank_order == "two_high" or 2 in wild_ranks
        """Whether a 2 is a top card for P26: the top rank, or wild (under ``ace_high`` a
        natural 2 is the lowest card)."""
        self.bomb_count = 4 if rules.bomb == "four_of_a_kind" else 0
        self.twins = rules.decks > 1 or rules.jokers > 1
        """Whether a hand may hold two equal cards (so plays must be deduplicated)."""
        self._group_values = _ValueOrWild(self.value)
        self.equal_follows = rules.equal_rank != "no" or rules.burn
        """Whether a play may ever equal the top rank (P5 equal ranks, P25 burns)."""

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Hands sort by value, wilds last, then by suit."""
        return (self.value.get(card, WILD_GROUP), SUIT_PLACE[card.suit])

    def strength(self, card: Card) -> float:
        """How good a card is to give or keep: its value; wilds rank just below the top."""
        if card in self.wild:
            return self.max_value - 0.5
        return self.value[card]

    def combination(self, cards: Iterable[Card], all_wild: bool = False) -> tuple[int, int] | str:
        """The (value, count) of a play, or why the cards are no combination.

        ``all_wild``: the player holds nothing but wild cards, so they may play them
        together as the lowest rank (P27 reading; a black 3 under ``red_threes``)."""
        cards = tuple(cards)
        if not cards:
            return "choose at least one card"
        naturals = [c for c in cards if c not in self.wild]
        if not naturals:
            if all_wild:
                return 1, len(cards)
            return "a combination may not be all wild cards (P27)"
        values = {self.value[c] for c in naturals}
        if len(values) > 1:
            return "all cards of a play must be of one rank"
        value = values.pop()
        if len(naturals) < len(cards) and self.rules.red_threes and value == self.max_value:
            return "a wild card cannot stand as a red 3 (P28)"
        return value, len(cards)

    def stands_for(self, cards: Iterable[Card]) -> dict[Card, str]:
        """P27: each wild card of a play with the rank it stands for ("Q", "black 3");
        none for a play of only wild cards or no combination."""
        cards = tuple(cards)
        found = self.combination(cards)  # (all wild: no combination, unless led as the lowest rank)
        if isinstance(found, str):
            return {}
        return {card: self.label[found[0]] for card in cards if card in self.wild}

    def describe(self, value: int, count: int) -> str:
        """A play in words: "a single ace", "a pair of 9s", "three kings", "a pair of red 3s"."""
        label = self.label[value]
        plural = rank_plural(label)
        if count == 1:
            return f"a single {rank_word(label)}"
        if count == 2:
            return f"a pair of {plural}"
        # in words: "three 3s", not "3 3s"
        words = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten",
                 11: "eleven", 12: "twelve"}
        return f"{words.get(count, count)} {plural}"

    def is_bomb(self, count: int) -> bool:
        """P23: four cards of one rank are a bomb when the preset has bombs."""
        return count == self.bomb_count

    def holds_bomb(self, hand: Iterable[Card]) -> bool:
        """P23: whether ``hand`` can make a bomb, wild cards (P27) completing one."""
        if not self.bomb_count:
            return False
        cards = list(hand)
        wilds = sum(1 for card in cards if card in self.wild)
        held = Counter(self.value[card] for card in cards if card not in self.wild)
        return any(count + wilds >= self.bomb_count for count in held.values())

    def only_top_and_bombs(self, by_value: dict[int, list[Card]], wilds: list[Card]) -> bool:
        """P21's exception: the hand holds nothing but cards of the top rank (and above)
        and bombs, so it may lead them. Wild cards count with them when they complete a
        bomb or can join the hand's top cards; a spare wild beside bombs alone is a low
        card (it leads as the lowest rank)."""
        low = [len(cards) for value, cards in by_value.items() if value < self.top_value]
        if not low:
            return True
        if not self.bomb_count:
            return False
        spare = len(wilds) - sum(-n % self.bomb_count for n in low)
        return spare == 0 or spare > 0 and len(low) < len(by_value)

    def clears_at_once(self, value: int, count: int) -> bool:
        """P7: a play of the highest value nothing can beat clears the pile at once.
        Under ``twos = "pair_beats_single"`` a single top 2 does not (a pair may top it)."""
        if value != self.max_value:
            return False
        return not (self.rules.twos == "pair_beats_single" and value == self.two_value and count == 1)

    def goes_on(self, cards: tuple[Card, ...], top: tuple[int, int] | None,
                quick: bool = False) -> tuple[int, int, str | None]:
        """A play's (value, count) and how it goes onto the top play ``top`` (None: it
        leads): "quick" (a P24 quick clear), "bomb" or "lead" on an empty pile, else as
        :meth:`beats` says. Its value is its naturals' (all wild: the lowest, P27)."""
        naturals = [c for c in cards if c not in self.wild]
        value = self.value[naturals[0]] if naturals else 1
        count = len(cards)
        if quick:
            return value, count, "quick"
        if top is None:
            return value, count, "bomb" if self.is_bomb(count) else "lead"
        return value, count, self.beats(value, count, len(naturals) == count, top)

    def clearing(self, how: str | None, value: int, count: int) -> str | None:
        """Why a play that went on as ``how`` clears the pile at once: "bomb" (P23),
        "burn" (P25), "quick_clear" (P24), "top" (P7: nothing can beat it), or None."""
        return _CLEARS.get(how) or ("top" if self.clears_at_once(value, count) else None)

    def out_on_top(self, cards: Iterable[Card], clearing: str | None) -> bool:
        """P26: a player's last play goes out on top when it clears the pile at once or
        holds a joker or a 2 — a 2 where 2s rank high or are wild: under ``ace_high`` a
        natural 2 is the lowest card (with ``no_finish_on_top`` going out on top makes
        them Scum)."""
        return clearing is not None or any(card.rank == JOKER or (card.rank == 2 and self.twos_on_top)
                                           for card in cards)

    def beats(self, value: int, count: int, natural: bool, top: tuple[int, int]) -> str | None:
        """How a (value, count) play goes onto the top play: "beat", "equal", "burn",
        "bomb", or None when it may not. ``natural``: no wild card in the play (P25)."""
        top_value, top_count = top
        rules = self.rules
        if self.is_bomb(count):
            return "bomb"
        if value == self.two_value:
            if rules.twos == "single_beats_any" and count == 1 and top_value < value:
                return "beat"
            if rules.twos == "pair_beats_single" and count == 2 and top == (value, 1):
                return "beat"
        if count != top_count:
            return None
        if value > top_value:
            return "beat"
        if value == top_value:
            if rules.burn and natural:
                return "burn"
            if rules.equal_rank != "no":
                return "equal"
        return None

    def follow_counts(self, top: tuple[int, int]) -> set[int]:
        """The play sizes that may go on ``top`` (same count, plus P20 and P23 exceptions)."""
        counts = {top[1]}
        if self.two_value is not None:
            if self.rules.twos == "single_beats_any" and top[0] < self.two_value:
                counts.add(1)
            if self.rules.twos == "pair_beats_single" and top == (self.two_value, 1):
                counts.add(2)
        if self.rules.bomb == "four_of_a_kind":
            counts.add(4)
        return counts

    def groups(self, hand: list[Card]) -> tuple[dict[int, list[Card]], list[Card]]:
        """A hand (sorted by :meth:`sort_key`) as naturals by value, and its wild cards."""
        by_value = {value: list(cards) for value, cards in groupby(hand, key=self._group_values.__getitem__)}
        return by_value, by_value.pop(WILD_GROUP, [])

    def plays(self, naturals: list[Card], wilds: list[Card], count: int, value: int) -> list[tuple[Card, ...]]:
        """Every distinct play of ``count`` cards from these naturals (of one value) and wilds."""
        if not wilds:
            if len(naturals) < count:
                return []
            if count == 1:
                return [(card,) for card in (dict.fromkeys(naturals) if self.twins else naturals)]
            sets = combinations(naturals, count)
            return list(dict.fromkeys(sets) if self.twins else sets)
        found: dict[tuple[Card, ...], None] = {}
        no_wild = self.rules.red_threes and value == self.max_value
        lowest = max(1, count - (0 if no_wild else len(wilds)))
        for used in range(lowest, min(count, len(naturals)) + 1):
            for natural in combinations(naturals, used):
                if used == count:
                    found[natural] = None
                else:
                    for wild in combinations(wilds, count - used):
                        found[natural + wild] = None
        return list(found)


class _ValueOrWild(dict[Card, int]):
    """Card values where a wild card (no value of its own) reads as :data:`WILD_GROUP`."""

    def __missing__(self, card: Card) -> int:
        return WILD_GROUP


def titles_for(finish_order: list[int], players: int, top_positions: int) -> list[str]:
    """P10: the title key of each seat, from the finishing order."""
    titled = titled_places(players, top_positions)
    by_place = ["neutral"] * players
    for i, title in enumerate(("president", "vice_president", "secretary")[:titled]):
        by_place[i] = title
    for i, title in enumerate(("scum", "vice_scum", "clerk")[:titled]):
        by_place[players - 1 - i] = title
    titles = [""] * players
    for place, seat in enumerate(finish_order):
        titles[seat] = by_place[place]
    return titles

