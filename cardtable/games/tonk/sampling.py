"""Tonk determinizer for the search bot: full hands consistent with one seat's view.

The seat's own hand, the spreads, the top discard, the drop locks and the sizes of
every hand, of the stock and of the pile come from the view; the other cards (the
other hands, the stock and the pile under its top card) are unseen and dealt at
random into those places. Whether another seat has had its first turn (it may not
drop before, T7) follows from the turn order and this seat's own first turn.
"""

from __future__ import annotations

from typing import Any

from ...bots.sampler import Sampler as BaseSampler
from ...bots.sampler import unseen_cards
from ...engine.cards import make_deck
from ...engine.game import Game
from ...engine.rng import Rng
from .spreads import shape_of
from .state import TonkGame
from .view import TonkView


DROP_FLOOR = 14
"""Opponents who let a drop chance pass are imagined holding more than this count."""
RESAMPLES = 12
"""Tries per determinization to meet that; the last try stands."""


class Sampler(BaseSampler):
    """Builds imagined Tonk hands from a :class:`TonkView`."""

    family = "tonk"
    margin = 0.02
    """About a third of a stake: Tonk hands are noisy, so the simple bot's pick stands
    unless the search finds a clearly better move."""

    def searchable(self, view: TonkView, legal_moves: Any) -> bool:  # type: ignore[override]
        """Turns are searched; the T12 side bet is left to the simple bot."""
        return view.phase in ("start", "act")

    def prepare(self, view: TonkView, rng: Rng) -> Game:  # type: ignore[override]
        game = TonkGame(self.variant, view.players, seed=rng.randrange(2**31))
        n, seat = view.players, view.seat
        game.events, game._log = [], []
        game.round = view.round
        game._scores = list(view.scores)
        game.round_over = game.is_over = False
        game.dealer = view.dealer
        game._next_dealer = (view.dealer + 1) % n
        game._phase = view.phase
        game._current = seat
        game._spreads = [[(tuple(cards), shape_of(cards)) for cards in owned]  # type: ignore[misc]
                         for owned in view.spreads]
        game._spread_view = None  # type: ignore[assignment]
        game._locks = list(view.drop_locks)
        first = (view.dealer + 1) % n
        position = (seat - first) % n  # how many seats play before this one each lap
        if view.first_turn:
            game._turns = [1 if (s - first) % n < position else 0 for s in range(n)]
        else:
            game._turns = [1] * n
        game._turns[seat] = 0 if view.first_turn else 1
        game._anyone_spread = any(view.spreads) or bool(self.memory.get(("spread", view.round)))
        game._turn_spread = 0
        game._turn_hit = False
        game._stock_out = view.phase == "act" and view.stock_size == 0
        game._shown = None
        game._side = list(view.side_bets) if view.side_bets else [None] * n
        game._spades = list(view.spades_shown) if view.spades_shown else [None] * n
        game._side_points = [0] * n
        game._hands = [[] for _ in range(n)]
        game._hands[seat] = list(view.hand)
        game._legal_cache = {}
        rules = self.variant.rules
        spread_cards = [c for owned in view.spreads for cards in owned for c in cards]
        top = [view.discard_top] if view.discard_top is not None else []
        self._pool = unseen_cards(make_deck(1, rules.jokers), view.hand, spread_cards, top)
        self._top = top
        return game

    def observe(self, view: TonkView) -> None:  # type: ignore[override]
        if any(view.spreads):
            self.memory[("spread", view.round)] = True
        if view.phase == "start" and view.to_act == (view.seat,):
            key = ("turns", view.round, view.dealer)
            self.memory[key] = self.memory.get(key, 0) + 1

    def _turns_taken(self, view: TonkView) -> list[int]:
        """How many turns each seat has finished this hand (from this seat's own count)."""
        n = view.players
        mine = self.memory.get(("turns", view.round, view.dealer), 1) - 1  # this turn is under way
        first = (view.dealer + 1) % n
        position = (view.seat - first) % n
        return [mine + (1 if (s - first) % n < position else 0) for s in range(n)]

    def determinize(self, template: Game, view: TonkView, rng: Rng) -> Game:  # type: ignore[override]
        game = template.copy()
        assert isinstance(game, TonkGame)
        buried = max(0, view.discard_size - len(self._top))
        turns = self._turns_taken(view)
        points = game._points
        declined = [s for s in range(view.players)
                    if s != view.seat and turns[s] >= 2 and view.drop_locks[s] == 0]
        for _attempt in range(RESAMPLES):
            pool = list(self._pool)
            rng.shuffle(pool)
            hands = {}
            position = 0
            for s, size in enumerate(view.hand_sizes):
                if s != view.seat:
                    hands[s] = pool[position:position + (size or 0)]
                    position += size or 0
            # a player who let a drop chance pass rarely holds a tiny count
            if all(sum(points[c.rank] for c in hands[s]) > DROP_FLOOR for s in declined):
                break
        for s, hand in hands.items():
            game._hands[s] = hand
        game._discard = pool[position:position + buried] + self._top
        position += buried
        game._stock = pool[position:position + view.stock_size]
        return game

    def utility(self, game: Game, view: TonkView) -> float:  # type: ignore[override]
        """Chips won or lost this hand, scaled to 0…1 (0.5: even)."""
        won = game.scores[view.seat] - view.scores[view.seat]
        scale = 3 * self.variant.rules.stake * max(view.players - 1, 1)
        return min(1.0, max(0.0, 0.5 + won / (2 * scale)))
