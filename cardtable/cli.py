"""The ``cardtable`` command: play (the default), simulate and presets.

The TUI is imported lazily, only by the commands that open it, so the engine-only
commands start fast and work without a terminal.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from rich.console import Console
from rich.table import Table

from .engine.errors import VariantError
from .engine.registry import FAMILIES, FAMILY_TITLES
from .presets import describe_rules, load_variant
from .presets.loader import preset_files


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script and ``python -m cardtable``."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["play", *(argv or [])])
    try:
        return int(args.handler(args) or 0)
    except VariantError as error:
        Console(stderr=True).print(f"[bold red]Preset error[/] {error}", highlight=False)
        return 2
    except KeyboardInterrupt:
        return 130


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardtable", description="A card table in your terminal: "
                                     "President, Shanghai rummy and Tonk, hot-seat and against bots.")
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="open the table (the default command)")
    play.add_argument("--game", choices=FAMILIES, help="game family; skips the menu with --preset")
    play.add_argument("--preset", help="preset name or .toml path")
    play.add_argument("--seats", help='comma-separated seats: a name for a human, "bot:LEVEL" for a bot')
    play.add_argument("--seed", type=int, help="seed for the shuffle (same seed, same deal)")
    play.add_argument("--theme", help="theme name (felt, dark, four-colour, ascii, or your own)")
    play.add_argument("--bot-delay", type=float, default=None, help="seconds a bot pauses before its move")
    play.set_defaults(handler=_play)

    simulate = sub.add_parser("simulate", help="play bot-only matches and print the results")
    simulate.add_argument("--game", choices=FAMILIES, default="president")
    simulate.add_argument("--preset", help="preset name or .toml path (default: the family's classic)")
    simulate.add_argument("--players", type=int, default=4)
    simulate.add_argument("--bots", default=None, help='one level per seat, e.g. "simple,random,simple,simple"')
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=1)
    simulate.add_argument("--json", action="store_true", help="print the results as JSON")
    simulate.set_defaults(handler=_simulate)

    arena = sub.add_parser("arena", help="bot levels against each other, seats rotated, with 95%% intervals")
    arena.add_argument("--game", choices=FAMILIES, default="president")
    arena.add_argument("--preset", help="preset name or .toml path (default: the family's classic)")
    arena.add_argument("--seats", default="hard,medium,medium,medium",
                       help='one level per seat: easy, medium, hard, expert (or random, simple)')
    arena.add_argument("--games", type=int, default=40, help="matches to play (a multiple of the seats is best)")
    arena.add_argument("--jobs", type=int, default=1, help="worker processes")
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--rounds", type=int, default=None,
                       help="stop each match after this many rounds (Tonk without a hand limit: 10)")
    arena.add_argument("--iterations", type=int, default=None, help="override the search bots' iterations")
    arena.add_argument("--json", action="store_true", help="print the results as JSON")
    arena.set_defaults(handler=_arena)

    presets = sub.add_parser("presets", help="list, show and validate presets")
    presets_sub = presets.add_subparsers(dest="action", required=True)
    listing = presets_sub.add_parser("list", help="every preset, shipped and your own")
    listing.add_argument("--game", choices=FAMILIES)
    listing.set_defaults(handler=_presets_list)
    show = presets_sub.add_parser("show", help="every knob of a preset in plain words")
    show.add_argument("name")
    show.set_defaults(handler=_presets_show)
    validate = presets_sub.add_parser("validate", help="check a preset file")
    validate.add_argument("file")
    validate.set_defaults(handler=_presets_validate)
    return parser


def _play(args: argparse.Namespace) -> int:
    from .tui.launch import launch

    return launch(args)


CLASSIC = {"president": "president-classic", "shanghai": "shanghai-classic", "tonk": "tonk-classic"}


def _simulate(args: argparse.Namespace) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from .sim import simulate

    variant = load_variant(args.preset or CLASSIC[args.game])
    if variant.family != args.game:
        raise VariantError(variant.source, "family", f"is {variant.family}, but --game is {args.game}")
    levels = (args.bots or ",".join(["simple"] * args.players)).split(",")
    levels = [level.strip().removeprefix("bot:") for level in levels]
    if len(levels) != args.players:
        Console(stderr=True).print(f"--bots names {len(levels)} bots for {args.players} players")
        return 2
    console = Console(stderr=args.json)
    with Progress(TextColumn("[bold]simulating"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=console, transient=True,
                  disable=args.json or not console.is_terminal) as progress:
        task = progress.add_task("games", total=args.games)
        summary = simulate(variant, args.players, levels, args.games, args.seed,
                           progress=lambda done: progress.update(task, completed=done))
    if args.json:
        print(json.dumps(summary.to_data(), indent=2))
        return 0
    out = Console()
    table = Table(title=f"{summary.games} × {variant.title} ({args.players} players, seeds "
                        f"{args.seed}–{args.seed + args.games - 1})")
    table.add_column("seat", justify="right")
    table.add_column("bot")
    table.add_column("match wins", justify="right")
    table.add_column("avg score", justify="right")
    titles = [t for t in ("president", "vice_president", "secretary", "neutral", "clerk",
                          "vice_scum", "scum") if t in summary.title_shares]
    names = getattr(variant, "titles", None)
    for title in titles:
        table.add_column(getattr(names, title, title), justify="right")
    for seat in range(args.players):
        table.add_row(str(seat), levels[seat], f"{summary.wins[seat]:.1%}",
                      f"{summary.average_score[seat]:.1f}",
                      *(f"{summary.title_shares[t][seat]:.1%}" for t in titles))
    out.print(table)
    out.print(f"{summary.moves_per_game:.1f} moves and {summary.rounds_per_game:.1f} rounds per match · "
              f"{summary.games_per_second:.1f} matches/s")
    return 0


def _arena(args: argparse.Namespace) -> int:
    from .arena import print_report, run_arena

    return print_report(args, run_arena, CLASSIC)


def _presets_list(args: argparse.Namespace) -> int:
    console = Console()
    table = Table(title="Presets")
    for column in ("name", "game", "title", "players", "from"):
        table.add_column(column, no_wrap=True)
    table.add_column("description")
    for name, (path, origin) in preset_files().items():
        try:
            variant = load_variant(path)
        except VariantError as error:
            table.add_row(name, "?", "[red]broken[/]", "", origin, f"[red]{error}[/]")
            continue
        if args.game and variant.family != args.game:
            continue
        table.add_row(name, FAMILY_TITLES[variant.family], variant.title,
                      f"{variant.players.min}–{variant.players.max}", origin, variant.description)
    console.print(table)
    return 0


def _presets_show(args: argparse.Namespace) -> int:
    variant = load_variant(args.name)
    console = Console()
    console.print(f"[bold]{variant.title}[/] — {FAMILY_TITLES[variant.family]} · {variant.name} "
                  f"({variant.players.min}–{variant.players.max} players)\n{variant.description}\n"
                  f"[dim]{variant.source}[/]")
    table = Table(show_lines=False)
    table.add_column("knob", no_wrap=True)
    table.add_column("value")
    table.add_column("what it means")
    for name, value, description, default in describe_rules(variant.rules):
        shown = _value_text(value) + ("" if value == default else f"  [dim](default {_value_text(default)})[/]")
        table.add_row(name, shown, description)
    console.print(table)
    titles = getattr(variant, "titles", None)
    if titles is not None:
        console.print("Titles: " + ", ".join(f"{k} = {v}" for k, v in titles.model_dump().items()))
    return 0


def _value_text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items()) or "—"
    if isinstance(value, (list, tuple)):
        return ", ".join(_value_text(v) for v in value) or "—"
    return str(value)


def _presets_validate(args: argparse.Namespace) -> int:
    variant = load_variant(args.file if args.file.endswith(".toml") else args.file)
    Console().print(f"[green]ok[/] {variant.source}: {FAMILY_TITLES[variant.family]} preset "
                    f"{variant.title!r}, {variant.players.min}–{variant.players.max} players")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
