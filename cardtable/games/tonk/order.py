"""The orders a Tonk hand is shown in: by suit or by rank, the ace low (it counts 1)."""

from __future__ import annotations

from ...engine.cards import ACE, SUIT_PLACE, Card


def by_suit(card: Card) -> tuple[int, int]:
    """Clubs, diamonds, hearts, spades, then jokers; in a suit the ace first."""
    return (SUIT_PLACE[card.suit], 1 if card.rank == ACE else card.rank)


def by_rank(card: Card) -> tuple[int, int]:
    """The ace first, the king last, then jokers; in a rank clubs first."""
    return (1 if card.rank == ACE else card.rank, SUIT_PLACE[card.suit])
