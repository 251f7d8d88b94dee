"""The strong Tonk bot (``hard`` and ``expert``): information-set Monte Carlo search with
Tonk knowledge.

Each decision imagines the hidden cards many times, consistently with what the seat
has seen (see :mod:`.sampling`: the pile, the spreads, and what each opponent's last
turn shows of its hand: the card it threw, the spreads it did not lay, the drop and
the upcard it let pass), and plays every candidate move on each imagined deal with the
same rollout seed (common random numbers). A drop is scored exactly: the hand ends at once and the
payments of rule T7 follow from the imagined counts. Drawing, taking the upcard and
each discard are played on to the end of the hand with the simple bot in every seat.
The reward is the chips won in the hand;
the simple bot's own move is kept unless another one wins the sampler's ``margin``
(:attr:`.sampling.Sampler.margin`) in chips more.

Candidates: at the start of a turn, drawing, dropping, and taking the upcard when it
completes a spread or is very low; after drawing, the simple bot's four best discards.

Laying spreads and hitting are not searched: a spread or a hit always lowers the
count, and a hit on an opponent's spread also stops it dropping (T6).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...bots.search import SearchBot
from ...engine.game import Game
from ...engine.moves import Move
from ...engine.views import PlayerView
from .bot import SimpleBot, discard_choice, lay_down, points_of
from .sampling import clone
from .state import TonkGame
from .view import TonkView

DISCARDS = 4
"""Discards searched at most: the simple bot's ranking keeps the likeliest ones."""
LOW_UPCARD = 3
"""An upcard this low is worth searching even when it completes no spread."""


def _by_kind(moves: Sequence[Move]) -> dict[str, list[Move]]:
    kinds: dict[str, list[Move]] = {}
    for move in moves:
        kinds.setdefault(move.kind, []).append(move)
    return kinds


class StrongBot(SearchBot):
    """ISMCTS over the seat's turn decisions (see the module docstring)."""

    def __init__(self, variant: Any = None, level: str = "hard", seed: int = 0,
                 iterations: int | None = None, seconds: float | None = None, strict: bool = False) -> None:
        # budget: ``BUDGETS["tonk"]`` of bots/search.py (imagined deals per decision)
        super().__init__("tonk", variant, level=level, seed=seed, iterations=iterations, seconds=seconds,
                         strict=strict)

    # ------------------------------------------------------------------ choosing
    def settled(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move | None:
        """A dealt 49 is declared at once (T10); spreads and hits are laid without
        searching (they always lower the count)."""
        kinds = _by_kind(legal_moves)
        if "declare" in kinds:
            return kinds["declare"][0]
        assert isinstance(view, TonkView)
        if view.phase == "act" and ("spread" in kinds or "hit" in kinds):
            return lay_down(kinds, points_of(view))
        return None

    def candidates(self, view: PlayerView, legal_moves: Sequence[Move]) -> list[Move]:
        """Start of turn: draw, take the upcard, drop. After drawing: the few discards
        the simple bot ranks best (plus a drop when the house rules allow one now)."""
        assert isinstance(view, TonkView)
        kinds = _by_kind(legal_moves)
        points = points_of(view)
        if view.phase == "start":
            top = view.discard_top
            take = [move for move in kinds.get("take_upcard", ())
                    if top is not None and (points[top.rank] <= LOW_UPCARD or SimpleBot.wants(top, view.hand))]
            return [*kinds.get("draw_stock", ()), *take, *kinds.get("drop", ())]
        discards = list(kinds.get("discard", ()))
        ranked: list[Move] = []
        while discards and len(ranked) < DISCARDS:
            pick = discard_choice(discards, view.hand, points)
            ranked.append(pick)
            discards.remove(pick)
        return ranked + kinds.get("drop", [])

    # ------------------------------------------------------------------ the paired search
    def paired_deals(self, candidates: int) -> int:
        """Every candidate on each of ``iterations`` imagined deals."""
        return self.iterations

    def copy_game(self, game: Game) -> Game:
        assert isinstance(game, TonkGame)
        return clone(game)  # the fast copy of a Tonk table

    def reward(self, game: Game, view: PlayerView) -> float:
        """The chips the seat wins (or loses) in the hand."""
        return game.scores[view.seat] - view.scores[view.seat]


def make_strong_bot(variant: Any = None, level: str = "hard", seed: int = 0) -> StrongBot:
    """The ``hard`` (or ``expert``: five times the deals) Tonk bot."""
    return StrongBot(variant, level=level, seed=seed)


__all__ = ["StrongBot", "make_strong_bot"]
