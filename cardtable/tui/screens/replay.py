"""The replay screen (issue 8): step through a saved or finished game move by move,
forward and back, with every hand revealed and the log in sync — except in the round a
save ends in while it is still being played (``Replay.hidden``): there the hands stay
hidden and the steps say what the table saw.

The family's own table widget draws the public table (seats, pile or melds, its log)
for nobody in particular; a plain listing under it reveals every seat's hand, and the
step line tells what the current step did with every card shown. The replay owns its
game (``Replay.game``): nothing here applies a move."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from ...engine.registry import FAMILY_TITLES
from ...engine.words import round_word
from ..families import family_ui
from ..messages import MoveChosen, ThemeSwitched
from ..notes import KeyNoted
from ..text import as_themed, game_title, uses_ascii
from ..widgets.card import card_label
from ..widgets.family_table import FamilyTable
from .saving import tui_seats

EVERY_HAND = "every hand (replay)"
HIDDEN_TITLE = "hands hidden: this round is still being played"


REPLAY_KEYS = "← → a move · pgup pgdn ten · [ ] a {round} · home / end · esc close · ? help"
"""The replay's key bar (in the theme's characters; whole at 80 columns: ? help says the rest)."""

DEAL_SAID = ("round_started", "hand_started", "cards_dealt")
"""Events of a deal a replay's step line leaves out: the step names the round (the table
its contract), and the box above shows every hand."""


class ReplayScreen(KeyNoted, Screen[None]):
    """``replay``: a :class:`~cardtable.store.Replay`. ``standalone``: closing quits the app
    (``cardtable replay``) instead of going back to the screen below."""

    AUTO_FOCUS = None
    KEY_HINT = "the keys are under the hands"
    BINDINGS = [
        Binding("right", "step(1)", "forward", priority=True),
        Binding("left", "step(-1)", "back", priority=True),
        Binding("pagedown", "step(10)", "10 forward", priority=True),
        Binding("pageup", "step(-10)", "10 back", priority=True),
        Binding("left_square_bracket,p", "deal(-1)", "previous deal", priority=True),
        Binding("right_square_bracket,n", "deal(1)", "next deal", priority=True),
        Binding("home", "jump(0)", "start", priority=True),
        Binding("end", "jump(-1)", "end", priority=True),
        Binding("escape,q", "close", "close", priority=True),
        Binding("up", "scroll_table(-1)", "scroll up", show=False),
        Binding("down", "scroll_table(1)", "scroll down", show=False),
    ]

    def __init__(self, replay: Any, standalone: bool = False) -> None:
        super().__init__(classes="table replay")
        self.replay = replay
        self.standalone = standalone
        self.ui = family_ui(replay.game.family)
        self.seats = tui_seats(replay.seats)

    def compose(self) -> ComposeResult:
        yield Static(id="replay-header")
        yield self.ui.make_table()
        yield Static(id="replay-hands")
        yield Static(id="replay-step")
        yield Static(id="replay-keys")

    @property
    def ascii(self) -> bool:
        return uses_ascii(self.app)

    def on_mount(self) -> None:
        self.query_one("#table", FamilyTable).scroll_keys = ("up", "down")  # (pgup / pgdn step ten moves here)
        self.show()

    def on_theme_switched(self, message: ThemeSwitched) -> None:
        self.show()

    def on_move_chosen(self, message: MoveChosen) -> None:
        message.stop()  # a replay takes no moves

    # ----------------------------------------------------------------- drawing
    def show(self) -> None:
        """Draw the position at ``replay.step``."""
        replay, game = self.replay, self.replay.game
        title = game_title(FAMILY_TITLES.get(game.family, game.family), game.variant.title)
        where = "round in play" if replay.hidden else f"step {replay.step}/{replay.total}"  # (see action_step)
        over = " · match over" if game.is_over and replay.at_end else ""
        self.query_one("#replay-header", Static).update(Text(as_themed(  # (the preset's title as written)
            self.app, f"Replay · {title} · {where} · {round_word(game.family)} {game.round}{over}")))
        keys = REPLAY_KEYS.format(round=round_word(game.family))
        self.query_one("#replay-keys", Static).update(Text(as_themed(self.app, keys)))
        table: Any = self.query_one("#table")
        table.state = self.ui.present(game, None, self.seats, self.ascii)
        hands = self.query_one("#replay-hands", Static)
        hands.border_title = HIDDEN_TITLE if replay.hidden else EVERY_HAND
        hands.update(self.hands_text())
        self._show_step()

    def _show_step(self) -> None:
        """The step line, in at most the three lines it has (a long step cut with " …")."""
        line = self.query_one("#replay-step", Static)
        width = max(10, line.content_region.width or self.app.size.width - 2)  # (before the first layout: the screen's)
        lines = list(Text(as_themed(self.app, self.step_text().plain)).wrap(self.app.console, width))
        if len(lines) > 3:
            last = lines[2]
            last.truncate(width - 2)
            last.rstrip()
            last.append(" …")
            lines = lines[:3]
        line.update(Text("\n").join(lines))

    def hands_text(self) -> Text:
        """One line per seat: name, count and every card (red suits in red). With more
        than four seats, in two columns when every line fits half the width, by name
        without "(bot)" if need be (7 President hands at 80x24 left no room for the trick);
        when even that does not fit a short terminal, the seat panels give way (the hands
        box says every seat's name, count and turn)."""
        room = self.size.width - 4  # the box's border and padding
        lines = self._hand_lines([seat.label for seat in self.seats])
        self.set_class(False, "-tight")
        if len(lines) > 4:
            for names in ([seat.label for seat in self.seats], [seat.name for seat in self.seats]):
                lines = self._hand_lines(names)
                column = max(line.cell_len for line in lines) + 1
                if 2 * column <= room:
                    half = (len(lines) + 1) // 2
                    lines = [left + Text(" " * (column - left.cell_len)) + right
                             for left, right in zip(lines[:half], lines[half:] + [Text()])]
                    break
            else:
                lines = self._hand_lines([seat.label for seat in self.seats])
                self.set_class(self.size.height < 30, "-tight")
        text = Text("\n").join(lines)
        text.no_wrap, text.overflow = True, "ellipsis"
        return text

    def _hand_lines(self, names: list[str]) -> list[Text]:
        replay = self.replay
        to_act = set(replay.to_act)
        width = max(len(name) for name in names)
        sizes = replay.game.view(None).hand_sizes
        in_order = self.query_one("#table").in_order  # type: ignore[attr-defined]
        lines = []
        for seat, hand in enumerate(replay.hands):
            line = Text()
            mark = ("> " if self.ascii else "▶ ") if seat in to_act else "  "
            size: object = len(hand)
            if replay.hidden:  # (counts as the table shows them: "?" where the preset hides them)
                size = "?" if sizes[seat] is None else sizes[seat]
            line.append(as_themed(self.app, f"{mark}{names[seat]:<{width}} {size:>2}: "),  # ("5:", not a card "5")
                        style="bold" if seat in to_act else "")
            if replay.hidden:
                line.append("hidden", style="dim")
            for card in in_order(hand):  # (as the table shows a hand: a Tonk hand sorted, not as drawn)
                label = card_label(card, self.ascii)
                line.append(label, style="bold red" if card.is_red else "bold")
                line.append(" ")
            lines.append(line)
        return lines

    def on_resize(self) -> None:
        if self.is_mounted:
            self.query_one("#replay-hands", Static).update(self.hands_text())
            self._show_step()

    def step_text(self) -> Text:
        """What the current step did, every card shown."""
        replay = self.replay
        kind, seat, move = replay.record()
        number = "" if replay.hidden else f"{replay.step}. "
        if kind != "move":  # (and what the deal did besides: each hand is in the box above; a
            # forced exchange's cards, which the table's log keeps to itself, the upcard)
            besides = [replay.describe(event) for event in replay.step_events() if event.kind not in DEAL_SAID]
            return Text(" · ".join([f"{number}{'deal' if kind == 'deal' else 'first deal'} — {move}",
                                    *filter(None, besides)]))
        # a show-down's hands are in the every-hand box above: the line keeps to what happened
        shown = " · ".join(filter(None, (replay.describe(event) for event in replay.step_events()
                                         if event.kind != "hands_shown")))
        fallback = f"{replay.name(seat)} moves" if replay.hidden else f"{replay.name(seat)}: {move}"
        return Text(number + (shown or fallback))  # (the events say it in words)

    # ----------------------------------------------------------------- keys
    def action_scroll_table(self, direction: int) -> None:
        """↑ ↓ scroll what the table has to scroll (Shanghai's melds)."""
        self.query_one("#table", FamilyTable).scroll_box(direction)

    def action_step(self, steps: int) -> None:
        self._go(self.replay.step + steps, 1 if steps > 0 else -1)

    def action_deal(self, way: int) -> None:
        """] (or n): the next round's deal (the end after the last); [ (or p): back to this
        round's deal, or the one before when at it (a 19-hand match was 279 steps, one or
        ten at a time)."""
        step = self.replay.step
        deals = self.replay.deal_steps()
        if way > 0:
            self._go(next((deal for deal in deals if deal > step), self.replay.total), 1)
        else:
            self._go(max((deal for deal in deals if deal < step), default=0), -1)

    def action_jump(self, step: int) -> None:
        self._go(self.replay.total if step < 0 else step, -1 if step < 0 else 1)

    def _go(self, step: int, way: int) -> None:
        """Go to ``step``, passing by the silent steps of a round still in play (they would
        tell who had an out-of-turn chance): on in the direction ``way``, else back. In
        that round the steps go unnumbered, for the same reason."""
        replay = self.replay
        step = max(0, min(step, replay.total))
        for direction in (way, -way):
            found = step
            while 0 <= found <= replay.total and replay.is_silent(found):
                found += direction
            if 0 <= found <= replay.total:
                step = found
                break
        replay.seek(step)
        self.show()

    def action_close(self) -> None:
        self.key_note.withdraw()
        if self.standalone:
            self.app.exit(0)
        else:
            self.dismiss(None)
