"""The event log: the story of the round in plain words, newest at the bottom."""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from ..text import uses_ascii

INDENT = "  "
"""How far a long line's continuation rows are indented."""


class EventLog(Widget):
    """Shows as many of the newest ``lines`` as fit: a long line wraps onto indented rows
    (so a go-down or a hit reads whole), and the newest line is always in sight."""

    lines: reactive[tuple[str, ...]] = reactive(())

    def render(self) -> Text:
        return Text("\n".join(newest_rows(self.lines, self.content_size.width, self.content_size.height)),
                    no_wrap=True, overflow="ellipsis")


def newest_rows(lines: tuple[str, ...], width: int, height: int) -> list[str]:
    """The last ``height`` rows of ``lines`` wrapped to ``width`` (continuations indented)."""
    width, height = max(width, len(INDENT) + 1), max(height, 1)
    rows: list[str] = []
    for line in reversed(lines):
        wrapped = wrap(line, width)
        if not rows and len(wrapped) > height:
            return wrapped[:height]  # a newest line taller than the log: its start ("Ann goes down:")
        rows[:0] = wrapped
        if len(rows) >= height:
            break
    return rows[-height:]


def wrap(line: str, width: int) -> list[str]:
    """``line`` as rows of ``width``, continuations indented (never split at a hyphen:
    names and ASCII cards like ``Q-C`` stay whole)."""
    return textwrap.wrap(line, width, subsequent_indent=INDENT, break_on_hyphens=False) or [""]


class LastLine(Widget):
    """The newest log line after a "»", for tables too narrow to show the log: it wraps
    onto a second row if it must, and is cut with an ellipsis after that."""

    DEFAULT_CSS = "LastLine { height: auto; }"
    ROWS = 2

    line: reactive[str] = reactive("", layout=True, always_update=True)

    def _rows(self, width: int) -> list[str]:
        if not self.line:
            return [""]
        ascii = uses_ascii(self.app)
        rows = wrap(f"{'>' if ascii else '»'} {self.line}", max(width, len(INDENT) + 2))
        if len(rows) > self.ROWS:
            cut = "..." if ascii else "…"
            rows = rows[:self.ROWS - 1] + [rows[self.ROWS - 1][:max(width - len(cut), 0)] + cut]
        return rows

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._rows(width))

    def render(self) -> Text:
        return Text("\n".join(self._rows(self.content_size.width)), no_wrap=True)
