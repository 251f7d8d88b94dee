"""Helpers for Tonk scenarios: a preset with knobs changed, and a stacked game."""

from __future__ import annotations

from typing import Any

from cardtable import load_variant, new_game
from cardtable.games.tonk import TonkGame, TonkVariant


def variant(preset: str = "tonk-classic", **knobs: Any) -> TonkVariant:
    base = load_variant(preset)
    data = base.model_dump()
    data["rules"] = {**data["rules"], **knobs}
    return TonkVariant.model_validate(data)


def stacked(hands: list[str], stock: str = "2C 3C 4C 5C 6C 8C 9C QC", upcard: str | None = "KD",
            dealer: int = 0, preset: str = "tonk-classic", seed: int = 1, **knobs: Any) -> TonkGame:
    game = new_game(variant(preset, **knobs), players=len(hands), hands=hands, stock=stock,
                    upcard=upcard, dealer=dealer, seed=seed)
    assert isinstance(game, TonkGame)
    return game


def last(game: TonkGame, kind: str) -> Any:
    return next(event for event in reversed(game.events) if event.kind == kind)
