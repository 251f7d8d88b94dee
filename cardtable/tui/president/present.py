"""What the President table shows for one viewer: plain data computed from the
viewer's ``PresidentView`` (or the public part of a view when no human is on screen).

Nothing here decides a rule: legality comes from ``game.legal_moves``, descriptions
from the engine's events and ``view.to_beat``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from ...engine.cards import Card
from ...engine.events import Event
from ...engine.game import Game
from ...engine.moves import Move
from ...engine.words import ordinal
from ...games.president.effects import CLEARS_PILE
from ...games.president.events import CardsPlayed, MarketOpened, TrickCleared, TurnSkipped, play_text
from ...games.president.preset import PresidentRules
from ...games.president.view import PresidentView
from ..seats import Seat
from ..text import counted, game_title, naming_you, round_log, themed, this_round, told_to_you
from ..widgets.card import cards_label
from ..widgets.seat import TITLE_FORMS, SeatInfo, cards_held, short_forms


@dataclass(frozen=True)
class PresidentSeatInfo(SeatInfo):
    """A President seat's panel; ``passed`` (or locked out, P6) and ``out`` restyle it."""

    passed: bool = False
    out: bool = False


@dataclass(frozen=True)
class PresidentState:
    """Attributes for :class:`~cardtable.tui.president.table.PresidentTable`."""

    header: str
    seats: tuple[PresidentSeatInfo, ...]
    pile_caption: str
    pile_cards: tuple[Card, ...]
    pile_earlier: str
    pile_footer: str
    log: tuple[str, ...]
    status: str
    hand: tuple[Card, ...] = ()
    status_short: str = ""
    """(The President table puts the note after the status instead of a shorter form.)"""
    me: str = ""
    """The viewer's own title and points ("you: Vice-President · 7 pts"; "you: 0 pts" in
    round 1), shown under the hand: only the other players have seat panels."""
    note: str = ""
    """What the viewer gave and got in this round's exchange ("you gave A♦, got 2♣"),
    until they first play on their own turn (cards thrown out of turn do not count: the
    table behind an out-of-turn dialog shows nobody's status): the table puts it after
    the status or on a line of its own."""
    fresh: tuple[Card, ...] = ()
    """The cards the viewer got in the exchange, for as long as :attr:`note` tells them:
    the hand tags them "new"."""
    note_heading: str = "Exchange"
    """What ``note`` is headed at the table (:func:`exchange_heading`)."""
    talk: str = ""
    """P19: the hand a table-talk partner shows the viewer ("Bob shows you: 3♥ 4♦ …"), all
    round: beside the status, or on the note's line (the seat panel is too narrow for it)."""
    legal: frozenset[int] | None = None
    plays: frozenset[tuple[str, ...]] = frozenset()
    to_scum: frozenset[tuple[str, ...]] = frozenset()
    """P26: the plays among ``plays`` that would take the viewer out as Scum."""
    quick_clears: frozenset[tuple[str, ...]] = frozenset()
    """P24: the plays among ``plays`` that complete four of the rank on top (thrown as a
    quick clear: the pile clears and the thrower leads)."""
    both_ways: Mapping[tuple[str, ...], tuple[str, bool, bool]] = field(default_factory=dict)
    """P24 with P5: the plays among ``plays`` that the engine takes both as a play (an equal
    rank) that does not clear the pile and as a quick clear, the player to say which: per
    play, what the play does besides (the engine's words: "skips the next player"), and
    whether the play, then the quick clear, makes the viewer Scum (P26)."""
    can_play: bool = False
    can_pass: bool = False
    leads: bool = False
    """P4: the viewer is to lead (the pile is empty): a lead may not pass, so no Pass is offered."""
    viewer: int | None = None


def match_text(rules: PresidentRules) -> str:
    """When the match ends (P30), in words: "first to 11", "10 rounds", "endless"."""
    target, rounds = rules.match_target, rules.match_rounds
    counted = f"{rounds} round{'s' * (rounds != 1)}"
    if target and rounds:
        return f"first to {target} or {counted}"
    if target:
        return f"first to {target}"
    return counted if rounds else "endless"


def title_of(view: PresidentView, seat: int) -> str:
    if view.titles is None:
        return ""
    return dict(view.title_names).get(view.titles[seat], view.titles[seat])


def present(game: Game, viewer: int | None, seats: tuple[Seat, ...], ascii: bool = False) -> PresidentState:
    """Everything the table shows to ``viewer`` (None: nobody's cards)."""
    view = game.view(viewer)
    assert isinstance(view, PresidentView)
    fix = themed(ascii)
    name = naming_you(lambda seat: seats[seat].name, viewer)  # (the viewer is "you" in the trick, as in the log)
    variant = game.variant
    header = fix(f"cardtable · {game_title('President', variant.title)} · round {view.round} · {match_text(view.rules)}")
    order = list(view.order)
    if viewer is not None:
        start = order.index(viewer) + 1
        around = [order[(start + i) % len(order)] for i in range(len(order) - 1)]
    else:
        around = order
    skipped = skipped_now(game.events)
    seat_infos = tuple(_seat_info(view, seat, seats, fix, seat in skipped) for seat in around)

    if view.pile:
        last_seat, last_cards = view.pile[-1]
        caption = f"{name(last_seat)} played"
        stands = pile_stands(game.events, len(view.pile))  # (what a wild on the pile stood for: the engine's)
        shown = [told_to_you(f"{name(s)} {play_text(c, stood)}")
                 for (s, c), stood in list(zip(view.pile, stands))[-4:-1]]
        earlier = " · ".join((["…"] if len(view.pile) > 4 else []) + shown)  # (… : earlier plays not shown)
        footer = f"to {_beat(view)}: {view.to_beat}" if view.to_beat and not view.round_over else ""  # (over: none)
        earlier = fix(earlier)
        pile_cards = last_cards
    else:
        caption, earlier, pile_cards = "(empty pile)", fix(told_to_you(_last_trick(game, name))), ()
        footer = f"{name(view.turn)} leads" if view.turn is not None and view.phase == "play" else ""

    log = round_log(game.events, viewer, lambda s: seats[s].name, fix)
    state = PresidentState(header=header, seats=seat_infos, pile_caption=fix(told_to_you(caption)),
                           pile_cards=pile_cards, pile_earlier=earlier, pile_footer=fix(told_to_you(footer)), log=log,
                           status="", viewer=viewer)
    legal_moves = game.legal_moves(viewer) if viewer in view.to_act else []
    playing = view.phase == "play" and not view.window and bool(legal_moves)
    plays = [m for m in legal_moves if m.kind in ("play", "quick_clear")] if playing else []
    status = fix(_status(game, view, viewer, seats, bool(plays)))
    if viewer is None:
        return replace(state, status=status)
    note = fix(_exchange_note(game, view, viewer, ascii))
    talk = " · ".join(fix(f"{seats[partner].name} shows you: {cards_label(cards, ascii)}")
                      for partner, cards in view.shared if not view.round_over)
    usable = {card for move in plays for card in move.cards}
    scum = {move for move in plays if game.makes_scum(viewer, move)}  # type: ignore[attr-defined]  # (P26)
    legal = frozenset(i for i, card in enumerate(view.hand) if card in usable) if playing else None
    me = " · ".join(part for part in (title_of(view, viewer), counted(view.scores[viewer], "pt")) if part)
    return replace(state, status=status, note=note, note_heading=exchange_heading(game), talk=talk,
                   hand=view.hand, fresh=_fresh(game, view, viewer), legal=legal, me=fix(f"you: {me}"),
                   plays=frozenset(play_key(m.cards) for m in plays),
                   to_scum=frozenset(play_key(m.cards) for m in scum),
                   quick_clears=frozenset(play_key(m.cards) for m in plays if m.kind == "quick_clear"),
                   both_ways=_both_ways(game, viewer, plays, scum),
                   can_play=playing and bool(plays),
                   can_pass=playing and any(m.kind == "pass" for m in legal_moves),
                   leads=playing and not view.pile)


def play_key(cards: Iterable[Card]) -> tuple[str, ...]:
    """Cards as the table matches a selection against the plays (in any order)."""
    return tuple(sorted(str(card) for card in cards))


def _beat(view: PresidentView) -> str:
    """What a follower does to the pile: "match or beat" where an equal rank may follow
    (P5 equal ranks, P25 burns), else "beat"."""
    return "match or beat" if view.may_match else "beat"


def _last_trick(game: Game, name: Callable[[int], str]) -> str:
    """Under an empty pile, how the last trick of the round ended ("last: Ann's bomb
    A♠ A♥ A♦ A♣", "last: Bob takes it with 9♠ 9♥"), so a player who did not see it (after
    a hand-off, or below 100 columns where the log shows one line) still does; "" before
    the round's first trick."""
    cleared: TrickCleared | None = None
    for event in reversed(this_round(game.events)):
        if isinstance(event, TrickCleared) and cleared is None:
            cleared = event
        elif isinstance(event, CardsPlayed) and cleared is not None and event.seat is not None:
            who = name(event.seat)  # (the last play's: the trick's taker)
            how = {"bomb": f"{who}'s bomb", "burn": f"{who} burns it with", "quick_clear": f"{who} completes four:",
                   "top": f"{who}'s top play"}.get(cleared.reason, f"{who} takes it with")
            return f"last: {how} {play_text(event.cards, dict(event.stands))}"
    return ""


def _both_ways(game: Game, viewer: int, plays: Sequence[Move],
               scum: set[Move]) -> dict[tuple[str, ...], tuple[str, bool, bool]]:
    """:attr:`PresidentState.both_ways`: cards legal as a quick clear and as a play that
    does not clear the pile itself (a burn would: nothing to choose then); ``scum``, the
    plays that would make the viewer Scum (P26)."""
    clears = {m.cards: m for m in plays if m.kind == "quick_clear"}
    found = {}
    for move in plays:
        clear = clears.get(move.cards) if move.kind == "play" else None
        if clear is None:
            continue
        effect = game.play_effect(viewer, move)  # type: ignore[attr-defined]
        if effect != CLEARS_PILE:
            found[play_key(move.cards)] = (effect, move in scum, clear in scum)
    return found


def pile_stands(events: Sequence[Event], plays: int) -> list[dict[Card, str]]:
    """What each wild stood for in the pile's ``plays`` plays, oldest first, as the
    engine said when they were played (``CardsPlayed.stands``)."""
    stands: list[dict[Card, str]] = []
    for event in reversed(events):
        if len(stands) == plays:
            break
        if isinstance(event, CardsPlayed):
            stands.append(dict(event.stands))
    return [*([{}] * (plays - len(stands))), *reversed(stands)]


def skipped_now(events: Sequence[Event]) -> set[int]:
    """P5 ``equal_rank = "skip"``: the seats skipped since the pile's last play (the
    engine counts them as passed; the panel says which they were)."""
    skipped: set[int] = set()
    for event in reversed(events):
        if isinstance(event, (CardsPlayed, TrickCleared)):
            break
        if isinstance(event, TurnSkipped) and event.seat is not None:
            skipped.add(event.seat)
    return skipped


def _seat_info(view: PresidentView, seat: int, seats: tuple[Seat, ...], fix,
               skipped: bool = False) -> PresidentSeatInfo:
    count = view.hand_sizes[seat]
    out = seat in view.out
    short: list[tuple[str, tuple[str, ...]]] = []
    if out:  # (the place first: a narrow panel drops the last parts of a line)
        place = f"out ({ordinal(view.finish_order.index(seat) + 1)})" if seat in view.finish_order else "out"
        short.append((place, (place.replace("(", "").replace(")", ""),)))
        facts = [place]
    else:
        held, held_short = cards_held(count)
        facts = [held]
        # "15 c" keeps the points in a narrow panel (every panel of the row then writes "c"),
        # and is the count's own form when it is left alone (7 seats at 80 columns)
        short.append(held_short)
        alone = (held_short,)
    facts.append(counted(view.scores[seat], "pt"))
    marks = []
    title = title_of(view, seat)
    if title:
        marks.append(title)
        # whole at the first depth, where "passed, out of trick" says "out of trick": a
        # title is cut only where the shorter status is not enough (not "Fors." at 100 columns)
        shorter = short_forms(title)
        short.append((title, (title, *shorter) if shorter else ()))
    if out:
        pass  # (the place is on the first line)
    elif seat in view.locked:
        marks.append("passed, out of trick")
        # ("out of trick" at every depth a title still shortens at — the title itself, then
        # its TITLE_FORMS — as a row's panels go deeper alike: "passed" alone did not say
        # the seat is out of the trick; it is the last resort)
        short.append(("passed, out of trick", ("out of trick",) * (1 + TITLE_FORMS) + ("passed",)))
    elif seat in view.passed:
        marks.append("skipped" if skipped else "passed")
    to_act = view.phase == "play" and view.turn == seat and not view.round_over and not out
    if to_act:
        marks.append("to play")
    elif view.phase != "play" and not view.window and seat in view.to_act:
        marks.append("choosing")
    for partner, cards in view.shared:
        if partner == seat:
            marks.append("shows you: " + fix(" ".join(c.pretty() for c in cards)))
    lines = (" · ".join(facts), " · ".join(marks))
    return PresidentSeatInfo(seats[seat].label, lines, to_act=to_act, passed=seat in view.passed or seat in view.locked,
                    out=out, short=tuple(short), alone=() if out else alone)


def _status(game: object, view: PresidentView, viewer: int | None, seats: tuple[Seat, ...],
            can_follow: bool) -> str:
    """The status line; ``can_follow``: the viewer, on turn, has a play or a quick clear."""
    name = lambda seat: seats[seat].name  # noqa: E731
    if view.round_over:
        return "The round is over."
    if view.window:
        return "An out-of-turn chance is open…"
    actor = view.to_act[0] if view.to_act else None
    who = f"{name(viewer)} — " if viewer is not None else ""
    if view.phase != "play":
        if actor is None:
            return who + "waiting"
        giving = "to give" if view.rules.exchange == "president_first" else "to give back"
        yours, theirs = {"exchange": (f"you are choosing cards {giving}", f"is choosing cards {giving}"),
                         "market_open": ("you may open the black market", "may open the black market"),
                         "market": ("you are trading on the black market", "is trading on the black market"),
                         "talk": ("you are deciding on table talk", "is deciding on table talk")}[view.phase]
        return who + (yours if actor == viewer else f"{name(actor)} {theirs}")
    if viewer is not None and actor == viewer:
        if not view.top:
            return f"{who}your turn: {game.lead_prompt(viewer)}"  # type: ignore[attr-defined]
        if not can_follow:  # (as Enter passes: table.py)
            return f"{who}your turn: you cannot {_beat(view)} {view.to_beat} — p or enter passes"
        return f"{who}your turn: {_beat(view)} {view.to_beat}, or pass"
    if viewer is not None and viewer in view.out:  # (the hand empty, its buttons idle: say why)
        place = f" ({ordinal(view.finish_order.index(viewer) + 1)})" if viewer in view.finish_order else ""
        return f"{who}you are out{place}: the others play the round out"
    if actor is None or view.turn is None:
        return who + "waiting"
    out = " · you passed, out of this trick (P6)" if viewer is not None and viewer in view.locked else ""
    return f"{who}waiting for {seats[view.turn].label}{out}"


def _exchanged(game: object, view: PresidentView, viewer: int) -> tuple[list[Card], list[Card]]:
    """The cards ``viewer`` gave and got in this round's exchange, until it has played
    on its own turn this round or is out (nothing after). A card that went and came back
    (got in the exchange, given back on the black market) is left out of both: they say
    how the hand changed."""
    if (view.round_over or not (view.received or view.given) or viewer in view.out
            or _has_played(game, viewer)):
        return [], []
    return (_net(view.given, Counter(view.given) - Counter(view.received)),
            _net(view.received, Counter(view.received) - Counter(view.given)))


def _fresh(game: Game, view: PresidentView, viewer: int) -> tuple[Card, ...]:
    """The cards ``viewer`` got in the exchange (:func:`_exchanged`) that it still holds: a
    card thrown out of turn since is no longer tagged (nor, with two decks, its twin)."""
    received = _exchanged(game, view, viewer)[1]
    thrown = Counter(card for event in this_round(game.events) if isinstance(event, CardsPlayed)
                     and event.seat == viewer for card in event.cards)
    return tuple(_net(received, Counter(received) - thrown))


def _exchange_note(game: object, view: PresidentView, viewer: int, ascii: bool) -> str:
    """"you gave A♦ 2♥, got 7♥ 8♣" while :func:`_exchanged` tells it ("" if nothing
    was exchanged)."""
    given, received = _exchanged(game, view, viewer)
    parts = []
    if given:
        parts.append(f"gave {cards_label(given, ascii)}")
    if received:
        parts.append(f"got {cards_label(received, ascii)}")
    return "you " + ", ".join(parts) if parts else ""


def _net(cards: Iterable[Card], left: Counter[Card]) -> list[Card]:
    """``cards`` in their order, each copy while ``left`` still counts one."""
    kept = []
    for card in cards:
        if left[card] > 0:
            left[card] -= 1
            kept.append(card)
    return kept


def exchange_note(game: object, viewer: int) -> str:
    """The exchange note for ``viewer`` (see ``PresidentState.note``), for the dialogs
    (in Unicode: a dialog writes it in the theme)."""
    return _exchange_note(game, game.view(viewer), viewer, False)  # type: ignore[attr-defined]


def exchange_heading(game: object) -> str:
    """What the exchange note is headed: "Exchange", or once the black market (P18) was
    opened this round, "Exchange and market" (the note counts both)."""
    opened = any(isinstance(event, MarketOpened) for event in this_round(game.events))  # type: ignore[attr-defined]
    return "Exchange and market" if opened else "Exchange"


def _has_played(game: object, seat: int) -> bool:
    """Whether ``seat`` has put cards down on their own turn this round (the exchange note
    stays until then: a throw in an out-of-turn dialog, whose table shows no status for
    the player, does not count)."""
    return any(isinstance(event, CardsPlayed) and event.seat == seat and not event.out_of_turn
               for event in this_round(game.events))  # type: ignore[attr-defined]
