"""Auto-pass, the table's ``a`` (a part of :class:`~cardtable.tui.screens.table.TableScreen`):
a human whose only move is to pass passes at once, without a hand-off.

The engine never passes for a player (RULES, President: "the TUI may offer to do it
automatically"); the table offers it, off until asked for, and remembers the choice. In
hot seat it spares each player who cannot beat the pile a hand-off and a key, at a price
the note says: the others then know that player could not beat it (a pass by choice is
allowed while holding a play, so a pass alone does not tell)."""

from __future__ import annotations

from ...engine.moves import Move
from .at_table import AtTable

AUTO_PASS_ON = ("auto-pass on: a player who cannot beat the pile passes at once, with no hand-off "
                "(in hot seat the others then know they could not); a turns it off")
AUTO_PASS_OFF = "auto-pass off: every player passes with p (or enter)"


class AutoPassing(AtTable):
    """The table screen's auto-pass."""

    auto_pass = False
    """Whether a human with nothing but a pass passes at once (the app's setting)."""

    def action_auto_pass(self) -> None:
        """a: auto-pass on or off, remembered for the next tables."""
        if not self.ui.offers_auto_pass:  # (bound only at such a table: President's)
            return
        self.auto_pass = not self.auto_pass
        self.show_auto_pass()
        app = self.app
        app.auto_pass = self.auto_pass  # type: ignore[attr-defined]
        app.remember(auto_pass=self.auto_pass)  # type: ignore[attr-defined]
        self.settings_note.tell(app, AUTO_PASS_ON if self.auto_pass else AUTO_PASS_OFF, title="auto-pass")
        if self.auto_pass and self._acting_viewer() is not None:
            self.advance()  # (the player on screen may be the one with nothing but a pass)

    def show_auto_pass(self) -> None:
        """The table says whether auto-pass is on (President's, after your points)."""
        shown = getattr(self.table, "set_auto_pass", None)
        if shown is not None:
            shown(self.auto_pass)

    def passes_for(self, seat: int) -> bool:
        """Whether ``seat``'s turn is made for it (auto-pass is on and its only move is a
        pass): the pass comes after the bots' pause, as a bot's move would."""
        move = self.ui.forced_move(self.game, seat) if self.auto_pass else None
        if move is None:
            return False
        self.busy = True
        self._pass_later(seat, move, len(self.game.events))
        return True

    def _pass_later(self, seat: int, move: Move, stamp: int) -> None:
        if self.bot_delay > 0:
            self.set_timer(self.bot_delay, lambda: self._passed_for(seat, move, stamp))
        else:  # (Textual's timer takes no zero)
            self.call_later(self._passed_for, seat, move, stamp)

    def _passed_for(self, seat: int, move: Move, stamp: int) -> None:
        """Make the pass, unless the table was left (or is being: a quit chosen), the game
        moved on meanwhile or auto-pass was turned off during the pause; held while the bots
        are (the quit question, a tiny terminal)."""
        if self.closed or getattr(self.app, "leaving", False):  # (a quit chosen: no move after it)
            return
        if self._bots_held():
            self.set_timer(0.1, lambda: self._passed_for(seat, move, stamp))
            return
        self.busy = False
        if len(self.game.events) != stamp or not self.auto_pass:  # (turned off meanwhile: the player's turn)
            self.advance()
            return
        self.apply(seat, move)
