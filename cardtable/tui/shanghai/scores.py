"""The Shanghai score sheet after each hand: every hand's points so far and the totals
(S11: lowest total wins), and the cards each player was left with, as they are laid
face up to be counted (public once the hand is over; a hand in play is never shown)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Center, Middle, Vertical
from textual.widgets import Static

from ...engine.cards import pretty_cards
from ...engine.events import RoundEnded, RoundStarted
from ...games.shanghai.events import HandsCounted, WentOut
from ..phrases import Phrases
from ..seats import Seat
from ..text import as_themed, number, themed, uses_ascii
from ..screens.over_table import RoundOver


def hand_results(game: Any) -> list[tuple[tuple[int, ...], int | None]]:
    """Each finished hand, in order: its points per seat and who went out of it (None when
    the stock ran out first, S12), from the events."""
    results, out = [], None
    for event in game.events:
        if isinstance(event, RoundStarted):
            out = None
        elif isinstance(event, WentOut):
            out = event.seat
        elif isinstance(event, RoundEnded):
            results.append((event.points, out))
    return results


SHEET_HANDS = 10
"""The most hands the score sheet shows (the latest ones), a column each."""


def sheet_hands(game: Any) -> list[tuple[tuple[int, ...], int | None]]:
    """The hands on the score sheet: the latest :data:`SHEET_HANDS` of :func:`hand_results`."""
    return hand_results(game)[-SHEET_HANDS:]


def sheet_order(game: Any) -> list[int]:
    """The seats as the sheet lists them: lowest total first (S11: the lowest wins)."""
    return sorted(range(game.players), key=lambda seat: game.scores[seat])


def score_table(game: Any, seats: tuple[Seat, ...], ascii: bool = False) -> Table:
    """One row per player: the points of each hand on the sheet (:func:`sheet_hands`), the
    total. Who went out of a hand has * before its points in that hand's column ("*0", or
    "*−25" with a going-out bonus, the theme's minus sign as on the seat panels; the numbers
    keep in line, right-aligned). A name too
    long for the sheet ends in … (is cut short in the ASCII theme)."""
    hands = hand_results(game)
    first = max(0, len(hands) - SHEET_HANDS)  # (the hands sheet_hands gives, numbered from first + 1)
    table = Table(box=None, padding=(0, 1), collapse_padding=True, header_style="bold", expand=False)
    table.add_column("player")
    columns = [[("*" if seat == out else "") + number(points[seat], ascii) for seat in range(game.players)]
               for points, out in hands[first:]]
    for hand in range(first + 1, len(hands) + 1):
        table.add_column(str(hand), justify="right")
    table.add_column("total", justify="right", style="bold")
    for seat in sheet_order(game):
        # As written (never markup), on one line: a name too long for the sheet ends in …
        name = Text(themed(ascii)(seats[seat].label), no_wrap=True, overflow="crop" if ascii else "ellipsis")
        table.add_row(name, *(cells[seat] for cells in columns), number(game.scores[seat], ascii))
    return table


def cards_left(game: Any, seats: tuple[Seat, ...], ascii: bool = False) -> Phrases | None:
    """S11: what each player still held when the hand just played ended, and what it
    counts ("Cards left: Bob 7♣ 7♣ 7♥ = 15 · Finn …"), in the sheet's order, each
    player's on one line where the sheet has room; None before a hand is over or when
    nobody held a card."""
    counted = next((event for event in reversed(game.events) if isinstance(event, (HandsCounted, RoundStarted))),
                   None)  # (a hand in play has counted nothing yet: the last hand's cards are not this one's)
    if not isinstance(counted, HandsCounted) or not any(counted.hands):
        return None
    fix = themed(ascii)
    held = [fix(f"{seats[seat].name} {pretty_cards(counted.hands[seat])} = {counted.counts[seat]}")
            for seat in sheet_order(game) if counted.hands[seat]]
    return Phrases([fix("Cards left:"), Phrases(held, fix(" · "))], " ")


def score_sheet(game: Any, seats: tuple[Seat, ...], ascii: bool = False) -> Group:
    """The sheet's body: :func:`score_table`, then :func:`cards_left` under it."""
    left = cards_left(game, seats, ascii)
    return Group(score_table(game, seats, ascii), *((Text(""), left) if left is not None else ()))


class ScoreSheetScreen(RoundOver):
    """After a hand: who went out, the points of every hand so far, the totals (``ctrl+s``
    saves the game here too, and ``r`` shows the rules)."""

    def __init__(self, heading: str, table: Callable[[bool], RenderableType], footer: str,
                 went_out: bool = True) -> None:
        super().__init__(classes="summary")
        self.heading, self.table, self.footer = heading, table, footer
        """``table``: the sheet, as the theme writes it (ASCII or not), drawn again when it changes."""
        self.went_out = went_out
        """Whether a player went out of a hand on the sheet (the table marks them with *)."""

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical(id="summary-box") as box:
            box.border_title = "score sheet"
            yield Static(Text(as_themed(self.app, self.heading), style="bold"), id="summary-heading")
            yield Static(self.table(uses_ascii(self.app)), id="summary-table")
            went_out = "* went out of that hand · " if self.went_out else ""
            yield Static(Text(as_themed(self.app, f"{went_out}columns are hands · lowest total wins\n") + self.footer),
                         id="summary-footer")
