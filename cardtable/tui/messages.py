"""Messages every family's table posts to the table screen."""

from __future__ import annotations

from textual.message import Message

from ..engine.moves import Move


class MoveChosen(Message):
    """The human on screen chose ``move``; the screen applies it through the engine."""

    def __init__(self, move: Move) -> None:
        super().__init__()
        self.move = move


class ThemeSwitched(Message):
    """The app switched themes; screens re-present text that depends on it (ASCII)."""
