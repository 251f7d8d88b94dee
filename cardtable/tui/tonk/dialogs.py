"""Tonk's small dialogs: the drop confirmation, and the choice among several spreads
or hit targets (the shared :class:`~cardtable.tui.screens.choose.MoveListDialog`,
with the hand as the table shows it: same order, same numbers, same cards lifted)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Middle, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..screens.choose import MoveListDialog
from ..widgets.hand import Hand


class ConfirmDrop(ModalScreen[bool]):
    """"Drop with a count of 7?" — y drops, n / escape keeps playing."""

    BINDINGS = [Binding("y,d", "answer(True)", show=False), Binding("n,escape", "answer(False)", show=False)]

    def __init__(self, question: str) -> None:
        super().__init__(classes="dialog")
        self.question = question

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical(id="confirm-box"):
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



class TableMoveDialog(MoveListDialog):
    """A :class:`MoveListDialog` whose hand is the table's: ``hand`` in the order the
    table shows it, with the cards at ``selected`` (the table's selection) lifted."""

    def __init__(self, *args, selected: frozenset[int] = frozenset(), **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.selected = selected

    def on_mount(self) -> None:
        # (Textual then runs MoveListDialog.on_mount too: it sets the same cards again,
        # which keeps the selection, and focuses the options)
        if self.hand_cards:
            hand = self.query_one(Hand)
            hand.cards = self.hand_cards
            hand.selected = frozenset(i for i in self.selected if i < len(self.hand_cards))
