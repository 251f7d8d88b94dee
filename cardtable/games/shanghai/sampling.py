"""Shanghai determinizer for the search bot: full hands consistent with one seat's view.

The seat's own hand, the melds, who is down, the buys left, the discard pile (every
card of it was seen face up), the upcards each other seat was seen to take or buy and
still holds (``view.taken``: dealt back into that seat's hand), the stock size and
every hand size come from the view; the other cards (other hands, the stock) are
unseen and dealt at random into those places. (Cards of a pile that was turned into
the stock (S12) count as unseen again.) Which decisions are searched, and among which
moves, is the strong bot's choice (``strong.py``: :class:`StrongSampler`).
"""

from __future__ import annotations


from ...bots.sampler import Sampler as BaseSampler
from ...bots.sampler import unseen_cards
from ...engine.cards import Card, make_deck
from ...engine.game import Game
from ...engine.rng import Rng
from .state import ShanghaiGame
from .view import ShanghaiView

class Sampler(BaseSampler):
    """Builds imagined Shanghai hands from a :class:`ShanghaiView`."""

    family = "shanghai"

    def prepare(self, view: ShanghaiView, rng: Rng) -> Game:  # type: ignore[override]
        n, seat = view.players, view.seat
        rules = self.variant.rules
        deck = make_deck(rules.decks_by_players[n], rules.jokers)
        fresh_stock = len(deck) - n * rules.hand_size - 1
        fresh = view.discard_size == 1 and view.stock_size == fresh_stock  # the upcard turned at the deal
        hands: list[list[Card]] = [[] for _ in range(n)]
        hands[seat] = list(view.hand)
        game = ShanghaiGame.from_position(
            self.variant, n, rng.randrange(2**31), round=view.round, scores=view.scores, dealer=view.dealer,
            turn=view.turn, phase=view.phase, melds=view.melds, down=view.down, buys_left=view.buys_left,
            live=view.upcard is not None, discarder=None if fresh else (view.turn - 1) % n,
            offered_to=seat if view.phase == "buy" else None, must_go_down=view.must_go_down,
            went_down_now=view.went_down_now,
            taken=view.taken or ((),) * n, rebuilds=view.stock_rebuilds, hands=hands,
            played_wild=view.played_wild)
        meld_cards = [c for owned in view.melds for meld in owned for c in meld.cards]
        self._pile = list(view.discards)
        if len(self._pile) != view.discard_size:  # a view made without its pile: the top is known
            self._pile = [view.discard_top] if view.discard_top is not None else []
        self._known = [list(cards) if s != seat else [] for s, cards in enumerate(view.taken or ((),) * n)]
        self._pool = unseen_cards(deck, view.hand, meld_cards, self._pile, *self._known)
        return game

    def determinize(self, template: Game, view: ShanghaiView, rng: Rng) -> Game:  # type: ignore[override]
        game = template.copy()
        assert isinstance(game, ShanghaiGame)
        pool = list(self._pool)
        rng.shuffle(pool)
        position = 0
        for s, size in enumerate(view.hand_sizes):
            if s == view.seat:
                continue
            known = self._known[s] if s < len(self._known) else []
            dealt = max(0, (size or 0) - len(known))
            game.hands[s] = sorted(known[:size or 0] + pool[position:position + dealt])
            position += dealt
        buried = max(0, view.discard_size - len(self._pile))  # 0 when the view shows the pile
        game.discard = pool[position:position + buried] + self._pile
        position += buried
        game.stock = pool[position:position + view.stock_size]
        return game

    def utility(self, game: Game, view: ShanghaiView) -> float:  # type: ignore[override]
        """This hand's points against the others' average (lower is better), 0…1."""
        assert isinstance(game, ShanghaiGame)
        if game.round_over:
            points = [after - before for after, before in zip(game.scores, view.scores)]
        else:
            points = [game.points_in_hand(s) for s in range(view.players)]
        mine = points[view.seat]
        others = [p for s, p in enumerate(points) if s != view.seat]
        edge = sum(others) / max(len(others), 1) - mine
        return min(1.0, max(0.0, 0.5 + edge / 300))
