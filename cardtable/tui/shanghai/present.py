"""What the Shanghai table shows for one viewer: plain data computed from the
viewer's ``ShanghaiView`` (only its public part when no human is on screen).

Nothing here decides a rule: what may be done comes from ``game.legal_moves``, the
story from the events' ``describe``, the melds and their wilds from the view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...engine import words
from ...engine.cards import JOKER, Card
from ...engine.events import Event
from ...engine.game import Game
from ...engine.moves import Move
from ...games.shanghai.events import (CardLaidOff, JokerSwapped, StockDrawn, UpcardBought, UpcardTaken,
                                       WentDown)
from ...games.shanghai.melds import HIGH, LOW, lay_off_places, rank_of
from ...games.shanghai.preset import contract_text
from ...games.shanghai.rules import discard_refusal, last_card_refusal, lay_off_refusal, swap_refusal
from ...games.shanghai.view import ShanghaiView
from ..seats import Seat
from ..text import came_since_discard, counted, game_title, round_log, themed
from ..widgets.card import card_label
from ..widgets.family_table import LegalMoves
from ..widgets.seat import SeatInfo, cards_held

Contract = tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class MeldLine:
    """One meld on the table: whose, which (0-based), and what each wild stands for."""

    owner: int
    index: int
    kind: str
    cards: tuple[Card, ...]
    stands: tuple[str, ...]
    """Per card: "" for a natural (or a wild 2 in its own place), else the card it stands
    for ("7", "6♥")."""
    ends: tuple[Card | None, Card | None] = (None, None)
    """A run's next card below and above (3♦, 9♦; None where it cannot grow): what a
    card laid off at that end stands for."""


@dataclass(frozen=True)
class ShanghaiState(LegalMoves):
    """Attributes for :class:`~cardtable.tui.shanghai.table.ShanghaiTable`."""

    header: str
    banner: str
    """The contract, and which naturals are wild ("Hand 2 of 10 — … · 2s wild")."""
    me: str
    """The viewer's own state: "you: not down · 3 buys left · 15 pts" ("" for nobody)."""
    seats: tuple[SeatInfo, ...]
    names: tuple[str, ...]
    owners: tuple[str, ...]
    """Each seat as the melds panel names its melds: "you" for the viewer (as the log says)."""
    stock_size: int
    upcard: Card | None
    discard_top: Card | None
    melds: tuple[MeldLine, ...]
    not_down: str
    log: tuple[str, ...]
    status: str
    status_short: str = ""
    """The status said shorter, for a row too narrow for :attr:`status` ("" if none is)."""
    me_short: tuple[str, ...] = ()
    """Shorter forms of :attr:`me`, longest first, for a banner row with little room:
    "you: not down · 3 buys · 15 pts", then "you: 3 buys · 15 pts" (just "down" once
    down: buys are for who is not)."""
    contract: Contract = ()
    wilds: frozenset[int] = frozenset()
    hand: tuple[Card, ...] = ()
    fresh: tuple[Card, ...] = ()
    """The cards come into the viewer's hand since its last discard (its draw, a bought
    upcard and its stock cards, a wild won by a joker swap), while held: the hand tags
    them "new" (they are sorted in among the others)."""
    viewer: int | None = None
    down: bool = False
    """Whether the viewer is down (has laid down the contract)."""
    moves: tuple[Move, ...] = ()
    """The viewer's legal moves when it is their turn at the table (not in a window)."""
    window_wait: bool = False
    """The viewer's turn waits while the upcard is offered to the others (S8): cards may
    be picked meanwhile, and the table's keys say to wait."""
    no_lay_off: Mapping[Card, str] = field(default_factory=dict)
    """On the viewer's turn, for each card of the hand with no lay-off listed, why (the
    engine's words, :func:`~cardtable.games.shanghai.rules.lay_off_refusal`)."""
    no_swap: Mapping[Card, str] = field(default_factory=dict)
    """Likewise for a card that may not take a melded joker's place."""
    no_swaps: str = ""
    """On the viewer's turn with no joker swap listed, why (the engine's words)."""
    no_discard: str = ""
    """After the viewer's draw with no discard listed, why (the engine's words: S7 go down
    first, S10 the last card)."""
    no_go_down: str = ""
    """After the viewer's draw, not down, with no go-down listed though its cards make the
    contract, why (the engine's words: S10, every way down leaves a last card that fits
    no meld); "" otherwise."""

    @property
    def my_turn(self) -> bool:
        return bool(self.moves)

    @property
    def to_draw(self) -> bool:
        """The viewer's turn is at its draw (S3: the stock or the upcard)."""
        return self.can("draw_stock") or self.can("take_upcard")


def meld_name(kind: str, size: int) -> str:
    return f"a {kind} of {size}"


def present(game: Game, viewer: int | None, seats: tuple[Seat, ...], ascii: bool = False) -> ShanghaiState:
    """Everything the table shows to ``viewer`` (None: nobody's cards)."""
    view = game.view(viewer)
    assert isinstance(view, ShanghaiView)
    fix = themed(ascii)
    variant = game.variant
    names = tuple(seat.name for seat in seats)
    header = fix(f"cardtable · {game_title('Shanghai', variant.title)} · dealer {names[view.dealer]} · lowest total wins")
    banner = f"Hand {view.hand_number} of {view.hands_in_match} — {contract_text(view.contract)}"
    natural_wilds = sorted(rank for rank in view.wilds if rank != JOKER)  # (jokers go without saying)
    if natural_wilds:
        banner += " · " + ", ".join(words.rank_plural(Card(rank, "S").rank_text) for rank in natural_wilds) + " wild"
    n = view.players
    around = [(viewer + 1 + i) % n for i in range(n - 1)] if viewer is not None else list(range(n))
    infos = tuple(_seat_info(view, seat, seats) for seat in around)
    wilds = view.wilds
    melds = tuple(_meld_line(owner, index, meld, wilds, fix, ascii)
                  for owner, owned in enumerate(view.melds) for index, meld in enumerate(owned))
    owners = tuple("you" if seat == viewer else name for seat, name in enumerate(names))  # (as the log says)
    waiting = [owners[s] for s in range(n) if not view.down[s]]
    not_down = ("not down yet: " + ", ".join(waiting)) if waiting and len(waiting) < n else \
        ("nobody is down yet" if waiting else "")
    me = ""
    me_short: tuple[str, ...] = ()
    if viewer is not None:
        me, *shorter = _my_state(view, viewer)
        me_short = tuple(shorter)
    moves: tuple[Move, ...] = ()
    if viewer is not None and viewer in view.to_act and view.phase in ("draw", "play") and not view.round_over:
        moves = tuple(game.legal_moves(viewer))
    status, status_short = (fix(text) for text in
                            _status(view, viewer, seats, moves, ascii, _drawn(game.events, viewer, view.hand)))
    no_lay_off: dict[Card, str] = {}
    no_swap: dict[Card, str] = {}
    no_swaps = no_discard = no_go_down = ""
    if moves:
        if not any(move.kind == "swap_joker" for move in moves):
            no_swaps = fix(swap_refusal(view))
        if view.phase == "play" and not any(move.kind == "discard" for move in moves):
            no_discard = fix(discard_refusal(view))
        if view.phase == "play" and not view.down[view.seat] and not any(move.kind == "meld" for move in moves):
            no_go_down = fix(last_card_refusal(view) or "")
        laid = {move.cards[0] for move in moves if move.kind == "lay_off"}
        swapped = {move.cards[0] for move in moves if move.kind == "swap_joker"}
        for card in set(view.hand):
            if card not in laid:
                no_lay_off[card] = fix(lay_off_refusal(view, card))
            if card not in swapped:
                no_swap[card] = fix(swap_refusal(view, card))
    # S8: the seat whose turn it is waits while the others are offered the upcard (after its
    # stock draw, or before its draw once it is down); the buy order never asks it
    window_wait = viewer is not None and view.phase == "buy" and view.turn == viewer and not view.round_over
    return ShanghaiState(
        header=header, banner=banner, me=me, seats=infos, names=names, stock_size=view.stock_size,
        owners=owners,
        upcard=view.upcard, discard_top=view.discard_top, melds=melds, not_down=fix(not_down),
        log=round_log(game.events, viewer, lambda s: seats[s].name, fix), status=status,
        status_short=status_short if status_short != status else "", me_short=me_short, contract=view.contract,
        wilds=wilds, hand=view.hand, viewer=viewer, fresh=came_since_discard(game.events, viewer, view.hand, _moved),
        down=viewer is not None and view.down[viewer], moves=moves, no_lay_off=no_lay_off, no_swap=no_swap,
        no_swaps=no_swaps, no_discard=no_discard, no_go_down=no_go_down, window_wait=window_wait)


def _meld_line(owner: int, index: int, meld: Any, wilds: frozenset[int], fix: Callable[[str], str],
               ascii: bool) -> MeldLine:
    """A table meld as shown: a run in order; a set with its naturals first, sorted (as a
    go-down lists them), so a card laid off or swapped in later stands beside its likes,
    not behind the wilds or between other suits."""
    cards = [(card, fix(card_label(stands, ascii)) if stands is not None and stands != card else "")
             for card, stands in zip(meld.cards, meld.wilds_stand_for(wilds))]  # (a 2♠ as 2♠: as it is)
    if meld.kind == "set":
        naturals = sorted(pair for pair in cards if not pair[1])
        cards = naturals + [pair for pair in cards if pair[1]]
    places = lay_off_places(meld, wilds)
    ends = tuple(next((Card(rank_of(value), places.suit) for at, value in places.ends if at == end), None)
                 for end in (LOW, HIGH)) if meld.kind == "run" else (None, None)
    return MeldLine(owner, index, meld.kind, tuple(card for card, _ in cards), tuple(stands for _, stands in cards),
                    ends)  # type: ignore[arg-type]


def _seat_info(view: ShanghaiView, seat: int, seats: tuple[Seat, ...]) -> SeatInfo:
    count = view.hand_sizes[seat]
    down = view.down[seat]
    buys = view.buys_left[seat]
    cards, cards_short = cards_held(count)
    facts = f"{cards} · {counted(view.scores[seat], 'pt')}" + (" · dealer" if seat == view.dealer else "")
    buys_left = f"{buys} buy{'s' * (buys != 1)} left"
    # A seat that is down may not buy (S8): it shows "down"; one that is not shows its buys
    # first, so a narrow panel leaves out "not down" before them.
    marks = ["down"] if down else [buys_left, "not down"]
    to_act = view.turn == seat and view.phase in ("draw", "play") and not view.round_over
    if to_act:
        marks.insert(0, "drawing" if view.phase == "draw" else "playing")
    # A narrow panel keeps the buys, and the points before "cards" in full ("10 c · 135 pts";
    # the header names the dealer).
    short = ((buys_left, (f"{buys} buy{'s' * (buys != 1)}",)), cards_short)
    return SeatInfo(seats[seat].label, (facts, " · ".join(marks)), to_act=to_act, short=short)


def _drawn(events: Sequence[Event], viewer: int | None, hand: Sequence[Card]) -> tuple[str, Card] | None:
    """How ``viewer`` drew this turn, while the card is still in its ``hand``: ("drew",
    the stock card) or ("took", the upcard). The log's last line may be a buy by then,
    and the new card is sorted into the hand; once it is melded, laid off or swapped
    for a joker, it goes unsaid (a second copy of it in the hand, a twin from the other deck, or a joker
    held before, does not keep it said)."""
    if viewer is None:
        return None
    put_down: set[Card] = set()   # cards the viewer melded, laid off or swapped in since the draw
    for event in reversed(events):
        if event.kind in ("card_discarded", "hand_started"):
            return None
        if event.seat == viewer:
            put_down.update(_moved(event)[1])
        if event.kind in ("stock_drawn", "upcard_taken") and event.seat == viewer:
            card = event.card  # type: ignore[attr-defined]
            return None if card is None or card not in hand or card in put_down else (
                "drew" if event.kind == "stock_drawn" else "took", card)
    return None


def _moved(event: Event) -> tuple[Sequence[Card], Sequence[Card]]:
    """The cards a player's event brought into its hand and took out of it (see
    :data:`~cardtable.tui.text.Moved`): a draw or a buy brings (a buy its stock cards
    too), a joker swap brings the wild and takes the card put in its place, a go-down
    or a lay-off takes."""
    if isinstance(event, (StockDrawn, UpcardTaken)):
        return (event.card,) if event.card is not None else (), ()
    if isinstance(event, UpcardBought):
        return (event.card, *event.extra) if event.card is not None else event.extra, ()
    if isinstance(event, JokerSwapped):
        return (event.wild,) if event.wild is not None else (), (event.card,) if event.card is not None else ()
    if isinstance(event, WentDown):
        return (), [card for group in event.groups for card in group]
    if isinstance(event, CardLaidOff) and event.card is not None:
        return (), (event.card,)
    return (), ()


def _my_state(view: ShanghaiView, viewer: int) -> tuple[str, ...]:
    """The viewer's own state for the banner row, longest first (the table shows the
    longest that fits beside the banner). Once down, the buys go unsaid: only a player
    not down may buy (S8)."""
    points = counted(view.scores[viewer], "pt")
    if view.down[viewer]:
        return (f"you: down · {points}",)
    buys = view.buys_left[viewer]
    return (f"you: not down · {buys} buy{'s' * (buys != 1)} left · {points}",
            f"you: not down · {buys} buy{'s' * (buys != 1)} · {points}", f"you: {buys} buy{'s' * (buys != 1)} · {points}")


def _status(v: ShanghaiView, viewer: int | None, seats: tuple[Seat, ...], moves: tuple[Move, ...],
            ascii: bool, drawn: tuple[str, Card] | None = None) -> tuple[str, str]:
    """The status line, and the same said shorter (for a row too narrow: a long name)."""
    name = lambda seat: seats[seat].label  # noqa: E731
    who = f"{seats[viewer].name} — " if viewer is not None else ""
    if v.round_over:
        return f"{who}the hand is over.", ""
    if v.phase == "buy":
        top = card_label(v.discard_top, ascii) if v.discard_top else "the upcard"
        return f"{who}buy window: {top} is on offer to the players who may buy…", f"{who}buy window: {top} on offer…"
    turn = v.turn
    if not moves:
        doing = "to draw" if v.phase == "draw" else "to play"  # ("Dag (bot) to draw": no second brackets)
        return f"{who}waiting for {name(turn)} {doing}", f"{who}waiting for {name(turn)}"
    kinds = {move.kind for move in moves}
    if v.phase == "draw":
        options, short = [], []
        if "draw_stock" in kinds:
            options.append(f"s draws from the stock ({v.stock_size} left)")
            short.append(f"s stock ({v.stock_size} left)")
        if "take_upcard" in kinds and v.upcard is not None:
            options.append(f"u takes the upcard {card_label(v.upcard, ascii)}")
            short.append(f"u upcard {card_label(v.upcard, ascii)}")
        return f"{who}your turn: " + " or ".join(options), f"{who}your turn: " + " or ".join(short)
    if v.must_go_down and "meld" not in kinds and "swap_joker" in kinds:  # (S7: another melded joker first)
        return (f"{who}you took a joker: take another to go down (w swaps)", f"{who}you took a joker: another (w)")
    if v.must_go_down:
        return (f"{who}you took a joker: go down now (g adds a group, m lists go-downs)",
                f"{who}you took a joker: go down now (g/m)")
    parts, short = [], []
    if "meld" in kinds:
        parts.append("go down (g group / m list)" if drawn is None else "go down (g/m)")
        short.append("go down (g/m)")
    if "lay_off" in kinds:
        parts.append("lay off (l)")
        short.append("lay off (l)")
    if "swap_joker" in kinds:
        parts.append("swap a joker (w)")
        short.append("swap (w)")
    if "discard" in kinds:
        parts.append("discard (d)")
        short.append("discard (d)")
    elif not parts:
        parts.append("no move")
        short.append("no move")
    # "drew 7♠" / "took 7♠" stands for "your turn" (the turn's draw is done)
    opening = f"{drawn[0]} {card_label(drawn[1], ascii)} · " if drawn is not None else "your turn: "
    return f"{who}{opening}{_either(parts)}", f"{who}{opening}{_either(short)}"


def _either(parts: list[str]) -> str:
    """"a, b or c"."""
    return ", ".join(parts[:-1]) + (" or " if len(parts) > 1 else "") + parts[-1]
