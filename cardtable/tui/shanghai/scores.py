"""The Shanghai score sheet after each hand: every hand's points so far and the totals
(S11: lowest total wins). Public results only — no hands."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Static

from ...engine.events import RoundEnded
from ..seats import Seat
from ..text import as_themed


def hand_points(game: Any) -> list[tuple[int, ...]]:
    """Each finished hand's points per seat, in order (from the RoundEnded events)."""
    return [event.points for event in game.events if isinstance(event, RoundEnded)]


def score_table(game: Any, seats: tuple[Seat, ...], out: int | None, max_columns: int = 10,
                ascii: bool = False) -> Table:
    """One row per player: the points of each hand played (the last ``max_columns``), the
    total. Who went ``out`` of the hand just played has a * beside its points in that
    hand's column. A name too long for the sheet ends in … (is cut short in the ASCII theme)."""
    hands = hand_points(game)
    first = max(0, len(hands) - max_columns)
    table = Table(box=None, padding=(0, 1), collapse_padding=True, header_style="bold", expand=False)
    table.add_column("player")
    columns = [(str(number), [str(points[seat]) for seat in range(game.players)])
               for number, points in enumerate(hands[first:], first + 1)]
    if out is not None and columns:  # the * in the last hand's column, the numbers kept in line
        number, cells = columns[-1]
        width = max(map(len, (number, *cells)))
        columns[-1] = (f"{number:>{width}} ", [f"{cell:>{width}}{'*' if seat == out else ' '}"
                                              for seat, cell in enumerate(cells)])
    for number, _cells in columns:  # (padded ones left: right-justifying would drop the end space)
        table.add_column(number, justify="left" if number.endswith(" ") else "right")
    table.add_column("total", justify="right", style="bold")
    order = sorted(range(game.players), key=lambda s: game.scores[s])
    for seat in order:
        # As written (never markup), on one line: a name too long for the sheet ends in …
        name = Text(seats[seat].label, no_wrap=True, overflow="crop" if ascii else "ellipsis")
        table.add_row(name, *(cells[seat] for _number, cells in columns), str(game.scores[seat]))
    return table


class ScoreSheetScreen(Screen[None]):
    """After a hand: who went out, the points of every hand so far, the totals."""

    BINDINGS = [Binding("enter", "next", "next hand", show=False), Binding("space", "next", show=False)]

    def __init__(self, heading: str, table: Table, footer: str, went_out: bool = True) -> None:
        super().__init__(classes="summary")
        self.heading, self.table, self.footer = heading, table, footer
        self.went_out = went_out
        """Whether a player went out this hand (the table marks them with *)."""

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical(id="summary-box") as box:
            box.border_title = "score sheet"
            yield Static(Text(as_themed(self.app, self.heading), style="bold"), id="summary-heading")
            yield Static(self.table, id="summary-table")
            went_out = "* went out this hand · " if self.went_out else ""
            yield Static(Text(as_themed(self.app, f"{went_out}columns are hands · lowest total wins\n") + self.footer),
                         id="summary-footer")

    def action_next(self) -> None:
        self.dismiss(None)
