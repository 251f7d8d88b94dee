"""Tonk determinizer for the search bot: full hands consistent with one seat's view.

The seat's own hand, the spreads, the discard pile, the drop locks and the sizes of
every hand and of the stock come from the view; the other cards (the other hands and
the stock) are unseen and dealt at random into those places. Whether another seat
has had its first turn (it may not drop before, T7) follows from the turn order and
this seat's own first turn.

Declined drops: an opponent who could have dropped at the start of its last turn and
drew instead is imagined playing the simple bot's drop rule, so its count before that
draw was above the count at which that rule drops. When its discard is known (read off
the pile between this seat's turns) the hand it held then is its imagined hand now plus
that discard less one of those cards (the one it drew), and hands breaking the rule are
dealt again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...bots.sampler import Sampler as BaseSampler
from ...bots.sampler import unseen_cards
from ...engine.cards import Card, make_deck
from ...engine.game import Game
from ...engine.rng import Rng
from .bot import SimpleBot
from .spreads import count, shape_of
from .state import TonkGame
from .view import TonkView

RESAMPLES = 24
"""Tries per opponent to deal it a hand that agrees with its declined drop; the last
try stands."""
MAX_COUNT = 200
"""Above any count a hand can hold (the simple bot's drop limit is searched below it)."""


class _Sizes:
    """Just enough of a view for :meth:`SimpleBot._drop_now`: a seat and hand sizes."""

    def __init__(self, seat: int, hand_sizes: Sequence[int | None]) -> None:
        self.seat = seat
        self.hand_sizes = tuple(hand_sizes)


def drop_limit(seat: int, hand_sizes: Sequence[int | None]) -> int:
    """The highest count at which the simple bot in ``seat`` drops, given the hand sizes
    it sees (-1: it never drops)."""
    policy = SimpleBot()
    view: Any = _Sizes(seat, hand_sizes)
    limit = -1
    for value in range(MAX_COUNT):
        if policy._drop_now(view, value):
            limit = value
    return limit


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
        self.prepare_cards(view)
        return game

    def prepare_cards(self, view: TonkView) -> None:
        """Note the cards this seat has not seen (for :meth:`deal`) and the known pile."""
        rules = self.variant.rules
        spread_cards = [c for owned in view.spreads for cards in owned for c in cards]
        top = [view.discard_top] if view.discard_top is not None else []
        pile = list(view.discards) if len(view.discards) == view.discard_size else top
        self._pool = unseen_cards(make_deck(1, rules.jokers), view.hand, spread_cards, pile)
        self._top = pile
        self._points = rules.points_table()

    # ------------------------------------------------------------------ memory
    def observe(self, view: TonkView) -> None:  # type: ignore[override]
        if any(view.spreads):
            self.memory[("spread", view.round)] = True
        if view.to_act != (view.seat,):
            return
        if view.phase == "start":
            key = ("turns", view.round, view.dealer)
            self.memory[key] = self.memory.get(key, 0) + 1
            self.memory[("declined", view.round)] = self._declined(view)
        elif view.phase == "act":
            self.memory[("act", view.round)] = (view.dealer, tuple(view.hand), tuple(view.discards),
                                                tuple(view.hand_sizes), tuple(view.drop_locks))

    def _turns_taken(self, view: TonkView) -> list[int]:
        """How many turns each seat has finished this hand (from this seat's own count)."""
        n = view.players
        mine = self.memory.get(("turns", view.round, view.dealer), 1) - 1  # this turn is under way
        first = (view.dealer + 1) % n
        position = (view.seat - first) % n
        return [mine + (1 if (s - first) % n < position else 0) for s in range(n)]

    def _declined(self, view: TonkView) -> dict[int, tuple[int, Card]]:
        """At the start of this seat's turn: the opponents who could have dropped at the
        start of their last turn and drew instead, each with the simple bot's drop limit
        then and the card it discarded (when the pile shows it)."""
        last = self.memory.get(("act", view.round))
        if last is None or last[0] != view.dealer:
            return {}
        _, hand_then, pile_then, sizes_then, locks_then = last
        n, seat = view.players, view.seat
        gone = [card for card in hand_then if card not in view.hand]
        if len(gone) != 1 or len(hand_then) != len(view.hand) + 1:
            return {}  # this seat spread or hit after that view: the discard is not known
        before = list(pile_then) + gone
        pile = list(view.discards)
        discards: dict[int, Card] = {}
        if pile[:len(before)] == before and len(pile) == len(before) + n - 1:
            for i, card in enumerate(pile[len(before):]):
                discards[(seat + 1 + i) % n] = card
        elif pile:
            discards[(seat - 1) % n] = pile[-1]
        turns = self._turns_taken(view)
        out: dict[int, tuple[int, Card]] = {}
        for step in range(1, n):
            other = (seat + step) % n
            if turns[other] < 2 or locks_then[other] or other not in discards:
                continue
            if view.hand_sizes[other] != sizes_then[other]:
                continue  # it spread or hit: its hand before the draw is not known
            sizes = [view.hand_sizes[o] if 0 < (o - seat) % n < step else sizes_then[o] for o in range(n)]
            sizes[seat] = len(view.hand)
            out[other] = (drop_limit(other, sizes), discards[other])
        return out

    # ------------------------------------------------------------------ sampling
    def determinize(self, template: Game, view: TonkView, rng: Rng) -> Game:  # type: ignore[override]
        assert isinstance(template, TonkGame)
        game = clone(template)
        hands, stock = self.deal(view, rng)
        for s, hand in hands.items():
            game._hands[s] = hand
        game._discard = list(self._top)
        game._stock = stock
        return game

    def deal(self, view: TonkView, rng: Rng) -> tuple[dict[int, list[Card]], list[Card]]:
        """The unseen cards dealt at random: each opponent's hand (agreeing with its declined
        drop, see :func:`_agrees`) and the stock (top card last). Call :meth:`prepare` or
        :meth:`prepare_cards` first."""
        points = self._points
        declined: dict[int, tuple[int, Card]] = self.memory.get(("declined", view.round), {})
        pool = list(self._pool)
        rng.shuffle(pool)
        hands: dict[int, list[Card]] = {}
        for s, size in enumerate(view.hand_sizes):
            if s == view.seat:
                continue
            size = size or 0
            hand = pool[:size]
            if s in declined:
                limit, thrown = declined[s]
                for _attempt in range(RESAMPLES):
                    if _agrees(hand, thrown, limit, points, rng):
                        break
                    rng.shuffle(pool)
                    hand = pool[:size]
            hands[s] = hand
            del pool[:size]
        return hands, pool[:view.stock_size]

    def utility(self, game: Game, view: TonkView) -> float:  # type: ignore[override]
        """Chips won or lost this hand, scaled to 0…1 (0.5: even)."""
        won = game.scores[view.seat] - view.scores[view.seat]
        scale = 3 * self.variant.rules.stake * max(view.players - 1, 1)
        return min(1.0, max(0.0, 0.5 + won / (2 * scale)))


_LISTS = ("_scores", "_discard", "_stock", "_locks", "_turns", "_side", "_spades", "_side_points")


def clone(game: TonkGame) -> TonkGame:
    """A copy of an imagined hand for the search, far quicker than ``Game.copy``: the
    lists a move changes are copied, cards and spreads (tuples) are shared. The copy
    starts with an empty event log and shares the random source, which only a new
    deal uses (the search never deals one)."""
    copied = object.__new__(type(game))
    fields = dict(game.__dict__)
    for name in _LISTS:
        fields[name] = list(fields[name])
    fields["_hands"] = [list(hand) for hand in game._hands]
    fields["_spreads"] = [list(owned) for owned in game._spreads]
    fields["events"], fields["_log"], fields["_listeners"], fields["_legal_cache"] = [], [], [], {}
    copied.__dict__.update(fields)
    return copied


def _agrees(hand: list[Card], thrown: Card, limit: int, points: dict[int, int], rng: Rng) -> bool:
    """Whether ``hand`` (held now) agrees with a declined drop: the hand before the draw,
    ``hand`` plus the discard ``thrown`` less one card drawn, counted above ``limit``."""
    held = hand + [thrown]
    drawn = held[rng.randrange(len(held))]
    return count(held, points) - points[drawn.rank] > limit
