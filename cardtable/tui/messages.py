"""Messages every family's table posts to the table screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.message import Message
from textual.screen import ModalScreen

from ..engine.moves import Move



class MoveChosen(Message):
    """The human on screen chose ``move``; the screen applies it through the engine."""

    def __init__(self, move: Move) -> None:
        super().__init__()
        self.move = move


class DialogAsked(Message):
    """The human on screen asked for ``dialog`` about their turn (which meld to lay off
    on, whether to drop); the screen opens it only if the turn is still theirs (a key
    may come before the move just chosen is applied: in hot seat the next player must
    not find the last one's hand or question), and passes the answer to ``answered``."""

    def __init__(self, dialog: ModalScreen[Any], answered: Callable[[Any], None]) -> None:
        super().__init__()
        self.dialog = dialog
        self.answered = answered


class ThemeSwitched(Message):
    """The app switched themes; screens re-present text that depends on it (ASCII)."""


class HandSorted(Message):
    """The human on screen sorted their hand by ``order`` ("rank", "suit") at a table of
    ``family``; the screen keeps it in the user's settings for the next table."""

    def __init__(self, family: str, order: str) -> None:
        super().__init__()
        self.family = family
        self.order = order
