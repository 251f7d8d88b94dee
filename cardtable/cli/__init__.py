"""The ``cardtable`` command: play (the default), simulate, arena, presets, resume,
load, replay and stats. One module per role: :mod:`.matches` (simulate, arena),
:mod:`.presets`, :mod:`.store` (resume, load, replay, stats); :mod:`.options` has the
kinds of argument and :mod:`.output` how errors are said.

The TUI is imported lazily, only by the commands that open it, so the engine-only
commands start fast and work without a terminal.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rich.text import Text

from .. import __version__
from ..engine.errors import VariantError
from ..engine.registry import FAMILIES
from . import matches, presets, store
from ..tui.settings import BOT_SPEEDS  # (settings only: no textual at start-up)
from .options import MOST_BOT_DELAY, PRESET, SEATS, SECONDS, SEED, number_from
from .output import Console, fail
from .presets import PRESET_ACTIONS, via_parent

__all__ = ["main", "fail"]


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
        via = via_parent(args, error)
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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardtable", description="A card table in your terminal: "
                                     "President, Shanghai rummy and Tonk, hot-seat and against bots.",
                                     epilog="Options without a command are play's: `cardtable --preset forseti` "
                                            "is `cardtable play --preset forseti`.")
    parser.add_argument("--version", action="version", version=f"cardtable {__version__}")
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="open the table (the default command)")
    play.add_argument("--game", choices=FAMILIES,
                      help="game family: with --seats or --seed, its first preset unless --preset (the classic "
                           "one; Tonk's tonk-sitting); alone, the start screen on that game")
    play.add_argument("--preset", type=PRESET, help="preset name or .toml path")
    play.add_argument("--seats", type=SEATS, help='comma-separated seats: a name for a human, "bot:LEVEL" for a bot '
                      '(LEVEL: easy, medium, hard, expert or random; "bot" alone is medium), e.g. "Ann,Bob,bot:hard"')
    play.add_argument("--seed", type=SEED, help="seed for the shuffle (same seed, same deal)")
    play.add_argument("--theme", help="theme name (felt, dark, four-colour, ascii, or your own)")
    play.add_argument("--bot-delay", type=number_from(0, float, SECONDS, high=MOST_BOT_DELAY), default=None,
                      help=f"seconds a bot pauses before its move, 0 to {MOST_BOT_DELAY:g} (default: the speed "
                           f"chosen last with b at the table, {BOT_SPEEDS[0][1]:g} at first)")
    play.set_defaults(handler=_play)

    matches.add_commands(sub)
    presets.add_commands(sub)
    store.add_commands(sub)
    for command in sub.choices.values():  # (presets list/show/validate name both: presets.add_commands)
        command.set_defaults(commands=(command,))
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
    from ..tui.launch import launch

    return launch(args)

