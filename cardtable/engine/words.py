"""Counts, places and rounds in words, for every text cardtable writes."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st: a place in words."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def count(n: float, word: str, plural: str | None = None) -> str:
    """``n`` and ``word``, plural unless ``n`` is 1: ``count(1, "hand")`` is "1 hand",
    ``count(3, "match", "matches")`` "3 matches"."""
    return f"{n} {word if n == 1 else plural or word + 's'}"


def listed(names: Iterable[str], last: str = "and") -> str:
    """Names in a sentence: "Ann", "Ann and Bob", "Ann, Bob and Cy" (``last`` "or": "a, b or c")."""
    names = list(names)
    return f" {last} ".join(names) if len(names) <= 2 else f"{', '.join(names[:-1])} {last} {names[-1]}"


RANK_WORDS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}
"""Court cards and aces in words ("a single ace", as "three aces"; "As" reads as a word)."""


def rank_word(label: str) -> str:
    """A rank's label for one card of it: "9", "jack", "ace", "black 3"."""
    return RANK_WORDS.get(label, label)


def a_rank(label: str) -> str:
    """One card of a rank with its article: "a 9", "an 8", "a jack", "an ace"."""
    word = rank_word(label)
    return f"{'an' if word[:1] in ('a', 'e', 'i', 'o', 'u', '8') else 'a'} {word}"


def rank_plural(label: str) -> str:
    """A rank's label for several cards of it: "9s", "jacks", "aces", "jokers"."""
    word = rank_word(label)
    return word if word.endswith("s") else word + "s"


def round_word(family: str) -> str:
    """What the game calls one deal played out (its ``Game.ROUND_WORD``), lower case:
    "round" (President), "hand" (Shanghai, Tonk)."""
    from .registry import game_class

    return game_class(family).ROUND_WORD.lower()


def json_kind(value: Any) -> str:
    """What a parsed JSON value is, in JSON's words: "an array", "null", "a string" …"""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    kinds: dict[type, str] = {list: "an array", str: "a string", dict: "an object"}
    return kinds.get(type(value), "a number")


CONTROL_NAMES = {"\x1b": "ESC", "\t": "a tab", "\n": "a line break", "\r": "a line break", "\x07": "a bell",
                 "\x08": "a backspace", "\x7f": "a delete"}


INVISIBLE = frozenset("\u200b\u200e\u200f\u2060\ufeff") | frozenset(map(chr, [*range(0x202A, 0x202F),
                                                                             *range(0x2066, 0x206A)]))
"""Characters that show nothing or turn the text after them around (zero-width space,
the direction marks, embeddings, overrides and isolates, word joiner, byte-order mark):
a name of only them is blank, and "Ann" with one is not "Ann" (joiners, which emoji and
some scripts need, are kept)."""


def control_character(text: str) -> str | None:
    """The first control character in ``text`` in words ("ESC", "a tab", "U+0001", "U+202E
    (right-to-left override)"), or None: names and titles are plain text, since a terminal
    would obey an escape in them (wipe the screen, retitle the window), a tab or line break
    would break a row, and an invisible character hides a name or turns it around."""
    for char in text:
        if unicodedata.category(char) in ("Cc", "Zl", "Zp"):
            return CONTROL_NAMES.get(char, f"U+{ord(char):04X}")
        if char in INVISIBLE:
            return f"U+{ord(char):04X} ({unicodedata.name(char).lower()})"
    return None


def name_key(name: str) -> str:
    """What tells two players' names apart: case and the way an accent is written aside
    ("É" composed or as E and a combining accent are one letter), blanks around it too."""
    return unicodedata.normalize("NFC", name.strip()).casefold()


def controls_escaped(text: str) -> str:
    """``text`` with each control character written as its escape (``"Ann\\x1b[2J"``):
    a name read from a file kept before names were checked (the match history) is shown,
    never obeyed by the terminal."""
    if control_character(text) is None:
        return text
    return "".join(char.encode("unicode_escape").decode("ascii") if control_character(char) else char
                   for char in text)
