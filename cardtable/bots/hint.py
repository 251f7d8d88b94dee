"""Hints for a human seat: the hard bot's suggestion, from that seat's view only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.moves import Move
from ..engine.rng import Rng
from ..engine.views import PlayerView
from .base import make_bot
from .search import MoveStats, SearchBot


class Advisor:
    """A hard bot that watches one human seat and suggests moves on request.

    Keep one per human seat for a whole match and call :meth:`observe` with each view
    the human is shown, so the advisor remembers what that seat saw (as a bot would);
    it never sees more than the seat does. ``level`` is ``"hard"`` or ``"expert"`` (a
    level that does not search, such as ``"medium"``, is a ValueError)."""

    def __init__(self, family: str, variant: Any = None, level: str = "hard", seed: int = 0,
                 iterations: int | None = None) -> None:
        bot = make_bot(family, level, variant, seed=seed)  # the family's own strong bot
        if not isinstance(bot, SearchBot):
            raise ValueError(f"hints come from a searching bot: level {level!r} does not search "
                             "(use 'hard' or 'expert')")
        if iterations is not None:
            bot.iterations = iterations
        self.bot = bot

    def observe(self, view: PlayerView) -> None:
        self.bot._sampler_for(view).observe(view)

    def suggest(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        """The suggested move (one of ``legal_moves``); asking again about the same view
        gives the same hint (unless the search's time cap, not its deals, ended it)."""
        if not legal_moves:
            raise ValueError("no legal moves: this seat has nothing to do now")
        return self.bot.choose(view, legal_moves, Rng(self.bot.seed))

    @property
    def analysis(self) -> list[MoveStats]:
        """The last search's moves, best first: visits and mean reward each (the family's
        measure: 0…1 for President and Shanghai, chips for Tonk)."""
        return self.bot.last


def suggest_move(family: str, variant: Any, view: PlayerView, legal_moves: Sequence[Move],
                 seed: int = 0, level: str = "hard", iterations: int | None = None) -> Move:
    """The hard bot's move for the seat of ``view``, using only that view.

    ``variant`` is the loaded preset (public house rules). Seeded: the same seed and view
    give the same move (unless the search's time cap, not its deals, ended it). For a suggestion that also remembers earlier views of the
    match, keep an :class:`Advisor`."""
    return Advisor(family, variant, level, seed, iterations).suggest(view, legal_moves)
