"""Bot-only matches, for ``cardtable simulate``, benchmarks and tests."""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import Bot, make_bot
from .bots.base import normalize_level, tidy_level
from .engine.game import Game
from .engine.rng import Rng


MAX_MOVES = 200_000
"""A bot match that has not ended after this many moves is given up (MatchTooLong)."""


OPEN_MATCH_ROUNDS = 10
"""Rounds per bot match of a preset whose match has no set length: a Tonk match with no
hand limit (it ends only when somebody is broke, which at three players typically takes
2,000–3,000 hands at a stake of 1 and 100 chips, and far more between two players) or a President match with
neither a target nor a round limit (it never ends); ``max_rounds=0`` plays them whole."""


def open_ended(variant: Any) -> bool:
    """Whether the preset's match has no set length (see :data:`OPEN_MATCH_ROUNDS`)."""
    rules = variant.rules
    if variant.family == "tonk":
        return not rules.match_hands
    return variant.family == "president" and not rules.match_target and not rules.match_rounds


def never_ends(variant: Any) -> bool:
    """Whether the preset's match has no end at all: :func:`open_ended`, and (Tonk)
    nobody's going broke ends it either."""
    return open_ended(variant) and not (variant.family == "tonk" and variant.rules.broke_ends_match)


def default_max_rounds(variant: Any, max_rounds: int | None) -> int:
    """The rounds a bot match plays (0: the preset's whole match): ``max_rounds`` when
    given, else :data:`OPEN_MATCH_ROUNDS` for a match with no set length (:func:`open_ended`)."""
    if max_rounds is not None:
        return max_rounds
    return OPEN_MATCH_ROUNDS if open_ended(variant) else 0


def parse_levels(text: str) -> list[str]:
    """A comma-separated list of bot levels, one per seat (``simulate --bots``, ``arena
    --seats``): each stripped and in lower case, ``bot:`` prefix dropped, an alias by the
    level's name ("simple" is "medium", as the statistics and the start screen call it).
    ValueError for an empty entry or an unknown level."""
    levels = [tidy_level(entry) for entry in text.split(",")]
    for seat, level in enumerate(levels, 1):
        if not level:
            raise ValueError(f"seat {seat} has no level in {text!r}: give one level per seat, "
                             'e.g. "hard,medium,medium,medium"')
    return [normalize_level(level) for level in levels]


class MatchTooLong(RuntimeError):
    """A bot match did not end within ``max_moves`` moves; names its seed."""

    def __init__(self, seed: int, max_moves: int) -> None:
        super().__init__(f"match did not end within {max_moves} moves (seed {seed})")
        self.seed = seed
        self.max_moves = max_moves


@dataclass
class MatchResult:
    """One finished bot match (``stopped``: at the round limit, before its end)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int
    moves: int
    titles: list[tuple[str, ...]] = field(default_factory=list)
    stopped: bool = False


def play_match(game: Game, bots: Sequence[Bot], seed: int, max_moves: int | None = None,
               max_rounds: int = 0) -> MatchResult:
    """Play ``game`` to its end, or to the end of round ``max_rounds`` (0: no limit; the
    standings then count as the result), with one bot per seat; each bot has its own
    seeded rng.

    Bots get ``game.view(seat)`` and the legal moves only (X2). More than ``max_moves``
    moves (default :data:`MAX_MOVES`) raises :class:`MatchTooLong`."""
    if max_moves is None:
        max_moves = MAX_MOVES
    rngs = seat_rngs(seed, game.players)
    titles: list[tuple[str, ...]] = []
    moves = 0
    while not game.is_over:
        if game.round_over:
            titles.append(_round_titles(game))
            if max_rounds and game.round >= max_rounds:
                return MatchResult(game.scores, game.winners(), game.round, moves, [t for t in titles if t],
                                   stopped=True)
            game.next_round()
            continue
        seat = game.to_act[0]
        legal = game.legal_moves(seat)
        game.apply(seat, bots[seat].choose(game.view(seat), legal, rngs[seat]))
        moves += 1
        if moves > max_moves:
            raise MatchTooLong(seed, max_moves)
    titles.append(_round_titles(game))
    return MatchResult(game.scores, game.winners(), game.round, moves, [t for t in titles if t])


def _round_titles(game: Game) -> tuple[str, ...]:
    titles = getattr(game, "titles", None)
    return tuple(titles) if titles else ()


@dataclass
class Summary:
    """What ``simulate`` reports over many matches."""

    family: str
    preset: str
    players: int
    bots: list[str]
    games: int
    seconds: float
    wins: list[float]
    average_score: list[float]
    moves_per_game: float
    rounds_per_game: float
    title_shares: dict[str, list[float]]
    stopped: int = 0
    """Matches stopped at the round limit before their end (the standings decided them)."""

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else float("inf")

    def to_data(self) -> dict[str, Any]:
        return {"family": self.family, "preset": self.preset, "players": self.players,
                "bots": self.bots, "games": self.games, "seconds": round(self.seconds, 3),
                "games_per_second": round(self.games_per_second, 2),
                "win_share": [round(w, 4) for w in self.wins],
                "average_score": [round(s, 3) for s in self.average_score],
                "moves_per_game": round(self.moves_per_game, 2),
                "rounds_per_game": round(self.rounds_per_game, 2), "stopped": self.stopped,
                "title_shares": {k: [round(v, 4) for v in vs] for k, vs in self.title_shares.items()}}


def match_bots(variant: Any, bot_levels: Sequence[str], seed: int, iterations: int | None = None) -> list[Bot]:
    """Fresh bots for the match dealt from ``seed``, one per seat, seeded from that seed
    alone, so a seed names one match whatever run it is in (simulate and the arena).
    The search bots think their full ``iterations`` with no CPU-time cap, so the match
    is the same on a busy or a slow machine; ``iterations`` overrides their budget
    (tests, quick runs)."""
    from .bots.search import SearchBot

    bots = []
    for seat, level in enumerate(bot_levels):
        bot = make_bot(variant.family, level, variant, seed=seed * 31 + seat)
        if isinstance(bot, SearchBot):
            bot.seconds = math.inf
            if iterations is not None:
                bot.iterations = iterations
        bots.append(bot)
    return bots


def seat_rngs(seed: int, players: int) -> list[Rng]:
    """Each seat's rng for the match dealt from ``seed``, derived from that seed and the
    seat alone (as :func:`match_bots` seeds the bots), so the match with a given seed
    plays the same whatever run it is in and wherever in the run (simulate and the arena)."""
    return [Rng(seed * 7919 + seat) for seat in range(players)]


def simulate(variant: Any, players: int, bot_levels: Sequence[str], games: int, seed: int,
             progress: Callable[[int], None] | None = None, max_rounds: int | None = None,
             iterations: int | None = None) -> Summary:
    """Play ``games`` bot-only matches, seeds ``seed``, ``seed + 1``, …, each to its end or
    to ``max_rounds`` rounds (see :func:`default_max_rounds`). Each match gets fresh bots
    seeded from its own seed (:func:`match_bots`): the match with seed 7 is the same in
    ``seed=7, games=1`` and ``seed=1, games=10``."""
    from .engine.registry import game_class

    if len(bot_levels) != players:
        raise ValueError(f"give one bot per seat: {players} seats, {len(bot_levels)} bots")
    cls = game_class(variant.family)
    wins = [0.0] * players
    totals = [0] * players
    title_counts: dict[str, Counter[int]] = {}
    rounds = moves = titled_rounds = stopped = 0
    rounds_cap = default_max_rounds(variant, max_rounds)
    start = time.perf_counter()
    for index in range(games):
        match_seed = seed + index
        result = play_match(cls(variant, players, match_seed), match_bots(variant, bot_levels, match_seed, iterations),
                            match_seed, max_rounds=rounds_cap)
        for seat in result.winners:
            wins[seat] += 1 / len(result.winners)
        for seat, score in enumerate(result.scores):
            totals[seat] += score
        titled_rounds += len(result.titles)
        for titles in result.titles:
            for seat, title in enumerate(titles):
                title_counts.setdefault(title, Counter())[seat] += 1
        rounds += result.rounds
        stopped += result.stopped
        moves += result.moves
        if progress:
            progress(index + 1)
    seconds = time.perf_counter() - start
    n = max(games, 1)
    ranked = list(type(variant.titles).model_fields) if hasattr(variant, "titles") else []  # (best first)
    in_rank = sorted(title_counts, key=lambda title: ranked.index(title) if title in ranked else len(ranked))
    shares = {title: [title_counts[title][seat] / titled_rounds for seat in range(players)]
              for title in in_rank} if titled_rounds else {}
    return Summary(variant.family, variant.name, players, list(bot_levels), games, seconds,
                   [w / n for w in wins], [t / n for t in totals], moves / n, rounds / n, shares, stopped)
