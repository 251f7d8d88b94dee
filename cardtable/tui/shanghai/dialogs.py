"""Shanghai's dialogs: a cancellable list of moves, and the buy prompt (S8, X3)."""

from __future__ import annotations

from textual.binding import Binding

from ..screens.choose import MoveListDialog


class ChoiceDialog(MoveListDialog):
    """A list of moves to choose from; escape cancels (returns None)."""

    BINDINGS = [Binding("escape", "cancel", "cancel", show=False)]

    def action_cancel(self) -> None:
        self.dismiss(None)
