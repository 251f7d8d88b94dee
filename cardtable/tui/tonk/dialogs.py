"""Tonk's own dialog: the drop confirmation. (The choice among several spreads or hit
targets is the shared :class:`~cardtable.tui.screens.choose.TableChoiceDialog`.)"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static



class ConfirmDrop(ModalScreen[bool]):
    """"Drop with a count of 7?" — y drops, n / escape keeps playing."""

    BINDINGS = [Binding("y,d", "answer(True)", show=False), Binding("n,escape", "answer(False)", show=False)]

    def __init__(self, question: str) -> None:
        super().__init__(classes="dialog")
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):  # (centred by the modal screen: the table shows around it)
            yield Static(self.question, id="confirm-question")
            with Horizontal(id="confirm-buttons"):
                yield Button("Drop (y)", id="yes", variant="warning", compact=True)
                yield Button("Keep playing (n)", id="no", variant="primary", compact=True)

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
