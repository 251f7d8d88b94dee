"""The Bot protocol and the registry of bot kinds.

A bot is asked ``choose(view, legal_moves, rng)`` and returns one of the legal moves.
It never receives the Game: only what its seat may see (X2). Each family provides
its own ``simple`` bot in ``cardtable/games/<family>/bot.py``.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Protocol

from ..engine.moves import Move
from ..engine.rng import Rng
from ..engine.views import PlayerView

BOT_LEVELS = ("random", "simple")
"""Bot kinds every family offers. ``simple`` is each family's greedy player."""


class Bot(Protocol):
    """Anything that picks a move from a view."""

    name: str

    def choose(self, view: PlayerView, legal_moves: Sequence[Move], rng: Rng) -> Move: ...


class RandomBot:
    """Picks uniformly among the legal moves."""

    name = "random"

    def choose(self, view: PlayerView, legal_moves: Sequence[Move], rng: Rng) -> Move:
        return rng.choice(legal_moves)


def make_bot(family: str, level: str) -> Bot:
    """A bot of ``level`` for ``family`` ("random", "simple", ...)."""
    if level == "random":
        return RandomBot()
    if level == "simple":
        module = importlib.import_module(f"cardtable.games.{family}.bot")
        return module.SimpleBot()
    raise ValueError(f"unknown bot level {level!r} (known: {', '.join(BOT_LEVELS)})")
