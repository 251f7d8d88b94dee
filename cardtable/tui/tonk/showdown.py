"""The end of a Tonk hand: the show-down (every hand face up with its count, when the
hand was shown), how it ended, the payments (one line per payer and payee), and the chips ledger.

:func:`showdown` reads the public events of the hand that just ended, the public ledger
(``game.chips``) and, for the one human at a table of bots, that seat's own view (its
hand, when the others' stay hidden); :class:`ShowdownScreen` draws it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Center, Middle, Vertical, VerticalScroll
from textual.widgets import Static

from ...engine.cards import Card
from ...engine.events import Event, RoundEnded
from ...games.tonk import events as ev
from ...games.tonk.order import by_suit
from ...games.tonk.payments import stakes_reason, ties_lowest
from ...games.tonk.spreads import spread_text
from ..phrases import Phrases
from ..screens.over_table import RoundOver
from ..seats import Seat
from ..text import counted, number, signed, themed, this_round, uses_ascii
from ..widgets.card import cards_label, meld_label


@dataclass(frozen=True)
class ShowdownRow:
    name: str
    hand: str
    count: str
    net: int
    chips: int
    winner: bool = False
    plays: tuple[str, ...] = ()
    """A winner's last turn, play by play, as ``hand`` says it after "went out: "."""


@dataclass(frozen=True)
class Showdown:
    """What the end-of-hand screen shows."""

    title: str
    story: tuple[str, ...]
    rows: tuple[ShowdownRow, ...]
    payments: tuple[str, ...]
    why: str = ""
    """Why the winner is paid what it is ("a Tonk, out without a discard: double stakes")."""
    side: tuple[str, ...] = ()
    """The spades bet's payments (T12), apart from the hand's."""


def _chips(n: int) -> str:
    return counted(n, "chip")


def totals(payments: tuple[tuple[int, int, int], ...]) -> dict[tuple[int, int], int]:
    """The chips each payer pays each payee, in the order first paid: one line each (a
    caught dropper under caught="seed" pays a lower winner twice, once as the dropper
    and once as a non-winner; two lines "Ann pays Dag 1 chip" read as a double charge)."""
    summed: dict[tuple[int, int], int] = {}
    for payer, payee, chips in payments:
        summed[payer, payee] = summed.get((payer, payee), 0) + chips
    return summed


def showdown(game: object, seats: tuple[Seat, ...], ascii: bool = False,
             in_order: Callable[[Sequence[Card]], Sequence[Card]] | None = None,
             viewer: int | None = None) -> Showdown:
    """The show-down of the hand that just ended (public facts, and ``viewer``'s own hand
    when the others' stay hidden: the one human at the table knows it); each shown hand in
    ``in_order`` (the table's display order; default by suit)."""
    events = game.events  # type: ignore[attr-defined]
    hand_events = this_round(events)
    names = [seat.name for seat in seats]
    name = lambda seat: names[seat]  # noqa: E731
    fix = themed(ascii)
    shown = next((e for e in hand_events if isinstance(e, ev.HandsShown)), None)
    won = next((e for e in hand_events if isinstance(e, ev.HandWon)), None)
    ended = next((e for e in reversed(hand_events) if isinstance(e, RoundEnded)), None)
    players = len(seats)
    story: list[str] = []
    for event in hand_events:
        if isinstance(event, (ev.HandDropped, ev.FortyNineDeclared, ev.StockExhausted, ev.HandVoided,
                              ev.SidePotWon)):
            story.append(event.describe(name))
        elif isinstance(event, ev.HandWon):
            story.append(replace(event, payments=()).describe(name))
    side = next((e for e in hand_events if isinstance(e, ev.SidePotWon)), None)
    payments, side_payments = (tuple(f"{names[payer]} pays {names[payee]} {_chips(chips)}"
                                     for (payer, payee), chips in totals(paid).items())
                               for paid in (won.payments if won else (), side.payments if side else ()))
    points = ended.points if ended else (0,) * players
    chips = game.chips  # type: ignore[attr-defined]
    winners = set(won.winners) if won else set()
    rows = []
    for seat in range(players):
        plays: tuple[str, ...] = ()
        if shown is not None:
            order = in_order(shown.hands[seat]) if in_order else sorted(shown.hands[seat], key=by_suit)
            hand = cards_label(order, ascii) or "(empty)"
            count = str(shown.counts[seat])
        elif seat in winners:
            plays = _last_turn(hand_events, seat, ascii) if won is not None and won.how in ("out", "tonk") else ()
            hand, count = "went out" + (f": {', '.join(plays)}" if plays else ""), "0"
        elif seat == viewer:
            own = game.view(seat)  # type: ignore[attr-defined]
            order = in_order(own.hand) if in_order else sorted(own.hand, key=by_suit)
            hand, count = f"{cards_label(order, ascii) or '(empty)'} (your hand)", str(own.counts[seat])
        else:
            hand, count = "not shown", "-" if ascii else "—"
        rows.append(ShowdownRow(fix(seats[seat].label), hand, count, points[seat], chips[seat], seat in winners,
                                plays))
    title = f"Hand {game.round} — {'show-down' if shown is not None else 'over'}"  # type: ignore[attr-defined]
    dropped = next((e for e in hand_events if isinstance(e, ev.HandDropped)), None)
    tied = shown is not None and dropped is not None and dropped.seat is not None and \
        ties_lowest(shown.counts, dropped.seat)
    why = stakes_reason(won.how, game.variant.rules, tied) if won is not None and won.payments else ""  # type: ignore[attr-defined]
    return Showdown(fix(title), tuple(fix(line) for line in story), tuple(rows),
                    tuple(fix(line) for line in payments), fix(why), tuple(fix(line) for line in side_payments))


def _last_turn(hand_events: Sequence[Event], seat: int, ascii: bool) -> tuple[str, ...]:
    """What ``seat`` laid down on the turn it went out, play by play in order (T5, T8):
    "spread J♣ J♦ J♥", "hit 5♠", "discarded 9♦" (the table is gone once the hand ends). A turn that goes out
    began with a draw (T5: only a drop or a declared 49 skips it, and neither goes out)."""
    plays: list[str] = []
    for event in reversed(hand_events):
        if event.seat != seat:
            continue
        if isinstance(event, (ev.StockDrawn, ev.UpcardTaken)):
            break
        if isinstance(event, ev.SpreadLaid):  # (a joker says what it stands for, as in the log)
            plays.append(f"spread {spread_text(event.cards)}")  # (the table writes it as the theme does)
        elif isinstance(event, ev.SpreadHit):
            plays.append(f"hit {_hit_label(event, ascii)}")
        elif isinstance(event, ev.DeadFourDiscarded):
            plays.append(f"put the dead four {cards_label(event.cards, ascii)} on the pile")
        elif isinstance(event, ev.CardDiscarded):
            plays.append(f"discarded {cards_label((event.card,), ascii)}")
    return tuple(reversed(plays))


def _hit_label(hit: ev.SpreadHit, ascii: bool) -> str:
    """The card of a hit: a joker with what it stands for in the spread it made ("JK=Q♦")."""
    return meld_label((hit.card,), (hit.stands,), ascii)


def showdown_table(data: Showdown, ascii: bool = False) -> Table:
    """Each seat's hand, count, chips won or lost and chips, as the theme writes them (``ascii``)."""
    fix = themed(ascii)
    table = Table(expand=False, box=None, padding=(0, 1), header_style="bold")
    table.add_column("player", no_wrap=True)
    table.add_column("hand")
    table.add_column("count", justify="right")
    table.add_column("this hand", justify="right")
    table.add_column("chips", justify="right")
    for row in data.rows:
        style = "bold" if row.winner else ""
        table.add_row(Text(("* " if row.winner else "  ") + fix(row.name), style=style), _hand_cell(row, fix),
                      fix(row.count), signed(row.net, ascii), number(row.chips, ascii))
    return table


def _hand_cell(row: ShowdownRow, fix: Callable[[str], str]) -> Phrases:
    """A row's hand as the table wraps it (as ``fix`` writes it): a winner's last turn
    ("went out: spread J♣ J♦ J♥, hit 5♠, discarded 9♦") between its plays, not inside one
    ("hit" / "5♠") where the play fits the column (a five-card spread beside a long name
    may not); cards by words."""
    if row.plays:
        return Phrases([fix("went out:"), Phrases([fix(play) for play in row.plays], ", ")], " ")
    return Phrases([fix(row.hand)])


PAYMENTS_ROOM = 68
"""The payments' width in the show-down box (``#summary-box`` in app.tcss: 76 wide, less
its border, padding and a scroll bar; change them together)."""


def payments_text(payments: tuple[str, ...], why: str = "", ascii: bool = False, side: tuple[str, ...] = ()) -> Text:
    """Each payment on its own line (two to a line, in two columns, when there are more
    than two and two of the longest fit side by side), under why they are what they are;
    then the spades bet's (``side``), under a heading of its own (as the theme writes it: ``ascii``)."""
    fix = themed(ascii)
    text = Text()
    text.append("Payments", style="bold")
    if why:
        text.append(fix(f" — {why}"))
    if not payments:
        text.append(": nobody pays")
    text.append(_columns(tuple(map(fix, payments))))
    if side:
        text.append("\nSpades bet", style="bold")
        text.append(_columns(tuple(map(fix, side))))
    return text


def _columns(payments: tuple[str, ...]) -> str:
    """The payments a line each, or two to a line in two even columns (see :data:`PAYMENTS_ROOM`)."""
    if not payments:
        return ""
    width = max(map(cell_len, payments))
    per_line = 2 if len(payments) > 2 and 2 + 2 * width + 3 <= PAYMENTS_ROOM else 1
    return "".join("\n  " + "   ".join(p + " " * (width - cell_len(p)) for p in payments[start:start + per_line]).rstrip()
                   for start in range(0, len(payments), per_line))


class ShowdownScreen(RoundOver):
    """The end of a hand; Enter goes on (next hand or the match result); ``ctrl+s`` saves
    the game here too, and ``r`` shows the rules. ``data`` may be in the table's own
    characters: the screen writes it as the theme does, and again when the theme changes."""

    def __init__(self, data: Showdown, footer: str) -> None:
        super().__init__(classes="summary tonk-showdown")
        self.data, self.footer = data, footer

    def compose(self) -> ComposeResult:
        data, ascii = self.data, uses_ascii(self.app)
        fix = themed(ascii)
        with Middle(), Center(), Vertical(id="summary-box") as box:
            box.border_title = Text(fix(data.title))
            with VerticalScroll(id="showdown-scroll"):
                yield Static(Text(fix("\n".join(data.story)), style="bold"), id="summary-heading")
                yield Static(showdown_table(data, ascii), id="summary-table")
                yield Static(payments_text(data.payments, data.why, ascii, data.side), id="showdown-payments")
            yield Static(Text(self.footer), id="summary-footer")
