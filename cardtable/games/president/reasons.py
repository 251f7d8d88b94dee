"""Why a President move is not allowed now, in the player's words (what ``apply``'s
IllegalMove says), and what a seat on lead may lead (P21, P23). Mixed into
:class:`~cardtable.games.president.state.PresidentGame`."""

from __future__ import annotations

from collections import Counter

from ...engine.cards import Card, not_held
from ...engine.game import Game
from ...engine.moves import Move, parts_refusal
from ...engine.words import rank_plural
from .rules import RankOrder


MOVE_PARTS = {"play": "cards", "pass": "", "decline": "", "quick_clear": "cards", "give": "cards",
              "open_market": "", "offer": "cards target", "accept": "cards", "offer_talk": "target"}
"""What each kind of move names besides its kind (see :func:`~cardtable.engine.moves.parts_refusal`;
an ``accept`` names the card taken in the black market, nothing at table talk)."""


class ReasonsMixin(Game):
    """The reasons an illegal move gets, by phase, trick and house rule (P5, P7, P21, P23)."""

    ranks: RankOrder
    hands: list[list[Card]]
    phase: str
    _gives: list[tuple[int, int, int]]
    _window: list[int]
    _top: tuple[int, int] | None
    _bombed: int | None
    _own_turn: bool
    _last: int | None

    def lead_prompt(self, seat: int) -> str:
        """What ``seat``, on lead, may lead: "lead any card or set of one rank", or naming
        the ranks no legal lead holds (2s under P21 ``no_lead_with_top``), the sets no lead
        holds whole ("all 3 kings") and a bomb when none may be led (P21, P23: "a
        4-of-a-kind bomb", also from five 7s or with a wild). Cards go by their place in
        the rank order (a red 3 is not a black 3); wild cards go with whatever they join.
        A ValueError for a seat not on lead (the pile holds cards, or another seat leads)."""
        if self.phase != "play" or self._top is not None or self._window or seat not in self.to_act:
            raise ValueError(f"seat {seat} is not on lead: it has nothing to lead")
        ranks, hand = self.ranks, self.hands[seat]
        plays = [move for move in self._legal_list(seat) if move.kind == "play"]
        most: dict[int, int] = {}  # per rank, the most of its naturals one lead holds
        for move in plays:
            for value, count in Counter(ranks.value[card] for card in move.cards if card not in ranks.wild).items():
                most[value] = max(most.get(value, 0), count)
        held = Counter(ranks.value[card] for card in hand if card not in ranks.wild)
        barred = [rank_plural(ranks.label[value]) for value in sorted(held) if value not in most]
        bomb = ranks.bomb_count
        no_bomb = ranks.holds_bomb(hand) and not any(len(move.cards) == bomb for move in plays)
        barred += [f"all {held[value]} {rank_plural(ranks.label[value])}" for value in sorted(held)
                   if 0 < most.get(value, 0) < held[value] and not (no_bomb and held[value] == bomb)]
        if no_bomb:  # (P21: whatever rank makes it, and with five 7s too)
            barred.append(f"a {bomb}-of-a-kind bomb")
        if not barred:
            return "lead any card or set of one rank"
        return f"lead a card or set of one rank (not {', '.join(barred)})"

    def _why_illegal(self, seat: int, move: Move) -> str:
        """A sentence for the player saying why ``move`` is not allowed now."""
        phase_kinds = {"exchange": "give", "market_open": "open_market or decline",
                       "market": "offer, accept, decline or pass", "talk": "offer_talk, accept or decline"}
        if move.kind not in MOVE_PARTS:
            return f"{move.kind!r} is not a President move (moves: {', '.join(MOVE_PARTS)})"
        if refusal := parts_refusal(move, MOVE_PARTS):
            return refusal
        if self.phase != "play":
            if self.phase == "exchange" and move.kind == "give":
                missing = not_held(move.cards, self.hands[seat])
                if missing is not None:
                    return missing
                return f"give exactly {self._gives[0][2]} card(s)"
            return f"now is the time to {phase_kinds[self.phase]}"
        if self._window:
            return "you may only throw the cards this chance allows, or decline"
        if move.kind == "pass":
            return "you lead: play at least one card" if self._top is None else "you may not pass now"
        if move.kind != "play":
            return f"you cannot {move.kind.replace('_', ' ')} now: " + ("play cards" if self._top is None
                                                                       else "play cards or pass")
        missing = not_held(move.cards, self.hands[seat])
        if missing is not None:
            return missing
        combo = self.ranks.combination(move.cards)
        if isinstance(combo, str):
            return combo
        return self._why_not_beating(seat, combo)

    def _why_not_beating(self, seat: int, combo: tuple[int, int]) -> str:
        ranks = self.ranks
        value, count = combo
        if self._top is None:
            if self._bombed == seat and ranks.is_bomb(count):
                return "only one bomb per turn (P23)"
            led = "a bomb" if ranks.is_bomb(count) and value < ranks.top_value else rank_plural(ranks.label[value])
            return f"you may not lead {led} while you hold other cards (P21)"  # ("2s", "aces", "red 3s")
        if self._bombed == seat and ranks.is_bomb(count):
            return "only one bomb per turn (P23)"
        top = ranks.describe(*self._top)
        if self._own_turn and seat == self._last and (count != self._top[1] or value <= self._top[0]):
            return f"on your own {top} only a higher play of the same count, or pass (P7)"
        if count != self._top[1]:
            bomb = (f", or a {ranks.bomb_count}-of-a-kind bomb (P23)"
                    if any(ranks.is_bomb(len(m.cards)) for m in self._legal_list(seat) if m.kind == "play") else "")
            return f"play {self._top[1]} card{'s' * (self._top[1] > 1)} to follow {top}{bomb}"
        if value == self._top[0]:
            return f"{ranks.describe(value, count)} only ties {top}: equal ranks are not allowed here (P5)"
        beat = "match or beat" if ranks.equal_follows else "beat"
        return f"{ranks.describe(value, count)} does not {beat} {top}"
