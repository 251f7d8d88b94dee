"""``cardtable arena``: bot levels against each other, seats rotated, with confidence intervals.

Matches come in blocks of one per seat rotation: a block deals the same seed with the
lineup shifted one seat each match, so every level plays every seat on the same first
deal (seat advantage and the luck of the deal mostly cancel). Later deals come from the
same seeded shuffles but may not give a seat the same cards: in Tonk they do; in
President each round shuffles the same way, but the dealer (and, by the preset, the
seating) follows the last round's titles, so who gets which hand depends on the play;
in Shanghai a stock rebuild (S12) shuffles with the game's random source, so once a
rotation has rebuilt its stock the later hands' deals differ. A match plays the same
whatever run it is in and wherever in the run (seat rngs and bots come from its deal
seed alone, as in ``simulate``). Matches run in worker processes. For
each level the report gives the match win share, the share of rounds it won, the
average finishing place (President), the average match total (Shanghai) and chips per
hand (Tonk), each with a 95 % confidence interval over matches (a level in several seats
counts as the mean of its seats in each match), and CPU seconds per decision (mean and
slowest, no interval).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from .bots.base import normalize_level
from .engine.events import RoundEnded
from .sim import default_max_rounds, match_bots, seat_rngs

MAX_MOVES = 20_000
"""A match whose current round runs past this many moves is cut off where it stands
(a safety net: no shipped preset's round comes near it)."""

@dataclass(frozen=True)
class MatchTask:
    """One arena match, as sent to a worker (plain data, picklable)."""

    index: int
    preset: str
    players: int
    levels: tuple[str, ...]
    """The level of each seat in this match (the rotated lineup)."""
    seed: int
    max_rounds: int | None = None
    iterations: int | None = None
    """Override the search bots' iterations (tests, quick runs)."""


@dataclass
class MatchRecord:
    """What a worker sends back about one match."""

    index: int
    levels: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int
    round_winners: list[tuple[int, ...]] = field(default_factory=list)
    places: list[tuple[int, ...]] = field(default_factory=list)
    """President: the finishing order of each round (seats, first out first)."""
    think: list[float] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)
    slowest: list[float] = field(default_factory=list)
    cut_off: bool = False
    stopped: bool = False
    """The match reached the round limit (``max_rounds``) before its end."""
    moves: int = 0
    """Moves played in the whole match, every seat's, forced ones too (as ``simulate`` counts)."""
    fallbacks: int = 0
    """Searched decisions a search bot answered with its simple bot because the search
    failed (should be 0: a higher count means a sampler bug weakens the bot)."""


def play_task(task: MatchTask) -> MatchRecord:
    """Play one match with one bot per seat; bots see views only (X2)."""
    from . import new_game
    from .bots.search import SearchBot
    from .presets import load_variant

    variant = load_variant(task.preset)
    game = new_game(variant, task.players, task.seed)
    bots = match_bots(variant, task.levels, task.seed, task.iterations)
    rngs = seat_rngs(task.seed, task.players)  # as simulate's: the deal seed and seat alone
    n = task.players
    record = MatchRecord(task.index, task.levels, (), (), 0, think=[0.0] * n, decisions=[0] * n,
                         slowest=[0.0] * n)
    moves = 0
    while True:
        if moves > MAX_MOVES:
            record.cut_off = True
            break
        if game.round_over:
            _note_round(game, record)
            if game.is_over or (task.max_rounds and game.round >= task.max_rounds):
                record.stopped = not game.is_over
                break
            game.next_round()
            moves = 0
            continue
        seat = game.to_act[0]
        legal = game.legal_moves(seat)
        start = time.process_time()
        move = bots[seat].choose(game.view(seat), legal, rngs[seat])
        spent = time.process_time() - start
        if len(legal) > 1:
            record.think[seat] += spent
            record.decisions[seat] += 1
            record.slowest[seat] = max(record.slowest[seat], spent)
        game.apply(seat, move)
        moves += 1
        record.moves += 1
    record.fallbacks = sum(bot.fallbacks for bot in bots if isinstance(bot, SearchBot))
    record.scores = game.scores
    record.winners = game.winners()
    record.rounds = game.round
    return record


def _note_round(game: Any, record: MatchRecord) -> None:
    ended = next(e for e in reversed(game.events) if isinstance(e, RoundEnded))
    points = ended.points
    best = min(points) if game.low_score_wins else max(points)
    if len(set(points)) > 1:
        record.round_winners.append(tuple(s for s, p in enumerate(points) if p == best))
    else:
        record.round_winners.append(())
    if game.family == "president":
        record.places.append(tuple(game.finish_order))


# ---------------------------------------------------------------------- statistics
@dataclass
class Estimate:
    """A mean over matches with its 95 % confidence interval."""

    mean: float
    low: float
    high: float

    def to_data(self) -> dict[str, float | None]:
        """Rounded; an unknown value (no data, or one match: no interval) is None (JSON null)."""
        return {name: None if math.isnan(value) else round(value, 4)
                for name, value in (("mean", self.mean), ("low", self.low), ("high", self.high))}

    def text(self, percent: bool = False, digits: int = 2) -> str:
        """``mean [low, high]``; ``mean [—]`` when there is no interval (one match)."""
        form = ".1%" if percent else f".{digits}f"
        if math.isnan(self.low) or math.isnan(self.high):
            return f"{self.mean:{form}} [—]"
        return f"{self.mean:{form}} [{self.low:{form}}, {self.high:{form}}]"

    def clipped(self, low: float, high: float = math.inf) -> Estimate:
        """The interval cut to the values that can occur (an average place 1…players)."""
        return Estimate(self.mean, min(max(self.low, low), high), max(min(self.high, high), low))


def estimate(values: Sequence[float], proportion: bool = False) -> Estimate:
    """Mean and 95 % interval: for a share (each match's value 0…1, a tie's split
    counting as its fraction) Wilson's score interval, else mean ± 1.96 s/√n."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan)
    mean = sum(values) / n
    z = 1.959964
    if proportion:
        centre = (mean + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return Estimate(mean, max(0.0, centre - half), min(1.0, centre + half))
    if n == 1:
        return Estimate(mean, math.nan, math.nan)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half)


@dataclass
class LevelReport:
    level: str
    seats: int
    metrics: dict[str, Estimate]
    seconds_per_move: float
    slowest_move: float
    decisions: int

    def to_data(self) -> dict[str, Any]:
        return {"level": self.level, "seats": self.seats,
                "metrics": {k: v.to_data() for k, v in self.metrics.items()},
                "seconds_per_move": round(self.seconds_per_move, 4),
                "slowest_move": round(self.slowest_move, 4), "decisions": self.decisions}


@dataclass
class ArenaReport:
    family: str
    preset: str
    players: int
    lineup: list[str]
    games: int
    seed: int
    max_rounds: int | None
    seconds: float
    levels: list[LevelReport]
    cut_off: int = 0
    """Matches stopped because a round ran past MAX_MOVES moves."""
    fallbacks: int = 0
    """Searched decisions answered by the simple bot because the search failed."""
    stopped: int = 0
    """Matches that reached the round limit before their end (their standings decide them)."""

    @property
    def fair_share(self) -> float:
        return 1 / self.players

    @property
    def rotated_fully(self) -> bool:
        """Whether every deal was played from every seat (games a multiple of the seats);
        if not, the last deals favour some levels' seats."""
        return self.games % self.players == 0

    def to_data(self) -> dict[str, Any]:
        return {"family": self.family, "preset": self.preset, "players": self.players,
                "lineup": self.lineup, "games": self.games, "seed": self.seed,
                "max_rounds": self.max_rounds, "seconds": round(self.seconds, 2),
                "fair_share": round(self.fair_share, 4), "rotated_fully": self.rotated_fully,
                "cut_off": self.cut_off, "stopped": self.stopped, "fallbacks": self.fallbacks,
                "levels": [lv.to_data() for lv in self.levels]}


METRIC_LABELS = {
    "win_share": "win share",  # (a tie shares the win, as in simulate)
    "round_wins": "rounds won",
    "place": "avg place",
    "score": "avg total",
    "chips_per_hand": "chips/hand",
}


def summarize(records: Sequence[MatchRecord], family: str, preset: str, lineup: Sequence[str], seed: int,
              max_rounds: int | None, seconds: float) -> ArenaReport:
    """Per-level estimates over the matches."""
    records = sorted(records, key=lambda r: r.index)
    players = len(lineup)
    reports = []
    for level in dict.fromkeys(lineup):
        values: dict[str, list[float]] = {"win_share": [], "round_wins": []}
        if family == "president":
            values["place"] = []
        if family == "shanghai":
            values["score"] = []
        if family == "tonk":
            values["chips_per_hand"] = []
        think = slow = 0.0
        decisions = 0
        for record in records:
            seats = [s for s, lv in enumerate(record.levels) if lv == level]
            k = len(seats)
            values["win_share"].append(
                sum(1 / len(record.winners) for s in seats if s in record.winners) / k)
            rounds = max(len(record.round_winners), 1)
            values["round_wins"].append(sum(
                1 / len(w) for w in record.round_winners for s in seats if s in w) / (k * rounds))
            if "place" in values:
                places = [order.index(s) + 1 for order in record.places for s in seats]
                values["place"].append(sum(places) / max(len(places), 1))
            if "score" in values:
                values["score"].append(sum(record.scores[s] for s in seats) / k)
            if "chips_per_hand" in values:
                values["chips_per_hand"].append(sum(record.scores[s] for s in seats) / (k * rounds))
            think += sum(record.think[s] for s in seats)
            decisions += sum(record.decisions[s] for s in seats)
            slow = max([slow, *(record.slowest[s] for s in seats)])
        metrics = {name: estimate(vals, proportion=name in ("win_share", "round_wins"))
                   for name, vals in values.items()}
        if "place" in metrics:  # an average place is 1…players
            metrics["place"] = metrics["place"].clipped(1, players)
        reports.append(LevelReport(level, lineup.count(level), metrics,
                                   think / decisions if decisions else 0.0, slow, decisions))
    return ArenaReport(family, preset, players, list(lineup), len(records), seed, max_rounds, seconds, reports,
                       sum(record.cut_off for record in records), sum(record.fallbacks for record in records),
                       sum(record.stopped for record in records))


# ---------------------------------------------------------------------- running
def make_tasks(preset: str, lineup: Sequence[str], games: int, seed: int, max_rounds: int | None = None,
               iterations: int | None = None) -> list[MatchTask]:
    """``games`` matches: match i deals seed ``seed + i // n`` with the lineup shifted
    ``i % n`` seats, so every block of n matches plays each level from every seat on the
    same first deal (later deals: see the module text)."""
    n = len(lineup)
    tasks = []
    for i in range(games):
        shift = i % n
        levels = tuple(lineup[(s - shift) % n] for s in range(n))
        tasks.append(MatchTask(i, preset, n, levels, seed + i // n, max_rounds, iterations))
    return tasks


def run_arena(preset: str, lineup: Sequence[str], games: int, seed: int = 1, jobs: int = 1,
              max_rounds: int | None = None, iterations: int | None = None,
              progress: Callable[[int], None] | None = None) -> ArenaReport:
    """Play the matches (in ``jobs`` worker processes) and summarize them per level."""
    from .presets import load_variant

    variant = load_variant(preset)
    lineup = [normalize_level(level) for level in lineup]
    if games < 1:
        raise ValueError(f"play at least one match, not {games}")
    low, high = variant.players.min, variant.players.max
    if not low <= len(lineup) <= high:
        raise ValueError(f"{variant.title} is for {low}–{high} players, not {len(lineup)}")
    max_rounds = default_max_rounds(variant, max_rounds) or None
    tasks = make_tasks(str(variant.source) if variant.source else preset, lineup, games, seed,
                       max_rounds, iterations)
    start = time.perf_counter()
    records: list[MatchRecord] = []
    if jobs <= 1:
        for task in tasks:
            records.append(play_task(task))
            if progress:
                progress(len(records))
    else:
        workers = min(jobs, len(tasks))
        with ProcessPoolExecutor(max_workers=workers) as pool:
            # (a match is handed out only as a worker is free: matches queued ahead in the
            # pool could not be cancelled, and ctrl+c waited for each worker to play one more)
            waiting = iter(tasks)
            running = {pool.submit(play_task, task) for task in islice(waiting, workers)}
            try:
                while running:
                    done, running = wait(running, return_when=FIRST_COMPLETED)
                    for future in done:
                        records.append(future.result())
                        if progress:
                            progress(len(records))
                        running |= {pool.submit(play_task, task) for task in islice(waiting, 1)}
            except BaseException:  # a failed match (or ctrl+c): stop at once, not after the rest
                pool.shutdown(wait=False, cancel_futures=True)
                raise
    return summarize(records, variant.family, variant.name, lineup, seed, max_rounds,
                     time.perf_counter() - start)
