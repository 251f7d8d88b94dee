"""Tonk's own dialog: the drop confirmation. (The choice among several spreads or hit
targets is the shared :class:`~cardtable.tui.screens.choose.TableChoiceDialog`.)"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from ..screens.choose import TableDialog


class ConfirmDrop(TableDialog[bool]):
    """"Drop with a count of 7?" — y drops, n / escape keeps playing; as over every
    dialog at the table, v looks at the table first, and ?, t, q, r, ctrl+s work."""

    BINDINGS = [Binding("y,d", "answer(True)", show=False), Binding("n", "answer(False)", show=False)]

    def __init__(self, question: str) -> None:
        super().__init__(classes="dialog confirm-drop")
        self.title_text, self.prompt = "drop?", question

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog-box"):  # (centred by the modal screen: the table shows around it)
            yield Static(id="dialog-prompt")
            with Horizontal(id="confirm-buttons"):
                yield Button("Drop (y)", id="yes", variant="warning", compact=True)
                yield Button("Keep playing (n)", id="no", variant="primary", compact=True)
            yield Static(id="dialog-note")

    def on_mount(self) -> None:  # (Textual runs TableDialog's too: it writes the words)
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)

    def action_escape(self) -> None:
        self.dismiss(False)

    def keys_note(self) -> str:
        return "keys here: y drops, n or escape keeps playing, v to look at the table"
