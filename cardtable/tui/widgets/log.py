"""The event log: the story of the round in plain words, newest at the bottom."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class EventLog(Widget):
    """Shows the last lines of ``lines`` that fit (long lines are cut with an ellipsis)."""

    lines: reactive[tuple[str, ...]] = reactive(())

    def render(self) -> Text:
        height = max(1, self.content_size.height)
        shown = self.lines[-height:]
        text = Text("\n".join(shown), no_wrap=True, overflow="ellipsis")
        return text
