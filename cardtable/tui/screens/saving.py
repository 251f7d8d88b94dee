"""The table's side of issue 8: start the autosave, write a named save, tell what the
autosave met (:class:`TableSaving`), and turn seats between the store's dicts and the
TUI's :class:`~cardtable.tui.seats.Seat`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.game import Game
from ...store import AutoSaver, new_save_path, save_game
from ..notes import soft_breaks, table_note_width
from ..seats import Seat, TableSetup
from .at_table import AtTable


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


class TableSaving(AtTable):
    """The table screen's saves (a part of :class:`~cardtable.tui.screens.table.TableScreen`):
    ``ctrl+s``, and the notes about its autosave."""

    saver: Any = None
    """The :class:`~cardtable.store.AutoSaver` of this match (from mount on)."""
    _save_failing = False
    _told_moved = False
    _told_history = False

    def abandon(self) -> None:
        """The player quits this match on purpose: its autosave is removed."""
        if self.saver is not None:
            self.saver.abandon()

    def unsaved(self) -> str | None:
        """Why this game is not saved now, after one more try of its autosave (None: the
        autosave holds it, and Continue brings it back)."""
        saver = self.saver
        if saver is None or saver.retry():
            return None
        return describe_error(saver.last_error) if saver.last_error is not None else "it cannot be saved"

    def _check_autosave(self) -> None:
        """A failed autosave write shows one warning (and one when it works again); a
        match that left the autosave slot to another window says where it is kept; a
        finished match the history could not record says so once (its autosave is kept)."""
        moved_to = getattr(self.saver, "moved_to", None)
        if moved_to is not None and not self._told_moved:
            self._told_moved = True
            self.app.notify(f"Another cardtable window took the autosave: this game is kept in "
                            f"{moved_to.name} (Load game continues it).", timeout=12, markup=False)
        history_error = getattr(self.saver, "history_error", None)
        if history_error is not None and not self._told_history:
            self._told_history = True
            self.app.notify(f"This match could not be recorded in the statistics: {describe_error(history_error)}. "
                            "Its autosave is kept: Continue (start screen) records it once the history "
                            "can be written.", severity="warning", timeout=12, markup=False)
        error = getattr(self.saver, "last_error", None)
        if error is not None and not self._save_failing:
            self.app.notify(f"Autosave failed: {describe_error(error)} — the game goes on.",
                            severity="warning", timeout=8, markup=False)
        elif error is None and self._save_failing:
            self.app.notify("Autosave works again.", timeout=3, markup=False)
        self._save_failing = error is not None

    def action_save_game(self) -> None:
        """ctrl+s: a named save in the saves folder; the line under the hand says where, or
        a note when a screen covers the table (a hand-off, a dialog, a round's results: the
        line would still say it at the next hand)."""
        said = save_named(self.game, self.seats)
        if self.app.screen is self:
            self.table.notice = said
        else:
            self.app.notify(soft_breaks(said, table_note_width(self.app)), timeout=6, markup=False)
