"""ShanghaiGame: the state of a Shanghai rummy match and how moves change it (S1–S13)."""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from ...engine.cards import Card, make_deck
from ...engine.events import CardsDealt, CardsSetAside, Event, RoundStarted
from ...engine.game import Game, stack_deck
from ...engine.moves import Move
from ...engine.views import PlayerView
from . import rules
from .events import (BuyDeclined, CardDiscarded, CardLaidOff, HandsCounted, HandStarted, JokerSwapped, StockDrawn,
                     StockExhausted, StockRanOut, StockReshuffled, UpcardBought, UpcardTaken, UpcardTurned, WentDown,
                     WentOut)
from .melds import LOW, Meld, lay_off, make_meld, swap_index
from .preset import ShanghaiRules
from .view import ShanghaiView


class ShanghaiGame(Game):
    """A match of Shanghai rummy: one hand per contract, lowest total wins.

    The turn goes ``draw`` -> (buy window) -> ``play`` -> discard. ``phase`` says where
    it is; during the window ``to_act`` is the one seat being offered the upcard.
    """

    family = "shanghai"
    low_score_wins = True
    ROUND_WORD = "Hand"

    rules: ShanghaiRules
    wild: frozenset[int]
    _contract: tuple[int, tuple[tuple[str, int], ...]] = (0, ())
    _melds_view: tuple[tuple[Meld, ...], ...] | None = None
    rebuilds: int = 0
    """S12: how often the stock was rebuilt this hand."""

    # ------------------------------------------------------------------ the deal
    def _start_round(self, hands: list[list[Card]] | None, stock: list[Card] | None,
                     upcard: Card | None) -> list[Event]:
        """S1/S2: shuffle the decks, deal ``hand_size`` each, turn the upcard."""
        if self.round == 1:
            self.rules = self.variant.rules
            self.wild = self.rules.wild_ranks
        else:
            self.dealer = (self.dealer + 1) % self.players
        n = self.players
        deck = make_deck(self.rules.decks_by_players[n], self.rules.jokers)
        aside: list[Card] = []
        if hands is None and stock is None and upcard is None:
            self.rng.shuffle(deck)
            dealt: list[list[Card]] = [[] for _ in range(n)]
            order = [(self.dealer + 1 + i) % n for i in range(n)]
            for _ in range(self.rules.hand_size):
                for seat in order:
                    dealt[seat].append(deck.pop())
            upcard = deck.pop()
            pile = deck
        else:
            given = [list(h) for h in hands] if hands is not None else []
            rest = stack_deck(deck, *given, stock or [], [upcard] if upcard is not None else [])
            self.rng.shuffle(rest)
            if hands is None:
                given = [[rest.pop() for _ in range(self.rules.hand_size)] for _ in range(n)]
            dealt = given
            if stock is None:
                pile = rest
            else:
                pile, aside = list(reversed(stock)), rest
            if upcard is None and pile:
                upcard = pile.pop()
        self.hands = [sorted(hand) for hand in dealt]
        self.stock = pile
        self.discard = [upcard] if upcard is not None else []
        self.live = upcard is not None
        self.offered = False
        self.discarder: int | None = None
        self._melds: list[list[Meld]] = [[] for _ in range(n)]
        self._melds_view = None
        self.down = [False] * n
        self.bought = [0] * n
        self.taken: list[list[Card]] = [[] for _ in range(n)]
        self.queue: list[int] = []
        self.pre_draw = False
        self.phase = "draw"
        self.turn = (self.dealer + 1) % n
        self.must_go_down = False
        self.went_down_now = False
        self.played_wild = False
        self.rebuilds = 0
        events: list[Event] = [RoundStarted(None, self.round, self.dealer, self.ROUND_WORD),
                               HandStarted(None, self.round, self.contract)]
        events += [CardsDealt(seat, tuple(self.hands[seat])) for seat in range(n)]
        if aside:
            events.append(CardsSetAside(None, len(aside)))
        events.append(UpcardTurned(None, upcard))
        return events + self._begin_turn()

    @classmethod
    def from_position(cls, variant: Any, players: int, seed: int, *, round: int, scores: Sequence[int],
                      dealer: int, turn: int, phase: str, melds: Sequence[Sequence[Meld]],
                      down: Sequence[bool], buys_left: Sequence[int], live: bool, discarder: int | None,
                      offered_to: int | None, must_go_down: bool, went_down_now: bool,
                      taken: Sequence[Sequence[Card]], rebuilds: int,
                      hands: Sequence[Sequence[Card]], played_wild: bool = False) -> ShanghaiGame:
        """A hand of the match in progress, set up from what the table shows.

        The position: which hand of the match it is (``round``, so which contract, S2),
        the totals so far, the dealer, whose turn it is and where that turn stands
        (``phase``: draw, buy window, play), the melds on the table by owner and who is
        down (S6), the buys each seat has left (S9), whether the upcard is live and who
        discarded it (None: it was turned at the deal), the seat the upcard is offered to
        now during a buy window (the seats after it in buy order, S8, are still to be
        asked), whether the player to move must go down (S7, after taking a joker back
        before going down), whether it went down this turn and whether it played a wild in it
        (for going out in one, S13), the
        upcards each seat took or bought and still holds, how often the stock was rebuilt
        this hand (S12), and the hands as far as they are known (an empty list for a
        hand nobody knows yet). A seat that is down has no first claim on the upcard, so
        for it the window opens before its draw.

        The face-down cards are not part of it: the game is dealt from ``seed`` as any
        other (so its random source is where that deal leaves it), and the stock and the
        pile lie as that deal left them until the caller deals the unseen cards."""
        game = cls(variant, players, seed=seed)
        game.events, game._log = [], []
        game.round = round
        game._contract = (0, ())
        game._scores = list(scores)
        game.round_over = game.is_over = False
        game.dealer = dealer
        game.turn = turn
        game.phase = phase
        game.melds = melds
        game.down = list(down)
        game.bought = [game.rules.buys_per_hand[round - 1] - left for left in buys_left]
        game.live = live
        game.discarder = discarder
        game.offered = phase == "buy" or (phase == "draw" and live and game.down[turn])
        game.pre_draw = phase == "buy" and game.down[turn]
        game.queue = []
        if phase == "buy":
            assert offered_to is not None, "a buy window is offered to someone"
            order = game.buy_order(turn)
            game.queue = order[order.index(offered_to):] if offered_to in order else [offered_to]
        game.must_go_down = must_go_down
        game.went_down_now = went_down_now
        game.played_wild = played_wild
        game.hands = [sorted(hand) for hand in hands]
        game.taken = [list(cards) for cards in taken]
        game.rebuilds = rebuilds
        game._legal_cache = {}
        return game

    # ------------------------------------------------------------------ surface
    @property
    def to_act(self) -> tuple[int, ...]:
        if self.round_over or self.is_over:
            return ()
        if self.phase == "buy":
            return (self.queue[0],)
        return (self.turn,)

    @property
    def contract(self) -> tuple[tuple[str, int], ...]:
        """S2: this hand's contract, as (kind, size) pairs."""
        if self._contract[0] != self.round:
            self._contract = (self.round, tuple(tuple(e) for e in self.rules.contracts[self.round - 1]))  # type: ignore[misc]
        return self._contract[1]

    @property
    def melds(self) -> tuple[tuple[Meld, ...], ...]:
        """The melds on the table by owner (S6), as tuples: a snapshot outside code cannot
        change the game through (the game keeps its own lists); rebuilt only after the
        melds change."""
        cached = self._melds_view
        if cached is None:
            cached = self._melds_view = tuple(tuple(m) for m in self._melds)
        return cached

    @melds.setter
    def melds(self, melds: Any) -> None:
        """Replace every meld (for samplers that build a game from a view): by owner,
        each a sequence of Melds; the game keeps copies."""
        self._melds = [list(owned) for owned in melds]
        self._melds_view = None

    @property
    def table(self) -> list[list[Meld]]:
        """The melds by owner as the rules module reads them: the game's own lists, for
        the rules only (never changed there); everyone else reads ``melds``."""
        return self._melds

    def is_down(self, seat: int) -> bool:
        """S6: whether ``seat`` has laid down its contract this hand."""
        return self.down[seat]

    def buys_left(self, seat: int) -> int:
        """S9: buys ``seat`` may still make this hand."""
        return self.rules.buys_per_hand[self.round - 1] - self.bought[seat]

    @property
    def upcard(self) -> Card | None:
        """The live upcard, or None once it is dead, bought or taken."""
        return self.discard[-1] if self.live else None

    def can_draw_stock(self) -> bool:
        """S12: a stock card can be drawn (the stock, or a pile to rebuild it from)."""
        return bool(self.stock) or self._rebuild_gives(len(self.discard)) > 0

    def buy_draws(self) -> int:
        """S8/S12: how many stock cards a buy of the upcard brings with it now:
        ``buy_penalty``, fewer when the stock, and one rebuild from the pile under the
        upcard (unless the rebuilds are spent), hold fewer."""
        return min(self.rules.buy_penalty, len(self.stock) + self._rebuild_gives(len(self.discard) - 1))

    def _rebuild_gives(self, pile: int) -> int:
        """S12: the stock cards a rebuild from a pile of ``pile`` cards gives (all but its
        top); none from a pile of one, or once ``max_stock_rebuilds`` rebuilds were made."""
        return pile - 1 if pile >= 2 and not self.rebuilds_spent() else 0

    def rebuilds_spent(self) -> bool:
        """S12 (``max_stock_rebuilds``): the stock may not be rebuilt again this hand."""
        limit = self.rules.max_stock_rebuilds
        return limit > 0 and self.rebuilds >= limit

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may see; ``None`` gives the public table (no hand at all)."""
        # (a seat of the table is checked here, before the call: a view is built every move)
        if seat is not None and not (type(seat) is int and 0 <= seat < self.players):
            self._check_viewer(seat)
        rules, discard, hands = self.rules, self.discard, self.hands
        limit = rules.buys_per_hand[self.round - 1]
        return ShanghaiView.of(
            family=self.family, seat=seat, players=self.players,
            hand=tuple(hands[seat]) if seat is not None else (),
            hand_sizes=tuple(map(len, hands)), to_act=self.to_act, round=self.round,
            round_over=self.round_over, is_over=self.is_over, scores=tuple(self._scores), dealer=self.dealer,
            turn=self.turn, phase=self.phase, hand_number=self.round, hands_in_match=len(rules.contracts),
            contract=self.contract, upcard=discard[-1] if self.live else None,
            discard_top=discard[-1] if discard else None, stock_size=len(self.stock),
            discard_size=len(discard), melds=self.melds, down=tuple(self.down),
            buys_left=tuple([limit - bought for bought in self.bought]), wilds=self.wild,
            must_go_down=self.must_go_down,
            stock_rebuilds=self.rebuilds, max_stock_rebuilds=rules.max_stock_rebuilds, rules=rules,
            taken=tuple(map(tuple, self.taken)), discards=tuple(discard), played_wild=self.played_wild,
            went_down_now=self.went_down_now,
            buy_draws=self.buy_draws() if self.phase == "buy" else 0)

    # ------------------------------------------------------------------ hooks
    def _legal_moves(self, seat: int) -> list[Move]:
        return rules.legal_moves(self, seat)

    def _illegal_reason(self, seat: int, move: Move) -> str | None:
        return rules.illegal_reason(self, seat, move)

    def _match_over(self) -> bool:
        return self.round >= len(self.rules.contracts)

    def _state(self) -> Any:
        return (self.dealer, self.turn, self.phase, tuple(map(tuple, self.hands)), tuple(self.stock),
                tuple(self.discard), self.live, self.offered, self.discarder,
                tuple(map(tuple, self._melds)), tuple(self.down), tuple(self.bought), tuple(self.queue),
                tuple(map(tuple, self.taken)),
                self.pre_draw, self.must_go_down, self.went_down_now, self.played_wild, self.rebuilds)

    def _play(self, seat: int, move: Move) -> list[Event]:
        return self._MOVES[move.kind](self, seat, move)

    # ------------------------------------------------------------------ moves
    def _do_draw_stock(self, seat: int, move: Move) -> list[Event]:
        """S3/S8: draw the top of the stock; a live upcard not yet offered opens the window."""
        events: list[Event] = []
        card = self._pop_stock(events)
        insort(self.hands[seat], card)  # type: ignore[misc]
        events.append(StockDrawn(seat, card))
        if self.live and not self.offered:
            return events + self._open_window(pre_draw=False)
        self.live = False
        self.phase = "play"
        return events

    def _do_take_upcard(self, seat: int, move: Move) -> list[Event]:
        """S3/S8: take the upcard as the draw; nobody can buy it then."""
        card = self.discard.pop()
        insort(self.hands[seat], card)
        self.taken[seat].append(card)
        self.live = False
        self.phase = "play"
        return [UpcardTaken(seat, card)]

    def _do_buy(self, seat: int, move: Move) -> list[Event]:
        """S8/S9: take the upcard plus ``buy_penalty`` stock cards; the window closes."""
        events: list[Event] = []
        card = self.discard.pop()
        self.live = False
        extra = []
        for _ in range(self.rules.buy_penalty):
            drawn = self._pop_stock(events)
            if drawn is None:
                break
            extra.append(drawn)
        for got in (card, *extra):
            insort(self.hands[seat], got)
        self.bought[seat] += 1
        self.taken[seat].append(card)
        events.insert(0, UpcardBought(seat, card, tuple(extra)))
        return events + self._close_window()

    def _do_decline(self, seat: int, move: Move) -> list[Event]:
        self.queue.pop(0)
        events: list[Event] = [BuyDeclined(seat)]
        return events if self.queue else events + self._close_window()

    def _do_meld(self, seat: int, move: Move) -> list[Event]:
        """S6: lay down the contract; the seat is down for the rest of the hand."""
        hand = self.hands[seat]
        for card in move.cards:
            hand.remove(card)
        if self.taken[seat]:
            self._forget_taken(seat, move.cards)
        made = [make_meld(kind, group, self.wild) for (kind, _size), group in zip(self.contract, move.groups)]
        self._melds[seat].extend(made)  # type: ignore[arg-type]
        self._melds_view = None
        self.down[seat] = True
        self.went_down_now = True
        self.must_go_down = False
        self.played_wild |= any(card.rank in self.wild for card in move.cards)
        stands_for = tuple(meld.wilds_stand_for(self.wild) for meld in made)  # type: ignore[union-attr]
        return [WentDown(seat, move.groups, stands_for)] + self._check_out(seat)

    def _do_lay_off(self, seat: int, move: Move) -> list[Event]:
        """S6: add one card to a meld (a run at the end the target names)."""
        card = move.cards[0]
        owner, index = move.target[0], move.target[1]  # type: ignore[index]
        end = move.target[2] if len(move.target) == 3 else None  # type: ignore[arg-type, index]
        meld = lay_off(self._melds[owner][index], card, end, self.wild)
        assert meld is not None  # (a listed lay-off fits)
        self._melds[owner][index] = meld
        self._melds_view = None
        self.hands[seat].remove(card)
        if self.taken[seat]:
            self._forget_taken(seat, move.cards)
        self.played_wild |= card.rank in self.wild
        stands = meld.stands_for(0 if end == LOW else len(meld.cards) - 1) if card.rank in self.wild else None
        return [CardLaidOff(seat, card, owner, index, end, stands)] + self._check_out(seat)

    def _do_swap_joker(self, seat: int, move: Move) -> list[Event]:
        """S7: put a natural card in place of the wild standing for it and take the wild."""
        card = move.cards[0]
        owner, index = move.target  # type: ignore[misc]
        meld = self._melds[owner][index]
        place = swap_index(meld, card, self.wild)
        taken = meld.cards[place]  # type: ignore[index]
        self._melds[owner][index] = meld._replace(cards=meld.cards[:place] + (card,) + meld.cards[place + 1:])  # type: ignore[operator]
        self._melds_view = None
        self.hands[seat].remove(card)
        if self.taken[seat]:
            self._forget_taken(seat, move.cards)
        insort(self.hands[seat], taken)
        if not self.down[seat]:
            self.must_go_down = True
        return [JokerSwapped(seat, card, taken, owner, index)] + self._check_out(seat)

    def _do_discard(self, seat: int, move: Move) -> list[Event]:
        """S3: the discard becomes the new upcard; the card under it is dead."""
        card = move.cards[0]
        self.hands[seat].remove(card)
        if self.taken[seat]:
            self._forget_taken(seat, move.cards)
        self.discard.append(card)
        self.live, self.offered, self.discarder = True, False, seat
        events: list[Event] = [CardDiscarded(seat, card)]
        if not self.hands[seat]:
            return events + self._check_out(seat)
        self.turn = (seat + 1) % self.players
        return events + self._begin_turn()

    def _forget_taken(self, seat: int, cards: tuple[Card, ...]) -> None:
        """The seat played ``cards``: any of them it was seen to pick up is no longer
        known to be in its hand."""
        taken = self.taken[seat]
        for card in cards:
            if card in taken:
                taken.remove(card)

    _MOVES: ClassVar[dict[str, Callable[[ShanghaiGame, int, Move], list[Event]]]] = {
        "draw_stock": _do_draw_stock, "take_upcard": _do_take_upcard, "buy": _do_buy, "decline": _do_decline,
        "meld": _do_meld, "lay_off": _do_lay_off, "swap_joker": _do_swap_joker, "discard": _do_discard}
    """Each move kind's method, by the move's kind."""

    # ------------------------------------------------------------------ steps
    def _begin_turn(self) -> list[Event]:
        """Settled reading: a seat that is down has no first claim, so the window opens
        before its draw. S12: a turn that begins with no stock card to draw ends the
        hand instead (:meth:`_no_stock`)."""
        self.must_go_down = self.went_down_now = self.played_wild = False
        if not self.can_draw_stock():
            return self._no_stock()
        if self.down[self.turn] and self.live and not self.offered:
            return self._open_window(pre_draw=True)
        return self._enter_draw()

    def _enter_draw(self) -> list[Event]:
        """S12: a draw with no stock card to draw ends the hand (:meth:`_no_stock`)."""
        self.phase = "draw"
        return [] if self.can_draw_stock() else self._no_stock()

    def _no_stock(self) -> list[Event]:
        """S12: the stock is empty and may not be rebuilt — the rebuilds are spent, or
        there is no pile under the upcard to rebuild it from. The hand ends and every
        hand scores; a live upcard does not keep it going (settled reading: taken and
        thrown back turn after turn, it would go round the table for ever)."""
        if self.rebuilds_spent():
            return self._stock_exhausted()
        return [StockRanOut(None)] + self._end_hand(None)

    def _stock_exhausted(self) -> list[Event]:
        """S12 (``max_stock_rebuilds``): the stock ran out again; nobody went out, and
        everyone scores the cards they hold (S11)."""
        return [StockExhausted(None, self.rebuilds)] + self._end_hand(None)

    def buy_order(self, drawer: int) -> list[int]:
        """S8: seats offered the upcard, in ``buy_priority`` order: every seat that is not
        down, has buys left, and is neither the discarder nor the drawer."""
        n = self.players
        if self.rules.buy_priority == "nearest_to_dealer":
            order = [(self.dealer + i) % n for i in range(n)]
        else:
            order = [(drawer + i) % n for i in range(1, n)]
        return [s for s in order if s != drawer and s != self.discarder
                and not self.down[s] and self.buys_left(s) > 0]

    def _open_window(self, pre_draw: bool) -> list[Event]:
        self.offered = True
        self.queue = self.buy_order(self.turn)
        self.pre_draw = pre_draw
        if self.queue:
            self.phase = "buy"
            return []
        return self._close_window()

    def _close_window(self) -> list[Event]:
        self.queue = []
        if self.pre_draw:
            self.pre_draw = False
            return self._enter_draw()
        self.live = False
        self.phase = "play"
        return []

    def _pop_stock(self, events: list[Event]) -> Card | None:
        """S12: the top stock card; an empty stock is rebuilt from the pile less its top
        (unless ``max_stock_rebuilds`` rebuilds were made this hand: then None, and a
        buyer gets fewer penalty cards)."""
        if not self.stock and self._rebuild_gives(len(self.discard)):
            self.rebuilds += 1
            top = self.discard.pop()
            self.stock, self.discard = self.discard, [top]
            self.rng.shuffle(self.stock)
            events.append(StockReshuffled(None, len(self.stock)))
        return self.stock.pop() if self.stock else None

    def _check_out(self, seat: int) -> list[Event]:
        if self.hands[seat]:
            return []
        return [WentOut(seat)] + self._end_hand(seat)

    def _end_hand(self, winner: int | None) -> list[Event]:
        """S11/S13: the player who went out scores the bonus, the others their cards."""
        self.phase = "over"
        self.queue = []
        points = [self.points_in_hand(seat) for seat in range(self.players)]
        counted = HandsCounted(None, tuple(tuple(hand) for hand in self.hands), tuple(points))
        if winner is not None:
            bonus = self.rules.go_out_bonus
            if (self.rules.go_out_in_one_bonus is not None and self.went_down_now
                    and not self.played_wild):
                bonus = self.rules.go_out_in_one_bonus
            points[winner] = bonus
        return [counted, *self._finish_round(points)]

    def points_in_hand(self, seat: int) -> int:
        """S11: what ``seat``'s cards would score now."""
        return sum(self.rules.points_of(card.rank) for card in self.hands[seat])
