"""The President table: seats around, the trick pile, the log, the status line, the
hand and the Play / Pass buttons. It renders a :class:`PresidentState` and posts
:class:`~cardtable.tui.messages.MoveChosen`; it never touches the game."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import Button, Static

from ...engine.moves import Move
from ..text import as_themed
from ..widgets.card import cards_label
from ..widgets.family_table import FamilyTable
from ..widgets.hand import Hand
from ..widgets.log import EventLog, LastLine
from ..widgets.seat import SeatPanel, show_seat_panels
from ..widgets.trick import TrickPile
from .present import PresidentState

KEYS = "←→ space 1-9 select · enter play · p pass · H hint · ? help · t theme · q quit"
ASCII_KEYS = "<- -> space 1-9 select  enter play  p pass  H hint  ? help  t theme  q quit"
"""The keys in ASCII, spaced rather than "|"-separated so that they fit 80 columns."""


class PresidentTable(FamilyTable):
    """The whole President table for the human on screen."""

    BINDINGS = [Binding("p", "pass_turn", "pass", show=False)]

    DEFAULT_CSS = """
    PresidentTable #status-note {
        height: 1; padding: 0 1; background: $panel; color: $foreground; display: none;
    }
    """

    state: reactive[PresidentState | None] = reactive(None, always_update=True)

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        yield Horizontal(id="seats")
        with Horizontal(id="middle"):
            with Vertical(id="pile-box"):
                yield TrickPile(id="pile")
                yield LastLine(id="lastline")
            yield EventLog(id="log")
        yield Static(id="status")
        yield Static(id="status-note")
        yield Hand(id="hand")
        with Horizontal(id="actions"):
            yield Button("Play", id="play", compact=True)
            yield Button("Pass", id="pass", compact=True)
            yield Static(id="selection")
        yield Static(id="keys")

    def on_mount(self) -> None:
        self.query_one("#pile-box").border_title = "trick"
        self.query_one("#log").border_title = "log"

    # ----------------------------------------------------------------- drawing
    def watch_state(self, state: PresidentState | None) -> None:
        if state is None or not self.is_mounted:
            return
        ascii = self.ascii
        self._show_header(state.header)
        self._show_seats(state)
        pile = self.query_one(TrickPile)
        pile.caption, pile.cards = state.pile_caption, state.pile_cards
        pile.earlier, pile.footer = state.pile_earlier, state.pile_footer
        self.query_one(EventLog).lines = state.log
        self.query_one(LastLine).line = state.log[-1] if state.log else ""
        self._show_status()
        hand = self.query_one(Hand)
        hand.cards = state.hand
        hand.legal = state.legal
        hand.active = state.can_play or state.can_pass
        hand.display = state.viewer is not None
        self.query_one("#play", Button).disabled = not state.can_play
        self.query_one("#pass", Button).disabled = not state.can_pass
        self.query_one("#keys", Static).update(ASCII_KEYS if ascii else KEYS)
        self._show_selection()
        if hand.active and self.screen.is_active:
            hand.focus()

    def on_resize(self, event: events.Resize) -> None:  # (FamilyTable's handler re-shows the header too)
        self._show_status()

    def _show_status(self) -> None:
        """The status line, with the exchange note after it when both fit the row, else
        the note on a second line (at 80 columns the cards given and got would be cut)."""
        state = self.state
        if state is None or not self.is_mounted:
            return
        status, note = state.status, state.note
        room = self.size.width - 2  # (the status line's padding)
        joined = as_themed(self.app, f"{status} · {note}")  # (the ASCII theme writes " | ")
        apart = bool(note) and cell_len(joined) > room
        if note and not apart:
            status = joined
        self.query_one("#status", Static).update(Text(as_themed(self.app, status), no_wrap=True, overflow="ellipsis"))
        line = self.query_one("#status-note", Static)
        line.update(Text(as_themed(self.app, f"Exchange: {note}") if apart else "", no_wrap=True, overflow="ellipsis"))
        line.display = apart

    def _show_seats(self, state: PresidentState) -> None:
        def dress(panel: SeatPanel, info: Any) -> None:
            panel.set_class(info.passed, "-passed")
            panel.set_class(info.out, "-out")

        show_seat_panels(self.query_one("#seats", Horizontal), state.seats, dress)

    def _show_selection(self) -> None:
        if not self.is_mounted:
            return
        state = self.state
        line = self.query_one("#selection", Static)
        if self.notice:
            line.update(Text(as_themed(self.app, f"  {self.notice}"), style="bold red",
                             no_wrap=True, overflow="ellipsis"))
            return
        if state is None or not (state.can_play or state.can_pass):
            line.update("")
            return
        cards = self.query_one(Hand).selected_cards()
        if not cards:
            line.update(Text("  select cards, then Play", style="dim"))
            return
        ascii = self.ascii
        key = tuple(sorted(str(c) for c in cards))
        ok = key in state.plays
        text = Text(f"  selected: {cards_label(cards, ascii)} ")
        text.append("(legal)" if ok else "(not a legal play)", style="green" if ok else "yellow")
        line.update(text)

    # ----------------------------------------------------------------- input
    def on_hand_submitted(self, event: Hand.Submitted) -> None:
        self.play_selected()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "play":
            self.play_selected()
        elif event.button.id == "pass":
            self.pass_turn()

    def play_selected(self) -> None:
        state = self.state
        if state is None or not (state.can_play or state.can_pass):
            return
        self._choose(Move("play", self.query_one(Hand).selected_cards()))

    def action_pass_turn(self) -> None:
        self.pass_turn()

    def pass_turn(self) -> None:
        state = self.state
        if state is not None and (state.can_pass or state.can_play):
            self._choose(Move("pass"))  # (when leading, the engine says why not)
