"""Helpers for President scenarios: a variant with chosen knobs and a stacked deal."""

from __future__ import annotations

from typing import Any

from cardtable import Move, new_game, parse_cards
from cardtable.games.president import PresidentGame, PresidentRules, PresidentVariant


def president(players: int = 4, hands: list[str] | None = None, first_dealer: int = 0, seed: int = 1,
              **knobs: Any) -> PresidentGame:
    """A President game with ``knobs`` over the rule-book defaults and hands given as
    space-separated strings (seat 0 first); cards not dealt are set aside."""
    variant = PresidentVariant(name="test", players={"min": 2, "max": 8}, rules=PresidentRules(**knobs))
    stacked = None if hands is None else [h.split() for h in hands]
    return new_game(variant, players, seed=seed, hands=stacked, dealer=first_dealer)  # type: ignore[return-value]


def play(cards: str) -> Move:
    return Move("play", parse_cards(cards))


def kinds(events: list[Any]) -> list[str]:
    return [event.kind for event in events]


def finish_round(game: PresidentGame) -> None:
    """Play the round out with the lowest legal play or a pass."""
    while not game.round_over:
        seat = game.to_act[0]
        moves = game.legal_moves(seat)
        game.apply(seat, moves[0])
