"""Small text helpers for screens: ASCII suit names, moves in words.

Words from players and files (names, preset titles and descriptions, theme names and
descriptions, file names, settings, errors that quote them) are shown as written: a
screen hands them to Textual or Rich as :class:`rich.text.Text` (a border title, a
Static, an option, a table cell), or with ``markup=False`` (a note), never as a str,
which both read as markup ("[/]" would crash the table, "Bob [beta]" would show as
"Bob "). Where only a markup str will do (a tooltip), :func:`markup_literal` escapes it.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence

from ..engine.cards import Card, pretty_cards
from ..engine.events import CardsDealt, Event, Namer, RoundStarted
from ..engine.moves import Move
from ..store.history import score_entries
from .phrases import Phrases

ASCII_SUITS = {"♣": "-C", "♦": "-D", "♥": "-H", "♠": "-S", "★": "*", "—": "-", "–": "-", "…": "...",
               "·": "|", "▶": ">", "▲": "^", "←": "<-", "→": "->", "↑": "up", "↓": "down", "−": "-", "×": "x"}


def game_title(family: str, title: str) -> str:
    """A preset's title with its game's name, said once: "President — Forseti", but
    "Shanghai — wild twos" and "Texas Tonk" as they are (``family`` is the game's title,
    e.g. ``FAMILY_TITLES["shanghai"]``, "Shanghai rummy": its first word names it)."""
    if re.search(rf"\b{re.escape(family.split()[0])}\b", title, flags=re.IGNORECASE):
        return title
    return f"{family} — {title}"


def markup_literal(text: str) -> str:
    """``text`` as Textual markup that shows it exactly as written: every "[" escaped.
    (``textual.markup.escape`` and ``rich.markup.escape`` escape only what looks like a
    tag to Rich: Textual still reads "[Bob]" and "[$x]" as tags, and a trailing "\\"
    comes out doubled.)"""
    return text.replace("[", "\\[")


def uses_ascii(app: object) -> bool:
    """Whether ``app`` shows the ASCII theme (``card_ascii``; False for an app without themes)."""
    return bool(getattr(app, "card_ascii", False))


def as_themed(app: object, text: str) -> str:
    """``text`` as ``app``'s theme writes it: in ASCII under the ASCII theme (:func:`uses_ascii`)."""
    return asciify(text) if uses_ascii(app) else text


def themed(ascii: bool) -> Callable[[str], str]:
    """How a theme writes text: :func:`asciify` under the ASCII theme, else as it is."""
    return asciify if ascii else _as_is


def score_phrases(family: str, names: Sequence[str], scores: Sequence[int], minus: str = "−",
                  fix: Callable[[str], str] | None = None) -> Phrases:
    """A match's players and scores in the family's words (as ``scores_text`` has them:
    "chips won: Ann +3, Bob −2" for Tonk), wrapped so that each name keeps its score."""
    fix = fix or _as_is
    entries = Phrases([fix(entry) for entry in score_entries(family, names, scores, minus)], ", ")
    return Phrases([fix("chips won:"), entries], " ") if family == "tonk" else entries


def _as_is(text: str) -> str:
    return text


def asciify(text: str) -> str:
    """Replace suit symbols and typographic marks for the ASCII theme: ``Q♣`` -> ``Q-C``;
    letters lose their accents (``Vara-skítur`` -> ``Vara-skitur``, ``Þór`` -> ``Thor``)."""
    for symbol, plain in ASCII_SUITS.items():
        text = text.replace(symbol, plain)
    if text.isascii():
        return text
    return "".join(map(_without_accent, text.translate(ASCII_LETTERS)))


def _without_accent(char: str) -> str:
    """A Latin letter without its accents (``í`` -> ``i``); any other character as it is
    (a kana's voicing mark or a Hangul syllable is part of the letter, not an accent)."""
    plain = "".join(part for part in unicodedata.normalize("NFKD", char) if not unicodedata.combining(part))
    return plain if plain.isascii() else char


ASCII_LETTERS = str.maketrans({"Þ": "Th", "þ": "th", "Ð": "D", "ð": "d", "Æ": "Ae", "æ": "ae", "Ø": "O",
                               "ø": "o", "ß": "ss", "Œ": "Oe", "œ": "oe", "Ł": "L", "ł": "l"})
"""Letters without an accent to drop, written as ASCII spells them (Icelandic, Nordic, German)."""


def number(n: int, ascii: bool = False) -> str:
    """``n`` with the theme's minus sign: "−2" (felt themes), "-2" (ASCII)."""
    return f"{'-' if ascii else '−'}{-n}" if n < 0 else str(n)


def counted(n: int, word: str, ascii: bool = False) -> str:
    """``n`` and ``word`` with the theme's minus sign, plural unless n is 1 or −1: "1 chip",
    "0 chips", "−25 pts", "−1 chip"."""
    return f"{number(n, ascii)} {word}{'s' * (abs(n) != 1)}"


def signed(n: int, ascii: bool = False) -> str:
    """+3, −2 (-2 in ASCII), 0: chips or points won or lost."""
    return f"+{n}" if n > 0 else number(n, ascii)


def signed_decimal(x: float, places: int = 2, ascii: bool = False) -> str:
    """+0.25, −1.50 (-1.50 in ASCII), 0.00 (never "-0.00"): an average won or lost."""
    if round(x, places) == 0:
        return f"{0:.{places}f}"
    text = f"{x:+.{places}f}"
    return text if ascii or text[0] == "+" else "−" + text[1:]


MOVE_WORDS = {"draw_stock": "draw from the stock", "take_upcard": "take the upcard"}
"""Move kinds whose name is not yet a phrase a player would say."""


def kind_words(move: Move) -> str:
    """What kind of move ``move`` is, in a player's words: "play", "draw from the stock"."""
    return MOVE_WORDS.get(move.kind) or move.kind.replace("_", " ")


def describe_move(move: Move, ascii: bool = False) -> str:
    """A move in a player's words: ``play 7♠ 7♥``, ``pass``, ``lay off 8♣``."""
    words = [kind_words(move)]
    if move.groups:
        words.append(" | ".join(pretty_cards(group) for group in move.groups))
    elif move.cards:
        words.append(pretty_cards(move.cards))
    text = " ".join(words)
    return asciify(text) if ascii else text


LOG_LINES = 200
"""The most lines of a round's log the table keeps (a long Shanghai hand tells several hundred)."""


def this_round(events: Sequence[Event]) -> Sequence[Event]:
    """The current round's events: from the latest deal (``RoundStarted``) on."""
    for index in range(len(events) - 1, -1, -1):
        if isinstance(events[index], RoundStarted):
            return events[index:]
    return events


Moved = Callable[[Event], tuple[Sequence[Card], Sequence[Card]]]
"""The cards one of a player's events brought into its hand and the cards it took out
(a draw brings one; a meld takes its cards): ``((), ())`` for any other event."""


def came_since_discard(events: Sequence[Event], viewer: int | None, hand: Sequence[Card],
                       moved: Moved) -> tuple[Card, ...]:
    """The cards that came into ``viewer``'s hand since its last discard this round (a
    draw, a taken or bought upcard) and are in it still: what a rummy table tags "new".
    A card come in and put down is not counted again by a twin from another deck."""
    if viewer is None:
        return ()
    mine = [event for event in this_round(events) if event.seat == viewer]
    since = next((len(mine) - at for at, event in enumerate(reversed(mine)) if event.kind == "card_discarded"), 0)
    came: Counter[Card] = Counter()
    for event in mine[since:]:
        brought, spent = moved(event)
        came.update(brought)
        came -= Counter(spent)  # (never below none: a card held from before, put down, takes no later one)
    return tuple((came & Counter(hand)).elements())


def round_log(events: Sequence[Event], viewer: int | None, name: Namer, fix: Callable[[str], str],
              skip: tuple[type[Event], ...] = (CardsDealt,)) -> tuple[str, ...]:
    """The current round's story told to ``viewer`` (its last :data:`LOG_LINES` lines): every event
    from the latest deal on, except the kinds in ``skip``, hiding what the viewer may
    not see (``Event.describe``; an event the viewer may not learn of at all is left out),
    and naming the viewer "you" (:func:`told_to_you`)."""
    named = naming_you(name, viewer)
    lines: list[str] = []
    for event in reversed(this_round(events)):  # newest first, so only the last LOG_LINES are told
        if len(lines) == LOG_LINES:
            break
        if not isinstance(event, skip):
            line = event.describe(named, viewer)
            if line:  # (empty: nothing this viewer may learn of)
                lines.append(fix(told_to_you(line)))
    return tuple(reversed(lines))


YOU = "\x00"
"""Stands in a log line for the player it is told to (no name holds a control character)."""
_SECOND_PERSON = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go", "says": "say"}
_AND_THEN = ("becomes", "takes", "shows")
"""The verbs that go on a sentence after "and" ("Ann buys Q♠ and takes 2 cards")."""
_CLAUSE_STARTS = ("— ", "; ", ", ", ": ")
"""What stands before a clause whose subject may be "you" ("— you pay Eve 2 chips", "last: you take it")."""


def naming_you(name: Namer, viewer: int | None) -> Namer:
    """``name``, but :data:`YOU` for ``viewer`` (a seat; None: nobody is "you")."""
    def named(seat: int) -> str:
        return YOU if viewer is not None and seat == viewer else name(seat)
    return named


def _to_you(verb: str) -> str:
    """A verb as said of "you": "draws" -> "draw", "passes" -> "pass", "is" -> "are"."""
    if verb in _SECOND_PERSON:
        return _SECOND_PERSON[verb]
    if verb.endswith(("sses", "ches", "shes", "xes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb


def told_to_you(line: str) -> str:
    """A log line in which :data:`YOU` stands for a player, as told to that player: "You
    draw 3♠", "Finn lays off 2♦ on your meld 1", "You lay off K♠ on your own meld 2",
    "You buy Q♠ and take 2 cards", "Bob pays you 2 chips"."""
    if YOU not in line:
        return line
    if line.startswith(YOU):  # (the sentence is about you)
        line = line.replace(" their own ", " your own ")
        for verb in _AND_THEN:
            line = line.replace(f" and {verb} ", f" and {_to_you(verb)} ")

    def said(match: re.Match[str]) -> str:
        first = match.start() == 0
        if match.group(1) == "'s":
            return "Your" if first else "your"
        verb = match.group(2)  # (said of "you" where a sentence or a clause starts with it)
        subject = first or match.string[max(match.start() - 2, 0):match.start()] in _CLAUSE_STARTS
        return ("You" if first else "you") + (f" {_to_you(verb) if subject else verb}" if verb else "")

    return re.sub(YOU + r"(?:('s)\b| ([a-z]+)\b)?", said, line)
