"""The Tonk table: seats with the chips ledger and hit lock-outs, the spreads grouped
by owner, the stock and pile, the log, the status line and the hand. It renders a
:class:`TonkState` and posts :class:`~cardtable.tui.messages.MoveChosen`; it never
touches the game. Keys pick among the legal moves it is given; anything else is sent
as asked, so the engine's refusal reason is what the player reads."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from ...engine.cards import Card
from ...engine.moves import Move
from ...games.tonk.order import by_rank, by_suit
from ...games.tonk.spreads import spread_text
from ..text import themed
from ..widgets.card import cards_label
from ..widgets.family_table import FamilyTable
from ..widgets.hand import Hand
from ..widgets.log import EventLog, LastLine
from ..widgets.seat import SeatPanel
from .dialogs import ConfirmDrop
from .present import TonkSeatInfo, TonkState, counted
from .widgets import PilesPanel, SpreadsPanel


class TonkTable(FamilyTable[TonkState]):
    """The whole Tonk table for the human on screen."""

    BINDINGS = [
        Binding("s", "stock", "stock", show=False),
        Binding("u", "upcard", "upcard", show=False),
        Binding("m", "spread", "spread", show=False),
        Binding("l,h", "hit", "hit", show=False),
        Binding("d", "discard", "discard", show=False),
        Binding("D", "drop", "drop", show=False),
        Binding("c", "declare", "declare 49", show=False),
        Binding("f", "dead_four", "dead four", show=False),
        Binding("o", "sort", "sort", show=False),
    ]

    family = "tonk"

    @property
    def by_rank(self) -> bool:
        """Whether the hand on screen shows by rank (sets together) instead of by suit
        (runs together); its player's ``o`` switches, and the user's settings remember it."""
        return self.hand_order() == "rank"

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        yield Horizontal(id="seats")
        with Horizontal(id="middle"):
            with Vertical(id="spreads-box"):
                yield SpreadsPanel(id="spreads")
                yield LastLine(id="lastline", rows=3, most=3)
            with Vertical(id="piles-box"):
                yield PilesPanel(id="piles")
            yield EventLog(id="log")
        yield Static(id="status")
        yield Hand(id="hand")
        yield Static(id="selection")
        yield Static(id="keys")

    def on_mount(self) -> None:
        self.query_one("#spreads-box").border_title = "spreads"
        self.query_one("#piles-box").border_title = "stock · pile"

    # ----------------------------------------------------------------- drawing
    def _show_table(self, state: TonkState) -> None:
        self.query_one("#piles-box").border_title = Text(themed(self.ascii)("stock · pile"))
        self.query_one(SpreadsPanel).rows = state.spreads
        piles = self.query_one(PilesPanel)
        piles.stock_size, piles.top, piles.pile_size = state.stock_size, state.discard_top, state.discard_size
        piles.active = state.phase == "start"
        hand = self.query_one(Hand)
        shown = self.in_order(state.hand)
        if shown != hand.cards:
            hand.cards = shown
        hand.legal = None
        hand.active = self._may_act(state)

    def _may_act(self, state: TonkState) -> bool:
        return state.phase in ("start", "act")  # (cards may be picked before the draw, as in Shanghai)

    def _turn_keys(self, state: TonkState) -> str:
        return state.keys  # (what the player may do now, from present)

    def _hand_takes_keys(self, state: TonkState) -> bool:
        return state.viewer is not None  # (whenever a player sits, not only while it is active)

    def _order(self, card: Card) -> tuple[int, int]:
        return by_rank(card) if self.by_rank else by_suit(card)

    def in_order(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """``cards`` in the hand's display order (dialogs show the hand this way too)."""
        return tuple(sorted(cards, key=self._order))

    SORTS = True

    def action_sort(self) -> None:
        """Display order only: by suit (runs together) or by rank (sets together)."""
        self.sorted_by("suit" if self.by_rank else "rank")
        hand = self.query_one(Hand)
        hand.cards = self.in_order(hand.cards)

    def _dress_seat(self, panel: SeatPanel, seat: TonkSeatInfo) -> None:
        panel.set_class(bool(seat.lock), "-locked")
        panel.border_subtitle = Text(seat.lock)

    def _moves(self, kind: str) -> list[Move]:
        state = self.state
        return [m for m in state.moves if m.kind == kind] if state is not None else []

    def _hits_for(self, card: Card) -> list[Move]:
        return [m for m in self._moves("hit") if m.cards[0] == card]

    def _spreads_for(self, cards: Sequence[Card]) -> list[Move]:
        key = sorted(cards)
        return [m for m in self._moves("spread") if sorted(m.cards) == key]

    def _count_line(self, state: TonkState) -> str:
        """The start of the line under the hand: "count 12 · 98 chips"."""
        return themed(self.ascii)(f"count {state.count} · {counted(state.chips or 0, 'chip', self.ascii)}")

    def _notice_row(self) -> str:
        row = self._selection_row()
        return row.plain if row is not None else ""

    def _selection_row(self) -> Text | None:
        """The line under the hand: the count and chips, then the notice, else what the
        selected cards would do, else the hint (a spread or a Tonk in reach); None with
        nobody seated on screen."""
        state = self.state
        if state is None or state.viewer is None:
            return None
        bar = "|" if self.ascii else "│"
        text = Text()
        text.append(self._count_line(state), style="bold")
        if self.notice:
            return text + Text(f" {bar} ") + Text(self.notice, style="bold red")
        cards = self._selected() if state.phase == "act" else []
        if not cards:
            hint = state.hint if state.phase == "act" else ""
            return text + Text(f" {bar} {hint}", style="dim") if hint else text
        text.append(f" {bar} ")
        text.append(f"selected {cards_label(cards, self.ascii)}: ")
        options = []
        if len(cards) >= 3:
            options.append("a spread (m)" if self._spreads_for(cards) else "not a spread")
        if len(cards) == 1:
            hits = self._hits_for(cards[0])
            if hits:
                options.append(f"hits {counted(len(hits), 'spread')} (l)")
            options.append("discard (d)")
        if len(cards) == 2:
            options.append("select 3 or more for a spread, 1 to hit or discard")
        ok = any(not o.startswith(("not", "select")) for o in options)
        text.append(" · ".join(options), style="green" if ok else "yellow")
        return text

    def _show_selection(self) -> None:
        if not self.is_mounted:
            return
        state = self.state
        spreads = self.query_one(SpreadsPanel)
        cards = self._selected() if state is not None and state.viewer is not None and state.phase == "act" else []
        # (the spreads a single selected card hits are marked, under a notice too: a hint selected it)
        spreads.targets = frozenset((m.target[0], m.target[1]) for m in self._hits_for(cards[0]) if m.target) \
            if len(cards) == 1 else frozenset()
        self.query_one("#selection", Static).update(self._selection_row() or "")
        self.set_class(self._notice_wraps(), "-notice")  # (a long hint takes the key bar's row too)

    # ----------------------------------------------------------------- input
    def on_hand_submitted(self, event: Hand.Submitted) -> None:
        """Enter: one card selected is discarded, three or more are laid as a spread."""
        cards = self._selected()
        spreads = self.state is not None and self.state.can("spread")
        if self.state is not None and self.state.phase == "start":  # (as d says: the draw comes first)
            self._ready_to_meld()
            return
        if len(cards) >= 3:
            self.action_spread()
        elif len(cards) == 1:
            self.action_discard()
        elif cards:
            self.notice = "Enter discards 1 card" + (" or lays 3+ as a spread" if spreads else "")
        else:
            self.notice = "select a card to discard" + (" (or 3+ for a spread)" if spreads else "")

    def on_piles_panel_clicked(self, event: PilesPanel.Clicked) -> None:
        if event.which == "stock":
            self.action_stock()
        else:
            self.action_upcard()

    def _acting(self) -> bool:
        """Whether the viewer decides now; if not, the notice says so."""
        if self.state is not None and self.state.phase != "":
            return True
        self._out_of_turn()
        return False

    def _ready_to_meld(self) -> bool:
        """Whether the viewer may spread, hit or discard now; if not, the notice says why
        (draw first)."""
        if not self._acting():
            return False
        assert self.state is not None
        if self.state.phase == "start":
            self.notice = self.state.draw_first
            return False
        return True

    def action_stock(self) -> None:
        if self._acting():
            self._choose(Move("draw_stock"))

    def action_upcard(self) -> None:
        if self._acting():
            self._choose(Move("take_upcard"))

    def action_spread(self) -> None:
        if not self._ready_to_meld():
            return
        cards = self._selected()
        if not cards:
            spreads = self._moves("spread")
            if not spreads:  # (say so at once: m is not on the key bar then)
                self.notice = "no spread in your hand now (3 or 4 of a kind, or 3+ in a row of one suit)"
            elif len(spreads) == 1:  # (the one the line under the hand offers: a play-tester pressed m for it)
                self._choose(spreads[0])
            else:  # (as Shanghai's m lists the go-downs: those the hint names first, then the longest)
                hinted = [sorted(spread) for spread in self.state.hinted] if self.state is not None else []
                ordered = sorted(spreads, key=lambda m: (hinted.index(sorted(m.cards)) if sorted(m.cards) in hinted
                                                         else len(hinted), -len(m.cards)))
                self._offer_choices("Lay a spread", "Which spread? (selecting its cards first lays it at once)",
                                    [(spread_text(m.cards), m) for m in ordered])
            return
        found = self._spreads_for(cards)
        if len(found) == 1:
            self._choose(found[0])
        elif found:
            self._offer_choices("Lay a spread", "Which way is the spread laid (where do the jokers stand)?",
                                [(spread_text(m.cards), m) for m in found])
        else:
            self._choose(Move("spread", cards, (cards,)))  # the engine says why not

    def action_hit(self) -> None:
        if not self._ready_to_meld():
            return
        cards = self._selected()
        if self.state is not None and not self.state.spreads:  # (whatever is selected: nothing to hit)
            self.notice = "there is no spread on the table to hit"
            return
        if not cards and self.state is not None and not self.state.can("hit"):  # (l is not on the key bar then)
            self.notice = "no card of yours hits a spread on the table now"
            return
        if not cards:  # (as m: the one hit the line under the hand offers, or a list of them)
            hits = self._moves("hit")
            if len(hits) == 1:
                self._choose(hits[0])
            else:
                self._offer_choices("Hit a spread", "Which hit? (selecting a card first narrows them)",
                                    [(f"{cards_label(move.cards)} {label}", move) for move, label in self._hit_labels(hits)])
            return
        if len(cards) != 1:
            self.notice = "select exactly one card to hit with, then l"
            return
        found = self._hits_for(cards[0])
        if len(found) == 1:
            self._choose(found[0])
        elif found:
            self._offer_choices("Hit a spread", f"Hit {cards_label(cards)} on which spread?",
                                [(label, move) for move, label in self._hit_labels(found)])
        else:
            no_hit = self.state.no_hit if self.state else {}
            self.notice = f"{cards_label(cards, self.ascii)} {no_hit.get(cards[0], 'fits no spread on the table')}"

    def _hit_labels(self, hits: list[Move]) -> list[tuple[Move, str]]:
        """Each hit with the spread it goes on: "on Dag's spread J♣ Q♣ K♣"."""
        state = self.state
        assert state is not None
        labelled = []
        for move in hits:
            owner, index = move.target or (0, 0)
            row = next(r for r in state.spreads if r.owner == owner)
            whose = "your" if owner == state.viewer else f"{state.names[owner]}'s"
            spread = row.spreads[index]
            labelled.append((move, f"on {whose} spread {spread_text(spread)}"))
        return labelled

    def action_discard(self) -> None:
        if not self._ready_to_meld():
            return
        cards = self._selected()
        if len(cards) != 1:
            self.notice = "select exactly one card to discard, then d"
            return
        self._choose(Move("discard", cards))

    def action_drop(self) -> None:
        state = self.state
        if state is None or not self._acting():
            return
        drop = Move("drop")
        if drop not in state.moves:
            self._choose(drop)  # the engine says why not
            return
        question = (f"Drop with a count of {state.count}? Every hand is shown and the lowest "
                    "count wins; if anyone is as low or lower, you are caught and pay.")

        def answered(yes: bool | None) -> None:
            if yes:
                self._choose(drop)

        self._ask(ConfirmDrop(question), answered)

    def action_declare(self) -> None:
        if self._acting():
            self._choose(Move("declare"))

    def action_dead_four(self) -> None:
        if not self._acting():
            return
        found = self._moves("dead_four")
        if len(found) == 1:
            self._choose(found[0])
        elif found:
            self._offer_choices("Dead four", "Put which dead four on the pile?",
                                [(cards_label(m.cards), m) for m in found])
        else:  # the engine says why not (none on the table, or none at this table)
            self._choose(Move("dead_four"))


