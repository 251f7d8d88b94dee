"""Counts, places and rounds in words, for every text cardtable writes."""

from __future__ import annotations

import re
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


SHOWS_NOTHING = frozenset(map(chr, [0x00AD, 0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E, 0x2800, 0x3164,
                                     0xFFA0]))
"""Characters that are no format character but show nothing all the same (soft hyphen,
grapheme joiner, the Hangul fillers, the blank Braille pattern, …)."""

KEPT_FORMATS = frozenset("\u200c\u200d") | frozenset(map(chr, range(0xE0020, 0xE0080)))
"""Format characters a name may hold: the joiners (emoji and some scripts need them) and
the tags that spell a flag's region."""


def invisible(char: str) -> bool:
    """Whether ``char`` shows nothing or turns the text after it around (a zero-width
    space, a direction mark, embedding, override or isolate, a byte-order mark, a filler):
    a name of only such characters is blank, and "Ann" with one is not "Ann"."""
    return char in SHOWS_NOTHING or (unicodedata.category(char) == "Cf" and char not in KEPT_FORMATS)


TURNING = frozenset("\u061c\u200b\u200e\u200f\u2060\ufeff") | frozenset(map(chr, [*range(0x202A, 0x202F),
                                                                            *range(0x2066, 0x206A)]))
"""The invisible characters refused in kept text too (:func:`control_character`): the
direction marks, embeddings, overrides and isolates, which turn a row around, and the
zero-width space, word joiner and byte-order mark refused since names were first checked."""


def control_character(text: str, *, kept: bool = False) -> str | None:
    """The first control character in ``text`` in words ("ESC", "a tab", "U+0001", "U+202E
    (right-to-left override)"), or None: names and titles are plain text, since a terminal
    would obey an escape in them (wipe the screen, retitle the window), a tab or line break
    would break a row, and an invisible character hides a name or turns it around.
    ``kept``: text read back from a save or the history, which may have been written
    before every invisible character was refused: only the control characters and
    :data:`TURNING` are refused there, so that a game kept then still loads."""
    for char in text:
        if unicodedata.category(char) in ("Cc", "Zl", "Zp"):
            return CONTROL_NAMES.get(char, f"U+{ord(char):04X}")
        if char in TURNING or (not kept and invisible(char)):
            named = unicodedata.name(char, "")
            return f"U+{ord(char):04X} ({named.lower()})" if named else f"U+{ord(char):04X}"
    return None


def name_key(name: str) -> str:
    """What tells two players' names apart: case and the way an accent is written aside
    ("É" composed or as E and a combining accent are one letter), blanks around it too."""
    return unicodedata.normalize("NFC", name.strip()).casefold()


BOT_MARK = re.compile(r"\(\s*bot\b[^()]*\)?\s*$", re.IGNORECASE)
"""How the tables and the statistics mark a bot after its name: "Dag (bot)", "Dag (bot, hard)"
(or the start of it, "Dag (bot": ``--seats 'Dag (bot, hard),…'`` is cut there at the comma)."""

MARKED_AS_BOT = "ends as the tables mark a bot: give a player a name of their own"
"""What a human's name that :func:`marked_as_bot` is told."""


def marked_as_bot(name: str) -> bool:
    """Whether a human's ``name`` ends as the tables mark a bot ("Dag (bot, hard)" as a
    human took that bot's statistics)."""
    return BOT_MARK.search(name) is not None


def controls_escaped(text: str) -> str:
    """``text`` with each control character written as its escape (``"Ann\\x1b[2J"``):
    a name read from a file kept before names were checked (the match history) is shown,
    never obeyed by the terminal."""
    if control_character(text) is None:
        return text
    return "".join(char.encode("unicode_escape").decode("ascii") if control_character(char) else char
                   for char in text)
