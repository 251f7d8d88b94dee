"""President determinizer for the search bot: full games consistent with one seat's view.

The seat's own hand, the trick pile, the cleared cards, who passed, who is out and
the scores come from the view; the cards the seat gave away in this round's exchange
stay with the seat that received them (unless played since), table-talk hands are
known; every other unseen card is dealt at random to the other seats at their known
hand sizes (evenly, when the preset hides the counts) and to the cards set aside.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...bots.sampler import Sampler as BaseSampler
from ...bots.sampler import split_sizes, unseen_cards
from ...engine.cards import Card, make_deck
from ...engine.game import Game
from ...engine.rng import Rng
from .state import PresidentGame
from .view import PresidentView


class Sampler(BaseSampler):
    """Builds imagined President rounds from a :class:`PresidentView`."""

    family = "president"

    def searchable(self, view: PresidentView, legal_moves: Any) -> bool:  # type: ignore[override]
        """Tricks are searched; exchanges, market, table talk and out-of-turn windows
        are left to the simple bot."""
        return view.phase == "play" and not view.window and view.turn == view.seat

    def prepare(self, view: PresidentView, rng: Rng) -> Game:  # type: ignore[override]
        seat, n = view.seat, view.players

        def own(cards: tuple[Card, ...]) -> list[tuple[Card, ...]]:  # known for this seat only
            return [cards if s == seat else () for s in range(n)]

        game = PresidentGame.from_position(
            self.variant, n, rng.randrange(2**31), round=view.round, scores=view.scores, titles=view.titles,
            order=view.order, dealer=view.dealer, pile=view.pile, played=view.played,
            last_player=view.last_player, turn=view.turn if view.turn is not None else seat,
            passed=view.passed, locked=view.locked, finish_order=view.finish_order, out=view.out,
            given=own(view.given), received=own(view.received),
            shared=[(seat, other) for other, _hand in view.shared], hands=own(view.hand))
        # (No ``bombed``: this seat's move is searched among its real legal moves, and a
        # P23 lock ends with the turn, so the imagined play-outs never meet it.)

        # Cards known to be in a given hand: table-talk partners, and what this seat gave.
        known: dict[int, list[Card]] = {other: list(hand) for other, hand in view.shared}
        partner = self._exchange_partner(game, view)
        if partner is not None and partner not in known:
            left = Counter(view.given)
            left.subtract(view.played)
            known[partner] = list((+left).elements())
        deck = make_deck(self.variant.rules.decks, self.variant.rules.jokers)
        pool = unseen_cards(deck, view.hand, view.played, *known.values())
        counts = [0 if s == seat or s in view.out else view.hand_sizes[s] for s in range(n)]
        hidden = len(pool) + sum(len(cards) for s, cards in known.items() if s != seat)
        sizes = split_sizes(hidden - view.aside_count, counts)
        self._known, self._pool, self._sizes = known, pool, sizes
        return game

    @staticmethod
    def _exchange_partner(game: PresidentGame, view: PresidentView) -> int | None:
        """The seat that received this seat's exchanged cards this round, if any."""
        if not view.given or view.titles is None:
            return None
        for low, high, _count in game._exchange_pairs():
            if view.seat in (low, high):
                return high if view.seat == low else low
        return None

    def determinize(self, template: Game, view: PresidentView, rng: Rng) -> Game:  # type: ignore[override]
        game = template.copy()
        assert isinstance(game, PresidentGame)
        pool = list(self._pool)
        rng.shuffle(pool)
        key = game.ranks.sort_key
        position = 0
        for s in range(view.players):
            if s == view.seat:
                continue
            known = list(self._known.get(s, ()))[: self._sizes[s]]
            take = max(0, self._sizes[s] - len(known))
            hand = known + pool[position:position + take]
            position += take
            hand.sort(key=key)
            game.hands[s] = hand
            game._hand_changed(s)  # (a grouping the template remembered is of another hand)
        game.aside = pool[position:]
        return game

    def utility(self, game: Game, view: PresidentView) -> float:  # type: ignore[override]
        """Finishing place and the title's points, half each (1 = President)."""
        assert isinstance(game, PresidentGame)
        if not game.round_over:
            return 0.5
        n = view.players
        place = game.finish_order.index(view.seat)
        points = self.variant.rules.title_points
        best = max(points.values(), default=0) or 1
        title = game.titles[view.seat] if game.titles else "neutral"
        return 0.5 * (n - 1 - place) / (n - 1) + 0.5 * points.get(title, 0) / best
