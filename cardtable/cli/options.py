"""The command line's kinds of argument: numbers in a range, seeds, a player's name."""

from __future__ import annotations

import argparse
from typing import Any

from ..engine.rng import SEED_HIGH, SEED_LOW
from ..engine.words import control_character


SECONDS = "a number of seconds, e.g. 0.5"
MOST_MATCHES, MOST_JOBS = 1_000_000, 64
MOST_BOT_DELAY, MOST_ITERATIONS = 10.0, 1_000_000
"""A bot that waits longer than this looks like a hang (and a huge wait overflowed the
clock); a search of more iterations would not end in a sitting."""
SQLITE_INT_HIGH = 2**63 - 1
"""The largest whole number the match history (SQLite) holds: a match id, a count of matches."""
ROUNDS_HELP = ("stop each match after this many rounds (hands, in Shanghai and Tonk: --hands is the same "
               "option; default: the preset's whole match; 10 for a match with no set length: Tonk with no "
               "hand limit, President with no target or round limit; 0: whole matches always)")


def number_from(low: float, kind: type = int, what: str = "", high: float | None = None) -> Any:
    """An argparse type: a finite number of ``kind`` no smaller than ``low`` and, given
    ``high``, no larger (else a usage error; ``what`` says what is wanted, e.g. "a number
    of seconds, e.g. 0.5")."""
    what = what or ("a whole number" if kind is int else "a number")

    def convert(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
        if value != value or value in (float("inf"), float("-inf")):  # nan, inf
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}")
        if not value >= low:
            raise argparse.ArgumentTypeError(f"must be {low} or more, not {text}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"must be {high} or less, not {text}")
        return value
    convert.__name__ = kind.__name__
    return convert


SEED = number_from(SEED_LOW, high=SEED_HIGH)
"""A seed: a 64-bit whole number, as saves and the history keep it."""


def given(what: str, option: bool = True) -> Any:
    """An argparse type: ``what`` (a preset, the seats, a file), not empty or blank (""
    left the default in silence, was looked up as a preset of no name, or read as the
    folder "."); ``option``: it may be left out, and the message says so."""
    def convert(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(f"give {what}" + (" (or leave it out)" if option else ""))
        return text
    return convert


A_PRESET = "a preset's name or a .toml file"
PRESET = given(A_PRESET)
SEATS = given("the seats, e.g. \"Ann,bot:medium\"")


def player_name(text: str) -> str:
    """An argparse type: a player's name, without surrounding blanks; an empty one, or one
    holding a control character (no seat may have one), is a usage error."""
    name = text.strip()
    if not name:
        raise argparse.ArgumentTypeError("give a player's name (leave --name out for every player)")
    held = control_character(name)
    if held is not None:
        raise argparse.ArgumentTypeError(f"{name!r} holds {held}: a name is plain text")
    return name
