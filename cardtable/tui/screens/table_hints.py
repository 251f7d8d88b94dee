"""Hints at the table (issue 7): the hard bot's suggestion for the human on screen, from
that seat's view only, at the table (``H``: the cards selected, the move named) and in a
dialog of that seat's choice."""

from __future__ import annotations

from typing import Any

from textual import work
from textual.css.query import NoMatches

from ...bots import suggest_move
from ...engine.game import Game
from ...engine.moves import Move
from ..widgets.hand import Hand
from .at_table import AtTable
from .choose import TableDialog


class TableHints(AtTable):
    """The table screen's hints (a part of :class:`~cardtable.tui.screens.table.TableScreen`)."""

    def action_hint(self) -> None:
        """Ask the hard bot what the human on screen might do, from that seat's view only."""
        seat, game = self._acting_viewer(), self.game
        if seat is None:
            # (a note: a notice would outlive the turn)
            self.app.notify("A hint is for the player whose turn it is.", timeout=3, markup=False)
            return
        self.table.notice = "thinking about a hint…"
        hands = self.table.query(Hand)
        self.hint_asked_at = hands.first().changes if hands else 0
        self.run_hint(self.app, seat, game.view(seat), game.legal_moves(seat), game, len(game.events))

    hint_asked_at = 0
    """The hand's selection changes when the hint was asked (see :meth:`_show_hint`)."""

    def _offer_hint(self, dialog: Any, seat: int) -> None:
        """Let a dialog of ``seat``'s choice ask the hard bot (H) for its move, from its view."""
        if isinstance(dialog, TableDialog):
            game = self.game
            view, moves, seed = game.view(seat), game.legal_moves(seat), game.seed + len(game.events)
            dialog.hint = lambda: suggest_move(game.family, game.variant, view, moves, seed=seed)
            dialog.describe = lambda move: self._move_text(seat, move, ascii=False)  # (the dialog themes it)

    def _move_text(self, seat: int, move: Move, ascii: bool | None = None) -> str:
        """A move told to ``seat`` in its family's words (see :class:`FamilyUI`), in the
        table's theme unless ``ascii`` says."""
        ascii = self.ascii if ascii is None else ascii
        return self.ui.move_text(self.game, seat, self.seats, move, ascii)

    @work(thread=True, group="hint", exclusive=True)
    def run_hint(self, app: Any, seat: int, view: Any, moves: list[Move], game: Game, stamp: int) -> None:
        move = suggest_move(game.family, game.variant, view, moves, seed=game.seed + stamp)
        try:
            app.call_from_thread(self._show_hint, seat, move, game, stamp)
        except RuntimeError:  # the app is closing
            pass

    def _show_hint(self, seat: int, move: Move, game: Game, stamp: int) -> None:
        if self.closed or game is not self.game or len(game.events) != stamp or self.viewer != seat:
            return  # the position moved on (or another player has the screen)
        key = self.ui.hint_keys.get(move.kind)
        text = f"hint: {self._move_text(seat, move)}" + (f" (press {key})" if key else "")
        try:
            hand = self.table.query_one(Hand)
        except NoMatches:
            self.table.notice = text
            return
        if hand.changes != self.hint_asked_at:  # the player chose cards meanwhile: they stay,
            self.table.notice = f"hint: {self._move_text(seat, move)}"  # (and a key would act on them)
            return
        hand.select_cards(move.cards)
        # Written after the selection: its change message, still on its way, is then no
        # newer than the notice and leaves it (FamilyTable.on_hand_selection_changed).
        self.table.notice = text
