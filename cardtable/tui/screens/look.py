"""A look at the table under a dialog: the dialog steps aside until a key is pressed."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

from ..text import as_themed

LOOK_NOTE = "looking at the table: any key (or a click) goes back to the question"


class LookScreen(ModalScreen[None]):
    """Shows nothing but a line at the bottom; the screen below it (a dialog with its
    class ``-looking``: its box hidden, the table undimmed) is what the player sees.
    Any key or click ends the look, and does nothing else. (Both screens' transparent
    background is in app.tcss, where the app's own ``ModalScreen`` rule cannot beat it.)"""

    def __init__(self) -> None:
        super().__init__()
        self.ending = False
        """Whether a key or click has ended the look: keys typed quickly after it, before
        the screen is gone, are swallowed (each one dismissing again popped the dialog
        under it, and the game waited on a question no longer on screen)."""

    def compose(self) -> ComposeResult:
        yield Static(Text(as_themed(self.app, LOOK_NOTE)), id="look-note")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        self._end()

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self._end()

    def _end(self) -> None:
        if not self.ending and self.app.screen is self:
            self.ending = True
            self.dismiss(None)
