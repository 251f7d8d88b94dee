"""The ``cardtable`` command: play (the default), simulate, arena, presets, resume,
load, replay and stats.

The TUI is imported lazily, only by the commands that open it, so the engine-only
commands start fast and work without a terminal.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console as RichConsole
from rich.text import Text
from rich.measure import Measurement
from rich.table import Table

from . import __version__
from .engine.errors import VariantError
from .engine.registry import FAMILIES, FAMILY_TITLES
from .engine.rng import SEED_HIGH, SEED_LOW
from .engine.words import count, listed
from .games.president.preset import TITLE_KEYS, TITLE_LEGEND, TITLE_SHORT
from .paths import user_dir, user_path
from .presets import describe_rules, load_variant, value_text
from .presets.loader import preset_files, read_toml


class Console(RichConsole):
    """rich's Console, except that a reader gone from the pipe (``cardtable presets list |
    head -1``) raises BrokenPipeError, so that main() ends with 141 as for print(); rich's
    own handler exits with 1."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script and ``python -m cardtable``."""
    parser = _parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version")):
        argv = ["play", *argv]  # play is the default command: `cardtable --preset forseti`
    if argv[0] in PRESET_ACTIONS:  # (`cardtable validate FILE`: the presets' own commands)
        parser.error(f"there is no command {argv[0]!r}; did you mean `cardtable presets {argv[0]}`?")
    args, unknown = parser.parse_known_args(argv)
    if unknown:  # said by the command's parser, with its usage, not the top-level one's
        command, given = _given_to(args, argv, unknown, parser)
        command.error(f"unrecognized arguments: {' '.join(given)}")
    try:
        return int(args.handler(args) or 0)
    except VariantError as error:
        via = _via_parent(args, error)
        Console(stderr=True, soft_wrap=True).print(Text.assemble(("Preset error", "bold red"), f"{via} {error}"),
                                                   highlight=False)  # (soft: a path or a title is never cut)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `cardtable stats --json | head`: the reader has gone
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        return 141
    except OSError as error:  # a path the system refuses: a name too long, a folder it may not read
        where = f"{error.filename}: " if error.filename else ""
        return fail(f"{where}{error.strerror or error}", command=args.command or "")


def _asked_preset(args: argparse.Namespace) -> str | None:
    """The preset a command was given: ``--preset``, ``presets show NAME``, ``presets validate FILE``."""
    handler = getattr(args, "handler", None)
    if handler is _presets_show:
        return str(args.name)
    if handler is _presets_validate:
        return str(args.file)
    preset = getattr(args, "preset", None)
    return preset if isinstance(preset, str) else None


def _via_parent(args: argparse.Namespace, error: VariantError) -> str:
    """" kid extends midbroken, which does not load:" when the preset the command was
    given loads no further than a parent's problem (the error names the file at fault,
    not the one asked for); "" when the problem is in the asked file itself."""
    from .presets.loader import preset_path, read_toml

    asked = _asked_preset(args)
    if not asked:
        return ""
    try:
        path = preset_path(_as_file(asked) if args.handler is _presets_validate else asked)
        if path.resolve() == Path(error.file).resolve():
            return ""
        parent = read_toml(path).get("extends")
    except (VariantError, OSError):
        return ""
    if not isinstance(parent, str):
        return ""
    return f" {asked} extends {parent}, which does not load:"


SECONDS = "a number of seconds, e.g. 0.5"
MOST_MATCHES, MOST_JOBS = 1_000_000, 64
ROUNDS_HELP = ("stop each match after this many rounds (hands, in Shanghai and Tonk: --hands is the same "
               "option; default: the preset's whole match; 10 for a match with no set length: Tonk with no "
               "hand limit, President with no target or round limit; 0: whole matches always)")


def _number_from(low: float, kind: type = int, what: str = "", high: float | None = None) -> Any:
    """An argparse type: a finite number of ``kind`` no smaller than ``low`` and, given
    ``high``, no larger (else a usage error; ``what`` says what is wanted, e.g. "a number
    of seconds, e.g. 0.5")."""
    what = what or ("a whole number" if kind is int else "a number")

    def convert(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
        if value != value or value in (float("inf"), float("-inf")):  # nan, inf
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}")
        if not value >= low:
            raise argparse.ArgumentTypeError(f"must be {low} or more, not {text}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"must be {high} or less, not {text}")
        return value
    convert.__name__ = kind.__name__
    return convert


SEED = _number_from(SEED_LOW, high=SEED_HIGH)
"""A seed: a 64-bit whole number, as saves and the history keep it."""


PRESET_ACTIONS = ("list", "show", "validate")
"""The commands of ``cardtable presets``."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardtable", description="A card table in your terminal: "
                                     "President, Shanghai rummy and Tonk, hot-seat and against bots.",
                                     epilog="Options without a command are play's: `cardtable --preset forseti` "
                                            "is `cardtable play --preset forseti`.")
    parser.add_argument("--version", action="version", version=f"cardtable {__version__}")
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="open the table (the default command)")
    play.add_argument("--game", choices=FAMILIES, help="game family; skips the menu with --preset")
    play.add_argument("--preset", help="preset name or .toml path")
    play.add_argument("--seats", help='comma-separated seats: a name for a human, "bot:LEVEL" for a bot')
    play.add_argument("--seed", type=SEED, help="seed for the shuffle (same seed, same deal)")
    play.add_argument("--theme", help="theme name (felt, dark, four-colour, ascii, or your own)")
    play.add_argument("--bot-delay", type=_number_from(0, float, SECONDS), default=None, help="seconds a bot pauses before its move")
    play.set_defaults(handler=_play)

    simulate = sub.add_parser("simulate", help="play bot-only matches and print the results")
    simulate.add_argument("--game", choices=FAMILIES, help="game family (default: the preset's, else president)")
    simulate.add_argument("--preset", help="preset name or .toml path (default: the family's classic)")
    simulate.add_argument("--players", type=_number_from(1), default=None,
                          help="players at the table (default: as many as --bots names, else 4, or the "
                               "nearest count the preset allows)")
    simulate.add_argument("--bots", default=None,
                          help='one level per seat, e.g. "medium,random,medium,medium" (default: medium bots)')
    simulate.add_argument("--games", type=_number_from(1, high=MOST_MATCHES), default=100, help="matches to play (default 100)")
    simulate.add_argument("--seed", type=SEED, default=1, help="the first match's seed; each next one adds 1 (default 1)")
    simulate.add_argument("--rounds", "--hands", type=_number_from(0), default=None, help=ROUNDS_HELP)
    simulate.add_argument("--json", action="store_true", help="print the results as JSON")
    simulate.set_defaults(handler=_simulate)

    arena = sub.add_parser("arena", help="bot levels against each other, seats rotated, with 95%% intervals")
    arena.add_argument("--game", choices=FAMILIES, help="game family (default: the preset's, else president)")
    arena.add_argument("--preset", help="preset name or .toml path (default: the family's classic)")
    arena.add_argument("--seats", default="hard,medium,medium,medium",
                       help='one level per seat: easy, medium, hard, expert, random or simple '
                            '(default "hard,medium,medium,medium")')
    arena.add_argument("--games", type=_number_from(1, high=MOST_MATCHES), default=40,
                       help="matches to play; a multiple of the seats is best (default 40)")
    arena.add_argument("--jobs", type=_number_from(1, high=MOST_JOBS), default=1,
                       help=f"worker processes (default 1; at most {MOST_JOBS}, and never more than the matches)")
    arena.add_argument("--seed", type=SEED, default=1,
                       help="the first deal's seed; each rotation of the seats deals the next (default 1)")
    arena.add_argument("--rounds", "--hands", type=_number_from(0), default=None, help=ROUNDS_HELP)
    arena.add_argument("--iterations", type=_number_from(1), default=None, help="override the search bots' iterations per decision (default: their level's)")
    arena.add_argument("--json", action="store_true", help="print the results as JSON")
    arena.set_defaults(handler=_arena)

    presets = sub.add_parser("presets", help="list, show and validate presets (alone: list them)")
    presets.set_defaults(handler=_presets_list, game=None)  # (`cardtable presets` is `presets list`)
    presets_sub = presets.add_subparsers(dest="action")
    listing = presets_sub.add_parser("list", help="every preset, shipped and your own")
    listing.add_argument("--game", choices=FAMILIES)
    listing.set_defaults(handler=_presets_list)
    show = presets_sub.add_parser("show", help="every knob of a preset in plain words")
    show.add_argument("name")
    show.set_defaults(handler=_presets_show)
    validate = presets_sub.add_parser("validate", help="check a preset file")
    validate.add_argument("file")
    validate.set_defaults(handler=_presets_validate)
    _add_store_commands(sub)
    for command in sub.choices.values():
        command.set_defaults(commands=(command,))
    for command in presets_sub.choices.values():  # (the innermost's defaults win)
        command.set_defaults(commands=(presets, command))
    return parser


def _given_to(args: argparse.Namespace, argv: list[str], unknown: list[str],
              parser: argparse.ArgumentParser) -> tuple[argparse.ArgumentParser, list[str]]:
    """The command the first of the ``unknown`` arguments was given to — the innermost one
    named before it (`presets --bogus list` is told by `presets`, `presets list --bogus` and
    `presets list list` by `presets list`) — and the unknown arguments given to it."""
    named: list[tuple[int, argparse.ArgumentParser]] = []  # (where its word stands, command)
    at = 0
    for command in getattr(args, "commands", ()):
        at = argv.index(command.prog.rsplit(" ", 1)[-1], at)
        named.append((at, command))
        at += 1
    words = {where for where, _command in named}
    owners: list[argparse.ArgumentParser] = []
    at = 0
    for token in unknown:  # (argparse lists them in the order given)
        at = next((i for i in range(at, len(argv)) if argv[i] == token and i not in words), len(argv))
        owners.append(next((command for where, command in reversed(named) if where < at), parser))
        at += 1
    return owners[0], [token for token, owner in zip(unknown, owners) if owner is owners[0]]


def _play(args: argparse.Namespace) -> int:
    from .tui.launch import launch

    return launch(args)


CLASSIC = {"president": "president-classic", "shanghai": "shanghai-classic", "tonk": "tonk-classic"}


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

    from .engine.words import round_word
    from .sim import MatchTooLong, default_max_rounds, open_ended, parse_levels, simulate

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
    if args.bots is None:
        levels = ["medium"] * args.players  # (the simple bot, by the name the start screen gives it)
    if not low <= args.players <= high:
        why = f" (--bots names {count(args.players, 'bot')})" if args.bots is not None else ""
        return fail(f"{variant.title} is for {low}–{high} players, not {args.players}{why}", command="simulate")
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
        table = _simulate_table(args, variant.title, summary, levels, headers, compact)
        short = headers is not full
        if Measurement.get(out, out.options.update_width(10_000), table).maximum <= out.width or not titles:
            break  # else "Preside…", then "50.…": short titles with a legend, then whole percentages
    out.print(table)
    if short:
        out.print(Text(" · ".join(f"{TITLE_SHORT[title]}={full[title]}" for title in titles)), highlight=False)
    word = round_word(variant.family)
    out.print(f"{summary.moves_per_game:.1f} moves and {summary.rounds_per_game:.1f} {word}s per match · "
              f"{summary.games_per_second:.1f} matches/s")
    if summary.stopped:
        out.print(_stopped_text(summary.stopped, summary.games, count(default_max_rounds(variant, args.rounds), word)))
    return 0


def one_decimal(value: float) -> str:
    """``value`` to one decimal, a value that rounds to nothing as 0.0, never -0.0."""
    return f"{round(value, 1) + 0.0:.1f}"  # (+ 0.0 turns -0.0 into 0.0)


AVERAGE_SCORE = {"president": "avg points", "shanghai": "avg points", "tonk": "avg chips won"}
"""simulate's header over a seat's average score at the end of a match: President's
title points, Shanghai's penalty points (the lowest total wins), Tonk's chips won or lost."""


def _simulate_table(args: argparse.Namespace, name: str, summary: Any, levels: Sequence[str],
                    headers: dict[str, str], compact: bool = False) -> Table:
    """simulate's results per seat at preset ``name``, with ``headers`` over the title
    columns (title key: header); ``compact``: whole percentages and no outer edge."""
    seeds = f"seed {args.seed}" if args.games == 1 else f"seeds {args.seed}–{args.seed + args.games - 1}"
    share = ".0%" if compact else ".1%"
    table = Table(title=Text(f"{summary.games} × {name} ({args.players} players, {seeds})"), show_edge=not compact)
    table.add_column("seat", justify="right")
    table.add_column("bot")
    table.add_column("win share", justify="right")  # (a tie shares the win: 2 tied take half each)
    table.add_column(AVERAGE_SCORE[summary.family], justify="right")
    for header in headers.values():
        table.add_column(Text(header), justify="right")
    for seat in range(args.players):
        table.add_row(str(seat + 1), levels[seat], f"{summary.wins[seat]:{share}}",
                      one_decimal(summary.average_score[seat]),
                      *(f"{summary.title_shares[t][seat]:{share}}" for t in headers))
    return table


def _stopped_text(stopped: int, games: int, limit: str) -> str:
    """simulate's and arena's note on the matches stopped at the round limit (``limit``: "10 hands")."""
    if games == 1:
        return (f"The match stopped after {limit}, before its end (the standings decide it; --rounds 0 plays "
                "whole matches)")
    which = f"All {games} matches" if stopped == games else f"{stopped} of {games} matches"
    return (f"{which} stopped after {limit}, before their end (the standings decide them; --rounds 0 plays "
            "whole matches)")


def _too_long(seed: int, max_moves: int, levels: Sequence[str], endless: bool = False) -> str:
    """What ``simulate`` says when a match does not end (sim.MatchTooLong); ``endless``:
    the preset's match has no set length (sim.open_ended)."""
    why = ("The preset's matches have no set length (Tonk: no hand limit; President: no target "
           "and no round limit), so --rounds 0 may never end; give "
           if endless else "Bots that play at random can keep a match going that long; try other --bots, or "
           if "random" in levels else "The preset's matches are that long; try ")
    return (f"the match with seed {seed} did not end within {max_moves:,} moves, "
            f"so there are no results. {why}--rounds N to stop each match after N rounds.")


def _arena(args: argparse.Namespace) -> int:
    """``cardtable arena``: run with a progress bar, print a table (or JSON)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from .arena import MAX_MOVES, METRIC_LABELS, run_arena
    from .engine.words import round_word
    from .sim import parse_levels

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


def _presets_list(args: argparse.Namespace) -> int:
    console = Console()
    table = Table(title="Presets")
    table.add_column("name", no_wrap=True)
    table.add_column("game")
    table.add_column("title")
    table.add_column("players", no_wrap=True)
    table.add_column("from", no_wrap=True)
    wide = console.width >= 110  # else the descriptions (see `presets show`) would not fit
    if wide:
        table.add_column("description", min_width=24)
    broken: dict[str, list[str]] = {}
    rows: list[tuple[tuple[int, str], tuple[str | Text, ...]]] = []  # ((game's menu place, name), cells)
    order = {family: index for index, family in enumerate(FAMILIES)}
    for name, (path, origin) in preset_files().items():
        try:
            variant = load_variant(path)
        except VariantError as error:
            declared = _declared_family(path)
            if not args.game or declared == args.game or declared not in FAMILIES:  # (never hidden)
                broken.setdefault(str(error), []).append(name)
                rows.append(((order.get(declared or "", len(order)), name),
                             (Text(name), FAMILY_TITLES.get(declared or "", "?"), Text("does not load", "red"), "",
                              origin, *([Text("see below", "red")] if wide else []))))
            continue
        if args.game and variant.family != args.game:
            continue
        rows.append(((order[variant.family], name),
                     (Text(name), FAMILY_TITLES[variant.family], Text(variant.title),
                      f"{variant.players.min}–{variant.players.max}", origin,
                      *([Text(variant.description)] if wide else []))))
    for _key, cells in sorted(rows):
        table.add_row(*cells)
    console.print(table)
    for reason, names in broken.items():  # each reason whole, however narrow the terminal
        console.print(Text.assemble(("Does not load:", "red"), f" {', '.join(names)}: {reason}"), highlight=False)
    console.print(Text(f"Your presets: {user_dir('variants')}"), highlight=False)
    return 0


def _declared_family(path: Path) -> str | None:
    """The family a preset file names itself (None if it cannot be read or names none)."""
    try:
        family = read_toml(path).get("family")
    except VariantError:
        return None
    return family if isinstance(family, str) else None


def _presets_show(args: argparse.Namespace) -> int:
    variant = load_variant(args.name)
    console = Console()
    console.print(Text.assemble((variant.title, "bold"), f" — {FAMILY_TITLES[variant.family]} · {variant.name} "
                                f"({variant.players.min}–{variant.players.max} players)\n{variant.description}"))
    console.print(Text(str(variant.source), "dim"), soft_wrap=True)  # (a path is never cut: it can be copied)
    table = Table(show_lines=False)
    table.add_column("knob", no_wrap=True)
    table.add_column("value")
    table.add_column("what it means")
    rules = type(variant.rules)
    for name, value, description, default in describe_rules(variant.rules):
        shown = Text.assemble(value_text(value, name, rules), (
            "" if value == default else f"  (default {value_text(default, name, rules)})", "dim"))
        table.add_row(name, shown, description)
    console.print(table)
    titles = getattr(variant, "titles", None)
    if titles is not None:
        console.print(Text("Titles: " + ", ".join(f"{k} = {v}" for k, v in titles.model_dump().items())))
    return 0


def _presets_validate(args: argparse.Namespace) -> int:
    """``presets validate FILE``: FILE is always read as a file, with or without ``.toml``."""
    from .presets.loader import preset_files

    path = _as_file(args.file)
    try:
        exists = Path(path).exists()
        with_suffix = not exists and Path(path + ".toml").is_file()
    except OSError as error:  # a name too long for the file system, a folder it may not read
        raise VariantError(path, None, f"cannot be read: {error.strerror or error}") from None
    named = None if exists else preset_files().get(args.file)
    if named is not None:
        raise VariantError(path, None, f"no such file; {args.file!r} is a preset name: "
                                       f"`cardtable presets show {args.file}` shows it, and its file is "
                                       f"{named[0]}")
    if with_suffix:
        raise VariantError(path, None, f"no such file; did you mean {args.file}.toml?")
    variant = load_variant(path)
    Console(soft_wrap=True).print(Text.assemble(("ok", "green"), f" {variant.source}: {FAMILY_TITLES[variant.family]} preset "
                                  f"{variant.title!r}, {variant.players.min}–{variant.players.max} players"))
    return 0


def _as_file(text: str) -> str:
    """``text`` as an absolute path, so that ``load_variant`` reads it as a file and never
    looks it up as a preset name (a bare ``house-rules`` is the file in this folder)."""
    try:
        return str(user_path(text).absolute())
    except ValueError as error:
        raise VariantError(text, None, str(error)) from None


# ---------------------------------------------------------------------- saves, replays, history
def _add_store_commands(sub: argparse._SubParsersAction) -> None:
    """resume, load, replay and stats (issue 8); the work is in cardtable.store."""
    resume = sub.add_parser("resume", help="continue the interrupted game (the autosave)")
    load = sub.add_parser("load", help="open a saved game")
    load.add_argument("file", help="a save file (.json)")
    for command in (resume, load):
        command.add_argument("--theme", help="theme name")
        command.add_argument("--bot-delay", type=_number_from(0, float, SECONDS), default=None,
                             help="seconds a bot pauses before its move")
    resume.set_defaults(handler=_resume)
    load.set_defaults(handler=_load)
    replay = sub.add_parser("replay", help="step through a saved or finished game")
    replay.add_argument("file", nargs="?", help="a save file (.json)")
    replay.add_argument("--match", type=_number_from(1), help="a finished match from the history (see cardtable stats)")
    replay.add_argument("--text", action="store_true", help="print the game move by move as text")
    replay.set_defaults(handler=_replay)
    stats = sub.add_parser("stats", help="match history and statistics per player")
    stats.add_argument("--name", type=_player_name, help="only this player (name, ignoring case)")
    stats.add_argument("--recent", type=_number_from(0), default=10, help="how many recent matches to list")
    stats.add_argument("--json", action="store_true", help="print the statistics as JSON")
    stats.set_defaults(handler=_stats)


def _player_name(text: str) -> str:
    """An argparse type: a player's name, without surrounding blanks; an empty one is a usage error."""
    name = text.strip()
    if not name:
        raise argparse.ArgumentTypeError("give a player's name (leave --name out for every player)")
    return name


def fail(message: str, file: object = None, command: str = "", status: int = 2) -> int:
    """Print ``message`` as every command's errors read ("cardtable simulate: …", as
    argparse words its own); with the ``file`` it was about, say the file was left alone
    if it exists. Returns ``status``, the exit status."""
    try:
        kept = file is not None and user_path(str(file)).is_file()
    except (OSError, ValueError):  # (a name too long for the file system, ~ of no user: nothing to keep)
        kept = False
    if kept:
        message += " (the file is kept as it is)"
    Console(stderr=True, soft_wrap=True).print(Text.assemble((f"cardtable {command}".rstrip() + ":", "bold red"),
                                                             f" {message}"), highlight=False)
    return status


def _resume(args: argparse.Namespace) -> int:
    from .engine.errors import SaveError
    from .store import autosave_path, has_autosave, load_autosave

    args.file = autosave_path()
    if not has_autosave():
        return fail(f"no unfinished game to resume (there is no autosave: {args.file})", command="resume", status=1)
    try:
        args.loaded = load_autosave()
    except SaveError as error:
        return fail(str(error), args.file, command="resume")
    from .tui import launch

    return launch.resume(args)


def _load(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .engine.errors import SaveError
    from .store import load_game

    args.file = Path(args.file)
    try:
        args.loaded = load_game(args.file)
    except SaveError as error:
        return fail(str(error), args.file, command="load")
    from .tui import launch

    return launch.load(args)


def _terminal() -> bool:
    """Whether the interactive replay can show: standard output is a terminal (not a
    pipe or a file, which get the text) and so are the table's keys and screen."""
    from .tui.launch import can_draw_table

    return sys.stdout.isatty() and can_draw_table()


def _replay(args: argparse.Namespace) -> int:
    from .engine.errors import SaveError
    from .store import Replay, load_match
    from .store.history import HistoryError

    if (args.file is None) == (args.match is None):
        return fail("give a save FILE or --match ID (one of them)", command="replay")
    try:
        if args.match is not None:
            try:
                replay = Replay(load_match(args.match), name=f"match {args.match}")
            except KeyError:
                return fail(f"there is no match {args.match} in the history (see cardtable stats)", command="replay")
            except HistoryError as error:
                return fail(str(error), command="replay")
        else:
            replay = Replay.from_file(args.file)
    except SaveError as error:
        return fail(str(error), args.file, command="replay")
    args.replay = replay
    if not args.text and not _terminal():  # piped, redirected or no keys: the text is what the reader wants
        args.text = True
    if not args.text:
        from .tui import launch

        return launch.replay(args)
    out = Console(highlight=False, soft_wrap=True)
    for line in replay.transcript():
        out.print(line, markup=False)
    return 0


def _stats(args: argparse.Namespace) -> int:
    from .store import history_path, player_stats, recent_matches
    from .store.history import HistoryError, left_out
    from .tui.text import game_title, score_phrases

    damaged: list[str] = []
    name = args.name
    try:
        players = player_stats(name, damaged=damaged)
        if not players and name and name.casefold().endswith(" (bot)"):  # (a bot's name as the tables print it)
            name = name[:-len(" (bot)")].rstrip()
            players = player_stats(name, damaged=damaged)
        recent = recent_matches(args.recent, name=name, damaged=damaged)
    except HistoryError as error:
        return fail(str(error), command="stats")
    for note in left_out(damaged):
        Console(stderr=True).print(Text.assemble(("cardtable stats:", "yellow"), f" {note}"), highlight=False)
    if args.json:
        print(json.dumps({"players": [p.to_data() for p in players],
                          "recent": [m.to_data() for m in recent]}, indent=2))
        return 0
    console = Console()
    if not players:
        who = f" for {args.name}" if args.name else ""
        console.print(Text.assemble(f"No finished matches{who} yet. ", (f"(history: {history_path()})", "dim")),
                      highlight=False)
        return 0
    legend = f"President titles: {TITLE_LEGEND}" if any(p.president_titles for p in players) else None
    table = Table(title="Players", caption=legend, caption_justify="left")
    for column in ("player", "matches", "wins", "win %", "President titles (rounds)", "Shanghai avg",
                   "Tonk chips/hand"):
        table.add_column(column, justify="left" if column.startswith(("player", "President")) else "right")
    for player in players:
        titles = player.president_titles
        shown = " · ".join(f"{TITLE_SHORT[t]} {titles[t]}" for t in TITLE_KEYS if titles.get(t)) or "—"
        average = player.shanghai_average
        chips = player.tonk_chips_per_hand
        table.add_row(Text(player.name + (" (bot)" if player.kinds == ("bot",) else "")), str(player.matches),
                      str(player.wins), f"{player.win_rate:.0%}", shown,
                      "—" if average is None else f"{average:.1f}",
                      "—" if chips is None else f"{chips:+.2f}")
    console.print(table)
    if recent:
        matches = Table(title="Recent matches")
        for column in ("#", "finished", "game", "players and scores", "won"):
            matches.add_column(column)
        for match in recent:
            matches.add_row(str(match.id), match.finished_at.replace("T", " ")[:16],
                            Text(game_title(FAMILY_TITLES.get(match.family, match.family), match.preset_title)),
                            score_phrases(match.family, match.names, match.scores, minus="-"),
                            Text(listed(match.winner_names)))
        console.print(matches)
    return 0



if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
