"""Round-end and match-end screens: public results only (no hands)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Middle, Vertical
from textual.widgets import Button, Static

from ..families import SummaryRow
from ..notes import KeyNoted
from ..text import number, signed, themed, uses_ascii
from .over_table import HELD_KEY_SECONDS, OverTable, RoundOver


def match_table(rows: Sequence[SummaryRow], family: str | None, low_wins: bool = False,
                ascii: bool = False) -> Table:
    """The match-end table, in the family's words: President's titles and points;
    Tonk's final chips and the chips won over the match (``points``: the net result
    the statistics show); otherwise (Shanghai) the totals, saying when the lowest wins."""
    if family == "president" or family is None:
        return results_table(rows, round_points=False, ascii=ascii)
    fix = themed(ascii)  # (names and titles in the theme's letters: "Vara-skitur" in ASCII)
    table = Table(expand=False, box=None, padding=(0, 2), header_style="bold")
    table.add_column("place")
    table.add_column("player")
    if family == "tonk":
        table.add_column("chips", justify="right")
        table.add_column("chips won", justify="right")
        any_broke = any(row.title for row in rows)  # ("broke": the seats whose chips ended the match, T13)
        if any_broke:
            table.add_column("")
        for row in rows:
            table.add_row(row.place, Text(fix(row.name)), number(row.total, ascii), signed(row.points, ascii),
                          *([Text(fix(row.title or ""))] if any_broke else []))
        return table
    table.add_column("total (lowest wins)" if low_wins else "total", justify="right")
    for row in rows:
        table.add_row(row.place, Text(fix(row.name)), str(row.total))
    return table


def results_table(rows: Sequence[SummaryRow], round_points: bool = True, ascii: bool = False) -> Table:
    """Place, player, title, the round's points ("+2", "−1") and the total; without the
    round's points (the match's end) the title is the last round's, and says so: a
    place by total beside another round's title read as a contradiction."""
    fix = themed(ascii)  # (names and titles in the theme's letters: "Vara-skitur" in ASCII)
    table = Table(expand=False, box=None, padding=(0, 2), header_style="bold")
    table.add_column("place")
    table.add_column("player")
    table.add_column("title" if round_points else "last round's title")
    if round_points:
        table.add_column("points", justify="right")
    table.add_column("total", justify="right")
    for row in rows:
        cells: list[str | Text] = [row.place, Text(fix(row.name)), Text(fix(row.title or "—"))]  # (a preset's titles)
        if round_points:
            cells.append(signed(row.points, ascii))
        cells.append(number(row.total, ascii))
        table.add_row(*cells)
    return table


class RoundEndScreen(RoundOver):
    """Finishing order, titles and points of the round that just ended (``ctrl+s`` saves
    the game here too, and ``r`` shows the rules)."""

    def __init__(self, heading: str, rows: Sequence[SummaryRow], footer: str) -> None:
        super().__init__(classes="summary")
        self.heading, self.rows, self.footer = heading, list(rows), footer

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical(id="summary-box") as box:
            box.border_title = Text(self.heading)
            yield Static(results_table(self.rows, ascii=uses_ascii(self.app)),
                         id="summary-table")
            yield Static(Text(self.footer), id="summary-footer")


class MatchEndScreen(KeyNoted, OverTable[str]):
    """Totals and the winners, in the columns of ``family`` (:func:`match_table`;
    ``low_wins``: the lowest total wins); returns "again", "new" or "quit". The Enter
    that took the last results away, pressed twice, must not press Play again unread.
    ``L`` shows the last hand's log and ``r`` the rules, as over a round's results (a
    play-tester was told "r is no key here")."""

    ARMING_SECONDS = HELD_KEY_SECONDS
    KEY_HINT = "a plays again, n starts a new game, q quits (L the log, r the rules)"

    BINDINGS = [Binding("a", "choose('again')", show=False), Binding("n", "choose('new')", show=False),
                Binding("q", "choose('quit')", show=False), Binding("L", "full_log", "log", show=False)]

    def action_full_log(self) -> None:
        """L: the last hand's whole log, as over a round's results."""
        self.table_does("results_log")

    def action_save_game(self) -> None:
        """ctrl+s: nothing to save (a finished match loaded would be played to its end
        again, moving the game under Continue aside): the history has it."""
        self.app.notify("The match is over: it is in the history, and Replays (start screen) shows it.",
                        timeout=4, markup=False)

    def __init__(self, heading: str, rows: Sequence[SummaryRow], family: str | None = None,
                 low_wins: bool = False) -> None:
        super().__init__(classes="summary")
        self.heading, self.rows = heading, list(rows)
        self.family, self.low_wins = family, low_wins

    def compose(self) -> ComposeResult:
        family, low_wins = self.family, self.low_wins
        with Middle(), Center(), Vertical(id="summary-box") as box:
            box.border_title = "match over"
            yield Static(Text(self.heading), id="summary-heading")  # (the winners' names, as written)
            ascii = uses_ascii(self.app)
            yield Static(match_table(self.rows, family, low_wins, ascii), id="summary-table")
            with Horizontal(id="summary-buttons"):
                yield Button("Play again (a)", id="again", variant="primary", compact=True)
                yield Button("New game (n)", id="new", compact=True)
                yield Button("Quit (q)", id="quit", compact=True)

    def on_mount(self) -> None:
        self.query_one("#again", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_choose(event.button.id or "quit")

    def action_choose(self, choice: str) -> None:
        if not self.armed():
            return
        self.key_note.withdraw()
        self.dismiss(choice)
