"""Which Tonk moves a seat may make now (T5–T7, T10, T12), and why others are refused.

A move is legal exactly when an equal move is listed: ``_illegal_reason`` checks
membership in ``legal_moves`` and only then works out a reason for the player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.cards import ACE, JOKER, KING, Card, not_held, pretty_cards
from ...engine.moves import Move, parts_refusal
from .spreads import Shape, canonical_set, hit_onto, is_dead_four, shape_of, spreads_in

DRAW = Move("draw_stock")
TAKE = Move("take_upcard")
DROP = Move("drop")
DECLARE = Move("declare")
BET = Move("bet")
DECLINE = Move("decline")
MOVE_PARTS = {"bet": "", "decline": "", "draw_stock": "", "take_upcard": "", "drop": "", "declare": "",
              "spread": "cards groups", "hit": "cards target", "dead_four": "cards target", "discard": "cards"}
"""Every Tonk move kind, with what it names besides its kind (see
:func:`~cardtable.engine.moves.parts_refusal`)."""
KINDS = tuple(MOVE_PARTS)
"""Every Tonk move kind."""

_DISCARDS: dict[Card, Move] = {}


def _discard(card: Card) -> Move:
    """The discard move of ``card`` (kept, since the same moves come up all game)."""
    move = _DISCARDS[card] = Move("discard", (card,))
    return move


if TYPE_CHECKING:
    # Type checkers see the engine's Game as the base (the table state below is set up by
    # TonkGame); at run time the mixin stays a plain class, so the MRO is unchanged.
    from ...engine.game import Game as _Base
    from .view import TonkView
else:
    _Base = object


class TonkRulesMixin(_Base):
    """Move generation and refusal reasons for :class:`TonkGame`."""

    # The table state these rules read, set up by ``TonkGame._start_round``.
    _phase: str
    _current: int
    _hands: list[list[Card]]
    _stock: list[Card]
    _discard: list[Card]
    _spreads: list[list[tuple[tuple[Card, ...], Shape]]]
    _locks: list[int]
    _turns: list[int]
    _anyone_spread: bool
    _grown_sets: frozenset[int]

    if TYPE_CHECKING:
        def count(self, seat: int) -> int:
            """T4: the count of ``seat``'s hand (defined by TonkGame)."""

    def may_drop(self, seat: int) -> bool:
        """T6/T7: ``seat`` may drop now (its own turn, not locked out by hits, and
        ``drop_when`` allows it at this point of the turn)."""
        rules = self.variant.rules
        if not rules.drop_may_come(self._phase) or self._current != seat or self._locks[seat]:
            return False
        return rules.drop_on_first_turn or self._turns[seat] > 0

    def _may_declare(self, seat: int) -> bool:
        """T10: a dealt 49 is declared on one's first turn, before drawing, if nobody has spread."""
        return (self.variant.rules.dealt_49_wins and self._phase == "start" and self._turns[seat] == 0
                and not self._anyone_spread and self.count(seat) == 49)

    def _legal_moves(self, seat: int) -> list[Move]:
        phase = self._phase
        if phase == "bet":
            return [BET, DECLINE]
        moves: list[Move] = []
        if phase == "start":
            if self._stock:
                moves.append(DRAW)
            if self._discard:
                moves.append(TAKE)
            if self.may_drop(seat):
                moves.append(DROP)
            if self._may_declare(seat):
                moves.append(DECLARE)
            return moves
        rules = self.variant.rules
        hand = self._hands[seat]
        moves += [Move("spread", group, (group,)) for group in spreads_in(hand)]
        distinct = list(dict.fromkeys(hand))
        for owner, owned in enumerate(self._spreads):
            for index, (cards, shape) in enumerate(owned):
                for card in distinct:
                    if hit_onto(cards, shape, card, rules.hit_runs_only) is not None:
                        moves.append(Move("hit", (card,), (), (owner, index)))
                if rules.dead_fours and is_dead_four(cards, shape) and shape[1] in self._grown_sets:
                    moves.append(Move("dead_four", cards, (), (owner, index)))
        moves += [_DISCARDS.get(card) or _discard(card) for card in distinct]
        if self.may_drop(seat):
            moves.append(DROP)
        return moves

    def _illegal_reason(self, seat: int, move: Move) -> str | None:
        if move in self.legal_moves(seat):
            return None
        return self._why(seat, move)

    def _why(self, seat: int, move: Move) -> str:
        kind, phase, rules = move.kind, self._phase, self.variant.rules
        if kind not in KINDS:
            return f"{kind!r} is not a Tonk move ({', '.join(KINDS)})"
        if refusal := parts_refusal(move, MOVE_PARTS):
            return refusal
        if phase == "bet":
            return "first say whether you join the spades side bet: bet or decline"
        if kind in ("bet", "decline"):
            return "there is no side bet to answer now"
        if kind in ("draw_stock", "take_upcard"):
            if phase == "act":
                return "you have already drawn this turn"
            return "the stock is empty" if kind == "draw_stock" else "the discard pile is empty"
        if kind == "drop":
            if phase == "act" and not rules.drop_may_come(phase):  # (whatever the hits: T6 bars later turns)
                return "you may drop only before drawing"
            if self._locks[seat]:
                return f"your spread was hit: you may not drop {barred_turns(self._locks[seat])}"
            return "you may not drop on your first turn"
        if kind == "declare":
            if not rules.dealt_49_wins:
                return "this table does not pay a dealt 49"
            if self._turns[seat] or phase != "start":
                return "a 49 is declared at the start of your first turn"
            if self._anyone_spread:
                return "too late to declare 49: someone has spread"
            return f"your hand counts {self.count(seat)}, not 49"
        if kind == "dead_four" and not rules.dead_fours:
            return "this table has no dead fours"
        if phase == "start":
            return "draw from the stock or take the upcard first"
        if kind == "dead_four":  # its cards are on the table, not in the hand
            if not move.target:
                if any(m.kind == "dead_four" for m in self.legal_moves(seat)):
                    return "say which dead four: its cards and target (owner, spread)"
                return "no dead four on the table (a set a hit grew to four)"
            return self._why_target(seat, move)
        missing = not_held(move.cards, self._hands[seat])
        if missing is not None:
            return missing
        if kind == "spread":
            return self._why_spread(move)
        if kind == "hit":
            return self._why_target(seat, move)
        if len(move.cards) != 1:
            return "discard exactly one card"
        return "that move is not allowed now"

    def _why_spread(self, move: Move) -> str:
        if len(move.groups) != 1:
            return "lay down one spread at a time"
        group = move.groups[0]
        if move.cards != group:
            return "a spread lists its cards once, as its group"
        naturals = sorted(c for c in group if c.rank != JOKER)
        ace_low = sorted(naturals, key=lambda c: 1 if c.rank == ACE else c.rank)
        reordered = [canonical_set(group), tuple(naturals), tuple(ace_low)]
        if shape_of(group) is None and not any(shape_of(other) for other in reordered):
            if len(group) >= 3 and len(naturals) < 2:
                return "not a spread: a spread needs two natural cards at least"
            bridge = {c.rank for c in naturals} >= {KING, ACE, 2}
            return "not a spread: 3-4 of a kind, or a run of 3+ in one suit" + (" (no K-A-2)" if bridge else "")
        return "write the spread in table order: a set in suit order with jokers last, a run in rank order"

    def _why_target(self, seat: int, move: Move) -> str:
        target = move.target
        if (not target or len(target) != 2 or not 0 <= target[0] < self.players
                or not 0 <= target[1] < len(self._spreads[target[0]])):
            return "there is no such spread on the table"
        cards, shape = self._spreads[target[0]][target[1]]
        if move.kind == "dead_four":
            if not self.variant.rules.dead_fours:
                return "this table does not discard dead fours"
            if not is_dead_four(cards, shape):
                return "only a set of all four natural cards is a dead four"
            if shape[1] not in self._grown_sets:
                return "only a set that grew to four by a hit is a dead four (one laid down whole is not)"
            return f"a dead four names its spread's cards as they lie: {' '.join(map(str, cards))}"
        if len(move.cards) != 1:
            return "hit one card at a time"
        if shape[0] == "set" and self.variant.rules.hit_runs_only:
            return "only runs may be hit at this table"
        return f"{move.cards[0].pretty()} does not fit the spread {pretty_cards(cards)}"


def barred_turns(turns: int) -> str:
    """T6, told on the barred player's own turn, which counts: "this turn", "this turn or
    your next turn", "this turn or your next 2 turns"."""
    later = "" if turns <= 1 else " or your next turn" if turns == 2 else f" or your next {turns - 1} turns"
    return f"this turn{later}"


def hit_refusal(view: TonkView, card: Card) -> str:
    """T6: why ``card`` of the viewing seat's hand has no hit listed, in its words: it fits
    only a set where only runs may be hit, or it fits no spread on the table."""
    if view.rules is not None and view.rules.hit_runs_only:
        for owned in view.spreads:
            for group in owned:
                shape = shape_of(group)
                if shape is not None and shape[0] == "set" and hit_onto(group, shape, card, False) is not None:
                    return "fits only a set, and only runs may be hit at this table (T6)"
    return "fits no spread on the table"
