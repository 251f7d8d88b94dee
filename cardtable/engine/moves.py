"""Move: what a player wants to do, as a small immutable value."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from .cards import Card, card_text, parse_cards


class Move(NamedTuple):
    """A player's move.

    ``kind`` names it in the game's words ("play", "pass", "give", "draw_stock",
    "take_upcard", "meld", "lay_off", "swap_joker", "discard", "buy", "decline",
    "spread", "hit", "drop", ...). ``cards`` are the cards it puts down or gives;
    ``groups`` one tuple of cards per meld or spread; ``target`` says where a
    lay-off, hit or swap goes: ``(owner seat, meld index)`` (a Shanghai lay-off on a
    run adds the end it goes to: ``(owner, meld, end)``, 0 low, 1 high), or ``(seat,)``
    for a move aimed at a player. Moves compare by value, so a move built by hand equals
    the one ``legal_moves`` lists.
    """

    kind: str
    cards: tuple[Card, ...] = ()
    groups: tuple[tuple[Card, ...], ...] = ()
    target: tuple[int, ...] | None = None

    def __str__(self) -> str:
        parts = [self.kind]
        if self.groups:
            parts.append(" | ".join(card_text(group) for group in self.groups))
        elif self.cards:
            parts.append(card_text(self.cards))
        if self.target is not None:
            parts.append("@" + ",".join(str(t) for t in self.target))
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read the text form back: ``"play 7S 7H"``, ``"meld 7S 7H 7D | 4C 5C 6C 7C"``,
        ``"lay_off 8C @1,0"``, ``"pass"``."""
        if not isinstance(text, str):
            raise TypeError(f"Move.parse reads a move's text, such as \"play 7S 7H\", not {text!r}")
        text = text.strip()
        target = None
        if "@" in text:
            text, _, where = text.rpartition("@")
            try:
                target = tuple(int(part) for part in where.split(","))
            except ValueError:
                raise ValueError(f"a target is whole numbers after @, such as @1,0 (not @{where.strip()})") from None
        kind, _, rest = text.strip().partition(" ")
        if not kind:
            raise ValueError("empty move")
        if "|" in rest or kind in GROUP_KINDS:
            groups = tuple(parse_cards(part) for part in rest.split("|") if part.strip())
            return cls(kind, tuple(c for g in groups for c in g), groups, target)
        return cls(kind, parse_cards(rest), (), target)

    def to_data(self) -> str:
        return str(self)


GROUP_KINDS = frozenset({"meld", "spread"})
"""Move kinds whose cards are given as groups."""


def parts_refusal(move: Move, takes: Mapping[str, str]) -> str | None:
    """Why ``move`` is refused when it names a part its kind does not take: ``takes``
    gives each kind's parts, some of "cards", "groups" (``|``) and "target" (``@``) in
    one string ("" for a kind whose name is the whole move, as "pass"). None when the
    move names only its kind's parts, or its kind is not in ``takes``."""
    parts = takes.get(move.kind)
    if parts is None:
        return None
    kind = move.kind
    if not parts and (move.cards or move.groups or move.target is not None):
        return f"{kind} takes no cards or target: the move is just {kind!r}"
    names = parts.split()
    if move.target is not None and "target" not in names:
        return f"{kind} takes no target (the @ part)"
    if move.groups and "groups" not in names:
        return f"{kind} takes no groups (cards split by |)"
    if move.cards and "cards" not in names:
        return f"{kind} takes no cards: the move is {kind!r} with its target (@…)"
    return None


def play(*cards: str | Card) -> Move:
    """Shorthand for tests and bots: ``play("7S", "7H")``."""
    return Move("play", parse_cards(cards))


PASS = Move("pass")
DECLINE = Move("decline")
