"""``cardtable play``: open the start screen, or the table straight away with --preset."""

from __future__ import annotations

import sys
from typing import Any

from ..engine.errors import VariantError
from ..engine.registry import FAMILY_TITLES
from ..presets import load_variant
from .seats import TableSetup, default_seats, parse_seats
from .settings import FIRST_PRESETS
from .themes import load_themes


def _fail(message: str, args: Any) -> int:
    """Say ``message`` in the words of the CLI's ``fail`` ("cardtable play: …"; the TUI
    does not import the command line); the exit status."""
    print(f"cardtable {getattr(args, 'command', None) or ''}".rstrip() + f": {message}", file=sys.stderr)
    return 2


def can_draw_table() -> bool:
    """Whether the table can be drawn: keys come from standard input, and Textual draws
    on standard error; both must be a terminal (standard output may be piped)."""
    return sys.stdin.isatty() and sys.__stderr__ is not None and sys.__stderr__.isatty()


def _run(app: Any, args: Any) -> int:
    """Run ``app``, the full-screen table, if there is a terminal for it; else say so
    (piped into ``head`` it drew into the pipe and spun at full CPU)."""
    if not can_draw_table():
        return _fail("the table needs a terminal: standard input and standard error must both be one "
                     "(for a game as text, see `cardtable replay FILE --text`)", args)
    result = app.run()
    for note in getattr(app, "farewell", ()):
        print(note)
    return app.return_code or int(result or 0)  # (1 after a crash: scripts can tell)


def build_setup(args: Any) -> TableSetup | None:
    """The table ``args`` ask for, or None for the start screen. ValueError on bad args;
    a bad preset raises VariantError (the CLI reports it). ``--game`` with ``--seats`` or
    ``--seed`` but no ``--preset`` plays the family's first preset (:data:`FIRST_PRESETS`,
    the one the start screen opens on); ``--game`` alone opens the start screen on that game."""
    preset = getattr(args, "preset", None)
    seats_text = getattr(args, "seats", None)
    game = getattr(args, "game", None)
    if not preset and game and (seats_text or getattr(args, "seed", None) is not None):
        preset = FIRST_PRESETS[game]
    if not preset:
        for option, given, instead in (("--seats", seats_text, "seat the players on the start screen"),
                                       ("--seed", getattr(args, "seed", None), "the start screen deals its own")):
            if given is not None and given != "":
                raise ValueError(f"{option} needs --game or --preset; without them, {instead}")
        return None
    variant = load_variant(preset)
    if game and variant.family != game:
        raise ValueError(f"preset {preset!r} is a {FAMILY_TITLES[variant.family]} preset, not {game}")
    low, high = variant.players.min, variant.players.max
    seats = parse_seats(seats_text) if seats_text else default_seats(min(max(4, low), high))
    if not low <= len(seats) <= high:
        apart = " (seats are parted by commas: \"Ann,Bob,bot:medium\")" if len(seats) == 1 else ""
        raise ValueError(f"{variant.title} is for {low}–{high} players; --seats names {len(seats)}{apart}")
    return TableSetup(variant, seats, getattr(args, "seed", None))


def _bad_theme(args: Any) -> str:
    """Why ``--theme`` cannot be used ("" if it can or none was given)."""
    theme = getattr(args, "theme", None)
    if theme:
        themes, problems = load_themes()
        if theme not in themes:
            own = [problem for problem in problems if problem.path.stem == theme]
            if own:
                return f"theme {theme!r} does not load: {own[0]}"
            return f"unknown theme {theme!r} (themes: {', '.join(sorted(themes))})"
    return ""


def launch(args: Any) -> int:
    """Run the TUI for ``cardtable play``; returns the exit code."""
    try:
        setup = build_setup(args)
    except ValueError as error:
        if isinstance(error, VariantError):
            raise
        return _fail(str(error), args)
    if problem := _bad_theme(args):
        return _fail(problem, args)
    from .app import CardtableApp

    app = CardtableApp(setup=setup, theme=getattr(args, "theme", None), bot_delay=getattr(args, "bot_delay", None),
                       family=getattr(args, "game", None))
    return _run(app, args)


def _open_loaded(args: Any) -> int:
    """The table for ``args.loaded`` = (game, stored seats), already checked by the CLI:
    it plays on where the save stopped, hand-off screen first when several humans share it."""
    if problem := _bad_theme(args):
        return _fail(problem, args)
    from .app import CardtableApp
    from .screens.saving import loaded_setup

    game, seats = args.loaded
    app = CardtableApp(setup=loaded_setup(game, seats), game=game, theme=getattr(args, "theme", None),
                       bot_delay=getattr(args, "bot_delay", None))
    return _run(app, args)


def resume(args: Any) -> int:
    """``cardtable resume``: continue the autosave (``args.loaded``)."""
    return _open_loaded(args)


def load(args: Any) -> int:
    """``cardtable load FILE``: play on from a saved game (``args.loaded``)."""
    return _open_loaded(args)


def replay(args: Any) -> int:
    """``cardtable replay FILE | --match ID``: the replay screen for ``args.replay``."""
    if problem := _bad_theme(args):
        return _fail(problem, args)
    from .app import CardtableApp

    app = CardtableApp(replay=args.replay, theme=getattr(args, "theme", None))
    return _run(app, args)
