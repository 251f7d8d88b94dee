"""The Shanghai table: contract banner, seats, stock and upcard, the melds by owner,
the log, the status line and the hand. It renders a :class:`ShanghaiState`, keeps
only what the player is composing (go-down groups, sort order), and posts
:class:`~cardtable.tui.messages.MoveChosen`; it never touches the game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from ...engine.cards import ACE, JOKER, Card
from ...engine.moves import Move
from ...engine.words import listed
from ...games.shanghai.rules import LAST_CARD, NOT_DOWN
from ..text import themed
from ..widgets.card import cards_label
from ..widgets.family_table import FamilyTable
from ..widgets.hand import Hand
from ..widgets.log import EventLog, LastLine
from .compose import (distinct_go_downs, fits_a_go_down, go_down_label, go_downs_of, go_downs_with, group_place,
                      groups_that_fit, lay_off_label, matching_go_downs, one_per_set_choice, swap_label,
                      unmatched_go_down, waiting_group_label)
from .present import ShanghaiState, contract_text, meld_name
from .widgets import MeldsView, Piles

DRAW_KEYS = (("s stock", "draw_stock"), ("u upcard", "take_upcard"))
"""The draw's keys for the key bar, each with the move it makes (listed while legal)."""
TURN_KEYS = (("g group", "meld"), ("m go-downs", "meld"), ("l lay off", "lay_off"),
             ("w swap", "swap_joker"), ("d discard", "discard"))
"""The keys of the rest of the viewer's turn, for the key bar (between "? help" and "o
sort"), each with the move it makes, listed while one is legal, as the status line says
them: going down (S5) or, once down, laying off (S6), a joker swap (S7), the discard (not
after taking a joker before going down, S7)."""
WAIT_KEYS = ("space/1-9 pick your cards meanwhile",)
"""The key bar while the upcard the viewer passed over is offered to the others (S8:
after a stock draw, or before a down seat's draw)."""
ME_GAP = 2
"""Cells between the banner and the player's own state beside it (``#sh-me``'s margin)."""


WINDOW_WAIT = "the upcard is on offer to the others: your turn goes on once they answer"
"""What a table key says while the viewer's turn waits on the buy window (S8)."""


def by_suit(cards: Sequence[Card], wilds: frozenset[int] = frozenset(),
            whole: Sequence[Card] | None = None) -> tuple[Card, ...]:
    """``cards`` by suit, then rank; the wild cards last (S5: jokers, and 2s where they are
    wild). An ace goes where a run would use it: first in its suit when the suit's other
    natural cards in ``whole`` (the whole hand, so that an ace keeps its place while cards
    go into go-down groups; ``cards`` if not given) are nearer the 2 than the king
    (A 2 4 ♦), else last (J K A ♠); alone, last."""
    low_aces: set[str] = set()
    whole = cards if whole is None else whole
    for suit in {card.suit for card in cards if card.rank == ACE}:
        ranks = [card.rank for card in whole if card.suit == suit and card.rank not in wilds and card.rank != ACE]
        if ranks and min(ranks) - 1 < ACE - max(ranks):
            low_aces.add(suit)
    return tuple(sorted(cards, key=lambda card: (card.rank in wilds, card.suit or "Z",
                                                  1 if card.rank == ACE and card.suit in low_aces else card.rank)))


def wilds_last(cards: Sequence[Card], wilds: frozenset[int]) -> tuple[Card, ...]:
    """``cards`` in their order, the wild cards moved to the end (S5: a wild 2 among the
    naturals read as one of a run)."""
    return tuple(sorted(cards, key=lambda card: card.rank in wilds))


GO_DOWN_CHOICES = 40
"""The most go-downs a dialog lists (more would scroll past finding; selected cards narrow them)."""


class ShanghaiTable(FamilyTable[ShanghaiState]):
    """The whole Shanghai table for the human on screen."""

    NOTICE_LINE = "#sh-info"  # (the notice shows on the info row, under the hand)

    family = "shanghai"

    BINDINGS = [
        Binding("s", "draw('draw_stock')", "stock", show=False),
        Binding("u", "draw('take_upcard')", "upcard", show=False),
        Binding("g", "group", "group", show=False),
        Binding("backspace", "ungroup", "undo group", show=False),
        Binding("m", "go_downs", "go-downs", show=False),
        Binding("l", "lay_off", "lay off", show=False),
        Binding("w", "swap", "swap joker", show=False),
        Binding("d", "discard", "discard", show=False),
        Binding("o", "sort", "sort", show=False),
        Binding("pageup", "scroll_melds(-1)", show=False),
        Binding("pagedown", "scroll_melds(1)", show=False),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.groups: list[tuple[Card, ...]] = []
        """The go-down being composed: the groups so far, in the order made (UI only)."""
        self.places: list[int] = []
        """The contract meld (its index) each of :attr:`groups` goes down as."""

    @property
    def by_suit(self) -> bool:
        """Whether the hand on screen shows by suit (after its player's ``o``; remembered
        per family) instead of by rank."""
        return self.hand_order() == "suit"

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with Horizontal(id="sh-banner-row"):
            yield Static(id="sh-banner")
            yield Static(id="sh-me")
        yield Horizontal(id="seats")
        with Horizontal(id="sh-middle"):
            with Vertical(id="sh-piles-box"):
                yield Piles(id="sh-piles")
            with VerticalScroll(id="sh-melds-box"):
                yield MeldsView(id="sh-melds")
            yield EventLog(id="sh-log")
        yield LastLine(id="sh-lastline")
        yield Static(id="status")
        yield Static(id="sh-info")
        yield Hand(id="hand")
        yield Static(id="keys")

    def on_mount(self) -> None:
        box = self.query_one("#sh-melds-box", VerticalScroll)
        box.border_title = "melds"
        box.can_focus = False
        for size in ("scroll_y", "virtual_size", "size"):
            self.watch(box, size, self._melds_scroll_changed, init=False)

    def _melds_scroll_changed(self) -> None:
        self.call_after_refresh(self._show_melds_scroll)  # (counted once the layout is done)

    def _show_melds_scroll(self) -> None:
        """The melds box's foot says how many lines are out of sight and the keys that
        show them (pgup / pgdn); nothing when every meld is in sight."""
        boxes = self.query("#sh-melds-box").results(VerticalScroll)
        box = next(boxes, None)
        if box is None:
            return  # (the table is being taken down: a new match replaced it)
        above, below = round(box.scroll_y), round(box.max_scroll_y - box.scroll_y)
        up, down, dot = ("^", "v", "|") if self.ascii else ("↑", "↓", "·")
        back, on = self.scroll_keys
        parts = ([f"{up} {back}"] if above > 0 else []) + ([f"{below} more {down} {on}"] if below > 0 else [])
        box.border_subtitle = Text(f" {dot} ".join(parts))

    # ----------------------------------------------------------------- drawing
    def _show_table(self, state: ShanghaiState) -> None:
        fix = themed(self.ascii)
        self.query_one("#sh-piles-box").border_title = Text(fix("stock · upcard"))
        self._show_banner(state)
        piles = self.query_one(Piles)
        piles.stock_size, piles.upcard, piles.discard_top = state.stock_size, state.upcard, state.discard_top
        melds = self.query_one(MeldsView)
        melds.names, melds.melds, melds.footer = state.owners, state.melds, state.not_down
        melds.refresh(layout=True)
        self.call_after_refresh(self._show_melds_scroll)
        if not state.can("meld") or not self._groups_fit(state):
            self.groups, self.places = [], []
        self.query_one(Hand).active = self._may_act(state)
        if not state.window_wait and self.notice == WINDOW_WAIT:
            self.notice = ""  # (the window closed: the turn goes on)
        self._show_hand()

    def _may_act(self, state: ShanghaiState) -> bool:
        return state.my_turn or state.window_wait  # (the discard may be picked while the upcard is offered)

    def _spare_keys(self, state: ShanghaiState) -> tuple[str, ...]:
        """No hint while the upcard waits on the others' answers: it is for the turn's moves."""
        return tuple(key for key in self.SPARE_KEYS if not (state.window_wait and key == "H hint"))

    def _turn_keys(self, state: ShanghaiState) -> str:
        """:data:`WAIT_KEYS` while the upcard is offered to the others, else the keys of
        :data:`DRAW_KEYS` or :data:`TURN_KEYS` whose moves are legal now."""
        keys = list(WAIT_KEYS) if state.window_wait else \
            [key for key, kind in (DRAW_KEYS if state.to_draw else TURN_KEYS) if state.can(kind)]
        return themed(self.ascii)(" · ".join(["? help", *keys, "o sort"]))

    def _show_banner(self, state: ShanghaiState) -> None:
        """The banner row: the contract and which naturals are wild, never cut, with the
        player's own state beside it in the longest form that fits (``state.me``, then
        ``state.me_short``); when none does, the whole state goes on a row of its own
        (class ``-me-apart``) and the banner wraps if it must. The middle of the table
        gives up the rows."""
        fix = themed(self.ascii)
        banner = fix(state.banner)
        room = self._row_width() - cell_len(banner) - ME_GAP
        me = next((fix(form) for form in (state.me, *state.me_short) if cell_len(fix(form)) <= room), None)
        self.set_class(me is None and bool(state.me), "-me-apart")
        self.query_one("#sh-banner", Static).update(Text(banner))
        line = self.query_one("#sh-me", Static)
        line.update(Text(fix(state.me) if me is None else me))
        line.display = bool(state.me)

    def on_resize(self, event: events.Resize) -> None:
        if self.state is not None:  # (what fits the banner's row depends on its width)
            self._show_banner(self.state)

    def _open_melds(self, state: ShanghaiState) -> str:
        """The contract melds no group goes down as yet, in any order: "a set of 3 or a
        run of 4"."""
        return " or ".join(dict.fromkeys(meld_name(kind, size) for place, (kind, size) in enumerate(state.contract)
                                         if place not in self.places))

    def _groups_fit(self, state: ShanghaiState) -> bool:
        used = Counter(card for group in self.groups for card in group)
        return not used - Counter(state.hand)

    def _rest(self) -> tuple[Card, ...]:
        """The hand less the cards already put in go-down groups, in display order."""
        state = self.state
        if state is None:
            return ()
        left = Counter(state.hand) - Counter(card for group in self.groups for card in group)
        return self.in_order([card for card in state.hand if left[card] > 0 and not left.subtract([card])],
                             whole=state.hand)

    def in_order(self, cards: Sequence[Card], whole: Sequence[Card] | None = None) -> tuple[Card, ...]:
        """``cards`` in the hand's display order: as the view lists them (by rank), or by
        suit after ``o``; wild cards last either way. Every dialog over the table (the buy
        prompt too) shows the hand so. ``whole``: the hand ``cards`` are part of (see
        :func:`by_suit`)."""
        wilds = self.state.wilds if self.state is not None else frozenset({JOKER})
        return by_suit(cards, wilds, whole) if self.by_suit else wilds_last(cards, wilds)

    def _offer_hand_choices(self, title: str, prompt: str, options: list[tuple[str, Move]]) -> None:
        """Offer ``options`` over the whole hand (the cards in go-down groups too), in the
        table's order."""
        self._offer_choices(title, prompt, options, hand=self.in_order(self.state.hand if self.state else ()))

    def _show_hand(self) -> None:
        hand = self.query_one(Hand)
        rest = self._rest()
        if tuple(hand.cards) != rest:
            hand.cards = rest
            self._show_keys()  # (a group taken out, or back: the bar's "+1 card 11" goes by the row)
        # the new cards less those gone into groups, as going down will count them (a twin
        # held before keeps no tag a grouped copy had)
        staged = Counter(card for group in self.groups for card in group)
        hand.fresh = tuple((Counter(self.state.fresh) - staged).elements()) if self.state is not None else ()
        hand.refresh()

    def _show_selection(self) -> None:
        state = self.state
        line = self.query_one("#sh-info", Static)
        if self.notice:
            line.update(Text(self.notice, style="bold red"))  # (it wraps: see FamilyTable)
            return
        if state is None or not self._may_act(state):
            line.update("")
            return
        ascii = self.ascii
        selected = self._selected()
        text = Text(no_wrap=True, overflow="ellipsis")
        if self.groups:
            done = " + ".join(f"[{waiting_group_label(state.contract[place][0], group, state.wilds, ascii)}]"
                              for place, group in zip(self.places, self.groups))
            text.append(f"go-down: {done}", style="bold")
            text.append(f" + {self._open_melds(state)}: select, g (backspace undoes)", style="dim")
        elif selected:
            text.append(f"selected: {cards_label(selected, ascii)}")
            if state.can("meld") and len(selected) > 1:
                kind, size = state.contract[group_place(state.contract, (), selected, state.wilds)[0]]
                text.append(f"  g: group 1 of {len(state.contract)} ({meld_name(kind, size)})", style="dim")
        elif state.can("meld"):
            text.append(f"to go down: select {self._open_melds(state)}, press g; then the next meld", style="dim")
        line.update(text)

    # ----------------------------------------------------------------- input
    def on_hand_submitted(self, event: Hand.Submitted) -> None:
        """Enter: one card selected is discarded, two or more make a group of the go-down;
        with none, the notice says what to select (it did nothing, unsaid)."""
        state = self._ready()
        if state is None:  # (while the buy window waits, it says so)
            return
        selected = self._selected()
        if len(selected) > 1 or self.groups:
            self.action_group()
        elif len(selected) == 1:
            self.action_discard()
        elif state.to_draw:
            self.notice = state.draw_first
        else:  # (what Enter can do now: after taking a joker, only go down)
            what = [what for what, kind in (("a card to discard", "discard"), ("a meld's cards to group", "meld"))
                    if state.can(kind)]
            self.notice = f"select {' or '.join(what)} (space or 1-9, 0), then Enter" if what else \
                state.no_discard or self._why_not_down(state)  # (S10: the last card is laid off, not discarded)

    def _one_card(self, doing: str, key: str) -> Card | None:
        """The one selected card; otherwise None, and the notice says to select it first,
        in the words Enter uses ("select a card to discard (space or 1-9, 0), then d"; the
        card under the cursor is never taken unselected: a stray key must not throw a card
        away)."""
        selected = self._selected()
        if len(selected) == 1:
            return selected[0]
        self.notice = (f"select just one card {doing}" if selected else f"select a card {doing} (space or 1-9, 0)") \
            + f", then {key}"
        return None

    def _ready(self) -> ShanghaiState | None:
        """The state, if the viewer may move now; while their turn waits on the buy window
        or another player decides, None with a notice saying so (the key did nothing,
        unsaid)."""
        state = self.state
        if state is not None and state.window_wait:
            self.notice = WINDOW_WAIT
            return None
        if state is not None and not state.my_turn:
            self._out_of_turn()
            return None
        return state

    def action_draw(self, kind: str) -> None:
        if self._ready():
            self._choose(Move(kind))

    def action_discard(self) -> None:
        state = self._ready()
        if state is None:
            return
        if self.groups:  # a discard ends the turn: the go-down being built would be lost
            self.notice = (f"finish the go-down (g): {state.no_discard}" if state.no_discard  # (S7: undoing
                           else "finish the go-down (g) or undo its groups (backspace) before you discard")  # is no way)
            return
        if state.to_draw:  # (a card selected or not)
            self.notice = state.draw_first
            return
        if state.no_discard:  # (S7: a joker taken before going down; S10: the last card)
            self.notice = state.no_discard
            return
        card = self._one_card("to discard", "d")
        if card is not None:
            self._choose(Move("discard", (card,)))

    def action_group(self) -> None:
        state = self._ready()
        if state is None:
            return
        hand = self.query_one(Hand)
        cards = hand.selected_cards()
        place, why = group_place(state.contract, self.places, cards, state.wilds) if cards else (0, None)
        # the engine's reason; the cards stay selected
        no_meld = f"[{cards_label(cards, self.ascii)}] is not {meld_name(*state.contract[place])}: {why}" \
            if why is not None else ""
        if not state.can("meld"):
            self.notice = self._why_not_down(state, no_meld)
            return
        if not cards:
            self.notice = f"select the cards of {self._open_melds(state)}, then g"
            return
        if no_meld:
            # a whole go-down selected at once (as a hint selects it) is made, not refused as one meld
            whole = [] if self.groups else distinct_go_downs(go_downs_of(state.moves, cards), state.wilds)
            if len(whole) == 1:
                self._choose(whole[0])
            elif whole:
                self._offer_go_downs(state, "Go down", "Choose a go-down", whole)
            else:
                self.notice = no_meld
            return
        placed = [*zip(self.places, self.groups), (place, cards)]
        if len(placed) < len(state.contract) and not fits_a_go_down(state.moves, state.contract, placed):
            self.notice = (f"with [{cards_label(cards, self.ascii)}] your cards do not make "
                           f"{contract_text(state.contract)} (m lists the go-downs)")  # (it stays selected)
            return
        self.groups.append(cards)
        self.places.append(place)
        hand.selected = frozenset()
        if len(self.groups) < len(state.contract):
            self.notice = ""
            self._show_hand()
            self._show_selection()
            return
        groups = [group for _place, group in sorted(zip(self.places, self.groups), key=lambda pair: pair[0])]
        made = self.groups[:-1], self.places[:-1]
        self.groups, self.places = [], []  # (now in the contract's order)
        self._show_hand()
        found = distinct_go_downs(matching_go_downs(state.moves, state.contract, groups), state.wilds)
        if len(found) == 1:
            self._choose(found[0])
        elif found:  # a choice of the wilds' places; escape takes back only the last g (its cards selected)
            self.groups, self.places = list(made[0]), list(made[1])
            self._show_hand()
            self.query_one(Hand).select_cards(cards)
            self._show_selection()
            self._offer_go_downs(state, "Where do the wilds stand?", "These cards make more than one go-down", found,
                                 groups)
        else:  # the engine says why; the groups before the first that fits no go-down stay,
            kept = groups_that_fit(state.moves, state.contract, groups)  # that one goes back selected
            self.groups, self.places = groups[:kept], list(range(kept))
            self._show_hand()
            self.query_one(Hand).select_cards(groups[kept])
            self._show_selection()
            self._choose(unmatched_go_down(state.contract, groups, state.wilds))

    @staticmethod
    def _why_no_lay_off(state: ShanghaiState) -> str:
        """Why no card of the hand may be laid off (after the draw): not down (S6), the last
        card (S10) if that is what holds one back, else nothing fits."""
        if not state.down:
            return NOT_DOWN
        reasons = set(state.no_lay_off.values())
        return LAST_CARD if LAST_CARD in reasons else "none of your cards fits a meld on the table"

    @staticmethod
    def _why_not_down(state: ShanghaiState, no_meld: str = "") -> str:
        """Why there is no go-down now; after the draw, ``no_meld`` (why the selected group
        is no meld) comes first: it is what was tried."""
        if state.down:
            doable = [what for what, kind in (("lay off (l)", "lay_off"), ("swap a joker (w)", "swap_joker"),
                                              ("discard (d)", "discard")) if state.can(kind)]
            return "you are down this hand (no new melds): " + (listed(doable, "or") if doable else "draw first")
        if state.to_draw:
            return "draw first, then go down"
        if state.no_go_down:  # (S10: the cards make it, but each way down strands a last card)
            return (f"{no_meld}; and " if no_meld else "") + state.no_go_down
        swap = " (take a melded joker first: w)" if state.can("swap_joker") else ""  # (S7: listed only if it leads down)
        return (f"{no_meld}; and " if no_meld else "") + f"your cards do not make {contract_text(state.contract)} yet{swap}"

    @staticmethod
    def _why_no_group(state: ShanghaiState) -> str:
        """Why backspace has no go-down group to take back (g makes them until one is down)."""
        return "no go-down group to take back: " + ("you are down this hand" if state.down else "g makes one")

    def action_ungroup(self) -> None:
        state = self._ready()
        if state is None:
            return
        if not self.groups:
            self.notice = self._why_no_group(state)
            return
        self.groups.pop()
        self.places.pop()
        self.notice = ""
        self._show_hand()
        self._show_selection()

    def action_go_downs(self) -> None:
        state = self._ready()
        if state is None:
            return
        picked = [c for g in self.groups for c in g] + list(self._selected())
        found = one_per_set_choice(distinct_go_downs(go_downs_with(state.moves, picked), state.wilds), state.wilds)
        if not found:
            self.notice = ("no go-down uses " + cards_label(picked, self.ascii)) if picked and state.can("meld") \
                else self._why_not_down(state)
            return
        self._offer_go_downs(state, "Go down", "Choose a go-down", found)

    def _offer_go_downs(self, state: ShanghaiState, title: str, prompt: str, found: list[Move],
                        grouped: Sequence[Sequence[Card]] = ()) -> None:
        """Let the player choose one of the go-downs ``found`` in a dialog (the first 40:
        the prompt says how many more, and that selecting cards narrows them); each lists
        its melds in the order of the player's ``grouped`` cards, if given."""
        shown = found[:GO_DOWN_CHOICES]
        more = f" (first {len(shown)} of {len(found)}; select cards to narrow)" if len(found) > len(shown) else ""
        self._offer_hand_choices(title, f"{prompt}{more}:",
                                 [(go_down_label(m, state.contract, state.wilds, False, grouped), m) for m in shown])

    def action_lay_off(self) -> None:
        state = self._ready()
        if state is None:
            return
        if not state.can("lay_off") and not self._selected():  # (say why at once, not "select a card")
            self.notice = state.draw_first if state.to_draw else "no lay-off now: " + self._why_no_lay_off(state)
            return
        hand = self.query_one(Hand).cards
        # (a last card needs no selecting: laying it off goes out, never a card thrown away)
        card = hand[0] if len(hand) == 1 and not self._selected() else self._one_card("to lay off", "l")
        if card is None:
            if not self._selected():  # (which cards lay off: a play-tester tried them one by one)
                laid = {m.cards[0] for m in state.moves if m.kind == "lay_off"}
                fits = list(dict.fromkeys(c for c in hand if c in laid))  # (in the hand's order; twins once)
                if fits:
                    self.notice += f": {cards_label(fits, self.ascii)} {'fits' if len(fits) == 1 else 'fit'} a meld"
            return
        found = [m for m in state.moves if m.kind == "lay_off" and m.cards == (card,)]
        label = cards_label((card,), self.ascii)
        if not found:  # (the card stays selected: d discards it next)
            self.notice = f"no lay-off for {label}: {state.no_lay_off.get(card, 'not now')}"
            return
        if len(found) == 1:
            self._choose(found[0])
            return
        self._offer_hand_choices("Lay off", f"Where does {cards_label((card,))} go?",
                                 [(lay_off_label(m, state.melds, state.names, state.viewer, False), m) for m in found])

    def action_swap(self) -> None:
        state = self._ready()
        if state is None:
            return
        swaps = [m for m in state.moves if m.kind == "swap_joker"]
        selected = self._selected()
        if len(selected) > 1:
            self.notice = "select one card to put in a joker's place (or none to see every swap)"
            return
        if len(selected) == 1:
            swaps = [m for m in swaps if m.cards == selected]
        if not swaps:
            self.notice = f"no joker swap now: {state.no_swaps}" if not selected else \
                f"no swap for {cards_label(selected, self.ascii)}: {state.no_swap.get(selected[0], 'not now')}"
            return
        if selected and len(swaps) == 1:  # (as l lays a card with one place to go off at once)
            self._choose(swaps[0])
            return
        self._offer_hand_choices("Swap a joker", "Put a natural card in a joker's place and take the joker:",
                                 [(swap_label(m, state.melds, state.names, state.viewer, False), m) for m in swaps])

    SORTS = True

    def action_sort(self) -> None:
        self.sorted_by("rank" if self.by_suit else "suit")
        self._show_hand()  # (the same cards stay selected)

    def action_scroll_melds(self, direction: int) -> None:
        self.scroll_box(direction)

    def scroll_box(self, direction: int) -> None:
        box = self.query_one("#sh-melds-box", VerticalScroll)
        if direction < 0:
            box.scroll_page_up()
        else:
            box.scroll_page_down()
