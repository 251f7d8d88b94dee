"""A seat at the table: a bordered box with the player's name and public facts."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static


class SeatPanel(Static):
    """Shows ``title`` in the border and ``lines`` inside. Classes: ``-to-act``,
    ``-passed``, ``-out`` (set by the screen) restyle the box."""

    title: reactive[str] = reactive("")
    lines: reactive[tuple[str, ...]] = reactive(())

    def watch_title(self, title: str) -> None:
        self.border_title = title

    def watch_lines(self, lines: tuple[str, ...]) -> None:
        self.update(Text("\n".join(lines), no_wrap=True, overflow="ellipsis"))
