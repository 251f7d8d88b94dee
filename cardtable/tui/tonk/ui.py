"""The Tonk plug-in for the shared table screen (see ``cardtable.tui.families``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual.screen import ModalScreen, Screen

from ...engine.cards import Card
from ...engine.moves import Move
from ...engine.words import listed, ordinal
from ...games.tonk.spreads import highest_spade
from ..families import FamilyUI, SummaryRow
from ..screens.choose import MoveListDialog
from ..seats import Seat
from ..widgets.card import cards_label
from ..text import counted
from .present import present
from .showdown import ShowdownScreen, showdown
from .table import TonkTable


class TonkUI(FamilyUI):
    family = "tonk"
    hint_keys = {"draw_stock": "s", "take_upcard": "u", "spread": "m", "hit": "l", "discard": "d",
                 "drop": "D", "declare": "c", "dead_four": "f"}
    table_class = TonkTable

    def present(self, game: Any, viewer: int | None, seats: tuple[Seat, ...], ascii: bool) -> Any:
        return present(game, viewer, seats, ascii)

    def dialog(self, game: Any, seat: int, seats: tuple[Seat, ...],
               error: str = "") -> ModalScreen[Move | None] | None:
        """T12: the spades side bet is asked in a dialog; everything else at the table."""
        view = game.view(seat)
        if view.phase != "bet":
            return None
        moves = game.legal_moves(seat)
        best = highest_spade(view.hand)
        shown = f"show {cards_label((best,))}" if best else "you hold no spade"
        earlier = [f"{seats[s].name} {cards_label((c,)) if c else 'no spade'}"
                   for s, (bet, c) in enumerate(zip(view.side_bets, view.spades_shown)) if bet]
        stayed_out = [seats[s].name for s, bet in enumerate(view.side_bets) if bet is False]
        so_far = (f" Bets so far: {', '.join(earlier)}." if earlier else "") + \
            (f" Stayed out: {listed(stayed_out)}." if stayed_out else "")  # (public: said at the table)
        if view.bet_alone:
            so_far = " Everyone else stayed out: a lone bet is returned, so it can win nothing."
        stake = view.stake
        labels = {"bet": f"Bet {counted(stake, 'chip')} ({shown})", "decline": "Stay out"}
        options: list[tuple[str, Move | None]] = [(labels.get(m.kind, str(m)), m) for m in moves]
        prompt = (f"{seats[seat].name}: spades side bet — bettors show their highest spade; "
                  f"the highest spade takes the pot.{so_far}")
        # (the screen puts the hand in the table's order; "Stay out" comes highlighted, as
        # Decline at the Shanghai buy prompt: a hasty Enter costs no chip)
        stay = next((i for i, (_label, m) in enumerate(options) if m is not None and m.kind == "decline"), None)
        return MoveListDialog("Spades side bet", prompt, options, view.hand, error, first=stay or 0, on_escape=stay)

    # ----------------------------------------------------------------- hand end
    def round_end_screen(self, game: Any, seats: tuple[Seat, ...], footer: str,
                         in_order: Callable[[Sequence[Card]], tuple[Card, ...]] | None,
                         viewer: int | None = None) -> Screen[None]:
        """The show-down: every shown hand with its count (the viewer's own when the others'
        stay hidden), the payments (one line per payer and payee), and the chips ledger."""
        return ShowdownScreen(showdown(game, seats, False, in_order, viewer), footer)  # (the screen writes it as the theme does)

    def match_over_reason(self, game: Any, seats: tuple[Seat, ...]) -> str:
        """T13: why the match ended: "Dag is broke", else "that is the match's length"
        (its ``match_hands``; after voided hands "20 of them paid, the match's length":
        a play-tester read "Eve won the match after 3 hands." as an ending unexplained)."""
        broke = [seats[seat].name for seat in game.broke()]
        if broke:
            return f"{listed(broke)} {'is' if len(broke) == 1 else 'are'} broke"
        paid = game.hands_paid
        if game.round > paid:
            return f"{paid} of them paid, the match's length (a voided hand is dealt again)"
        return "that is the match's length"

    def round_summary(self, game: Any, seats: tuple[Seat, ...]) -> tuple[str, list[SummaryRow]]:
        """Rows ranked by chips: the chips won over the match so far (``points``, the
        net result the statistics record) and the chips (``total``); "broke" beside the seats
        whose lack of chips ended the match (T13: a preset that plays on has none). (A Tonk
        hand ends on the show-down, so these rows are the match end's.)"""
        chips, won, broke = game.chips, game.scores, game.broke()
        order = sorted(range(game.players), key=lambda s: -chips[s])
        rows = [SummaryRow(ordinal(place + 1), seats[seat].label, "broke" if seat in broke else "", won[seat],
                           chips[seat], seat) for place, seat in enumerate(order)]
        return f"Hand {game.round} is over", rows
