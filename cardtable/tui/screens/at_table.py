"""What the parts of the table screen share (its hints in :mod:`.table_hints`, its saves in
:mod:`.saving`, the flow in :mod:`.table`): the game, its seats and family UI, the table
widget on screen and the human whose turn may be played there."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from ...engine.game import Game
from ...engine.moves import Move
from ..families import FamilyUI
from ..seats import Seat
from ..text import uses_ascii


class AtTable(Screen[None]):
    """The table screen's shared state; :class:`~cardtable.tui.screens.table.TableScreen`
    sets it up."""

    game: Game
    seats: tuple[Seat, ...]
    ui: FamilyUI
    viewer: int | None
    """The human whose cards are on screen (None: nobody's)."""
    busy: bool
    """A bot is thinking or a screen on top waits for an answer."""
    closed: bool
    bot_delay: float
    """Seconds a bot pauses before it moves (the table's ``b``)."""
    settings_note: Any
    """The note slot of the table's settings (bot speed, auto-pass): one at a time."""

    def advance(self) -> None:
        """Decide what happens next (the table screen's flow)."""
        raise NotImplementedError

    def apply(self, seat: int, move: Move, from_dialog: bool = False) -> None:
        """Apply a human's move (the table screen's)."""
        raise NotImplementedError

    def _bots_held(self) -> bool:
        """Whether the bots wait for the player (the table screen's)."""
        raise NotImplementedError

    @property
    def table(self) -> Any:
        """The family's table widget."""
        return self.query_one("#table")

    @property
    def ascii(self) -> bool:
        return uses_ascii(self.app)

    def _acting_viewer(self) -> int | None:
        """The seat of the human on screen if they may make a move at the table now (not
        while a bot thinks, a dialog is open or an out-of-turn window is asked), else None."""
        seat = self.viewer
        if self.busy or seat is None or seat not in self.game.to_act or self.ui.in_window(self.game):
            return None
        return seat
