"""The President plug-in for the shared table screen (see ``cardtable.tui.families``)."""

from __future__ import annotations

from collections.abc import Sequence

from typing import Any

from textual.screen import ModalScreen

from ...engine.events import RoundEnded
from ...engine.moves import Move
from ...engine.words import ordinal
from ...games.president.events import CardsPlayed, MadeScum
from ..families import FamilyUI, SummaryRow
from ..screens.choose import CardChoiceDialog, MoveListDialog
from ..seats import Seat
from ..text import this_round
from ..widgets.card import cards_label
from ..widgets.hand import DIGIT_KEYS, PAST_DIGITS
from .present import exchange_heading, exchange_note, present, title_of
from .table import PresidentTable

class PresidentUI(FamilyUI):
    family = "president"
    hint_keys = {"play": "enter", "pass": "p"}
    table_class = PresidentTable

    def present(self, game: Any, viewer: int | None, seats: tuple[Seat, ...], ascii: bool) -> Any:
        return present(game, viewer, seats, ascii)

    offers_auto_pass = True

    def forced_move(self, game: Any, seat: int) -> Move | None:
        """A turn in the tricks whose one legal move is the pass (the seat cannot beat the
        pile); not in an out-of-turn window, whose answer is the player's to give."""
        if self.in_window(game) or game.view(seat).phase != "play":
            return None
        moves = game.legal_moves(seat)
        return moves[0] if len(moves) == 1 and moves[0].kind == "pass" else None

    def in_window(self, game: Any) -> bool:
        return bool(game.to_act) and game.view(game.to_act[0]).window

    def chance_after(self, game: Any, events: Sequence[Any]) -> int | None:
        """After a play, while ``game.chance_possible`` (P22 / P24, public facts only)."""
        plays = [event for event in events if isinstance(event, CardsPlayed)]
        return plays[-1].seat if plays and game.chance_possible else None

    # ----------------------------------------------------------------- dialogs
    def dialog(self, game: Any, seat: int, seats: tuple[Seat, ...],
               error: str = "") -> ModalScreen[Move | None] | None:
        view = game.view(seat)
        if view.phase == "play":
            return None
        moves = game.legal_moves(seat)
        name = seats[seat].name
        if view.phase == "exchange":
            count = len(moves[0].cards)
            whom = f" to {seats[view.give_to[0]].name}" if view.give_to else ""
            got = f"you received {cards_label(view.received)}; " if view.received else ""
            number = "a number" + (f" ({PAST_DIGITS})" if len(view.hand) > DIGIT_KEYS else "")
            prompt = f"{name}: {got}choose {count} card{'s' * (count != 1)} to give{whom} (← → and space, or {number}; then g or Enter)."
            return CardChoiceDialog("Card exchange", prompt, view.hand, count, error=error,  # type: ignore[return-value]
                                    fresh=view.received)
        options = [(self._label(move, view, seats), move) for move in moves]
        titles = {"market_open": "Black market", "market": "Black market", "talk": "Table talk"}
        prompt = {  # (P18, P19: what the question is, in the game's words)
            "market_open": f"{name}: open the black market? Then each player in turn, from you, may offer "
                           "one card to another player, who may swap one of theirs for it (1 for 1).",
            "market": f"{name}: the black market is open — offer one of your cards to another player "
                      "(they may give one of theirs for it), or make no offer. A card's number goes to its offers.",
            "talk": f"{name}: offer table talk? If accepted, you and your neighbour in the titles see each "
                    "other's hands for this round.",
        }.get(view.phase, f"{name}: choose")
        if view.offer is not None:
            offerer, card = view.offer
            prompt = (f"{name}: {seats[offerer].name} offers you {cards_label((card,))} for a swap: give one of "
                      "your cards for it, or decline?" if card is not None
                      else f"{name}: {seats[offerer].name} offers table talk: accept, and you show each other "
                           "your hands for this round?")
        # (escape answers no where there is a no: Decline, or no offer on the black market;
        # the list opens on it too, as the buy prompt opens on Decline: a hasty Enter shows
        # no hand and gives no card away)
        no = next((i for i, (_label, move) in enumerate(options) if move.kind in ("decline", "pass")), None)
        return MoveListDialog(titles.get(view.phase, "Choose"), prompt, options, view.hand, error,
                              first=no or 0, on_escape=no)

    def window_dialog(self, game: Any, seat: int, seats: tuple[Seat, ...],
                      moves: list[Move]) -> ModalScreen[Move | None]:
        view = game.view(seat)
        options: list[tuple[str, Move | None]] = [  # (P26: a throw of one's last cards that makes Scum says so)
            (self._label(move, view, seats) + (" (makes you Scum: P26)" if game.makes_scum(seat, move) else ""), move)
            for move in moves if move.kind != "decline"]
        options.append(("Let it go", next((m for m in moves if m.kind == "decline"), None)))
        top = cards_label(view.top)
        who = seats[view.pile[-1][0]].name if view.pile else "the last player"
        prompt = (f"{seats[seat].name}: {who} just played {top} — choose a throw if you have one, "
                  "or Enter lets it go.")
        note = exchange_note(game, seat)
        if note:  # (the table behind the dialog shows no status: the player may not have seen it)
            prompt += f"\n{exchange_heading(game)}: {note}."
        # (it opens on "Let it go", as the buy prompt on Decline: a hasty Enter throws nothing)
        return MoveListDialog("Out-of-turn chance", prompt, options, view.hand, first=len(options) - 1,
                              on_escape=len(options) - 1)

    @staticmethod
    def _label(move: Move, view: Any, seats: tuple[Seat, ...]) -> str:
        cards = cards_label(move.cards)
        target = seats[move.target[0]].name if move.target else ""
        labels = {
            "open_market": "Open the black market",
            "decline": "Decline",
            "pass": "Pass (no offer)",
            "offer": f"Offer {cards} to {target}",
            "accept": f"Accept, giving {cards} in return" if cards else "Accept",
            "offer_talk": f"Offer table talk to {target}",
            "quick_clear": f"Throw {cards}: complete four and clear the pile",
            "play": f"Play {cards} out of turn",
        }
        return labels.get(move.kind, str(move))

    # ----------------------------------------------------------------- round end
    def round_summary(self, game: Any, seats: tuple[Seat, ...]) -> tuple[str, list[SummaryRow]]:
        view = game.view(None)  # (titles are public)
        points = next((e.points for e in reversed(game.events) if isinstance(e, RoundEnded)),
                      (0,) * game.players)
        on_top = {event.seat for event in this_round(game.events) if isinstance(event, MadeScum)}
        rows = [SummaryRow(ordinal(place + 1), seats[seat].label,
                           title_of(view, seat) + (" (out on top, P26)" if seat in on_top else ""), points[seat],
                           game.scores[seat], seat) for place, seat in enumerate(game.finish_order)]
        return f"Round {game.round} is over", rows

