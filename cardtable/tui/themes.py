"""Themes: one self-contained TOML file each, shipped in ``themes/`` or the user's own
in ``user_dir("themes")`` (a user file of the same name wins).

A theme's name is its file's stem, as a preset's is, so a copy of ``felt.toml`` saved as
``midnight.toml`` is a theme of its own. A ``name`` key that differs from the stem is
refused (older shipped files carried one; copies of them would otherwise take the
original's place). Every colour is checked when the file loads, so a bad one is
reported with its file and key instead of breaking the app's CSS later.

A theme gives Textual's base colours (``[colors]``), the card colours (``[cards]``,
exposed to ``app.tcss`` as ``$card-*`` / ``$suit-*`` variables) and ``ascii = true``
for terminals without Unicode suit symbols or box drawing.
"""

from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError
from textual.color import Color, ColorParseError
from textual.theme import Theme

from ..engine.words import control_character
from ..paths import FileTooLarge, NotRegularFile, shipped_dir, user_dir
from ..presets.loader import toml_file, toml_problem

CARD_DEFAULTS: dict[str, str] = {
    "face": "#f4f1e6", "edge": "#9a9a8c", "back": "#7b2334", "clubs": "#1b1b1b",
    "diamonds": "#c0392b", "hearts": "#c0392b", "spades": "#1b1b1b", "joker": "#7d3c98",
    "dim": "#8a8a80", "selected": "#e6b800", "cursor": "#3498db", "legal": "#2e7d32",
    "felt": "#0d4d2b", "felt-text": "#e8f0e8",
}
"""Every card colour a theme may set; missing keys take these values."""

BORDER_DEFAULTS = {"border-type": "round", "panel-border-type": "round"}
MAX_THEME_BYTES = 1 << 20
"""A theme file larger than this (1 MiB: the shipped ones are about 2 KiB) is refused unread."""


class _Colors(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # (as presets: values as written)
    primary: str
    secondary: str | None = None
    accent: str | None = None
    warning: str | None = None
    error: str | None = None
    success: str | None = None
    foreground: str | None = None
    background: str | None = None
    surface: str | None = None
    panel: str | None = None
    boost: str | None = None


class _ThemeFile(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # (ascii = "yes" is not true)
    name: str | None = None
    """Only tolerated when it equals the file's stem (the theme's name)."""
    description: str = ""
    dark: bool = True
    ascii: bool = False
    colors: _Colors
    cards: dict[str, str] = {}


class ThemeError(ValueError):
    """A theme file that cannot be used: names the file and what is wrong
    (``str(error)`` is "path: reason")."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(path, reason)  # (the arguments as given: a copy or a pickle makes it again)
        self.path, self.reason = path, reason

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}"


@dataclass(frozen=True)
class CardTheme:
    """A loaded theme: the Textual theme plus how cards are drawn."""

    name: str
    description: str
    ascii: bool
    textual: Theme
    source: Path

    @property
    def textual_name(self) -> str:
        return self.textual.name


def _theme_folders() -> tuple[Path, Path]:
    return shipped_dir("themes"), user_dir("themes")


def theme_files() -> dict[str, Path]:
    """Theme name (the file's stem) -> file: shipped themes, then the user's (which win
    on a clash)."""
    found: dict[str, Path] = {}
    for folder in _theme_folders():
        if folder.is_dir():
            for path in sorted(folder.glob("*.toml")):
                if control_character(path.stem) is None:  # (a name is shown: an escape in it would be obeyed)
                    found[path.stem] = path
    return found


def _colour_problem(key: str, value: str) -> str | None:
    """Why ``value`` is not a colour Textual can use ("key: …"), or None."""
    try:
        Color.parse(value)
    except ColorParseError as error:
        hint = f"; did you mean {error.suggested_color!r}?" if error.suggested_color else ""
        return (f"{key}: {value!r} is not a colour (use #rrggbb, a colour name such as 'red', "
                f"or rgb(r, g, b)){hint}")
    return None


def _reason(error: Any) -> str:
    """A theme file's mistake in the words of the file (not pydantic's)."""
    kind, loc = error["type"], tuple(str(part) for part in error["loc"])
    model: type[BaseModel] = _Colors if loc[0] == "colors" else _ThemeFile
    known = [field for field in model.model_fields if field != "name"]  # (tolerated only as the file's name)
    where = "[colors]" if model is _Colors else "the top level"
    if kind == "extra_forbidden":
        close = difflib.get_close_matches(loc[-1], known, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        return f"unknown key in {where} (known: {', '.join(known)}){hint}"
    if kind == "missing":
        return ('missing: every theme sets [colors] primary, e.g. primary = "#1e7b46"' if loc[-1] == "primary"
                else 'missing: a theme has a [colors] table with at least primary = "#rrggbb"')
    words = {"bool_type": "should be true or false", "string_type": 'should be text in "quotes"',
             "dict_type": "should be a table"}
    if kind in words:
        return f"{words[kind]} (got {error['input']!r})"
    return str(error["msg"]).removeprefix("Value error, ").replace("Input should be", "should be", 1)


def load_theme(path: Path) -> CardTheme:
    """Read one theme file; a bad file raises :class:`ThemeError` naming file and key.

    The theme is named after the file's stem; every colour in ``[colors]`` and
    ``[cards]`` must parse as a Textual colour.
    """
    try:
        data = toml_file(path, MAX_THEME_BYTES)
        spec = _ThemeFile.model_validate(data)
    except RecursionError:
        raise ThemeError(path, "not a theme: lists or tables nested too deeply to read") from None
    except NotRegularFile:
        raise ThemeError(path, "not a file (a pipe or a device?)") from None
    except FileTooLarge:
        raise ThemeError(path, f"larger than {MAX_THEME_BYTES >> 20} MiB: too large to be a theme") from None
    except IsADirectoryError:
        raise ThemeError(path, "is a folder, not a theme file") from None
    except OSError as error:
        raise ThemeError(path, f"cannot be read ({error.strerror or error})") from None
    except tomllib.TOMLDecodeError as error:
        raise ThemeError(path, toml_problem(error)) from None
    except UnicodeDecodeError as error:
        raise ThemeError(path, f"not UTF-8 text (byte {error.object[error.start]:#04x} at offset "
                         f"{error.start}); save it as UTF-8") from None
    except ValidationError as error:
        problems = ["{}: {}".format(".".join(str(part) for part in each["loc"]), _reason(each))
                    for each in error.errors()]
        raise ThemeError(path, "; ".join(problems)) from None
    name = path.stem
    if spec.name is not None and spec.name != name:
        raise ThemeError(path, f"name: {spec.name!r} is not this file's name; a theme is "
                         f"named after its file (this one is {name!r}), so delete the name line")
    unknown = sorted(set(spec.cards) - set(CARD_DEFAULTS))
    if unknown:
        raise ThemeError(path, f"cards.{unknown[0]}: unknown card colour "
                         f"(known: {', '.join(CARD_DEFAULTS)})")
    colors = spec.colors.model_dump(exclude_none=True)
    bad = [problem for problem in (
        *(_colour_problem(f"colors.{key}", value) for key, value in colors.items()),
        *(_colour_problem(f"cards.{key}", value) for key, value in spec.cards.items())) if problem]
    if bad:
        raise ThemeError(path, "; ".join(bad))
    cards = CARD_DEFAULTS | spec.cards
    variables = {f"card-{key}": value for key, value in cards.items()
                 if key not in ("clubs", "diamonds", "hearts", "spades")}
    variables |= {f"suit-{key}": cards[key] for key in ("clubs", "diamonds", "hearts", "spades")}
    kind = "ascii" if spec.ascii else "round"
    variables |= {"border-type": kind, "panel-border-type": kind}
    # the highlighted row of a focused list (a dialog's choice, a menu) wears the card cursor's
    # colour, its text in contrast: the primary colour's bar was faint on the felt
    variables["block-cursor-background"] = cards["cursor"]
    textual = Theme(name=f"cardtable-{name}", dark=spec.dark, variables=variables, **colors)
    try:  # what the app does with it: any colour the checks above let through fails here
        textual.to_color_system().generate()
    except Exception as error:  # Textual raises several kinds; all mean "unusable"
        raise ThemeError(path, f"colors: Textual cannot use these colours ({error})") from None
    return CardTheme(name, spec.description, spec.ascii, textual, path)


def load_themes() -> tuple[dict[str, CardTheme], list[ThemeError]]:
    """Every usable theme by name, and the error of each file that could not be read.

    A broken file is left out. If it is the user's copy of a shipped theme's name,
    the shipped theme stays available.
    """
    themes: dict[str, CardTheme] = {}
    problems: list[ThemeError] = []
    shipped, _ = _theme_folders()
    for name, path in theme_files().items():
        try:
            themes[name] = load_theme(path)
        except ThemeError as error:
            problems.append(error)
            fallback = shipped / path.name
            if fallback != path and fallback.is_file():
                try:
                    themes[name] = load_theme(fallback)
                except ThemeError as shipped_error:
                    problems.append(shipped_error)
    return themes, problems


def variable_defaults() -> dict[str, str]:
    """Fallbacks for every variable app.tcss uses, so any theme parses."""
    values = {f"card-{k}": v for k, v in CARD_DEFAULTS.items()
              if k not in ("clubs", "diamonds", "hearts", "spades")}
    values |= {f"suit-{k}": CARD_DEFAULTS[k] for k in ("clubs", "diamonds", "hearts", "spades")}
    return values | BORDER_DEFAULTS
