"""cardtable: a terminal card-game table. This package is the engine surface (API.md).

>>> from cardtable import load_variant, new_game
>>> game = new_game(load_variant("president-classic"), players=4, seed=7)
>>> game.family, game.to_act
('president', (1,))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .engine.cards import Card, parse_cards
from .engine.errors import IllegalMove, SaveError, VariantError
from .engine.events import Event
from .engine.game import CardsIn, Game
from .engine.moves import Move
from .engine.registry import FAMILIES, game_class
from .engine.views import PlayerView
from .presets import list_variants, load_variant

__all__ = [
    "FAMILIES", "Card", "Event", "Game", "IllegalMove", "Move", "PlayerView", "SaveError",
    "VariantError", "list_variants", "load_variant", "new_game", "parse_cards",
]

__version__ = "0.1.0"


def new_game(
    variant: Any,
    players: int,
    seed: int | None = None,
    *,
    hands: Sequence[CardsIn] | None = None,
    stock: CardsIn = None,
    upcard: str | Card | None = None,
    dealer: int = 0,
) -> Game:
    """Start a match of ``variant`` (a loaded preset or a preset name) for ``players``.

    Without ``hands`` the deal is shuffled from ``seed`` (a fresh seed is drawn and
    kept in ``game.seed`` when none is given). With ``hands`` (one list per seat,
    seat 0 first), ``stock`` (top card first) and ``upcard`` the deal is stacked;
    ``seed`` then drives every later shuffle.
    """
    if isinstance(variant, str):
        variant = load_variant(variant)
    elif not isinstance(getattr(variant, "family", None), str):
        raise TypeError(f"new_game needs a loaded preset (load_variant(name)) or a preset name, "
                        f"not {type(variant).__name__}")
    if type(players) is not int:  # (checked before the family's game is built)
        raise TypeError(f"players is a whole number, not {players!r}")
    return game_class(variant.family)(
        variant, players, seed, hands=hands, stock=stock, upcard=upcard, dealer=dealer)
