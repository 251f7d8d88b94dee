"""The strong Shanghai bot (``hard`` and ``expert``): Shanghai knowledge plus a small
information-set Monte Carlo search on the decisions that matter.

Two layers:

- :class:`StrongPolicy`, the default policy: the medium bot's plan (go down as soon
  as possible, lay off everything, keep the cards of the contract plan) without its
  random spare discards, taking a melded joker whenever that lets it go down this
  turn (S7: the medium bot never swaps before it is down), buying every card that
  brings the contract closer while the stock can pay the penalty cards (and, while
  the contract needs at least :data:`LONG_SHORT` more cards than the hand will hold
  after its next draw, any card near the hand or a wild),
  and, while not down and with a seat already down, letting go of costly spare cards
  first (points held when a hand ends are what a match is lost by).
- :class:`ShanghaiSearchBot`, information-set MCTS over that policy: trivial decisions
  (a single legal move, declining a card that does not help, drawing when the upcard
  does not help, melding, laying off) are answered by the policy without searching.
  Taking the upcard or drawing, buying or declining a card that helps, and which of
  the policy's top few spare cards to discard are searched: each iteration deals the
  hidden cards at random consistently with the view (see
  :mod:`cardtable.games.shanghai.sampling`: cards melded and on the pile are not in
  any hand, upcards a seat took or bought and still holds are in that seat's hand),
  plays every candidate on the same imagined deal (common random numbers), and plays
  the hand out with the policy in the bot's seat and the medium bot in the others.
  The reward is the hand's points against the other seats' average. Budget:
  ``BUDGETS["shanghai"]`` of :mod:`cardtable.bots.search` (iterations and CPU seconds
  per searched decision); seeded as every search bot is (see that module).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...bots.base import Bot
from ...bots.search import SearchBot, default_variant
from ...engine.moves import Move
from ...engine.rng import Rng
from ...engine.views import PlayerView
from ...engine.cards import Card
from .bot import BUY_MIN_STOCK, LayOffTable, SimpleBot, points_of
from .melds import RUN_CARD, swap_index
from .plan import is_near, plan
from .preset import contract_size
from .sampling import Sampler
from .view import ShanghaiView

DUMP_WEIGHT = 1.0
"""While not down and another seat is down: how much a spare card's points count
toward letting it go (per 5 points, against the plan's usefulness of 0–7)."""

LONG_SHORT = 2
"""Buy a card near the hand (or a wild) even when it adds nothing to the plan by itself
while the hand, after its next draw, is at least this many cards short of the
contract's size (hands 9 and 10 at the deal): only buys add cards, and the penalty
cards are what such a contract is made of."""

KEY_WORTH = 5
"""While not down: how much usefulness (against the plan's 0–7) a natural that could
take back a melded joker (S7) gets, so that it is kept rather than discarded."""

SEARCH = {"draw": True, "buy": True, "discard": True}
"""Which decisions the search handles (the others: the policy)."""

DISCARD_CANDIDATES = 3
"""The policy's best few discards compared by the search."""


class StrongPolicy(SimpleBot):
    """The medium bot's plan, played without random spare discards, swapping for a
    melded joker to go down, buying more readily, and shedding points when another
    seat is down (see the module text)."""

    name = "hard"

    def __init__(self) -> None:
        super().__init__(shake=0.0)

    def choose(self, view: PlayerView, legal_moves: Sequence[Move], rng: Rng) -> Move:
        """The medium bot's choice, except that a seat not yet down takes a joker swap
        that lets it go down this turn (S7; the medium bot never does)."""
        assert isinstance(view, ShanghaiView)
        swap = self._go_down_swap(view, legal_moves)
        return swap if swap is not None else super().choose(view, legal_moves, rng)

    @staticmethod
    def _go_down_swap(view: ShanghaiView, legal_moves: Sequence[Move]) -> Move | None:
        """S7: while not down and unable to go down as the hand stands, a swap for a
        melded joker (listed only when the joker lets the contract be laid down this
        turn), giving up the costliest natural; None when there is none."""
        if view.phase != "play" or view.down[view.seat]:
            return None
        swaps = [move for move in legal_moves if move.kind == "swap_joker"]
        if not swaps or any(move.kind == "meld" for move in legal_moves):
            return None
        points = points_of(view)
        return max(swaps, key=lambda move: points[move.cards[0].rank])

    def _gain(self, view: ShanghaiView, card: Card) -> int:
        """The medium bot's gain, except that while not down a natural that could take
        back a melded joker (and is not held yet) counts as the wild it would bring:
        the swap is allowed when the wilds taken that turn complete the contract (S7)."""
        gain = super()._gain(view, card)
        if gain or view.down[view.seat] or card in view.hand or card not in _joker_keys(view):
            return gain
        return 1 if plan(view.hand, view.contract, view.wilds)[0] < contract_size(view.contract) else 0

    def _worth_buying(self, view: ShanghaiView, card: Any) -> bool:
        """Buy any card that brings the contract closer while the stock can pay for it,
        and, while a long contract needs more cards than the hand holds (see
        :data:`LONG_SHORT`), any card near the hand or a wild."""
        if view.stock_size < BUY_MIN_STOCK:
            return False
        if self._gain(view, card) > 0:
            return True
        need = contract_size(view.contract)
        if len(view.hand) + 1 + LONG_SHORT > need:
            return False
        if plan(view.hand, view.contract, view.wilds)[0] >= need:
            return False
        return card.rank in view.wilds or is_near(view.hand, card)

    def shed_weight(self, view: ShanghaiView, covered: int) -> float:
        """Shed costly spare cards while not down once another seat is down and the
        contract is still two or more cards short."""
        return DUMP_WEIGHT if any(view.down) and contract_size(view.contract) - covered >= 2 else 0.0

    def discard_key(self, view: ShanghaiView, table: LayOffTable) -> Any:
        """The medium bot's discard order, except that while not down a natural that
        could take back a melded joker counts as kept and :data:`KEY_WORTH` more useful."""
        key = super().discard_key(view, table)
        keys = set() if view.down[view.seat] else _joker_keys(view)
        if not keys:
            return key

        def keep_keys(move: Move) -> tuple:
            rank = key(move)
            if move.cards[0] in keys:
                return (rank[0], True, rank[2] + KEY_WORTH, *rank[3:])
            return rank
        return keep_keys

    def discard_order(self, view: ShanghaiView, moves: Sequence[Move]) -> list[Move]:
        """The discard moves, best first (each card once); an upcard the seat took or
        bought and still holds comes last: it was picked up for the contract, and
        throwing it back (the very turn it was taken, as a hint once advised) wastes the turn."""
        key = self.discard_key(view, self._table_of(view))
        taken = set(view.taken[view.seat]) if view.taken else set()
        return sorted(dict.fromkeys(m for m in moves if m.kind == "discard"),
                      key=lambda move: (move.cards[0] in taken, key(move)))

    def _discard(self, view: ShanghaiView, moves: Sequence[Move], table: LayOffTable, rng: Rng) -> Move:
        return self.discard_order(view, moves)[0]


def _joker_keys(view: ShanghaiView) -> set[Card]:
    """The naturals that could take back a joker melded on the table (S7)."""
    keys: set[Card] = set()
    wild = view.wilds
    for owned in view.melds:
        for meld in owned:
            for index, card in enumerate(meld.cards):
                if card.rank not in wild:
                    continue
                if meld.kind == "set":
                    naturals = [Card(meld.base, suit) for suit in "CDHS"]
                else:
                    naturals = [RUN_CARD[meld.base + index, meld.suit]]
                keys.update(n for n in naturals if swap_index(meld, n, wild) is not None)
    return keys


class StrongSampler(Sampler):
    """The Shanghai determinizer, searching only the decisions listed in :data:`SEARCH`."""

    margin = 0.06
    """A searched move overrules the policy's only when it scores this much better
    (0.06 of the reward: 18 points of a hand against the others' average, about three
    standard errors of a 40-deal comparison). With 0.02 the search overruled a quarter
    of the policy's discards, mostly on noise, and cost strength: 46.9 % lowest totals
    against 63.5 % with 0.06 (48 arena matches each, the same deals)."""

    def __init__(self, variant: Any, policy: StrongPolicy) -> None:
        super().__init__(variant)
        self.policy = policy

    def searchable(self, view: PlayerView, legal_moves: Sequence[Move]) -> bool:
        """Only choices between moves that both make sense are searched."""
        assert isinstance(view, ShanghaiView)
        kinds = {move.kind for move in legal_moves}
        upcard = view.upcard
        if kinds <= {"buy", "decline"}:
            # a card that does not bring the contract closer is declined without search
            return (SEARCH["buy"] and upcard is not None and view.stock_size >= 2
                    and self.policy._gain(view, upcard) > 0)
        if kinds <= {"draw_stock", "take_upcard"}:
            if not SEARCH["draw"] or upcard is None or len(kinds) < 2 or view.down[view.seat]:
                return False
            return self.policy._gain(view, upcard) > 0
        if "discard" in kinds:
            if not SEARCH["discard"] or view.down[view.seat]:
                return False
            # going down, laying off and joker swaps come first (the policy plays them)
            return not kinds & {"meld", "lay_off", "swap_joker"}
        return False

    def candidates(self, view: ShanghaiView, legal_moves: Any) -> list[Move]:  # type: ignore[override]
        if any(move.kind == "discard" for move in legal_moves):
            return self.policy.discard_order(view, legal_moves)[:DISCARD_CANDIDATES]
        return list(legal_moves)


class ShanghaiSearchBot(SearchBot):
    """Information-set MCTS over :class:`StrongPolicy` (see the module text)."""

    def __init__(self, variant: Any = None, level: str = "hard", seed: int = 0,
                 iterations: int | None = None, seconds: float | None = None, strict: bool = False) -> None:
        # budget: ``BUDGETS["shanghai"]`` of bots/search.py (per searched decision)
        super().__init__("shanghai", variant, level=level, seed=seed, iterations=iterations, seconds=seconds,
                         strict=strict)
        self.strong = StrongPolicy()
        self.policy = self.strong
        self.medium = SimpleBot()
        self._me = 0

    def _sampler_for(self, view: PlayerView) -> StrongSampler:
        if self._sampler is None:
            variant = self.variant if self.variant is not None else default_variant("shanghai", view)
            self._sampler = StrongSampler(variant, self.strong)
        assert isinstance(self._sampler, StrongSampler)
        return self._sampler

    def search(self, view: PlayerView, candidates: Sequence[Move], rng: Rng) -> Any:
        self._me = view.seat
        return super().search(view, candidates, rng)

    def rollout_policy(self, seat: int) -> Bot:
        """The policy in this seat, the medium bot elsewhere."""
        return self.strong if seat == self._me else self.medium


def make_strong_bot(variant: Any, level: str = "hard", seed: int = 0) -> ShanghaiSearchBot:
    """The ``hard`` (or ``expert``, five times the budget) Shanghai bot."""
    return ShanghaiSearchBot(variant, level=level, seed=seed)


__all__ = ["ShanghaiSearchBot", "StrongPolicy", "StrongSampler", "make_strong_bot"]
