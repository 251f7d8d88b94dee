"""Messages every family's table posts to the table screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

from ..engine.moves import Move

if TYPE_CHECKING:
    from .screens.choose import MoveListDialog


class MoveChosen(Message):
    """The human on screen chose ``move``; the screen applies it through the engine."""

    def __init__(self, move: Move) -> None:
        super().__init__()
        self.move = move


class ChoicesOffered(Message):
    """The table opened ``dialog`` for the human on screen to choose among moves of
    their turn (where to lay off, which go-down); the screen may give it a hint (H)."""

    def __init__(self, dialog: MoveListDialog) -> None:
        super().__init__()
        self.dialog = dialog


class ThemeSwitched(Message):
    """The app switched themes; screens re-present text that depends on it (ASCII)."""
