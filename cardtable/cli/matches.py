"""``cardtable simulate`` and ``cardtable arena``: bot-only matches, their results as a
table (or JSON), with a progress bar on standard error."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from ..engine.registry import FAMILIES, FAMILY_TITLES
from ..engine.rng import SEED_HIGH
from ..engine.words import count
from ..games.president.preset import TITLE_KEYS, TITLE_SHORT
from ..presets import load_variant
from .options import MOST_ITERATIONS, MOST_JOBS, MOST_MATCHES, PRESET, ROUNDS_HELP, SEED, given, number_from
from .output import Console, fail


def add_commands(sub: argparse._SubParsersAction) -> None:
    """``simulate`` and ``arena``: bot-only matches, their results in a table or JSON."""
    simulate = sub.add_parser("simulate", help="play bot-only matches and print the results")
    simulate.add_argument("--game", choices=FAMILIES, help="game family (default: the preset's, else president)")
    simulate.add_argument("--preset", type=PRESET, help="preset name or .toml path (default: the family's classic)")
    simulate.add_argument("--players", type=number_from(1), default=None,
                          help="players at the table (default: as many as --bots names, else 4, or the "
                               "nearest count the preset allows)")
    simulate.add_argument("--bots", default=None,
                          help='one level per seat, e.g. "medium,random,medium,medium" (default: medium bots)')
    simulate.add_argument("--games", type=number_from(1, high=MOST_MATCHES), default=100,
                          help="matches to play (default 100); --matches is the same")
    _matches_alias(simulate)
    simulate.add_argument("--seed", type=SEED, default=1, help="the first match's seed; each next one adds 1 (default 1)")
    simulate.add_argument("--rounds", "--hands", type=number_from(0), default=None, help=ROUNDS_HELP)
    simulate.add_argument("--json", action="store_true", help="print the results as JSON")
    simulate.set_defaults(handler=_simulate)

    arena = sub.add_parser("arena", help="bot levels against each other, seats rotated, with 95%% intervals")
    arena.add_argument("--game", choices=FAMILIES, help="game family (default: the preset's, else president)")
    arena.add_argument("--preset", type=PRESET, help="preset name or .toml path (default: the family's classic)")
    arena.add_argument("--seats", type=given('the seats\' levels, e.g. "hard,medium"'), default="hard,medium,medium,medium",
                       help='one level per seat: easy, medium, hard, expert, random or simple '
                            '(default "hard,medium,medium,medium")')
    arena.add_argument("--games", type=number_from(1, high=MOST_MATCHES), default=40,
                       help="matches to play; a multiple of the seats is best (default 40); --matches is the same")
    _matches_alias(arena)
    arena.add_argument("--jobs", type=number_from(1, high=MOST_JOBS), default=1,
                       help=f"worker processes (default 1; at most {MOST_JOBS}, and never more than the matches)")
    arena.add_argument("--seed", type=SEED, default=1,
                       help="the first deal's seed; each rotation of the seats deals the next (default 1)")
    arena.add_argument("--rounds", "--hands", type=number_from(0), default=None, help=ROUNDS_HELP)
    arena.add_argument("--iterations", type=number_from(1, high=MOST_ITERATIONS), default=None, help="override the search bots' iterations per decision (default: their level's)")
    arena.add_argument("--json", action="store_true", help="print the results as JSON")
    arena.set_defaults(handler=_arena)


CLASSIC = {"president": "president-classic", "shanghai": "shanghai-classic", "tonk": "tonk-classic"}


def _matches_alias(parser: argparse.ArgumentParser) -> None:
    """``--matches`` as another name for ``--games`` (the help says "matches to play"),
    unlisted, its errors naming it as typed."""
    parser.add_argument("--matches", dest="games", type=number_from(1, high=MOST_MATCHES),
                        default=argparse.SUPPRESS, help=argparse.SUPPRESS)


def _seeds_past_the_end(first: int, deals: int, command: str) -> bool:
    """Whether ``deals`` seeds from ``first`` on would pass the largest seed (said, if so)."""
    if first + deals - 1 <= SEED_HIGH:
        return False
    fail(f"--seed {first} leaves no room for {count(deals, 'seed')} (seeds go up to {SEED_HIGH}): start lower",
         command=command)
    return True


def _preset_for(args: argparse.Namespace) -> Any:
    """The preset ``--preset`` names (default: ``--game``'s classic preset); None, the
    reason printed, when it is of another game than ``--game``."""
    variant = load_variant(args.preset or CLASSIC[args.game or "president"])
    if args.game is not None and variant.family != args.game:
        fail(f"preset {args.preset!r} is a {FAMILY_TITLES[variant.family]} preset, not {args.game}",
             command=args.command)
        return None
    return variant


def _simulate(args: argparse.Namespace) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from ..engine.words import round_word
    from ..sim import MatchTooLong, default_max_rounds, never_ends, open_ended, parse_levels, simulate

    variant = _preset_for(args)
    if variant is None:
        return 2
    err = Console(stderr=True)
    low, high = variant.players.min, variant.players.max
    if args.bots is not None:
        try:
            levels = parse_levels(args.bots)
        except ValueError as error:
            return fail(f"--bots: {error}", command="simulate")
        if args.players is not None and len(levels) != args.players:
            return fail(f"--bots names {count(len(levels), 'bot')} for {count(args.players, 'player')}",
                        command="simulate")
        args.players = len(levels)
    elif args.players is None:
        args.players = min(max(4, low), high)  # as `cardtable play` seats the table
    if not low <= args.players <= high:
        why = f" (--bots names {count(args.players, 'bot')})" if args.bots is not None else ""
        return fail(f"{variant.title} is for {low}–{high} players, not {args.players}{why}", command="simulate")
    if args.bots is None:  # (after the check: a --players of 10**20 made this list first)
        levels = ["medium"] * args.players  # (the simple bot, by the name the start screen gives it)
    if args.rounds == 0 and never_ends(variant):
        return fail(_never_ends(variant), command="simulate")
    if _seeds_past_the_end(args.seed, args.games, "simulate"):
        return 2
    try:  # (the bar on stderr, as the result goes to stdout: `simulate > file` still shows it)
        with Progress(TextColumn("[bold]simulating"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=err, transient=True,
                      disable=args.json or not err.is_terminal) as progress:
            task = progress.add_task("games", total=args.games)
            summary = simulate(variant, args.players, levels, args.games, args.seed,
                               progress=lambda done: progress.update(task, completed=done),
                               max_rounds=args.rounds)
    except MatchTooLong as error:
        whole = default_max_rounds(variant, args.rounds) == 0  # (no cap on the rounds)
        return fail(_too_long(error.seed, error.max_moves, levels, whole and open_ended(variant)),
                    command="simulate")
    if args.json:
        print(json.dumps(summary.to_data(), indent=2))
        return 0
    out = Console()
    titles = [t for t in TITLE_KEYS if t in summary.title_shares]
    names = getattr(variant, "titles", None)
    full = {title: getattr(names, title, title) for title in titles}
    table = short = None
    for headers, compact in ((full, False), ({t: TITLE_SHORT[t] for t in titles}, False),
                             ({t: TITLE_SHORT[t] for t in titles}, True)):
        table = _simulate_table(args, variant, summary, levels, headers, compact)
        short = headers is not full
        if Measurement.get(out, out.options.update_width(10_000), table).maximum <= out.width or not titles:
            break  # else "Preside…", then "50.…": short titles with a legend, then whole percentages
    out.print(table)
    if short:  # (wrapped between its entries, never "VS=Vice-Scum ·" / "S=Scum")
        from ..tui.phrases import Phrases

        out.print(Phrases([Text(f"{TITLE_SHORT[title]}={full[title]}") for title in titles]), highlight=False)
    word = round_word(variant.family)
    out.print(f"{summary.moves_per_game:.1f} moves and {summary.rounds_per_game:.1f} {word}s per match · "
              f"{summary.games_per_second:{'.1f' if summary.games_per_second >= 1 else '.2g'}} matches/s")  # (not "0.0")
    if summary.stopped:
        out.print(_stopped_text(summary.stopped, summary.games, count(default_max_rounds(variant, args.rounds), word)))
    return 0


def one_decimal(value: float) -> str:
    """``value`` to one decimal, a value that rounds to nothing as 0.0, never -0.0."""
    return f"{round(value, 1) + 0.0:.1f}"  # (+ 0.0 turns -0.0 into 0.0)


def average_text(family: str, value: float) -> str:
    """A seat's average score at a match's end: to one decimal; Tonk's chips won or lost,
    which even out near nothing over many matches, signed to two ("+0.04", "-0.12")."""
    from ..tui.text import signed_decimal

    return signed_decimal(value, 2, ascii=True) if family == "tonk" else one_decimal(value)


AVERAGE_SCORE = {"president": "avg points", "shanghai": "avg points", "tonk": "avg chips won"}
"""simulate's header over a seat's average score at the end of a match: President's
title points, Shanghai's penalty points (the lowest total wins), Tonk's chips won or lost."""


def _simulate_table(args: argparse.Namespace, variant: Any, summary: Any, levels: Sequence[str],
                    headers: dict[str, str], compact: bool = False) -> Table:
    """simulate's results per seat at ``variant``, titled by its title and preset name (a
    new player's "Tonk" did not say it was tonk-classic, not play's tonk-sitting), with
    ``headers`` over the title columns (title key: header); ``compact``: whole percentages
    and no outer edge."""
    last = args.seed + args.games - 1  # (from a negative seed "seeds -5 to -4", not "-5–-4")
    seeds = f"seed {args.seed}" if args.games == 1 else f"seeds {args.seed}{' to ' if args.seed < 0 else '–'}{last}"
    share = ".0%" if compact else ".1%"
    preset = "" if variant.title == variant.name else f"{variant.name}, "
    title = Text(f"{summary.games} × {variant.title} ({preset}{args.players} players, {seeds})")
    # (as wide as its title at least: a narrower table broke it mid-phrase, "seeds" / "1–100)")
    table = Table(title=title, show_edge=not compact, min_width=title.cell_len)
    table.add_column("seat", justify="right")
    table.add_column("bot")
    table.add_column("win share", justify="right")  # (a tie shares the win: 2 tied take half each)
    table.add_column(AVERAGE_SCORE[summary.family], justify="right")
    for header in headers.values():
        table.add_column(Text(header), justify="right")
    for seat in range(args.players):
        table.add_row(str(seat + 1), levels[seat], f"{summary.wins[seat]:{share}}",
                      average_text(summary.family, summary.average_score[seat]),
                      *(f"{summary.title_shares[t][seat]:{share}}" for t in headers))
    return table


def _stopped_text(stopped: int, games: int, limit: str) -> str:
    """simulate's and arena's note on the matches stopped at the round limit (``limit``: "10 hands")."""
    if games == 1:
        return (f"The match stopped after {limit}, before its end (the standings decide it; --rounds 0 plays "
                "whole matches)")
    if stopped < games:
        which = f"{stopped} of {games} matches"
    elif games == 2:
        which = "Both matches"
    else:
        which = f"All {games} matches"
    return (f"{which} stopped after {limit}, before their end (the standings decide them; --rounds 0 plays "
            "whole matches)")


ENDLESS = ("The preset's matches have no set length (Tonk: no hand limit; President: no target and no "
           "round limit), so --rounds 0 may never end")
"""Why --rounds 0 is no way to play an open-ended preset's matches (sim.open_ended)."""


def _never_ends(variant: Any) -> str:
    """What ``simulate`` and ``arena`` say to ``--rounds 0`` for a preset whose matches
    never end (sim.never_ends), before playing a move."""
    return (f"{variant.title}'s matches never end (Tonk: no hand limit, and going broke does not end them; "
            "President: no target and no round limit), so --rounds 0 would play for ever; give --rounds N "
            "to stop each match after N rounds")


def _too_long(seed: int, max_moves: int, levels: Sequence[str], endless: bool = False) -> str:
    """What ``simulate`` says when a match does not end (sim.MatchTooLong); ``endless``:
    the preset's match has no set length (sim.open_ended)."""
    why = (f"{ENDLESS}; give "
           if endless else "Bots that play at random can keep a match going that long; try other --bots, or "
           if "random" in levels else "The preset's matches are that long; try ")
    return (f"the match with seed {seed} did not end within {max_moves:,} moves, "
            f"so there are no results. {why}--rounds N to stop each match after N rounds.")


def _arena(args: argparse.Namespace) -> int:
    """``cardtable arena``: run with a progress bar, print a table (or JSON)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from ..arena import MAX_MOVES, METRIC_LABELS, run_arena
    from ..engine.words import round_word
    from ..sim import never_ends, parse_levels

    variant = _preset_for(args)
    if variant is None:
        return 2
    err = Console(stderr=True)
    try:
        lineup = parse_levels(args.seats)
    except ValueError as error:
        return fail(f"--seats: {error}", command="arena")
    low, high = variant.players.min, variant.players.max
    if not low <= len(lineup) <= high:
        example = ",".join(["hard"] + ["medium"] * (low - 1))
        return fail(f"{variant.title} is for {low}–{high} players, not {len(lineup)} (--seats names "
                    f"{count(len(lineup), 'level')}; for example --seats {example})", command="arena")
    if args.rounds == 0 and never_ends(variant):
        return fail(_never_ends(variant), command="arena")
    if _seeds_past_the_end(args.seed, -(-args.games // len(lineup)), "arena"):  # (a deal per rotation of the seats)
        return 2
    try:  # (the bar on stderr, as for simulate)
        with Progress(TextColumn("[bold]arena"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=err, transient=True, disable=args.json or not err.is_terminal) as bar:
            task = bar.add_task("matches", total=args.games)
            report = run_arena(args.preset or CLASSIC[variant.family], lineup, args.games, seed=args.seed,
                         jobs=args.jobs, max_rounds=args.rounds, iterations=args.iterations,
                         progress=lambda done: bar.update(task, completed=done))
    except ValueError as error:
        return fail(str(error), command="arena")
    if args.json:
        print(json.dumps(report.to_data(), indent=2))
        return 0
    word = round_word(variant.family)
    rounds = f", {count(report.max_rounds, word)} a match" if report.max_rounds else ""
    table = Table(title=Text(f"{count(report.games, 'match', 'matches')} of {variant.title} · "
                             f"{report.players} seats rotated{rounds} · seed {report.seed} · "
                             f"fair share {report.fair_share:.0%}"))
    table.add_column("level")
    table.add_column("seats", justify="right")
    names = list(report.levels[0].metrics) if report.levels else []
    for name in names:
        label = f"{word}s won" if name == "round_wins" else METRIC_LABELS.get(name, name)
        table.add_column(label + " (95% CI)", justify="right")
    table.add_column("s/move", justify="right")
    table.add_column("slowest", justify="right")
    for level in report.levels:
        cells = [Text(level.metrics[name].text(percent=name in ("win_share", "round_wins"))) for name in names]
        table.add_row(level.level, str(level.seats), *cells, f"{level.seconds_per_move:.3f}",
                      f"{level.slowest_move:.2f}")
    out = Console()
    out.print(table)
    out.print(f"{report.seconds:.0f} s wall clock · CPU seconds per decision with more than one legal move")
    if not report.rotated_fully:
        out.print(f"note: {count(report.games, 'match', 'matches')} is not a multiple of {report.players} seats, "
                  "so the last deal was not played from every seat (a small seat advantage may remain)")
    if report.fallbacks:
        out.print(f"note: the search failed {count(report.fallbacks, 'time')} and the simple bot answered instead")
    if report.cut_off:
        out.print(f"note: {count(report.cut_off, 'match', 'matches')} stopped at a {word} that ran past "
                  f"{MAX_MOVES:,} moves")
    if report.stopped and report.max_rounds:
        out.print("note: " + _stopped_text(report.stopped, report.games, count(report.max_rounds, word)))
    return 0
