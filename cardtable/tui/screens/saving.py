"""The table's side of issue 8: start the autosave, write a named save, and turn seats
between the store's dicts and the TUI's :class:`~cardtable.tui.seats.Seat`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.game import Game
from ...store import AutoSaver, new_save_path, save_game
from ..seats import Seat, TableSetup


def start_autosave(game: Game, seats: Sequence[Seat]) -> AutoSaver:
    """The autosave of a new, resumed or loaded game (it writes at once)."""
    return AutoSaver(game, seats)


def save_named(game: Game, seats: Sequence[Seat]) -> str:
    """Save ``game`` under a fresh name; the one-line answer for the status line."""
    try:
        path = new_save_path(game)
        save_game(path, game, seats)
    except (OSError, ValueError) as error:
        return f"not saved: {describe_error(error)}"
    return f"saved as {path.name}"


def describe_error(error: BaseException) -> str:
    """A short one-line reason (an OSError's strerror and file, else its text)."""
    if isinstance(error, OSError) and error.strerror:
        where = f" ({error.filename})" if error.filename else ""
        return f"{error.strerror}{where}"
    return str(error).splitlines()[0] if str(error) else type(error).__name__


def tui_seats(seats: Sequence[dict[str, Any]]) -> tuple[Seat, ...]:
    """Stored seats (``{"name", "kind", "level"}``) as the table's seats."""
    return tuple(Seat(str(s["name"]), (s.get("level") or "simple") if s.get("kind") == "bot" else None)
                 for s in seats)


def loaded_setup(game: Game, seats: Sequence[dict[str, Any]]) -> TableSetup:
    """The table setup of a loaded or resumed game."""
    return TableSetup(game.variant, tui_seats(seats), game.seed)


def table_for(game: Game, seats: Sequence[dict[str, Any]], bot_delay: float, kept_told: bool = False) -> Any:
    """A table screen for a loaded or resumed game: it plays on exactly where the save
    stopped, and with several humans the hand-off screen comes before any hand
    (``kept_told``: the player was told that the game under Continue is kept)."""
    from .table import TableScreen

    return TableScreen(loaded_setup(game, seats), game, bot_delay=bot_delay, kept_told=kept_told)
