"""Family name -> game class and preset model. Families register on import."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game

FAMILIES = ("president", "shanghai", "tonk")
"""Every game family cardtable knows, in menu order."""

FAMILY_TITLES = {"president": "President", "shanghai": "Shanghai rummy", "tonk": "Tonk"}

_GAMES: dict[str, type[Game]] = {}
_VARIANTS: dict[str, type[Any]] = {}


def register(family: str, game_class: type[Game], variant_model: type[Any]) -> None:
    """Make ``family`` playable: its Game subclass and its pydantic preset model."""
    _GAMES[family] = game_class
    _VARIANTS[family] = variant_model


def _load(family: str) -> None:
    if family not in _GAMES:
        if family not in FAMILIES:
            raise ValueError(f"unknown game family {family!r} (known: {', '.join(FAMILIES)})")
        importlib.import_module(f"cardtable.games.{family}")


def available_families() -> tuple[str, ...]:
    """Families whose engine is installed and importable."""
    found = []
    for family in FAMILIES:
        try:
            _load(family)
        except ImportError:
            continue
        if family in _GAMES:
            found.append(family)
    return tuple(found)


def game_class(family: str) -> type[Game]:
    _load(family)
    try:
        return _GAMES[family]
    except KeyError:
        raise ValueError(f"the {family} family is not available yet") from None


def variant_model(family: str) -> type[Any]:
    _load(family)
    try:
        return _VARIANTS[family]
    except KeyError:
        raise ValueError(f"the {family} family is not available yet") from None
