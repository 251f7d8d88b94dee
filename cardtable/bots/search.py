"""The strong bot of every family: information-set Monte Carlo tree search.

Each iteration imagines one full game consistent with what the seat has seen (a
*determinization*, built by the family's ``games/<family>/sampling.py`` from the view
and the bot's memory of earlier views), picks one of the seat's legal moves by UCB1
over the statistics gathered so far, plays it in the imagined game, and plays the
round out with the family's simple bot in every seat. The round's outcome for the
seat (finishing place, hand points, chips) is the reward. Statistics are kept per
move of the information set, shared across determinizations (single-observer
ISMCTS, searched to depth one: the rest of the round is the rollout). With more
than :data:`PAIRED_MAX` candidates the move visited most is played; with
:data:`PAIRED_MAX` or fewer, every candidate is played out on each imagined deal and
the best mean wins, the simple bot's own move standing unless another beats it by a
margin.

The bot receives views and legal moves only; the games it plays out are its own
imaginings. Budget: ``iterations`` per decision, and a CPU-time cap ``seconds``.
Searches are seeded: the same seed, the same rng state, the same view and the same
memory of earlier views give the same move (as long as the time cap is not what ended
the search). The memory is the sampler's: what earlier views showed that this one does
not (the Tonk sampler reads each opponent's last turn off the views before; the
Shanghai one whether the seat was down when its turn began), so a bot shown a different
history may answer the same view differently.
"""

from __future__ import annotations

import importlib
import math
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.cards import card_text
from ..engine.errors import IllegalMove
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.rng import Rng
from ..engine.views import PlayerView
from .base import Bot, simple_bot
from .sampler import Sampler


@dataclass(frozen=True)
class Budget:
    """How hard a search bot thinks: iterations per decision, CPU seconds at most."""

    iterations: int
    seconds: float


BUDGETS: dict[str, dict[str, Budget]] = {
    "president": {"hard": Budget(160, 0.8), "expert": Budget(800, 4.0)},
    "tonk": {"hard": Budget(60, 0.8), "expert": Budget(300, 4.0)},  # imagined deals, every candidate on each
    "shanghai": {"hard": Budget(40, 0.45), "expert": Budget(200, 2.25)},  # per searched decision
}
"""Per family and level, for :class:`SearchBot` and the family strong bots built on it
(President's hard bot is the plain :class:`SearchBot`; Tonk's and Shanghai's are their
``strong.py`` subclasses). ``hard`` keeps under one second a move on one core."""

EXPLORATION = 0.7
"""UCB1's exploration constant, for rewards between 0 and 1."""

PAIRED_MAX = 6
"""With this many candidate moves or fewer, every candidate is played out on the same
imagined deal with the same rollout seed (common random numbers), which compares
moves far more precisely than independent samples when the outcome is noisy."""

MARGIN = 0.004
"""The simple bot's own move is kept unless another one scores this much better."""

ROLLOUT_CAP = 3000
"""Moves after which a rollout stops and the round is judged as it stands."""


@dataclass
class MoveStats:
    move: Move
    visits: int = 0
    total: float = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class SearchBot:
    """Information-set MCTS over the seat's legal moves (see the module docstring)."""

    def __init__(self, family: str, variant: Any = None, level: str = "hard", seed: int = 0,
                 iterations: int | None = None, seconds: float | None = None,
                 strict: bool = False) -> None:
        self.family = family
        self.strict = strict
        """Raise when a determinization fails, instead of falling back to the simple bot."""
        self.name = level
        budget = BUDGETS[family]["expert" if level == "expert" else "hard"]
        self.iterations = iterations if iterations is not None else budget.iterations
        self.seconds = seconds if seconds is not None else budget.seconds
        self.seed = seed
        self.variant = variant
        self.policy = simple_bot(family)
        self._sampler: Sampler | None = None
        self.last: list[MoveStats] = []
        """The statistics of the last search, most visited first (for hints and tests)."""
        self.last_iterations = 0
        self.fallbacks = 0
        """Searches that failed, the simple bot answering instead (see ``strict``)."""

    # ------------------------------------------------------------------ choosing
    def choose(self, view: PlayerView, legal_moves: Sequence[Move], rng: Rng) -> Move:
        sampler = self._sampler_for(view)
        sampler.observe(view)
        self.last = []
        if len(legal_moves) == 1:
            return legal_moves[0]
        if not sampler.searchable(view, legal_moves):
            return self.policy.choose(view, legal_moves, rng)
        settled = self.settled(view, legal_moves)
        if settled is not None:
            return settled
        candidates = self.candidates(view, legal_moves)
        if len(candidates) == 1:
            return candidates[0]
        search_rng = Rng(self._search_seed(view, legal_moves, rng))
        try:
            stats = self.search(view, candidates, search_rng)
        except Exception:  # a family's state changed under the sampler: play on simply
            if self.strict:
                raise
            self.fallbacks += 1
            return self.policy.choose(view, legal_moves, rng)
        return self.decide(view, stats, legal_moves)

    # A family's strong bot may override these three steps of :meth:`choose`.
    def settled(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move | None:
        """A move always made here without searching, or None to search."""
        return None

    def candidates(self, view: PlayerView, legal_moves: Sequence[Move]) -> list[Move]:
        """The moves worth searching (the family's sampler chooses them)."""
        return self._sampler_for(view).candidates(view, legal_moves)

    def decide(self, view: PlayerView, stats: list[MoveStats], legal_moves: Sequence[Move]) -> Move:
        """The move to play, given the search's statistics (best first)."""
        return stats[0].move

    def search(self, view: PlayerView, candidates: Sequence[Move], rng: Rng) -> list[MoveStats]:
        """Run the search and return the per-move statistics, best first."""
        sampler = self._sampler_for(view)
        seat = view.seat
        stats = [MoveStats(move) for move in candidates]
        template = sampler.prepare(view, rng)
        if len(stats) <= PAIRED_MAX:
            return self._paired(view, stats, template, rng)
        start = time.process_time()
        done = 0
        for done in range(1, self.iterations + 1):
            game = sampler.determinize(template, view, rng)
            entry = _pick(stats, done)
            try:
                game.apply(seat, entry.move)
            except IllegalMove:  # the sample disagrees with the real position: skip it
                continue
            self._rollout(game, rng)
            entry.visits += 1
            entry.total += self.reward(game, view)
            if time.process_time() - start > self.seconds:
                break
        self.last_iterations = done
        stats.sort(key=lambda s: (-s.visits, -s.mean))
        self.last = stats
        return stats

    def _paired(self, view: PlayerView, stats: list[MoveStats], template: Game, rng: Rng) -> list[MoveStats]:
        """Flat Monte Carlo with common random numbers: each imagined deal plays out every
        candidate with the same rollout seed."""
        sampler = self._sampler_for(view)
        start = time.process_time()
        done = 0
        for done in range(1, self.paired_deals(len(stats)) + 1):
            game = sampler.determinize(template, view, rng)
            seed = rng.randrange(2**31)
            for entry in stats:
                trial = game if entry is stats[-1] else self.copy_game(game)  # the last may use the deal itself
                try:
                    trial.apply(view.seat, entry.move)
                except IllegalMove:
                    continue
                self._rollout(trial, Rng(seed))
                entry.visits += 1
                entry.total += self.reward(trial, view)
            if time.process_time() - start > self.seconds:
                break
        self.last_iterations = done * len(stats)
        self.rank(view, stats)
        self.last = stats
        return stats

    # A family's strong bot may override these four parts of the paired search.
    def paired_deals(self, candidates: int) -> int:
        """How many imagined deals the paired search plays (each with every candidate)."""
        return max(1, self.iterations // candidates)

    def copy_game(self, game: Game) -> Game:
        """An independent copy of an imagined game, to play one candidate on."""
        return game.copy()

    def reward(self, game: Game, view: PlayerView) -> float:
        """What the played-out round is worth to the seat (the sampler's utility, 0…1)."""
        return self._sampler_for(view).utility(game, view)

    def rank(self, view: PlayerView, stats: list[MoveStats]) -> None:
        """Put ``stats`` best first: the best mean, but the simple bot's move first while
        it is within the sampler's margin of the best; a move no imagined deal allowed
        goes last."""
        prefer = self._preferred(view, [entry.move for entry in stats])
        best = max((s for s in stats if s.visits), key=lambda s: s.mean, default=stats[0])
        margin = self._sampler_for(view).margin
        margin = MARGIN if margin is None else margin
        stats.sort(key=lambda s: (not s.visits, -(s.move == prefer and s.mean >= best.mean - margin), -s.mean))

    def _preferred(self, view: PlayerView, moves: list[Move]) -> Move:
        """The simple bot's pick among ``moves`` (the default when the search cannot tell)."""
        try:
            return self.policy.choose(view, moves, Rng(view.round))
        except Exception:  # the simple bot may not know a partial list of moves
            return moves[0]

    def rollout_policy(self, seat: int) -> Bot:
        """Who plays ``seat`` when an imagined game is played out (the simple bot)."""
        return self.policy

    def _rollout(self, game: Game, rng: Rng) -> None:
        """Play the imagined game to the end of the round, ``rollout_policy`` in each seat."""
        for _ in range(ROLLOUT_CAP):
            if game.round_over:
                return
            seat = game.to_act[0]
            legal = game.legal_moves(seat)
            move = legal[0] if len(legal) == 1 else self.rollout_policy(seat).choose(game.view(seat), legal, rng)
            game.apply(seat, move)

    # ------------------------------------------------------------------ helpers
    def _sampler_for(self, view: PlayerView) -> Sampler:
        if self._sampler is None:
            variant = self.variant if self.variant is not None else default_variant(self.family, view)
            module = importlib.import_module(f"cardtable.games.{self.family}.sampling")
            self._sampler = module.Sampler(variant)
        return self._sampler

    def _search_seed(self, view: PlayerView, legal_moves: Sequence[Move], rng: Rng) -> int:
        text = "|".join((str(self.seed), str(rng.randrange(2**31)), str(view.seat), str(view.round),
                         card_text(view.hand), ";".join(map(str, legal_moves))))
        return zlib.crc32(text.encode())


def _pick(stats: list[MoveStats], iteration: int) -> MoveStats:
    """UCB1: every move once, then the best mean plus an exploration bonus."""
    for entry in stats:
        if entry.visits == 0:
            return entry
    log_n = math.log(iteration)
    return max(stats, key=lambda s: s.mean + EXPLORATION * math.sqrt(log_n / s.visits))


def default_variant(family: str, view: PlayerView) -> Any:
    """Without a preset: the family's classic one with the house rules the view shows."""
    from ..presets import load_variant

    variant = load_variant(f"{family}-classic")
    rules = getattr(view, "rules", None)
    if rules is not None:
        variant = variant.model_copy(update={"rules": rules})
    return variant
