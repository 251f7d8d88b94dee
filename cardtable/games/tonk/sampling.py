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

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...bots.sampler import Sampler as BaseSampler
from ...bots.sampler import unseen_cards
from ...engine.cards import Card, make_deck
from ...engine.game import Game
from ...engine.rng import Rng
from ...engine.moves import Move
from .bot import SimpleBot, discard_choice, drops_at
from .spreads import count, hit_onto, shape_of, spreads_in
from .state import TonkGame
from .view import TonkView

LIKELY_TRIES = 400
"""Random hands tried per opponent and decision when looking for ones that agree with
its last turn."""
LIKELY_HANDS = 60
"""Agreeing hands kept per opponent (each imagined deal picks one that fits)."""
LOW_LEAN = 0.04
"""Per turn an opponent has played after its first, for a hand of five: how strongly its
imagined hand leans toward a low count (weight exp(-lean * count)). The simple bot throws its high cards, so
the longer it plays the lower it holds, beyond what its last turn alone shows."""
PICK_TRIES = 8
"""Tries to pick an agreeing hand that shares no card with the hands already dealt."""
MAX_COUNT = 200
"""Above any count a hand can hold (the simple bot's drop limit is searched below it)."""


def drop_limit(seat: int, hand_sizes: Sequence[int | None]) -> int:
    """The highest count at which the simple bot in ``seat`` drops, given the hand sizes
    it sees (-1: it never drops)."""
    return max((value for value in range(MAX_COUNT) if drops_at(seat, hand_sizes, value)), default=-1)


@dataclass(frozen=True)
class Clue:
    """What an opponent's last turn shows, if it plays like the simple bot: it spread
    and hit all it could, then threw ``thrown`` as the simple bot would from its hand
    plus that card. When ``limit`` is set it also let a drop pass with a count above
    ``limit`` before drawing; when ``upcard`` is set it drew from the stock rather than
    take that upcard (it takes one only to complete a spread). ``table`` holds the
    spreads that were on the table before its turn (its hand could not hit them)."""

    thrown: Card
    limit: int | None
    upcard: Card | None
    table: tuple[tuple[tuple[Card, ...], Any], ...]

    def agrees(self, hand: list[Card], points: dict[int, int], runs_only: bool, rng: Rng) -> bool:
        """Whether ``hand``, held now, agrees with this clue (the card it drew, when that
        matters, is imagined at random among its cards and the one thrown)."""
        held = hand + [self.thrown]
        if spreads_in(held):
            return False
        for cards, shape in self.table:
            for card in held:
                if hit_onto(cards, shape, card, runs_only) is not None:
                    return False
        moves = [Move("discard", (card,)) for card in dict.fromkeys(held)]
        if discard_choice(moves, held, points).cards[0] != self.thrown:
            return False
        if self.limit is None and self.upcard is None:
            return True
        drawn = rng.randrange(len(held))
        before = held[:drawn] + held[drawn + 1:]
        if self.limit is not None and count(before, points) <= self.limit:
            return False
        return self.upcard is None or not SimpleBot.wants(self.upcard, before)


def _weighted(weights: list[float], total: float, rng: Rng) -> int:
    """An index drawn in proportion to ``weights`` (which add up to ``total``)."""
    target = rng.random() * total
    for index, weight in enumerate(weights):
        target -= weight
        if target < 0:
            return index
    return len(weights) - 1


def _pick(pool: list[Card], size: int, rng: Rng) -> list[Card]:
    """``size`` distinct cards of ``pool`` at random (``pool`` is reordered)."""
    for i in range(size):
        j = i + rng.randrange(len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:size]


class Sampler(BaseSampler):
    """Builds imagined Tonk hands from a :class:`TonkView`."""

    family = "tonk"
    margin = 0.15
    """Chips a move must gain over the simple bot's move to be played instead (the search
    is noisy and the imagined hands a little optimistic)."""

    def searchable(self, view: TonkView, legal_moves: Any) -> bool:  # type: ignore[override]
        """Turns are searched; the T12 side bet is left to the simple bot."""
        return view.phase in ("start", "act")

    def prepare(self, view: TonkView, rng: Rng) -> Game:  # type: ignore[override]
        n, seat = view.players, view.seat
        first = (view.dealer + 1) % n
        position = (seat - first) % n  # how many seats play before this one each lap
        if view.first_turn:
            turns = [1 if (s - first) % n < position else 0 for s in range(n)]
        else:
            turns = [1] * n
        turns[seat] = 0 if view.first_turn else 1
        hands: list[list[Card]] = [[] for _ in range(n)]
        hands[seat] = list(view.hand)
        game = TonkGame.from_position(
            self.variant, n, rng.randrange(2**31), round=view.round, scores=view.scores, dealer=view.dealer,
            phase=view.phase, to_act=seat, spreads=view.spreads, grown_sets=view.grown_sets,
            drop_locks=view.drop_locks, turns=turns,
            anyone_spread=any(view.spreads) or bool(self.memory.get(("spread", view.round))),
            stock_out=view.phase == "act" and view.stock_size == 0, side_bets=view.side_bets,
            spades_shown=view.spades_shown, hands_paid=view.hands_paid, hands=hands)
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
        self._likely_key: Any = None
        self._likely: dict[int, tuple[list[list[Card]], list[float]]] = {}

    # ------------------------------------------------------------------ memory
    def observe(self, view: TonkView) -> None:  # type: ignore[override]
        if any(view.spreads):
            self.memory[("spread", view.round)] = True
        if view.to_act != (view.seat,):
            return
        if view.phase == "start":
            # each turn's start once, however often this view is shown (hints ask again)
            starts = self.memory.setdefault(("turns", view.round, view.dealer), set())
            starts.add((view.stock_size, view.discards, view.hand_sizes, view.hand))
            self.memory[("clues", view.round)] = self._clues(view)
        elif view.phase == "act":
            table = tuple((cards, shape_of(cards)) for owned in view.spreads for cards in owned)
            self.memory[("act", view.round)] = (view.dealer, tuple(view.hand), tuple(view.discards),
                                                tuple(view.hand_sizes), tuple(view.drop_locks), table,
                                                view.spreads)

    def _turns_taken(self, view: TonkView) -> list[int]:
        """How many turns each seat has finished this hand (from this seat's own count)."""
        n = view.players
        mine = max(1, len(self.memory.get(("turns", view.round, view.dealer), ()))) - 1  # this turn is under way
        first = (view.dealer + 1) % n
        position = (view.seat - first) % n
        return [mine + (1 if (s - first) % n < position else 0) for s in range(n)]

    def _clues(self, view: TonkView) -> dict[int, Clue]:
        """At the start of this seat's turn: what each opponent's last turn tells of the
        hand it holds now (see :class:`Clue`), read off the pile and the earlier view."""
        n, seat = view.players, view.seat
        first = (view.dealer + 1) % n
        last = self.memory.get(("act", view.round))
        if last is not None and last[0] == view.dealer:
            _, hand_then, pile_then, sizes_then, locks_then, table, spreads_then = last
            order = [(seat + step) % n for step in range(1, n)]
            gone = [card for card in hand_then if card not in view.hand]
            if len(gone) != 1 or len(hand_then) != len(view.hand) + 1:
                return {}  # this seat spread or hit after that view: its discard is not known
            before: list[Card] = list(pile_then) + gone
        elif view.first_turn:
            order = [(first + step) % n for step in range((seat - first) % n)]
            sizes_then, locks_then, table, spreads_then = tuple(view.hand_sizes), (0,) * n, (), view.spreads
            if self.variant.rules.upcard and not view.discards:
                return {}
            before = [view.discards[0]] if self.variant.rules.upcard else []
        else:
            return {}
        pile = list(view.discards)
        thrown: dict[int, Card] = {}
        upcards: dict[int, Card | None] = {}
        clean = pile[:len(before)] == before and len(pile) == len(before) + len(order)
        if clean:  # nobody took the upcard: each discard lies on the one before
            for i, other in enumerate(order):
                thrown[other] = pile[len(before) + i]
                upcards[other] = pile[len(before) + i - 1] if len(before) + i > 0 else None
        elif pile and order:
            thrown[order[-1]] = pile[-1]
        turns = self._turns_taken(view)
        clues: dict[int, Clue] = {}
        for step, other in enumerate(order):
            if other not in thrown:
                continue
            same_size = view.hand_sizes[other] == sizes_then[other]
            limit = None
            hit = view.spreads[other] != spreads_then[other]  # hit before its turn, it may not drop
            if clean and same_size and turns[other] >= 2 and not locks_then[other] and not hit:
                sizes = [view.hand_sizes[o] if o in order[:step] else sizes_then[o] for o in range(n)]
                sizes[seat] = len(view.hand)
                limit = drop_limit(other, sizes)
            upcard = upcards.get(other) if clean and same_size else None
            clues[other] = Clue(thrown[other], limit, upcard, table)
        return clues

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

    def _likely_hands(self, view: TonkView, rng: Rng) -> dict[int, tuple[list[list[Card]], list[float]]]:
        """For each opponent that has played, hands it may hold now that agree with its last
        turn (drawn at random from the unseen cards), each with a weight that leans toward
        low counts the longer it has played (see :data:`LOW_LEAN`)."""
        clues: dict[int, Clue] = self.memory.get(("clues", view.round), {})
        turns = self._turns_taken(view)
        found: dict[int, tuple[list[list[Card]], list[float]]] = {}
        runs_only = self.variant.rules.hit_runs_only
        points = self._points
        for other in range(view.players):
            size = view.hand_sizes[other] or 0
            clue = clues.get(other)
            lean = LOW_LEAN * max(0, turns[other] - 1) * size / 5
            if other == view.seat or size == 0 or len(self._pool) < size or (clue is None and not lean):
                continue
            pool = list(self._pool)
            hands: list[list[Card]] = []
            for _try in range(LIKELY_TRIES):
                hand = _pick(pool, size, rng)
                if clue is None or clue.agrees(hand, points, runs_only, rng):
                    hands.append(hand)
                    if len(hands) >= LIKELY_HANDS:
                        break
            if hands:
                counts = [count(hand, points) for hand in hands]
                low = min(counts)
                found[other] = (hands, [math.exp(-lean * (value - low)) for value in counts])
        return found

    def deal(self, view: TonkView, rng: Rng) -> tuple[dict[int, list[Card]], list[Card]]:
        """The unseen cards dealt at random: each opponent's hand (one that agrees with its
        last turn when one was found, see :class:`Clue`) and the stock (top card last).
        Call :meth:`prepare` or :meth:`prepare_cards` first."""
        key = (view.round, view.phase, view.hand, view.discard_size, view.stock_size)
        if self._likely_key != key:
            self._likely = self._likely_hands(view, rng)
            self._likely_key = key
        pool = list(self._pool)
        left = set(range(len(pool)))
        position = {card: i for i, card in enumerate(pool)}
        hands: dict[int, list[Card]] = {}
        for s in range(view.players):
            if s not in self._likely:
                continue
            options, weights = self._likely[s]
            total = sum(weights)
            for _try in range(PICK_TRIES):
                hand = options[_weighted(weights, total, rng)]
                spots = {position[card] for card in hand}
                if len(spots) == len(hand) and spots <= left:
                    hands[s] = list(hand)
                    left -= spots
                    break
        rest = [pool[i] for i in sorted(left)]
        rng.shuffle(rest)
        for s, size in enumerate(view.hand_sizes):
            if s != view.seat and s not in hands:
                hands[s] = rest[:size or 0]
                del rest[:size or 0]
        return hands, rest[:view.stock_size]


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
