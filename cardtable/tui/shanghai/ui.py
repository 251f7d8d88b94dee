"""The Shanghai plug-in for the shared table screen (see ``cardtable.tui.families``).

The buy window (S8) reaches a human as an ordinary turn: the engine asks one seat at
a time (``to_act``), the screen hands the terminal to that seat if it is another
human, and this plug-in's buy prompt shows only that seat's own hand and the card on
offer — never who else may buy. Who can buy at all is public in Shanghai (down,
buys left, discarder, drawer), so no extra looks by other humans are needed (X3).
"""

from __future__ import annotations

from typing import Any

from textual.screen import ModalScreen, Screen

from ...engine.events import RoundEnded, RoundStarted
from ...engine.moves import Move
from ...engine.words import count, ordinal
from ...games.shanghai.events import CardDiscarded, StockDrawn, StockExhausted, StockRanOut
from ..families import FamilyUI, SummaryRow
from ..screens.choose import MoveListDialog
from ..seats import Seat
from ..text import asciify, describe_move
from ..widgets.card import card_label
from .compose import go_down_label, lay_off_label, swap_label
from .present import present
from .scores import ScoreSheetScreen, hand_results, score_sheet, sheet_hands
from .table import ShanghaiTable


class ShanghaiUI(FamilyUI):
    family = "shanghai"
    hint_keys = {"draw_stock": "s", "take_upcard": "u", "meld": "m", "lay_off": "l", "swap_joker": "w",
                 "discard": "d"}
    table_class = ShanghaiTable

    def present(self, game: Any, viewer: int | None, seats: tuple[Seat, ...], ascii: bool) -> Any:
        return present(game, viewer, seats, ascii)

    def move_text(self, game: Any, viewer: int, seats: tuple[Seat, ...], move: Move, ascii: bool) -> str:
        """A hinted move in the table's words: a go-down with where each wild stands, a
        lay-off or swap with the meld it goes to (by number: the line must hold the key)."""
        view, names = game.view(viewer), tuple(seat.name for seat in seats)
        if move.kind == "meld":
            text = "go down " + go_down_label(move, view.contract, view.wilds, ascii)
        elif move.kind == "lay_off":
            text = "lay off " + lay_off_label(move, (), names, viewer, ascii, show_cards=False)
        elif move.kind == "swap_joker":
            text = swap_label(move, (), names, viewer, ascii, show_cards=False)
        else:
            return describe_move(move, ascii)
        return asciify(text) if ascii else text

    # ----------------------------------------------------------------- dialogs
    def dialog(self, game: Any, seat: int, seats: tuple[Seat, ...],
               error: str = "") -> ModalScreen[Move | None] | None:
        """S8: the buy prompt (the window asks one seat at a time); everything else at the table."""
        view = game.view(seat)
        if view.phase != "buy":
            return None
        moves = game.legal_moves(seat)
        card = card_label(view.discard_top) if view.discard_top is not None else "the upcard"
        draws = view.buy_draws  # (the preset's buy_penalty, or what the stock can still give)
        why = _window_cause(game, view.turn, seat, seats, card)
        extra = f" with {draws} card{'s' * (draws != 1)} from the stock" if draws else ""
        buys = view.buys_left[seat]
        prompt = (f"{seats[seat].name}: {why}Buy {card}{extra}? "
                  f"You have {buys} buy{'s' * (buys != 1)} left "
                  f"this hand; bought cards join your hand now, to play on your own turn.")
        options: list[tuple[str, Move | None]] = []
        if any(m.kind == "buy" for m in moves):
            options.append((f"Buy {card}" + (f" (+{draws} from the stock)" if draws else ""), Move("buy")))
        decline = next((m for m in moves if m.kind == "decline"), None)
        options.append(("Decline", decline))
        if decline is not None:
            options.append(("Decline, and no more offers this hand", decline))
        # Decline comes highlighted: a reflexive Enter must not buy (and take the penalty cards); escape declines
        plain = len(options) - 1 - (decline is not None)  # (the plain Decline)
        return MoveListDialog("Buy the upcard?", prompt, options, view.hand, error, first=plain, on_escape=plain,
                              standing=plain + 1 if decline is not None else None)

    def standing_answer(self, game: Any, seat: int) -> Move | None:
        """S8: "no more offers this hand" declines each buy offer of the hand unasked."""
        if game.view(seat).phase != "buy":
            return None
        return next((move for move in game.legal_moves(seat) if move.kind == "decline"), None)

    # ----------------------------------------------------------------- hand end
    def round_end_screen(self, game: Any, seats: tuple[Seat, ...], footer: str,
                         in_order: Any = None, viewer: int | None = None) -> Screen[None]:
        """The score sheet: every hand's points so far and the totals."""
        heading, _rows = self.round_summary(game, seats)
        went_out = any(out is not None for _points, out in sheet_hands(game))
        return ScoreSheetScreen(heading, lambda ascii: score_sheet(game, seats, ascii=ascii), footer, went_out=went_out)

    def round_summary(self, game: Any, seats: tuple[Seat, ...]) -> tuple[str, list[SummaryRow]]:
        """S11: the hand's points and the totals; at match end, places by total (lowest first)."""
        ended = next((e for e in reversed(game.events) if isinstance(e, RoundEnded)), None)
        points = ended.points if ended is not None else (0,) * game.players
        out = _went_out(game)
        view = game.view(None)  # (who is down is public)
        order = sorted(range(game.players), key=lambda s: (game.scores[s], points[s]) if game.is_over
                       else (points[s], game.scores[s]))
        rows = []
        for place, seat in enumerate(order):
            mark = "went out" if seat == out else ("down" if view.down[seat] else "not down")
            if game.is_over:
                mark = "winner" if seat in game.winners() else ""
            rows.append(SummaryRow(ordinal(place + 1), seats[seat].label, mark, points[seat], game.scores[seat], seat))
        hands = view.hands_in_match
        who = f" — {seats[out].name} went out" if out is not None else f" — {_why_nobody_out(game)}"
        heading = f"Hand {game.round} of {hands} is over{who}"
        if game.is_over:
            heading += " · final totals"
        return heading, rows


def _went_out(game: Any) -> int | None:
    """Who went out of the hand just played (None: nobody, or no hand is over yet)."""
    hands = hand_results(game)
    return hands[-1][1] if hands and game.round_over else None


def _why_nobody_out(game: Any) -> str:
    """How a hand ended with nobody out (S12): the stock ran out for good."""
    for event in reversed(game.events):
        if isinstance(event, StockExhausted):
            return f"the stock ran out after {count(event.rebuilds, 'rebuild')}: nobody went out"
        if isinstance(event, StockRanOut):
            return "the stock ran out and could not be rebuilt: nobody went out"
        if isinstance(event, RoundStarted):
            break
    return "nobody went out"


def _window_cause(game: Any, turn: int, seat: int, seats: tuple[Seat, ...], card: str) -> str:
    """Why the upcard is on offer, as the buy prompt's first words: who discarded it, and
    the stock draw that opened the window, or (the seat to draw being down) that it opened
    at the discard."""
    drawer: int | None = None
    for event in reversed(game.events):
        if isinstance(event, RoundStarted):
            break
        if event.seat is None:
            continue
        if isinstance(event, StockDrawn) and drawer is None:
            drawer = event.seat
        elif isinstance(event, CardDiscarded):
            discarded = f"{seats[event.seat].name} discarded {card}"
            if drawer is None:
                return f"{discarded}; {seats[turn].name}, to draw next, is down. "
            return f"{discarded}. " if drawer == seat else f"{discarded}; {seats[drawer].name} drew from the stock. "
    return "" if drawer is None or drawer == seat else f"{seats[drawer].name} drew from the stock. "

