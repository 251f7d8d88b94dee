"""Screens over the table (its dialogs, the hand-off, a round's results) on which two of
the table's keys still work: ``ctrl+s`` saves the game and ``r`` shows its rules — the
table below does it, as neither shows a card."""

from __future__ import annotations

from textual.binding import Binding
from textual.screen import Screen

TABLE_KEYS = [Binding("ctrl+s", "save_game", "save", show=False),
              Binding("r", "rules", "rules", show=False)]
"""The bindings of :class:`TableKeys`, for the screen's own ``BINDINGS``."""


class TableKeys:
    """Mixin for a screen over the table: ``ctrl+s`` and ``r`` are the table's."""

    def action_save_game(self) -> None:
        """A named save of the game at the table below (a note says where)."""
        table_does(self, "action_save_game")

    def action_rules(self) -> None:
        """The rules of the preset at the table below."""
        table_does(self, "action_rules")


def table_does(screen: object, action: str) -> None:
    """Run ``action`` (a method name) on the nearest screen below ``screen`` that has it."""
    assert isinstance(screen, Screen)
    stack = screen.app.screen_stack
    for below in reversed(stack[:stack.index(screen)] if screen in stack else []):
        act = getattr(below, action, None)
        if act is not None:
            act()
            return
