"""Helpers for Tonk scenarios: a preset with knobs changed, and a stacked game."""

from __future__ import annotations

from typing import Any

from cardtable import Card, Move, load_variant, new_game, parse_cards
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


DRAW, TAKE, DROP, DECLARE = Move("draw_stock"), Move("take_upcard"), Move("drop"), Move("declare")


def spread(text: str) -> Move:
    group = parse_cards(text)
    return Move("spread", group, (group,))


def hit(card: str, owner: int, index: int) -> Move:
    return Move("hit", parse_cards(card), (), (owner, index))


def discard(card: str | Card) -> Move:
    return Move("discard", parse_cards([card]))


def draw_and_throw(game: TonkGame, seat: int) -> None:
    """Draw from the stock and discard the card drawn."""
    game.apply(seat, DRAW)
    game.apply(seat, discard(game.view(seat).hand[-1]))
