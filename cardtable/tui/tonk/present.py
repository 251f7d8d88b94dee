"""What the Tonk table shows for one viewer: plain data computed from the viewer's
``TonkView`` (or only its public part when no human is on screen).

Nothing here decides a rule: what the player may do comes from ``game.legal_moves``,
the story of the hand from the engine's events (``describe``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ...engine.cards import Card
from ...engine.events import CardsDealt, Event, RoundStarted
from ...engine.game import Game
from ...engine.moves import Move
from ...games.tonk.events import SidePotWon, SpreadHit, SpreadLaid, StockDrawn, UpcardTaken
from ...games.tonk.preset import TonkRules
from ...games.tonk.rules import barred_turns, hit_refusal
from ...games.tonk.spreads import spread_text, spreads_taking_all
from ...games.tonk.view import TonkView
from ..seats import Seat
from ..text import came_since_discard, counted, game_title, round_log, themed, this_round
from ..widgets.card import cards_label
from ..widgets.family_table import LegalMoves
from ..widgets.seat import SeatInfo, cards_held


@dataclass(frozen=True)
class TonkSeatInfo(SeatInfo):
    """A Tonk seat's panel, with its drop lock-out and the bottom border's words."""

    lock: str = ""
    """T6 hit lock-out on the bottom border, e.g. "no drop ×2" ("" when the seat may
    drop): alone there, so that even a narrow panel shows it whole."""


@dataclass(frozen=True)
class SpreadRow:
    """One owner's spreads, in table order (a hit targets ``(owner, index)``)."""

    owner: int
    name: str
    spreads: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class TonkState(LegalMoves):
    """Attributes for :class:`~cardtable.tui.tonk.table.TonkTable`."""

    header: str
    seats: tuple[TonkSeatInfo, ...]
    spreads: tuple[SpreadRow, ...]
    stock_size: int
    discard_top: Card | None
    discard_size: int
    log: tuple[str, ...]
    status: str
    keys: str
    status_short: str = ""
    """The status said shorter, for a row too narrow for :attr:`status` (a long name,
    a long list of choices at 80 columns); "" if none is."""
    viewer: int | None = None
    hand: tuple[Card, ...] = ()
    fresh: tuple[Card, ...] = ()
    """The card the viewer drew (from the stock or the pile) this turn, while held: the
    hand tags it "new" until the discard (a sort may have put it anywhere)."""
    count: int | None = None
    chips: int | None = None
    phase: str = ""
    """The viewer's phase while acting: "start" (draw / drop / declare) or "act"
    (spread, hit, discard); "" when it is not the viewer's move at the table."""
    moves: tuple[Move, ...] = ()
    """The viewer's legal moves while acting (the table matches selections to them)."""
    hint: str = ""
    """What the hand could do now (spreads and hits on offer), shown with nothing selected."""
    hinted: tuple[tuple[Card, ...], ...] = ()
    """The spreads :attr:`hint` names (every card's when they go out), in its order: ``m``
    lists them first."""
    names: tuple[str, ...] = ()
    no_hit: Mapping[Card, str] = field(default_factory=dict)
    """While the viewer may hit: why each card of the hand with no hit has none (the
    engine's words, :func:`~cardtable.games.tonk.rules.hit_refusal`)."""


def match_text(rules: TonkRules) -> str:
    """When the match ends (T13), in words: "10 hands or until one is broke"."""
    hands, broke = rules.match_hands, rules.broke_ends_match
    if hands and broke:
        return f"{counted(hands, 'hand')} or until one is broke"
    if hands:
        return counted(hands, "hand")
    return "until one is broke" if broke else "no hand limit"


def _side_bet_outcome(pot: SidePotWon | None, seat: int) -> str:
    """How a bettor's spades bet came out (T12), to follow its mark: ": won",
    ": lost", ": stake back" (nobody showed a spade, or ``seat`` bet alone), or "" before
    the pot is settled."""
    if pot is None:
        return ""
    if pot.seat is None or not pot.payments:
        return ": stake back"
    return ": won" if pot.seat == seat else ": lost"


def present(game: Game, viewer: int | None, seats: tuple[Seat, ...], ascii: bool = False) -> TonkState:
    """Everything the table shows to ``viewer`` (None: nobody's cards)."""
    g = game
    view = g.view(viewer)
    assert isinstance(view, TonkView)
    fix = themed(ascii)
    names = tuple(seat.name for seat in seats)
    variant = g.variant
    rules = variant.rules
    header = fix(f"cardtable · {game_title('Tonk', variant.title)} · hand {view.round} · stake {view.stake} · "
                 f"{match_text(rules)}")
    showdown = all(c is not None for c in view.counts)
    actor = view.to_act[0] if view.to_act and not view.round_over else None
    side_pot = next((e for e in this_round(g.events) if isinstance(e, SidePotWon)), None)
    infos = []
    for seat in range(view.players):
        size = view.hand_sizes[seat]
        cards, cards_short = cards_held(size)
        lines = [cards + (f" · count {view.counts[seat]}" if showdown else "")
                 + (" · dealer" if seat == view.dealer else ""),   # (a narrow panel drops it first)
                 counted(view.chips[seat], "chip", ascii)]
        marks = []
        short = [cards_short]                                 # ("5 c · dealer")
        if view.side_bets and view.side_bets[seat]:  # (first: a narrow panel cuts the end, and its
            spade = view.spades_shown[seat] if view.spades_shown else None  # border marks the turn too)
            shown = cards_label((spade,), ascii) if spade else "no spade" if ascii else "no ♠"  # (short: a
            # play-tester's own panel cut "(no spade): stake ba…" where "▶ to play" belonged)
            outcome = _side_bet_outcome(side_pot, seat)
            marks.append(f"bet {shown}{outcome}")
            short.append((marks[-1], (f"{shown}{outcome}",)))   # ("K♠: won · ▶ to play")
        if seat == actor:
            marks.append("▶ to play")
            short.append(("▶ to play", ("▶ to play", "▶")))     # ("K♠: won · ▶" at 80 columns)
        lines.append(" · ".join(marks))
        title = seats[seat].label + (" (you)" if seat == viewer else "")
        locks = view.drops_barred(seat)
        lock = f"no drop {'x' if ascii else '×'}{locks}" if locks else ""
        infos.append(TonkSeatInfo(title, tuple(lines), to_act=seat == actor, short=tuple(short), lock=lock))
    rows = tuple(SpreadRow(owner, names[owner], owned) for owner, owned in enumerate(view.spreads) if owned)
    log = round_log(g.events, viewer, lambda s: names[s], fix, skip=(CardsDealt, RoundStarted))
    common = dict(header=header, seats=tuple(infos), spreads=rows, stock_size=view.stock_size,
                  discard_top=view.discard_top, discard_size=view.discard_size, log=log, names=names)
    if viewer is None:
        status = "The hand is over." if view.round_over else (
            f"waiting for {seats[actor].label}" if actor is not None else "")
        return TonkState(status=fix(status), keys="", **common)  # type: ignore[arg-type]
    me = names[viewer]
    acting = actor == viewer
    moves = tuple(g.legal_moves(viewer)) if acting else ()
    phase = view.phase if acting and view.phase in ("start", "act") else ""
    locks = view.drops_barred(viewer)
    named = hinted_spreads(view.hand, [m for m in moves if m.kind == "spread"]) if phase == "act" else ((), False)
    (status, said_short), keys, hint = _status(view, viewer, actor, moves, phase, seats, ascii, locks, named)
    hitters = {m.cards[0] for m in moves if m.kind == "hit"}
    no_hit = {card: hit_refusal(view, card) for card in view.hand if card not in hitters} if phase == "act" else {}
    return TonkState(status=fix(f"{me} — {status}"), status_short=fix(f"{me} — {said_short}") if said_short != status else "",
                     keys=fix(keys), viewer=viewer, hand=view.hand,
                     fresh=came_since_discard(g.events, viewer, view.hand, _moved),
                     count=view.counts[viewer], chips=view.chips[viewer], phase=phase, moves=moves,
                     hint=fix(hint), hinted=named[0], no_hit=no_hit, **common)  # type: ignore[arg-type]


def _moved(event: Event) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The cards a player's event brought into its hand and took out of it (see
    :data:`~cardtable.tui.text.Moved`): a draw brings a card, a spread or a hit takes."""
    if isinstance(event, (StockDrawn, UpcardTaken)):
        return (event.card,), ()
    if isinstance(event, SpreadLaid):
        return (), event.cards
    return ((), (event.card,)) if isinstance(event, SpreadHit) else ((), ())


def _status(v: TonkView, viewer: int, actor: int | None, moves: tuple[Move, ...], phase: str,
            seats: tuple[Seat, ...], ascii: bool, locks: int,
            named: tuple[tuple[tuple[Card, ...], ...], bool]) -> tuple[tuple[str, str], str, str]:
    """The status line (and the same said shorter, naming just the keys), the keys line
    and the hint for the viewer, whose ``locks`` turns are barred from a drop (T6), with
    the spreads ``named`` (:func:`hinted_spreads`)."""
    kinds = {move.kind for move in moves}
    lock_note = f" · no drop for {counted(locks, 'turn')} (hit)" if locks else ""
    lock_short = " · no drop (hit)" if locks else ""  # (the count is on the panel: "no drop ×1" read as a riddle)
    if v.round_over:
        return ("the hand is over",) * 2, "", ""
    last, last_short = (" · the stock is used up: the hand ends after this turn", " · last turn") \
        if v.last_turn else ("", "")
    if actor != viewer:
        who = seats[actor].label if actor is not None else "…"
        return (f"waiting for {who}{lock_note}{last}", f"waiting for {who}{lock_short}{last_short}"), "", ""
    if locks:  # (on the barred player's own turn, this turn counts: "1 turn" read as one more)
        lock_note = f" · no drop {barred_turns(locks)} (hit)"
    if locks and phase == "act" and v.rules is not None and not v.rules.drop_may_come("act"):
        # (T7: past the draw no drop comes this turn anyway, and the engine counts it no more:
        # the turns barred are all to come; "this turn" was read as wrong)
        lock_note = f" · no drop on your next {counted(locks, 'turn') if locks > 1 else 'turn'} (hit)"
    if v.phase == "bet":
        return ("spades side bet: bet or stay out",) * 2, "", ""
    if phase == "start":
        upcard = cards_label((v.discard_top,), ascii) if v.discard_top is not None else ""
        # per move: the status's words, said shorter, and the key bar's
        choices = [(kind, long, short, key) for kind, long, short, key in (
            ("draw_stock", "draw from the stock (s)", "s stock", "s stock"),
            ("take_upcard", f"take {upcard} (u)", f"u {upcard}", "u take the upcard"),
            ("drop", "drop (D)", "D drop", "D drop"),
            ("declare", "declare your dealt 49 (c)", "c declare 49", "c declare 49")) if kind in kinds]
        text = "your turn: " + _or([long for _kind, long, _short, _key in choices])
        short = "your turn: " + _or([short for _kind, _long, short, _key in choices])
        keys = " · ".join(key for _kind, _long, _short, key in choices)
        if "drop" not in kinds and v.first_turn and not locks and v.rules is not None \
                and not v.rules.drop_on_first_turn:  # (T7: said, or a player wonders where D went)
            lock_note, lock_short = " · no drop on your first turn", " · no drop yet"
        return (text + lock_note, short + lock_short), "? help · " + keys + " · o sort", ""
    # phase "act": spreads, hits, then a discard
    plays = [(long, short) for kind, long, short in (
        ("spread", "spread (m)", "m spread"), ("hit", "hit (l)", "l hit"), ("dead_four", "dead four (f)", "f dead four"))
        if kind in kinds]
    # (a spread or a hit is the player's choice: "if you like" says so)
    text = "your turn: " + (_or([long for long, _short in plays]) + " if you like, then " if plays else "") \
        + "discard one card (d)"
    short = "your turn: " + ", ".join([*(short for _long, short in plays), "d discard"])
    spreads = [m for m in moves if m.kind == "spread"]
    named_spreads, whole = named
    if whole:  # (the hint below says which spreads)
        text += ", or spread every card to go out"
        short += ", or out: spread all"
    if "drop" in kinds:
        text += " — or drop (D)"
        short += " — or D drop"
    text += lock_note + last
    short += lock_short + last_short
    # the keys of the moves that may be made now, as the status line says them
    keys = " · ".join(["space/1-9 select", *(key for kind, key in (("spread", "m spread"), ("hit", "l hit"))
                                             if kind in kinds), "d discard", "o sort"])
    if "dead_four" in kinds:
        keys += " · f dead four"
    if "drop" in kinds:
        keys += " · D drop"
    hints = []
    if whole:  # T8: every card spread, no discard (with tonk_needs_six, a Tonk only from all six this turn)
        hints.append(f"go out without a discard{', a Tonk' if v.out_is_tonk else ''}: spread "
                     + " and ".join(spread_text(spread) for spread in named_spreads))
    elif spreads:
        hints.append("spread " + " or ".join(spread_text(spread) for spread in named_spreads))
    hitters = list(dict.fromkeys(m.cards[0] for m in moves if m.kind == "hit"))
    if hitters:
        hints.append("hit with " + cards_label(hitters, ascii))
    hint = ("you can " + " · ".join(hints)) if hints else "no spread or hit: select a card and discard it (d)"
    return (text, short), "? help · " + keys, hint  # ("? help" first, as in Shanghai's bar)


def hinted_spreads(hand: Sequence[Card], spreads: list[Move]) -> tuple[tuple[tuple[Card, ...], ...], bool]:
    """The spreads the hint names, and whether they go out: every card's when the hand can
    go out without a discard (T8, the engine's :func:`spreads_taking_all`), else the
    biggest and one more (none without a spread)."""
    whole = spreads_taking_all(hand, (m.cards for m in spreads))
    if whole:
        return tuple(tuple(spread) for spread in whole), True
    return (tuple(m.cards for m in _two_spreads(spreads)) if spreads else ()), False


def _two_spreads(spreads: list[Move]) -> list[Move]:
    """The hint's spreads: the biggest, and one more that is not part of it (of other
    cards if there is one, else sharing some), if any."""
    best = max(spreads, key=lambda m: len(m.cards))
    others = sorted((m for m in spreads if not set(m.cards) <= set(best.cards)),
                    key=lambda m: (bool(set(m.cards) & set(best.cards)), -len(m.cards)))
    return [best, *others[:1]]


def _or(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " or " + parts[-1]
