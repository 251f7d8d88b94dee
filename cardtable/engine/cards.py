"""Cards and decks: small immutable values with a text form that parses back."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

SUITS = ("C", "D", "H", "S")
"""Suit letters in sorting order: clubs, diamonds, hearts, spades."""
SUIT_PLACE = {suit: place for place, suit in enumerate(SUITS)} | {"": len(SUITS)}
"""Each suit's place in the usual order, clubs first; a joker's suit ("") after them."""

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "": "★"}
RED_SUITS = frozenset("DH")

JACK, QUEEN, KING, ACE = 11, 12, 13, 14
JOKER = 15
"""The joker's rank number; its suit is the empty string."""

RANKS = tuple(range(2, 15))
"""Natural ranks, 2 to ace (14). Each game decides how they order."""

_RANK_TEXT = {**{r: str(r) for r in range(2, 11)}, JACK: "J", QUEEN: "Q", KING: "K", ACE: "A", JOKER: "JK"}
_TEXT_RANK = {text: rank for rank, text in _RANK_TEXT.items()} | {"T": 10, "1": ACE, "JOKER": JOKER}


def rank_named(name: object) -> int | None:
    """The rank a preset or a player names: ``"2"`` … ``"10"``, ``"J"``, ``"Q"``, ``"K"``,
    ``"A"``, ``"JK"``, in any case (also ``"T"`` for ten, ``"1"`` for ace, ``"joker"``);
    None when ``name`` names no rank."""
    return _TEXT_RANK.get(str(name).strip().upper())


RANK_NAMES = tuple(_RANK_TEXT[rank] for rank in (*RANKS, JOKER))
"""Every rank in the rule book's spelling, 2 to ace, then the joker: ``"2"`` … ``"A"``, ``"JK"``."""


def preset_rank(name: object) -> str:
    """A rank named in a preset, in the rule book's spelling (``"t"`` -> ``"10"``); a
    name that is no rank raises ValueError saying which names are."""
    rank = rank_named(name)
    if rank is None:
        raise ValueError(f"{str(name)!r} is not a rank (use 2 … 10, J, Q, K, A, JK)")
    return _RANK_TEXT[rank]


def rank_of(name: str) -> int:
    """The rank a preset names once :func:`preset_rank` has spelt it (``"JK"`` -> JOKER)."""
    return _TEXT_RANK[name]


class Card(NamedTuple):
    """A playing card: ``rank`` 2–14 (ace 14) or ``JOKER``, ``suit`` one of ``C D H S``.

    Jokers have the suit ``""``. Cards of several decks are equal values, so a hand
    is a multiset. ``str(card)`` gives the rule-book notation (``"10H"``, ``"JK"``)
    and :meth:`parse` reads it back (``"TH"`` is accepted for ten and ``"1S"`` for an ace).
    """

    rank: int
    suit: str

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read ``"7S"``, ``"10H"``, ``"TH"``, ``"1S"`` (ace), ``"JK"``, in any case; a
        ``Card`` is returned as it is, if it is a card of a deck."""
        if isinstance(text, Card):
            if text in _STR:
                return text
            raise ValueError(f"{tuple(text)!r} is no card of a deck (write e.g. Card.parse(\"7S\"))")
        try:
            return _PARSED[text.strip().upper()]
        except (KeyError, AttributeError):
            raise ValueError(f"{text!r} is not a card (write e.g. 7S, 10H, QD, AC or JK)") from None

    @property
    def is_joker(self) -> bool:
        """Whether this is a joker (it has no suit)."""
        return self.rank == JOKER

    @property
    def is_red(self) -> bool:
        """Whether the card's suit is hearts or diamonds (a joker is neither red nor black)."""
        return self.suit in RED_SUITS

    @property
    def rank_text(self) -> str:
        """The rank as printed: ``"10"``, ``"Q"``, ``"JK"``."""
        return _RANK_TEXT[self.rank]

    @property
    def symbol(self) -> str:
        """The suit symbol (``"♠"``); a joker shows a star."""
        return SUIT_SYMBOLS[self.suit]

    def pretty(self) -> str:
        """The card with its suit symbol: ``"10♥"``, ``"JK"``; a rank without a suit
        (what a wild in a set stands for) is its rank alone: ``"7"``."""
        if self.rank == JOKER:
            return "JK"
        return f"{_RANK_TEXT[self.rank]}{SUIT_SYMBOLS[self.suit]}" if self.suit else _RANK_TEXT[self.rank]

    def __str__(self) -> str:
        text = _STR.get(self)
        # A rank without a suit is what a wild in a set stands for (no card of a deck).
        return text if text is not None else f"{_RANK_TEXT.get(self.rank, self.rank)}{self.suit}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


JOKER_CARD = Card(JOKER, "")
STANDARD_CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
"""The 52 natural cards of one deck, clubs first, 2 to ace within a suit."""

_STR = {card: f"{_RANK_TEXT[card.rank]}{card.suit}" for card in STANDARD_CARDS} | {JOKER_CARD: "JK"}
_PARSED = {text: card for card, text in _STR.items()}
_PARSED |= {f"T{card.suit}": card for card in STANDARD_CARDS if card.rank == 10}
_PARSED |= {f"1{card.suit}": card for card in STANDARD_CARDS if card.rank == ACE}


def parse_cards(cards: Iterable[str | Card] | str) -> tuple[Card, ...]:
    """Parse several cards: a sequence of strings/cards, or one space-separated string."""
    if isinstance(cards, str):
        cards = cards.split()
    elif isinstance(cards, Card) or not isinstance(cards, Iterable):
        raise ValueError(f"{cards!r} is not cards (give a list of them, or their text: \"7S 7H\")")
    return tuple(Card.parse(card) for card in cards)


def make_deck(decks: int = 1, jokers: int = 0) -> list[Card]:
    """Cards of ``decks`` standard decks with ``jokers`` jokers per deck, unshuffled."""
    return [card for _ in range(decks) for card in STANDARD_CARDS] + [JOKER_CARD] * (jokers * decks)


def card_text(cards: Iterable[Card]) -> str:
    """Cards in notation, space separated: ``"7S 7H"``."""
    return " ".join(_STR[card] for card in cards)


def pretty_cards(cards: Iterable[Card]) -> str:
    """Cards with suit symbols, space separated: ``"7♠ 7♥"``."""
    return " ".join(card.pretty() for card in cards)


def check_subset(cards: Iterable[Card], pool: Iterable[Card]) -> Card | None:
    """The first card of ``cards`` that ``pool`` (a multiset) cannot supply, else None."""
    available = Counter(pool)
    for card in cards:
        if available[card] <= 0:
            return card
        available[card] -= 1
    return None


def not_held(cards: Iterable[Card], hand: Sequence[Card]) -> str | None:
    """Why ``hand`` cannot supply ``cards``, in the player's words ("you do not hold 3D",
    or for a card named more often than held, "you hold 3D only once"/"only twice"); None if it can."""
    missing = check_subset(cards, hand)
    if missing is None:
        return None
    held = sum(1 for card in hand if card == missing)
    if not held:
        return f"you do not hold {missing}"
    return f"you hold {missing} only {('once', 'twice')[held - 1] if held <= 2 else f'{held} times'}"


def remove_cards(hand: list[Card], cards: Iterable[Card]) -> None:
    """Take ``cards`` out of ``hand`` in place (each once); the caller has checked them."""
    for card in cards:
        hand.remove(card)
