"""How the preset editor lays out a family's knobs: groups, kinds of input, ranges,
and a short text form for the knobs that hold lists or tables.

Headless: the TUI reads :func:`knob_specs` and shows one row per knob; the text forms
(:func:`format_text` / :func:`parse_text`) are plain-words syntax such as
``JK, 2`` (wilds), ``3, 3, 4`` (buys per hand), ``A=15, JK=50`` (points by rank) and,
for Shanghai contracts, one line per hand like ``set 3, run 4``.
"""

from __future__ import annotations

import re
import types
from dataclasses import dataclass
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel

from .model import field_bounds, range_words

GROUPS: dict[str, dict[str, tuple[str, ...]]] = {
    "president": {
        "deal": ("decks", "jokers", "leftover", "dealer", "first_lead", "scum_redeal", "show_hand_counts"),
        "cards": ("rank_order", "wilds", "red_threes", "twos"),
        "play": ("equal_rank", "pass_locks_out", "play_on_own", "no_lead_with_top", "two_any_time", "bomb",
                 "quick_clear", "burn"),
        "exchange": ("exchange", "black_market", "table_talk", "reseat"),
        "round end": ("round_end", "top_positions", "no_finish_on_top"),
        "scoring": ("title_points", "match_target", "match_rounds"),
    },
    "shanghai": {
        "deal": ("decks_by_players", "jokers", "hand_size"),
        "contracts": ("contracts", "wilds"),
        "buying": ("buy_penalty", "buy_priority", "buys_per_hand"),
        "going out": ("out_by_discard", "max_stock_rebuilds"),
        "scoring": ("card_points", "go_out_bonus", "go_out_in_one_bonus"),
    },
    "tonk": {
        "deal": ("jokers", "deal_size", "upcard"),
        "play": ("hit_runs_only", "dead_fours", "tonk_needs_six"),
        "dropping": ("drop_when", "caught"),
        "dealt wins": ("dealt_50_wins", "dealt_49_wins", "low_deal_wins"),
        "scoring": ("card_points", "spades_side_bet"),
        "chips": ("stake", "starting_chips", "broke_ends_match", "match_hands"),
    },
}
"""Knob groups per family, in the order the editor shows them. A knob a family adds
later and nobody grouped yet lands in "other" (and a test asks for it to be placed)."""

Kind = Literal["bool", "choice", "int", "optional_int", "words", "numbers", "table", "contracts", "text"]


TABLE_EXAMPLES = {"title_points": "president=2", "decks_by_players": "5=3", "card_points": "A=15"}
"""One entry of each table knob, as an example of the form (a rank's points by default)."""


@dataclass(frozen=True)
class KnobSpec:
    """One knob as the editor shows it."""

    name: str
    description: str
    kind: Kind
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    key_type: type = str

    @property
    def range_text(self) -> str:
        """The allowed range in words ("1–3", "0 or more"), or "" for no bound."""
        return range_words(self.low, self.high)


def _kind(annotation: Any) -> tuple[Kind, tuple[str, ...], type]:
    origin, args = get_origin(annotation), get_args(annotation)
    if annotation is bool:
        return "bool", (), str
    if annotation is int:
        return "int", (), str
    if annotation is str:
        return "text", (), str
    if origin is Literal:
        return "choice", tuple(str(a) for a in args), str
    if origin in (Union, types.UnionType) and set(args) == {int, type(None)}:
        return "optional_int", (), str
    if origin is tuple:
        if args and args[0] is str:
            return "words", (), str
        if args and args[0] is int:
            return "numbers", (), str
        return "contracts", (), str
    if origin is dict:
        return "table", (), args[0] if args else str
    raise TypeError(f"the editor has no input for {annotation!r}")


def field_specs(model: type[BaseModel]) -> list[KnobSpec]:
    """Every field of ``model`` as a :class:`KnobSpec`, in declaration order."""
    specs = []
    for name, info in model.model_fields.items():
        kind, choices, key_type = _kind(info.annotation)
        low, high = field_bounds(info.metadata)
        description = " ".join((info.description or "").split())
        specs.append(KnobSpec(name, description, kind, choices, low, high, key_type))
    return specs


def knob_groups(family: str, rules_model: type[BaseModel]) -> list[tuple[str, list[KnobSpec]]]:
    """The family's knobs grouped as :data:`GROUPS` says; unplaced knobs go to "other"."""
    specs = {spec.name: spec for spec in field_specs(rules_model)}
    groups: list[tuple[str, list[KnobSpec]]] = []
    placed: set[str] = set()
    for group, names in GROUPS.get(family, {}).items():
        members = [specs[name] for name in names if name in specs]
        placed |= {spec.name for spec in members}
        if members:
            groups.append((group, members))
    rest = [spec for name, spec in specs.items() if name not in placed]
    if rest:
        groups.append(("other", rest))
    return groups


# ---------------------------------------------------------------------- text forms
def format_text(kind: Kind, value: Any) -> str:
    """The value of a list or table knob in its editor text form."""
    if value is None:
        return ""
    if kind in ("words", "numbers"):
        return ", ".join(str(v) for v in value)
    if kind == "table":
        return ", ".join(f"{k}={v}" for k, v in value.items())
    if kind == "contracts":
        return "\n".join(", ".join(f"{meld} {size}" for meld, size in hand) for hand in value)
    return str(value)


LONGEST_NUMBER = 12
"""Digits a number typed in the editor may have (no knob goes past a million): a longer
one is told too long, in a short message, not echoed whole."""


def _int(text: str, what: str = "") -> int:
    typed = text.strip()
    digits = typed.lstrip("+-").lstrip("0")  # ("0005" is 5; "²" is no digit of a number)
    if len(digits) > LONGEST_NUMBER and digits.isdecimal():
        raise ValueError(f"{what + ': ' if what else ''}{typed[:LONGEST_NUMBER]}… is too long a number "
                         f"({len(digits)} digits)")
    try:
        return int(typed)
    except ValueError:
        shown = repr(typed) if len(typed) <= 2 * LONGEST_NUMBER else repr(typed[:2 * LONGEST_NUMBER]) + "…"
        raise ValueError(f"{what + ': ' if what else ''}{shown} is not a whole number") from None


def _items(text: str) -> list[str]:
    return [part.strip() for part in re.split(r"[,;]", text) if part.strip()]


def parse_text(spec: KnobSpec, text: str) -> Any:
    """Read the editor text form of ``spec``; ValueError says what is wrong in plain words."""
    kind = spec.kind
    if kind == "text":
        return text
    if kind == "choice":
        if text.strip() not in spec.choices:
            raise ValueError(f"choose one of {', '.join(spec.choices)}")
        return text.strip()
    if kind == "bool":
        words = {"on": True, "yes": True, "true": True, "off": False, "no": False, "false": False}
        if text.strip().lower() not in words:
            raise ValueError("say on or off")
        return words[text.strip().lower()]
    if kind in ("int", "optional_int"):
        if not text.strip():
            if kind == "optional_int":
                return None
            raise ValueError("give a whole number")
        number = _int(text)
        if (spec.low is not None and number < spec.low) or (spec.high is not None and number > spec.high):
            raise ValueError(f"should be {spec.range_text} (got {number})")  # (the range the row shows)
        return number
    if kind == "words":
        return tuple(word.upper() for word in text.replace(";", ",").replace(",", " ").split())
    if kind == "numbers":
        return tuple(_int(word, "each entry") for word in text.replace(";", ",").replace(",", " ").split())
    if kind == "table":
        table: dict[Any, int] = {}
        for item in _items(text):
            key, sep, value = item.partition("=")
            if not sep:
                key, _, value = item.rpartition(" ")
            if not key.strip():
                raise ValueError(f"{item!r}: write name=number, e.g. {TABLE_EXAMPLES.get(spec.name, 'A=15')}")
            name: Any = key.strip()
            if spec.key_type is int:
                name = _int(name, "each name")
            twice = next((known for known in table if str(known).upper() == str(name).upper()), None)
            if twice is not None:
                raise ValueError(f"{twice} is given twice: give each one value")
            table[name] = _int(value, str(name))
        return table
    if kind == "contracts":
        hands: list[tuple[tuple[str, int], ...]] = []
        lines = text.splitlines()
        for row, line in enumerate(lines, start=1):
            if not line.strip():
                continue  # (a blank line is no hand)
            # the hand, and the text box's line when blank lines make them differ
            where = f"hand {len(hands) + 1}" + (f" (line {row})" if row != len(hands) + 1 else "")
            hand = []
            for meld in _items(line):
                parts = meld.lower().split()
                if len(parts) == 2 and parts[1] in ("set", "run"):
                    parts.reverse()
                if len(parts) != 2 or parts[0] not in ("set", "run"):
                    raise ValueError(f"{where}: {meld!r} is not like 'set 3' or 'run 4'")
                hand.append((parts[0], _int(parts[1], where)))
            hands.append(tuple(hand))
        return tuple(hands)
    raise ValueError(f"{spec.name} has no text form")
