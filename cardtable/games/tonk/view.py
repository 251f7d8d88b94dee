"""TonkView: the public Tonk table plus one seat's own hand, and nothing else."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...engine.cards import Card
from ...engine.views import PlayerView


@dataclass(frozen=True)  # (no slots: PlayerView.of builds it at once, by name)
class TonkView(PlayerView):
    """What one seat of a Tonk table may see.

    ``phase`` is "bet" (T12 side bet), "start" (draw, take the upcard, drop or
    declare), "act" (spread, hit, discard) or "over". ``spreads`` holds each owner's
    spreads in table order (a hit's target is ``(owner, index)``); ``drop_locks`` how
    many more turns each seat may not drop (T6). ``counts`` holds this seat's own count
    and, after a show-down, everyone's; ``shown`` the hands laid face up (None while hidden).
    """

    phase: str = "start"
    discard_top: Card | None = None
    discard_size: int = 0
    stock_size: int = 0
    spreads: tuple[tuple[tuple[Card, ...], ...], ...] = ()
    drop_locks: tuple[int, ...] = ()
    chips: tuple[int, ...] = ()
    stake: int = 1
    counts: tuple[int | None, ...] = ()
    shown: tuple[tuple[Card, ...] | None, ...] = ()
    first_turn: bool = False
    side_bets: tuple[bool | None, ...] = ()
    """T12: per seat True (bet), False (declined) or None (not asked yet / no side bet)."""
    spades_shown: tuple[Card | None, ...] = ()
    """T12: the highest spade each bettor showed (None: no spade or no bet)."""
    rules: Any = field(default=None, hash=False)
    """The preset's knobs (public: everyone at the table knows the house rules)."""
    discards: tuple[Card, ...] = ()
    """The cards in the discard pile, oldest first (each was seen face up when discarded);
    the last one is ``discard_top``."""
    grown_sets: tuple[int, ...] = ()
    """T6: the ranks of the sets on the table that a hit has grown (only such a set, once
    it holds all four natural cards, is a dead four)."""
    hands_paid: int = 0
    """T13: the hands of the match paid so far (a voided hand, dealt again, is not;
    ``match_hands`` counts these)."""
    out_is_tonk: bool = False
    """T8: whether the seat to play, spreading the cards it holds now, would go out with a
    Tonk (paid double): always, or under ``tonk_needs_six`` only if every card held (the
    deal and the draw) goes down in this one turn (what it spread this turn counts; a hit
    this turn rules it out)."""

    @property
    def bet_alone(self) -> bool:
        """T12: the side bet is this seat's to answer last and every other seat stayed out,
        so a bet could win nothing (a lone stake is returned)."""
        others = [bet for s, bet in enumerate(self.side_bets) if s != self.seat]
        return self.phase == "bet" and bool(others) and all(bet is False for bet in others)

    @property
    def last_turn(self) -> bool:
        """T9: the stock's last card was drawn this turn, so the hand stops when it ends
        (a turn never begins with the stock empty: the hand would have stopped)."""
        return self.phase == "act" and self.stock_size == 0

    def drops_barred(self, seat: int) -> int:
        """T6: how many of ``seat``'s turns its hit spreads still bar from a drop: its
        ``drop_locks``, less the turn under way once that turn's chance to drop has gone
        (after the draw, where a drop comes only before it)."""
        locks = self.drop_locks[seat]
        after_draw = self.phase == "act" and self.to_act == (seat,)
        if locks and after_draw and self.rules is not None and not self.rules.drop_may_come("act"):
            return locks - 1  # (that turn's drop has gone by)
        return locks
