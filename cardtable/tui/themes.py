"""Themes: one self-contained TOML file each, shipped in ``themes/`` or the user's own
in ``user_dir("themes")`` (a user file of the same name wins).

A theme gives Textual's base colours (``[colors]``), the card colours (``[cards]``,
exposed to ``app.tcss`` as ``$card-*`` / ``$suit-*`` variables) and ``ascii = true``
for terminals without Unicode suit symbols or box drawing.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError
from textual.theme import Theme

from ..paths import shipped_dir, user_dir

CARD_DEFAULTS: dict[str, str] = {
    "face": "#f4f1e6", "edge": "#9a9a8c", "back": "#7b2334", "clubs": "#1b1b1b",
    "diamonds": "#c0392b", "hearts": "#c0392b", "spades": "#1b1b1b", "joker": "#7d3c98",
    "dim": "#8a8a80", "selected": "#e6b800", "cursor": "#3498db", "legal": "#2e7d32",
    "felt": "#0d4d2b", "felt-text": "#e8f0e8",
}
"""Every card colour a theme may set; missing keys take these values."""

BORDER_DEFAULTS = {"border-type": "round", "panel-border-type": "round"}


class _Colors(BaseModel):
    model_config = ConfigDict(extra="forbid")
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
    model_config = ConfigDict(extra="forbid")
    name: str | None = None
    description: str = ""
    dark: bool = True
    ascii: bool = False
    colors: _Colors
    cards: dict[str, str] = {}


class ThemeError(ValueError):
    """A theme file that cannot be used: names the file and what is wrong."""


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


def theme_files() -> dict[str, Path]:
    """Theme name -> file: shipped themes, then the user's (which win on a clash)."""
    found: dict[str, Path] = {}
    for folder in (shipped_dir("themes"), user_dir("themes")):
        if folder.is_dir():
            for path in sorted(folder.glob("*.toml")):
                found[path.stem] = path
    return found


def load_theme(path: Path) -> CardTheme:
    """Read one theme file; a bad file raises :class:`ThemeError` naming file and key."""
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
        spec = _ThemeFile.model_validate(data)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ThemeError(f"{path}: {error}") from None
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise ThemeError(f"{path}: {where}: {first['msg']}") from None
    unknown = sorted(set(spec.cards) - set(CARD_DEFAULTS))
    if unknown:
        raise ThemeError(f"{path}: cards.{unknown[0]}: unknown card colour "
                         f"(known: {', '.join(CARD_DEFAULTS)})")
    name = spec.name or path.stem
    cards = CARD_DEFAULTS | spec.cards
    variables = {f"card-{key}": value for key, value in cards.items()
                 if key not in ("clubs", "diamonds", "hearts", "spades")}
    variables |= {f"suit-{key}": cards[key] for key in ("clubs", "diamonds", "hearts", "spades")}
    kind = "ascii" if spec.ascii else "round"
    variables |= {"border-type": kind, "panel-border-type": kind}
    textual = Theme(name=f"cardtable-{name}", dark=spec.dark, variables=variables,
                    **spec.colors.model_dump(exclude_none=True))
    return CardTheme(name, spec.description, spec.ascii, textual, path)


def load_themes() -> tuple[dict[str, CardTheme], list[str]]:
    """Every usable theme by name, and a message for each file that could not be read."""
    themes: dict[str, CardTheme] = {}
    problems: list[str] = []
    for name, path in theme_files().items():
        try:
            themes[name] = load_theme(path)
        except ThemeError as error:
            problems.append(str(error))
    return themes, problems


def variable_defaults() -> dict[str, str]:
    """Fallbacks for every variable app.tcss uses, so any theme parses."""
    values = {f"card-{k}": v for k, v in CARD_DEFAULTS.items()
              if k not in ("clubs", "diamonds", "hearts", "spades")}
    values |= {f"suit-{k}": CARD_DEFAULTS[k] for k in ("clubs", "diamonds", "hearts", "spades")}
    return values | BORDER_DEFAULTS
