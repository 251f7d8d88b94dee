"""The statistics screen (issue 8): per family, every player name's matches, wins and
the family's own measure (President titles, Shanghai average score, Tonk chips won
in all and per hand), then the recent matches (a Tonk match's scores are the chips
won, not the chips at the end). Read from the SQLite history; nothing is written."""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine.registry import FAMILY_TITLES
from ...engine.words import listed
from ...games.president.preset import TITLE_KEYS, TITLE_SHORT, title_legend
from ...store import PlayerStats, history_path, player_stats, recent_matches
from ...store.history import HistoryError, left_out
from ..phrases import Phrases
from ..text import as_themed, game_title, score_phrases, signed, signed_decimal, themed, uses_ascii
from .dialogs import HELP_AND_THEME
from .retheme import Rethemed
from .store_menu import when


def family_table(family: str, players: list[PlayerStats], ascii: bool = False) -> Table | None:
    """One family's table, or None if nobody played it (``ascii``: in the ASCII theme's
    characters)."""
    fix = themed(ascii)
    rows = [(p, p.families[family]) for p in players if family in p.families]
    if not rows:
        return None
    table = Table(title=FAMILY_TITLES.get(family, family), title_style="bold", title_justify="left",
                  header_style="bold", box=None, padding=(0, 1 if family == "tonk" else 2),  # (Tonk's 6 columns: 80 wide)
                  pad_edge=False)  # (every table's names under its title, whatever its padding)
    table.add_column("player")
    for column in ("matches", "wins", "win %"):
        table.add_column(column, justify="right")
    extra = {"president": ("titles (rounds)",), "shanghai": ("average score (low wins)",),
             "tonk": ("chips won", "chips per hand")}.get(family, ())
    for column in extra:
        table.add_column(column, justify="left" if family == "president" else "right")
    for player, stats in sorted(rows, key=lambda r: (-r[1].matches, r[0].name.casefold())):
        cells = [player.label, str(stats.matches), str(stats.wins),
                 f"{stats.wins / stats.matches:.0%}" if stats.matches else "—"]
        if family == "president":  # (each title beside its count, the list wrapped between them)
            titles = stats.titles
            counted = [fix(f"{TITLE_SHORT[t]} {titles[t]}") for t in TITLE_KEYS if titles.get(t)]
            table.add_row(Text(fix(cells[0])), *map(fix, cells[1:]),
                          Phrases(counted, fix(" · ")) if counted else fix("—"))
            continue
        if family == "shanghai":
            average = stats.average_score
            cells.append("—" if average is None else f"{average:.1f}")
        elif family == "tonk":  # the net result: chips at the end less the starting chips
            chips = stats.chips_per_hand
            cells += [signed(stats.total_score, ascii), "—" if chips is None else signed_decimal(chips, 2, ascii)]
        table.add_row(Text(fix(cells[0])), *map(fix, cells[1:]))  # (Text: the name as written, not markup)
    return table


def legend_phrases(held: Iterable[str] = TITLE_KEYS, ascii: bool = False) -> Phrases:
    """What the President table's short titles stand for ("P President · S Scum"), those
    ``held`` only, wrapped between entries (a new player saw "· Clk" end a line and "Clerk"
    start the next)."""
    fix = themed(ascii)
    return Phrases([fix(entry) for entry in title_legend(set(held))], fix(" · "))


def statistics(ascii: bool = False) -> RenderableType:
    """Everything the screen shows, as one renderable (``ascii``: in the ASCII theme's characters)."""
    fix = themed(ascii)
    damaged: list[str] = []
    try:
        players = player_stats(damaged=damaged)
        recent = recent_matches(15, damaged=damaged)
    except (HistoryError, OSError) as error:
        return Text(f"The match history cannot be read: {error}", style="bold red")
    parts: list[RenderableType] = [Text(note, style="yellow") for note in left_out(damaged)]
    if not players:
        none = "No other finished matches." if parts else "No finished matches yet."
        return Group(*parts, Text(f"{none} Every match played to the end is recorded here.\n"
                                  f"(history: {history_path()})"))
    for family in FAMILY_TITLES:
        table = family_table(family, players, ascii)
        if table is not None:
            legend = [legend_phrases(PlayerStats.titles_held(players), ascii)] if family == "president" else []
            parts += [table, *legend, Text("")]
    overall = Table(title="All games", title_style="bold", title_justify="left", header_style="bold",
                    box=None, padding=(0, 2), pad_edge=False)
    for column in ("player", "matches", "wins", "win %", "last played"):
        overall.add_column(column, justify="left" if column in ("player", "last played") else "right")
    for player in players:
        overall.add_row(Text(player.label), str(player.matches), str(player.wins), f"{player.win_rate:.0%}",
                        when(player.last_played))
    parts += [overall, Text("")]
    matches = Table(title="Recent matches (v on the start screen replays them)", title_style="bold",
                    title_justify="left", header_style="bold", box=None, padding=(0, 2), pad_edge=False)
    for column in ("#", "finished", "game", "players and scores", "won"):
        matches.add_column(column)
    for match in recent:
        scores = score_phrases(match.family, match.labels, match.scores, fix=fix)
        title = game_title(FAMILY_TITLES.get(match.family, match.family), match.preset_title)
        matches.add_row(str(match.id), fix(when(match.finished_at)),  # (Text: titles and names as written)
                        Text(fix(title)), scores, Text(fix(listed(match.winner_labels))))
    parts.append(matches)
    return Group(*parts)


class StatsScreen(Rethemed, ModalScreen[None]):
    """Statistics per player and family, and the recent matches; escape closes."""

    BINDINGS = [*HELP_AND_THEME, Binding("escape,i,q", "close", "close", show=False)]

    def compose(self) -> ComposeResult:
        with Vertical(id="stats-box") as box:
            box.border_title = Text(as_themed(self.app, "Statistics — escape closes"))
            with VerticalScroll(id="stats-scroll"):  # (by id: a theme switched keeps its scroll)
                yield Static(statistics(uses_ascii(self.app)), id="stats-body")

    def action_close(self) -> None:
        self.dismiss(None)
