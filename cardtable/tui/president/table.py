"""The President table: seats around, the trick pile, the log, the status line, the
hand and the Play / Pass buttons. It renders a :class:`PresidentState` and posts
:class:`~cardtable.tui.messages.MoveChosen`; it never touches the game."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from ...engine.moves import Move
from ..text import as_themed
from ..widgets.card import cards_label
from ..widgets.family_table import FamilyTable
from ..widgets.hand import Hand
from ..widgets.log import EventLog, LastLine
from ..widgets.seat import SeatPanel
from ..widgets.trick import TrickPile
from .present import PresidentSeatInfo, PresidentState, play_key

PLAY_KEYS = (("←→ space 1-9 select", "<- -> space 1-9 select"), ("enter play", "enter play"))
"""The keys of a play, as written and in ASCII: listed while the viewer may play."""
PASS_KEYS = (("p pass", "p pass"),)
"""The key of a pass: listed while the viewer may pass (not when leading)."""
TABLE_KEYS = (("? help", "? help"),)
"""The key that lists every key (the others that work on every turn follow as the row has
room: :attr:`FamilyTable.SPARE_KEYS`)."""
SEPARATORS = (" · ", "  ")
"""Between keys; in ASCII spaced rather than "|"-separated, so that every key fits 80 columns."""


def key_bar(keys: tuple[tuple[str, str], ...], ascii: bool) -> str:
    """``keys`` (each as written and in ASCII) as the key bar shows them."""
    return SEPARATORS[ascii].join(forms[ascii] for forms in keys)


class PresidentTable(FamilyTable[PresidentState]):
    """The whole President table for the human on screen."""

    BINDINGS = [Binding("p", "pass_turn", "pass", show=False),
                Binding("a", "screen.auto_pass", "auto-pass", show=False)]

    auto_pass = False
    """Whether the table's auto-pass is on (the screen says so: :meth:`set_auto_pass`)."""

    def set_auto_pass(self, on: bool) -> None:
        """Auto-pass is ``on`` or off: said after your points while on."""
        self.auto_pass = on
        self._show_selection()

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
            # (for the mouse: the keys are enter and p, as the key bar says. A focused Pass
            # took a player's Tab and then Enter, meant as the play, and passed)
            for label in ("Play", "Pass"):
                button = Button(label, id=label.lower(), compact=True)
                button.can_focus = False
                yield button
            yield Static(id="selection")
        yield Static(id="keys")

    def on_mount(self) -> None:
        self.query_one("#pile-box").border_title = "trick"

    # ----------------------------------------------------------------- drawing
    def _show_table(self, state: PresidentState) -> None:
        pile = self.query_one(TrickPile)
        pile.caption, pile.cards = state.pile_caption, state.pile_cards
        pile.earlier, pile.footer = state.pile_earlier, state.pile_footer
        hand = self.query_one(Hand)
        hand.cards = state.hand
        hand.legal = state.legal
        hand.active = self._may_act(state)
        # a button shows only while it may be pressed: not while another player decides, nor
        # Play when nothing beats the trick, nor Pass on a lead (their places kept: the
        # selection beside them stays put)
        for button, may in ((self.query_one("#play", Button), state.can_play),
                            (self.query_one("#pass", Button), state.can_pass)):
            button.disabled = not may
            button.visible = may

    def _may_act(self, state: PresidentState) -> bool:
        return state.can_play or state.can_pass

    def _turn_keys(self, state: PresidentState) -> str:
        """A play's keys while the viewer may play, the pass while it may pass (a lead may
        not; a player who cannot beat the pile may only pass)."""
        keys = (PLAY_KEYS if state.can_play else ()) + (PASS_KEYS if state.can_pass else ()) + TABLE_KEYS
        return key_bar(keys, self.ascii)

    def _show_status(self, state: PresidentState) -> None:
        """The status line, with the exchange note and a table-talk partner's hand after
        it when all fit the row, else those on a second line (at 80 columns the cards
        given and got would be cut); a status too long for its row wraps, never cut."""
        status = state.status
        notes = [part for part in (state.note, state.talk) if part]
        room = self._row_width()
        joined = as_themed(self.app, " · ".join([status, *notes]))  # (the ASCII theme writes " | ")
        apart = bool(notes) and cell_len(joined) > room
        if notes and not apart:
            status = joined
        status = as_themed(self.app, status)
        self.set_class(cell_len(status) > room, "-status-wraps")  # (a long name: never cut)
        self.query_one("#status", Static).update(Text(status))
        line = self.query_one("#status-note", Static)
        told = " · ".join(part for part in (state.note and f"{state.note_heading}: {state.note}", state.talk) if part)
        line.update(Text(as_themed(self.app, told) if apart else "", no_wrap=True, overflow="ellipsis"))
        line.display = apart

    def _dress_seat(self, panel: SeatPanel, seat: PresidentSeatInfo) -> None:
        panel.set_class(seat.passed, "-passed")
        panel.set_class(seat.out, "-out")

    def _notice_row(self) -> str:
        return as_themed(self.app, f"  {self.notice}")

    def _show_selection(self) -> None:
        if not self.is_mounted:
            return
        state = self.state
        line = self.query_one("#selection", Static)
        if self.notice:
            line.update(Text(self._notice_row(), style="bold red"))  # (wraps: FamilyTable)
            return
        if state is None:
            line.update("")
            return
        # your title and points first (you have no seat panel), then what you may do
        mine = state.me + (" · auto-pass on (a)" if self.auto_pass else "")  # (it passes turns: said while on)
        me = as_themed(self.app, f"  {mine} · " if mine else "  ")
        if not self._may_act(state):
            line.update(Text(me.removesuffix(as_themed(self.app, " · "))))
            return
        cards = self._selected()
        if not cards:
            hint = "select cards, then Play" if state.plays else "nothing to play: Pass (p)"
            line.update(Text(me).append(hint, style="dim"))
            return
        ascii = self.ascii
        key = play_key(cards)
        ok = key in state.plays
        if key in state.both_ways:  # P24 with P5: Enter asks which (and says which way makes you Scum)
            text = Text(f"  selected: {cards_label(cards, ascii)} ")
            scum = any(state.both_ways[key][1:])
            text.append("(legal: an equal rank, or four that clears the pile: enter asks which"
                        + ("; one way makes you Scum: P26)" if scum else ")"), style="bold yellow" if scum else "green")
        elif key in state.to_scum:  # P26: legal, but going out on it makes you Scum (said in place of your points)
            text = Text(f"  selected: {cards_label(cards, ascii)} ")
            text.append("(legal, but it makes you Scum: P26)", style="bold yellow")
        elif key in state.quick_clears:  # P24: said in place of your points too (it is long)
            text = Text(f"  selected: {cards_label(cards, ascii)} ")
            text.append("(legal: four, clears the pile)", style="green")
        else:
            text = Text(f"{me}selected: {cards_label(cards, ascii)} ")
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
        if state is None or not self._may_act(state):
            self._out_of_turn()
            return
        cards = self._selected()  # (P24: cards that complete four of the top rank are a quick clear)
        if not cards and state.can_pass and not state.can_play:  # (nothing can follow: Enter passes, as
            self._choose(Move("pass"))                        # a new player pressed it, told "choose a card")
            return
        key = play_key(cards)
        if key in state.both_ways:  # (an equal rank that also completes four: the player's choice)
            effect, play_scum, clear_scum = state.both_ways[key]
            said = cards_label(cards)
            scum = " (makes you Scum: P26)"
            self._offer_choices("Play or clear?", f"{said} may go on the pile two ways:", [
                ("Complete four and clear the pile (quick clear): you lead next" + scum * clear_scum,
                 Move("quick_clear", cards)),
                (f"Play {said} as an equal rank" + (f": {effect}" if effect else "") + scum * play_scum,
                 Move("play", cards))])
            return
        self._choose(Move("quick_clear" if key in state.quick_clears else "play", cards))

    def action_pass_turn(self) -> None:
        self.pass_turn()

    def pass_turn(self) -> None:
        state = self.state
        if state is not None and self._may_act(state):
            self._choose(Move("pass"))  # (when leading, the engine says why not)
        else:
            self._out_of_turn()
