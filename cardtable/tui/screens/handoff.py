"""The hand-off screen (X1): covers the whole table until the named human is ready."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.widgets import Static

from ..notes import unused_key
from .over_table import HELD_KEY_SECONDS, OverTable


class HandoffScreen(OverTable[None]):
    """"Pass to Bob — press Enter". Shows no cards, no log and no table. Only Enter (or a
    click) uncovers the table, and not in its first :attr:`ARMING_SECONDS`: a space bar
    pressed while the keyboard changes hands, or the last player's Enter pressed twice,
    must not show the next player's cards to the last one."""

    BINDINGS = [Binding("enter", "ready", "ready", show=False)]

    ARMING_SECONDS = HELD_KEY_SECONDS
    """The last player's second Enter (or a key's repeat, a double click on Play) came
    before the next player had the keyboard and showed them the next hand: for this long
    nothing uncovers the table."""

    def __init__(self, name: str, reason: str = "", uncover: Callable[[], None] | None = None) -> None:
        super().__init__(classes="handoff")
        self.player = name
        self.reason = reason
        self.uncover = uncover
        """Called as the player says ready, before this screen goes: the table it uncovers
        is already theirs (the table as nobody's showed for a frame)."""

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical(id="handoff-box") as box:
            box.border_title = "hot seat"
            if self.reason:
                yield Static(Text(self.reason), id="handoff-reason")
            # (Text: the name as written, never read as markup, "[/]" or "Bob [beta]")
            yield Static(Text(f"Pass to {self.player}"), id="handoff-name")
            yield Static(Text(f"{self.player}: press Enter when only you can see the screen."), id="handoff-hint")

    def on_mount(self) -> None:
        """The hint shows greyed while Enter does nothing yet (:attr:`ARMING_SECONDS`, again
        after each key in them): a play-tester's quick Enter did nothing, unexplained."""
        self._show_armed()
        self.set_interval(0.1, self._show_armed)

    def _show_armed(self) -> None:
        self.query_one("#handoff-hint", Static).set_class(not self.armed(), "-waiting")

    def action_ready(self) -> None:
        if self.app.screen is not self or not self.armed():  # (a second click or Enter already on its way)
            return
        if self.uncover is not None:
            self.uncover()
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        self.action_ready()

    def on_key(self, event: events.Key) -> None:
        """A key the hand-off has no use for (a table key such as L or H) says that the
        table's keys wait for Enter, rather than nothing."""
        if unused_key(self, event):
            self.query_one("#handoff-hint", Static).update(Text(
                f"{self.player}: press Enter when only you can see the screen; the table's keys work after it."))
