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
    """The newest log lines, each after a "»", for tables too narrow to show the log: up to
    ``most`` lines, as many whole ones as fit ``rows`` rows. At Tonk's spreads three, in the
    rows the spreads leave, so that a bot's take, spread and discard read without opening
    the log; under a trick or the melds, which show what was played, the newest alone. The
    newest line wraps onto the rows if it must, and is cut with an ellipsis after them."""

    DEFAULT_CSS = "LastLine { height: auto; }"  # (the widget's own: as tall as its lines, wherever it is used)

    lines: reactive[tuple[str, ...]] = reactive((), layout=True, always_update=True)

    def __init__(self, *, rows: int = 2, most: int = 1, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows = rows
        """The most rows the lines take (fewer where the widget is given fewer)."""
        self.most = most
        """The most log lines shown, the newest of ``lines`` (the whole log)."""

    def _rows(self, width: int, room: int | None = None) -> list[str]:
        """The rows to show in ``width`` columns: at most ``rows``, and at most ``room``
        (the rows the widget was given, when its height is not its content's)."""
        if not self.lines:
            return [""]
        rows_given = self.rows if room is None else max(1, min(self.rows, room))
        ascii = uses_ascii(self.app)
        width = max(width, len(INDENT) + 2)
        newest, *older = [wrap(f"{'>' if ascii else '»'} {line}", width)
                          for line in reversed(self.lines[-self.most:])]
        if len(newest) > rows_given:
            cut = "..." if ascii else "…"
            return newest[:rows_given - 1] + [newest[rows_given - 1][:max(width - len(cut), 0)] + cut]
        rows = newest
        for wrapped in older:
            if len(rows) + len(wrapped) > rows_given:
                break
            rows = wrapped + rows
        return rows

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._rows(width))

    def render(self) -> Text:
        """The rows, at the foot of the widget when it is given more (Tonk's takes the rows
        its spreads leave: ``height: 1fr``)."""
        width, height = self.content_size
        rows = self._rows(width, height)
        return Text("\n".join([""] * (height - len(rows)) + rows), no_wrap=True)
