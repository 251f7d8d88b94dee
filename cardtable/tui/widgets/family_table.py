"""What every family's table widget shares: drawing the state it is given (the header,
the seat panels, the log, the status line, the key bar and the hand's place), the notice
line's lifetime, the card style in use, and posting the move a player chose."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.containers import Horizontal
from textual.css.query import NoMatches
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from ...engine.cards import Card
from ...engine.moves import Move
from ..messages import DialogAsked, HandSorted, MoveChosen
from ..text import themed, uses_ascii
from .hand import Hand
from .log import EventLog, LastLine
from .seat import SeatInfo, SeatPanel, show_seat_panels


class TableState(Protocol):
    """What every family's table state gives the table (its ``present`` module builds it)."""

    @property
    def header(self) -> str: ...
    @property
    def seats(self) -> Sequence[SeatInfo]:
        """One per seat (see :func:`show_seat_panels`)."""
    @property
    def log(self) -> tuple[str, ...]: ...
    @property
    def status(self) -> str: ...
    @property
    def status_short(self) -> str:
        """The status said shorter, for a row too narrow for it ("" if none is)."""
    @property
    def viewer(self) -> int | None:
        """The seat whose hand is shown (None: nobody's, e.g. a replay)."""
    @property
    def fresh(self) -> tuple[Card, ...]:
        """The viewer's cards just come in, tagged "new" in the hand (:attr:`Hand.fresh`)."""


class LegalMoves:
    """Mixin for a family's table state that holds the viewer's legal ``moves`` now."""

    moves: tuple[Move, ...]

    def can(self, kind: str) -> bool:
        """Whether a move of ``kind`` is among :attr:`moves` (what the key bar lists)."""
        return any(move.kind == kind for move in self.moves)

    @property
    def draw_first(self) -> str:
        """What a key that needs the draw done says before it, naming only the draws the
        rules allow now: "draw first: s from the stock or u the upcard" (the stock alone
        with no upcard to take)."""
        ways = [way for way, kind in (("s from the stock", "draw_stock"), ("u the upcard", "take_upcard"))
                if self.can(kind)]
        return "draw first: " + " or ".join(ways)


State = TypeVar("State", bound=TableState)

OUT_OF_TURN = "not your turn now"
"""What a key of a turn says while another player decides (it did nothing, unsaid); short,
so that it never takes the key bar's row, which lists the keys that work meanwhile."""


_UNREAD = object()
"""An order not read yet (None is an order never chosen)."""


class FamilyTable(Widget, Generic[State]):
    """Base of the President, Shanghai and Tonk tables.

    Each draws the ``state`` it is given: :meth:`watch_state` shows what every table
    has (the ``#header`` line, the ``#seats`` row, the log, the ``#status`` line, the
    ``#keys`` bar, the :class:`Hand`, shown while someone sits) and leaves the family's
    own widgets to :meth:`_show_table`.

    A ``notice`` (e.g. the engine's reason a choice was refused) shows until the player
    changes the selection after it; a subclass draws it in :meth:`_show_selection`,
    with what the selected cards would do. It wraps, never cut: while one too long for
    its row shows (:meth:`_notice_wraps`) the table has the class ``-notice``, and
    app.tcss gives its line two rows (three from 30 rows), the key bar's row among them;
    where the family measures its notice line (Shanghai), a notice that fits its row
    leaves the key bar alone.
    """

    state: reactive[State | None] = reactive(None, always_update=True)
    """What to draw (set again after every move and theme switch)."""

    WAITING_KEYS = "b bot speed · L log · r rules · ? help · t theme · q quit"
    """The key bar while another player decides: the table's keys that work meanwhile."""
    SPARE_KEYS = ("H hint", "b bot speed", "t theme", "q quit")
    """Keys that work on every turn, added in this order after a turn's own keys while the
    row has room (the turn's keys come first; help lists every key)."""
    TENS_KEY = "+1 card 11"
    """The way to cards past the 10th (:attr:`Hand.tens`), first of the spare keys while
    the hand holds more than 10 cards."""
    SPARE_KEYS_KEPT_FIRST = ("q quit", TENS_KEY, "H hint", "t theme", "b bot speed")
    """:attr:`SPARE_KEYS` (and :attr:`TENS_KEY`) by how much a player misses them when the
    row is short: the way out first (a player who cannot see how to stop is stuck), then
    the way to the cards past the 10th (an 80-column President row had no room for it:
    its 17 cards), then the hint."""

    SORTS: ClassVar[bool] = False
    """Whether ``o`` sorts the hand (``action_sort``: by rank, by suit) at this family's table."""

    scroll_keys = ("pgup", "pgdn")
    """The keys that scroll the table's scrolling box, as its foot names them (a replay,
    whose pgup / pgdn step through the moves, scrolls it with ↑ ↓: :meth:`scroll_box`)."""

    def scroll_box(self, direction: int) -> None:
        """Scroll the table's box that scrolls (Shanghai's melds) a page up (``direction``
        < 0) or down; a table without one has nothing to scroll."""

    covered: reactive[bool] = reactive(False)
    """Whether a dialog is over the table: its key bar is empty then (the dialog has its
    own keys, and the table's wait)."""

    notice: reactive[str] = reactive("")
    """A message for the player, e.g. why a choice is illegal (shown until the next choice)."""
    notice_at = 0
    """The hand's selection change at which the notice was shown."""

    header = ""
    """The header line as presented ("cardtable · <preset> · round 2 · …")."""

    family = ""
    """The game family, under which the user's settings remember this table's hand order."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._opening_order: object = _UNREAD
        """The hand order the table opened with (read from the settings when first asked)."""
        self._seat_orders: dict[int | None, str] = {}
        """The order each seat chose with ``o`` at this table (by viewer)."""

    def on_mount(self) -> None:
        self.query_one(EventLog).border_title = "log"

    # ----------------------------------------------------------------- drawing
    def watch_state(self, state: State | None) -> None:
        if state is None or not self.is_mounted:
            return
        self._show_header(state.header)
        show_seat_panels(self.query_one("#seats", Horizontal), state.seats, self._dress_seat)
        self.query_one(EventLog).lines = state.log
        self.query_one(LastLine).lines = tuple(state.log)
        self._show_status(state)
        hand = self.query_one(Hand)
        hand.display = state.viewer is not None
        hand.fresh = state.fresh
        if self.notice == OUT_OF_TURN and self._may_act(state):
            self.notice = ""  # (the viewer's turn came: its keys work now)
        self._show_table(state)
        self._show_keys()  # (after the hand's cards: more than 10 add TENS_KEY)
        self._show_selection()
        if self._hand_takes_keys(state) and self.screen.is_active:
            hand.focus()

    def _show_table(self, state: State) -> None:
        """Draw the family's own widgets and the hand's cards (and whether it is active)."""
        raise NotImplementedError

    def _dress_seat(self, panel: SeatPanel, seat: Any) -> None:
        """Add the family's own marks to a seat's panel (passed, out, locked …)."""

    def _show_status(self, state: State) -> None:
        """The ``#status`` line, never cut: the state's ``status``, or its ``status_short``
        where the status is too wide for the row (a long name, many choices), wrapped onto
        a second row (class ``-status-wraps``: the middle of the table gives it up) if
        even the shorter form is."""
        room = self._row_width()
        forms = [state.status] + ([state.status_short] if state.status_short else [])
        status = next((form for form in forms if cell_len(form) <= room), forms[-1])
        self.set_class(cell_len(status) > room, "-status-wraps")
        self.query_one("#status", Static).update(Text(status))

    def _row_width(self) -> int:
        """The width of a line of the table inside its padding (one cell each side)."""
        return (self.size.width or self.app.size.width) - 2

    def watch_covered(self, covered: bool) -> None:
        if covered:  # (a dialog over the table does not take the hand's focus away)
            self.query_one(Hand).cancel_tens()
        self._show_keys()

    def _show_keys(self) -> None:
        """The ``#keys`` line: :meth:`_key_bar`, or nothing while a dialog is over the table."""
        if self.state is None or not self.is_mounted:
            return
        keys = "" if self.covered else self._key_bar(self.state)
        self.query_one("#keys", Static).update(Text(keys, no_wrap=True, overflow="ellipsis"))

    def _may_act(self, state: State) -> bool:
        """Whether the viewer's hand takes cards now: on their turn (and in the waits in
        which a family lets cards be picked ahead)."""
        raise NotImplementedError

    def _key_bar(self, state: State) -> str:
        """The ``#keys`` line: the keys of the viewer's turn (:meth:`_turn_keys`) or, while
        another player decides, :attr:`WAITING_KEYS` (as the theme writes it)."""
        if not self._may_act(state):
            return themed(self.ascii)(self.WAITING_KEYS)
        keys = self._turn_keys(state)
        separator = next((sep for sep in (" · ", " | ") if sep in keys), "  ")  # (as the theme writes it)
        tens = [self.TENS_KEY] if self.query_one(Hand).past_digits else []
        spares = [spare for spare in (*tens, *self._spare_keys(state)) if spare not in keys]
        room = self._row_width() - cell_len(keys)
        kept: set[str] = set()
        for spare in sorted(spares, key=self.SPARE_KEYS_KEPT_FIRST.index):
            if cell_len(separator + spare) <= room:
                kept.add(spare)
                room -= cell_len(separator + spare)
        return separator.join([keys, *(spare for spare in spares if spare in kept)])

    def _spare_keys(self, state: State) -> tuple[str, ...]:
        """The every-turn keys that work at this step (:attr:`SPARE_KEYS`)."""
        return self.SPARE_KEYS

    def on_hand_inactive(self, event: Hand.Inactive) -> None:
        event.stop()
        self._out_of_turn()

    def _out_of_turn(self) -> None:
        """A key of a turn was pressed while another player decides: it did nothing, and
        the notice says why (:data:`OUT_OF_TURN`) until the viewer's turn comes. A viewer
        with no cards (out of a President round) has no turn to wait for: nothing is said."""
        if self.state is not None and self.state.viewer is not None and self.query_one(Hand).cards:
            self.notice = OUT_OF_TURN

    def _turn_keys(self, state: State) -> str:
        """The keys of this step of the viewer's turn, as the theme writes them."""
        raise NotImplementedError

    def _hand_takes_keys(self, state: State) -> bool:
        """Whether the hand takes the focus once drawn (on this screen): while it is active."""
        return self.query_one(Hand).active

    def _show_header(self, header: str) -> None:
        """The ``#header`` line; when it is too wide, "cardtable · " gives way first (the
        preset and the match's length matter more), then the end is cut with an ellipsis."""
        self.header = header
        if not self.is_mounted:
            return
        line = self.query_one("#header", Static)
        if cell_len(header) > line.size.width:  # (the line's own width, inside its padding)
            header = header.removeprefix("cardtable · ").removeprefix("cardtable | ")
        line.update(Text(header, no_wrap=True, overflow="ellipsis"))

    def on_resize(self, event: events.Resize) -> None:
        self._show_header(self.header)
        if self.state is not None:  # (which status form and which keys fit their rows depend on the width)
            self._show_status(self.state)
            self._show_keys()
        self.set_class(self._notice_wraps(), "-notice")  # (whether it fits its row may change)

    @property
    def ascii(self) -> bool:
        """Whether the theme draws cards in ASCII."""
        return uses_ascii(self.app)

    def _show_selection(self) -> None:
        """Draw the notice, or what the selected cards would do."""
        raise NotImplementedError

    def in_order(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """``cards`` in the hand's display order: dialogs over the table show the hand so."""
        return tuple(cards)

    def remembered_order(self) -> str | None:
        """The hand order last chosen with ``o`` at a table of this family ("rank" or
        "suit", see :class:`~cardtable.tui.settings.Settings`), None if none was."""
        settings = getattr(self.app, "settings", None)
        return settings.hand_order.get(self.family) if settings is not None else None

    def hand_order(self) -> str | None:
        """The order of the hand on screen: the one its player chose with ``o`` at this
        table (in hot seat each player keeps their own), else the order the table opened
        with (:meth:`remembered_order`; one player's ``o`` never re-sorts another's hand)."""
        if self._opening_order is _UNREAD:
            self._opening_order = self.remembered_order()
        viewer = self.state.viewer if self.state is not None else None
        opening = self._opening_order if isinstance(self._opening_order, str) else None
        return self._seat_orders.get(viewer, opening)

    def sorted_by(self, order: str) -> None:
        """The hand on screen is now sorted by ``order`` ("suit", "rank"), for its player
        at this table: the notice says so, in place of one about the hand before (a refusal
        would read as if about the new order), and the screen keeps it in the user's
        settings (:class:`~cardtable.tui.messages.HandSorted`): the next table of this
        family, resumed or new, starts with it."""
        self.hand_order()  # (the opening order read before the settings change)
        self._seat_orders[self.state.viewer if self.state is not None else None] = order
        self.notice = f"hand sorted by {order}"
        self.post_message(HandSorted(self.family, order))

    def _selected(self) -> tuple[Card, ...]:
        """The cards selected in the hand."""
        return self.query_one(Hand).selected_cards()

    def clear_selection(self) -> None:
        """Forget the selection (after a move was made)."""
        self.query_one(Hand).selected = frozenset()
        self.notice = ""
        self._show_selection()

    NOTICE_LINE = "#selection"
    """The widget the notice is drawn in (see :meth:`_notice_wraps`)."""

    def _notice_wraps(self) -> bool:
        """Whether the notice's line as drawn (:meth:`_notice_row`) needs more than its one
        row (:attr:`NOTICE_LINE`), and so takes the key bar's too (the class ``-notice``).
        Before the line is laid out, a notice is taken to need it (a row without one is
        measured once it is: on its resize)."""
        row = self._notice_row()
        if not row:
            return False
        try:
            width = self.query_one(self.NOTICE_LINE).content_size.width
        except NoMatches:
            return bool(self.notice)
        return bool(self.notice) if not width else cell_len(row) > width

    def _notice_row(self) -> str:
        """The notice's line as drawn (what is measured against its row); a table whose
        line says more than notices (Tonk's hint) gives that line, notice or not."""
        return self.notice

    def watch_notice(self) -> None:
        self.set_class(self._notice_wraps(), "-notice")
        if not self.is_mounted:
            return
        if self.notice:
            self.notice_at = self.query_one(Hand).changes
        self._show_selection()

    def on_hand_selection_changed(self, event: Hand.SelectionChanged) -> None:
        if event.hand.newer_than_notice(event, self.notice_at):
            self.notice = ""
        self._show_selection()

    def on_hand_no_card(self, event: Hand.NoCard) -> None:
        self.notice = event.words

    def _choose(self, move: Move) -> None:
        self.post_message(MoveChosen(move))

    def _offer_choices(self, title: str, prompt: str, options: list[tuple[str, Move]],
                       hand: Sequence[Card] | None = None) -> None:
        """Let the player choose among ``options`` (label, move) of this turn in a dialog,
        with "Cancel (escape)" last; the chosen move is posted as :class:`MoveChosen`, a
        cancel changes nothing. The dialog shows ``hand`` (default: the hand as shown
        here, same order). The screen opens it (:class:`DialogAsked`). Words in Unicode:
        the dialog writes them in the theme."""
        from ..screens.choose import TableChoiceDialog  # (screens build on widgets)

        choices: list[tuple[str, Move | None]] = [*options, ("Cancel (escape)", None)]
        dialog = TableChoiceDialog(title, prompt, choices, self.query_one(Hand).cards if hand is None else hand)
        dialog.fresh = self.query_one(Hand).fresh if hand is None else self.state.fresh if self.state else ()

        def chosen(move: Move | None) -> None:
            if move is not None:
                self._choose(move)

        self._ask(dialog, chosen)

    def _ask(self, dialog: ModalScreen[Any], answered: Callable[[Any], None]) -> None:
        """Have the screen open ``dialog`` about this turn (:class:`DialogAsked`)."""
        self.post_message(DialogAsked(dialog, answered))
