"""What every family's table widget shares: the notice line's lifetime, the card style
in use, and posting the move a player chose."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widget import Widget

from ...engine.moves import Move
from ..messages import MoveChosen
from .hand import Hand


class FamilyTable(Widget):
    """Base of the President, Shanghai and Tonk tables.

    A ``notice`` (e.g. the engine's reason a choice was refused) shows until the player
    changes the selection after it; a subclass draws it in :meth:`_show_selection`,
    with what the selected cards would do.
    """

    notice: reactive[str] = reactive("")
    """A message for the player, e.g. why a choice is illegal (shown until the next choice)."""
    notice_at = 0
    """The hand's selection change at which the notice was shown."""

    @property
    def ascii(self) -> bool:
        """Whether the theme draws cards in ASCII."""
        return bool(getattr(self.app, "card_ascii", False))

    def _show_selection(self) -> None:
        """Draw the notice, or what the selected cards would do."""
        raise NotImplementedError

    def clear_selection(self) -> None:
        """Forget the selection (after a move was made)."""
        self.query_one(Hand).selected = frozenset()
        self.notice = ""
        self._show_selection()

    def watch_notice(self) -> None:
        if not self.is_mounted:
            return
        if self.notice:
            self.notice_at = self.query_one(Hand).changes
        self._show_selection()

    def on_hand_selection_changed(self, event: Hand.SelectionChanged) -> None:
        if event.hand.newer_than_notice(event, self.notice_at):
            self.notice = ""
        self._show_selection()

    def _choose(self, move: Move) -> None:
        self.post_message(MoveChosen(move))
