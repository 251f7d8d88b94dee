"""President's simple bot: a sensible greedy player that sees only its view."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ...bots.base import per_rules
from ...engine.cards import Card
from ...engine.moves import Move
from ...engine.rng import Rng
from .preset import PresidentRules
from .rules import RankOrder
from .view import PresidentView

rank_order = per_rules(RankOrder, RankOrder(PresidentRules()))
"""The card order of a view's house rules."""


class SimpleBot:
    """Greedy President play.

    - Plays any move that empties its hand (under P26 ``no_finish_on_top``: not one
      that would go out on top) and takes a quick clear.
    - Follows with the cheapest combination that beats the pile (wild cards count
      dear). When that play holds a top-rank card (2s in the usual order) or a joker,
      it passes instead while more than two other cards would stay in its hand. Under
      P26 it does the opposite: top cards cannot be its last ones out, so it spends a
      2 or joker whenever it can follow. Bombs get no special care: a bomb is played
      when it is the cheapest play that beats the pile.
    - Leads its lowest rank, as many of it as it holds, without wild cards.
    - Gives away its worst cards, counting a card that would break up a set as worth
      ``BREAKS_SET`` ranks more (a low single goes before a card of a pair), and never
      breaks up a bomb (P23) while some other give keeps it. Declines the market and
      table talk; takes an out-of-turn chance only with three cards or fewer left.
    """

    BREAKS_SET = 2.5
    """What breaking up a set of one rank adds to the worth of the cards given (in ranks)."""

    name = "simple"

    def choose(self, view: PresidentView, legal_moves: Sequence[Move], rng: Rng) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        ranks = rank_order(view)
        kinds = {move.kind for move in legal_moves}
        hand_size = len(view.hand)
        if "give" in kinds:
            return min(legal_moves, key=lambda m: self._give_cost(m, view.hand, ranks))
        rules = view.rules
        if rules is not None and rules.no_finish_on_top:
            # P26: going out on a top card or a clearing play makes Scum: avoid it
            safe = [m for m in legal_moves if not (len(m.cards) == hand_size and self._toxic(m, ranks, view))]
            legal_moves = safe or legal_moves
            kinds = {move.kind for move in legal_moves}
        if "quick_clear" in kinds:
            return next(m for m in legal_moves if m.kind == "quick_clear")
        if kinds <= {"open_market", "offer", "accept", "offer_talk", "decline", "pass"}:
            return next((m for m in legal_moves if m.kind in ("decline", "pass")), legal_moves[0])
        plays = [m for m in legal_moves if m.kind == "play"]
        if not plays:
            return legal_moves[0]
        finishing = [m for m in plays if len(m.cards) == hand_size]
        if finishing:
            return finishing[0]

        def cost(move: Move) -> tuple[float, int]:
            top = max(ranks.strength(c) for c in move.cards)
            wilds = sum(1 for c in move.cards if c in ranks.wild)
            return (top + 3 * wilds, -len(move.cards))

        if view.window:  # an out-of-turn 2: only to get the lead when close to going out
            decline = next(m for m in legal_moves if m.kind == "decline")
            return plays[0] if hand_size <= 3 else decline
        plays.sort(key=cost)
        if not view.top:  # leading: shed the lowest rank, as many of it as possible
            lowest = min(ranks.strength(c) for m in plays for c in m.cards)
            low = [m for m in plays if not any(c in ranks.wild for c in m.cards)
                   and min(ranks.strength(c) for c in m.cards) == lowest]
            return max(low or plays[:1], key=lambda m: len(m.cards))
        cheapest = plays[0]
        if rules is not None and rules.no_finish_on_top:
            # P26: top cards cannot be the last ones out, so spend them while they win tricks
            dump = [m for m in plays if ranks.out_on_top(m.cards, None)]
            return dump[0] if dump else cheapest
        strong = max(ranks.strength(c) for c in cheapest.cards) >= ranks.high_value
        if strong and hand_size > len(cheapest.cards) + 2:
            return next((m for m in legal_moves if m.kind == "pass"), cheapest)
        return cheapest


    @classmethod
    def _give_cost(cls, move: Move, hand: Sequence[Card], ranks: RankOrder) -> tuple[bool, float]:
        """How much giving ``move``'s cards away costs: first whether it leaves no bomb of
        the bombs the hand holds (P23, wild cards counted), then the cards' strength plus
        ``BREAKS_SET`` for each set of one rank it breaks up."""
        rest = list(hand)
        for card in move.cards:
            rest.remove(card)
        breaks_bomb = ranks.holds_bomb(hand) and not ranks.holds_bomb(rest)
        cost = sum(ranks.strength(card) for card in move.cards)
        held = Counter(ranks.value[card] for card in hand if card not in ranks.wild)
        given = Counter(ranks.value[card] for card in move.cards if card not in ranks.wild)
        cost += cls.BREAKS_SET * sum(1 for value, count in given.items() if count < held[value])
        return breaks_bomb, cost

    @staticmethod
    def _toxic(move: Move, ranks: RankOrder, view: PresidentView) -> bool:
        """Would going out with this move be going out on top (P26)?"""
        top = ranks.combination(view.top, all_wild=True) if view.top else None
        value, count, how = ranks.goes_on(move.cards, top if isinstance(top, tuple) else None,
                                          quick=move.kind == "quick_clear")
        return ranks.out_on_top(move.cards, ranks.clearing(how, value, count))

