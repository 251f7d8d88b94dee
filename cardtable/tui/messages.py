"""Messages every family's table posts to the table screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.message import Message

from ..engine.moves import Move

if TYPE_CHECKING:
    from .screens.choose import TableChoiceDialog


class MoveChosen(Message):
    """The human on screen chose ``move``; the screen applies it through the engine."""

    def __init__(self, move: Move) -> None:
        super().__init__()
        self.move = move


class ChoicesOffered(Message):
    """The human on screen asked to choose among moves of their turn (where to lay off,
    which go-down) in ``dialog``; the screen opens it if the turn is still theirs (a key
    may come before the move just chosen is applied), with a hint on **H**, and passes
    the answer to ``chosen``."""

    def __init__(self, dialog: TableChoiceDialog, chosen: Callable[[Move | None], None]) -> None:
        super().__init__()
        self.dialog = dialog
        self.chosen = chosen


class ThemeSwitched(Message):
    """The app switched themes; screens re-present text that depends on it (ASCII)."""
