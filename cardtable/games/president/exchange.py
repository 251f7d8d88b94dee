"""The phases before the first lead of a round: card exchange (P13–P16), the black
market (P18) and table talk (P19). Mixed into :class:`PresidentGame`."""

from __future__ import annotations

from itertools import combinations
from typing import Literal

from ...engine.cards import Card, remove_cards
from ...engine.events import Event
from ...engine.game import Game
from ...engine.moves import DECLINE, PASS, Move
from .events import CardsExchanged, Declined, HandsShared, MarketOpened, SwapOffered, TalkOffered
from .preset import PresidentRules, titled_places
from .rules import RankOrder


class ExchangeMixin(Game):
    """Exchange, market and talk: each phase offers one seat a choice at a time."""

    rules: PresidentRules
    ranks: RankOrder
    titles: tuple[str, ...] | None
    order: list[int]
    hands: list[list[Card]]
    phase: str
    _last_order: list[int]
    _gives: list[tuple[int, int, int]]
    _answers: list[tuple[int, int, list[Card]]]
    _market: list[int]
    _talk: list[tuple[int, int]]
    _offer: tuple[int, Card | None] | None
    _offer_to: int
    _shared: list[tuple[int, int]]
    _given: list[list[Card]]
    _received: list[list[Card]]

    def _begin_play(self) -> list[Event]:
        raise NotImplementedError

    def _seat_titled(self, title: str) -> int:
        raise NotImplementedError

    def _hand_changed(self, seat: int) -> None:
        raise NotImplementedError

    def _exchange_pairs(self) -> list[tuple[int, int, int]]:
        """(bottom seat, top seat, cards) for this round's exchange, top pair first."""
        assert self.titles is not None
        seat_of = {title: seat for seat, title in enumerate(self.titles)}
        if self.players < 4:
            return [(seat_of["scum"], seat_of["president"], 1)]
        mode = self.rules.exchange
        top = titled_places(self.players, self.rules.top_positions)
        pairs = [("scum", "president"), ("vice_scum", "vice_president"), ("clerk", "secretary")]
        counts = [top, top - 1, top - 2] if mode == "classic" else [2, 1, 0]
        return [(seat_of[low], seat_of[high], count) for (low, high), count in zip(pairs, counts)
                if count > 0 and low in seat_of and high in seat_of]

    def _start_exchange(self) -> list[Event]:
        """P13–P16. Forced cards (best / worst) come from the hands as dealt. In the
        classic and Forseti exchanges they move first; then each chooser, the top first,
        picks the cards to give. Under ``president_first`` the President (and then the
        Vice-President) gives first, from the hand as dealt, and only then gets the
        answer chosen at the deal."""
        mode = self.rules.exchange
        if mode == "none" or self.titles is None:
            return []
        pairs = self._exchange_pairs()
        forced: list[tuple[int, int, list[Card], Literal["best", "worst"]]] = []
        self._gives = []
        self._answers = []
        for low, high, count in pairs:
            if mode == "classic":
                forced.append((low, high, self._best(low, count), "best"))
                self._gives.append((high, low, count))
            elif mode == "forseti":
                forced.append((low, high, self._best(low, count), "best"))
                forced.append((high, low, self._worst(high, count), "worst"))
            else:  # president_first
                self._gives.append((high, low, count))
                self._answers.append((low, high, self._best(low, count)))
        events: list[Event] = []
        for giver, receiver, cards, _which in forced:
            remove_cards(self.hands[giver], cards)
            self._hand_changed(giver)
        for giver, receiver, cards, which in forced:
            events.append(self._hand_over(giver, receiver, cards, which))
        if self._gives:
            self.phase = "exchange"
        return events

    def _best(self, seat: int, count: int) -> list[Card]:
        return sorted(self.hands[seat], key=self._strength_key)[-count:]

    def _worst(self, seat: int, count: int) -> list[Card]:
        return sorted(self.hands[seat], key=self._strength_key)[:count]

    def _strength_key(self, card: Card) -> tuple[float, int]:
        return (self.ranks.strength(card), self.ranks.sort_key(card)[1])

    def _hand_over(self, giver: int, receiver: int, cards: list[Card] | tuple[Card, ...],
                   which: Literal["", "best", "worst"] = "") -> CardsExchanged:
        """``giver`` hands ``cards`` to ``receiver``; ``which`` names forced ones ("best", "worst")."""
        self.hands[receiver].extend(cards)
        self.hands[receiver].sort(key=self.ranks.sort_key)
        self._hand_changed(receiver)
        self._given[giver].extend(cards)
        self._received[receiver].extend(cards)
        return CardsExchanged(giver, receiver, tuple(cards), which)

    # --------------------------------------------------------------- moves per phase
    def _prelude_moves(self, seat: int) -> list[Move]:
        phase = self.phase
        hand = self.hands[seat]
        if phase == "exchange":
            count = self._gives[0][2]
            return [Move("give", cards) for cards in dict.fromkeys(combinations(hand, count))]
        if phase == "market_open":
            return [Move("open_market"), DECLINE]
        if phase == "market":
            if self._offer is not None:
                return [Move("accept", (card,)) for card in dict.fromkeys(hand)] + [DECLINE]
            others = [s for s in self.order if s != seat]
            return [Move("offer", (card,), target=(other,))
                    for card in dict.fromkeys(hand) for other in others] + [PASS]
        if phase == "talk":
            if self._offer is not None:
                return [Move("accept"), DECLINE]
            return [Move("offer_talk", target=(self._talk[0][1],)), DECLINE]
        return []

    def _play_prelude(self, seat: int, move: Move) -> list[Event]:
        phase = self.phase
        events: list[Event] = []
        if phase == "exchange":
            giver, receiver, _count = self._gives.pop(0)
            remove_cards(self.hands[giver], move.cards)
            self._hand_changed(giver)
            events.append(self._hand_over(giver, receiver, move.cards))
            if self._answers:  # president_first: the receiver answers with its best
                low, high, cards = self._answers.pop(0)
                remove_cards(self.hands[low], cards)
                self._hand_changed(low)
                events.append(self._hand_over(low, high, cards, "best"))
            if not self._gives:
                events += self._after_exchange()
        elif phase == "market_open":
            if move.kind == "open_market":
                self.phase = "market"
                self._market = list(self.order[self.order.index(seat):] + self.order[:self.order.index(seat)])
                events.append(MarketOpened(seat))
            else:
                events.append(Declined(seat, "market"))
                events += self._after_market()
        elif phase == "market":
            events += self._market_move(seat, move)
        elif phase == "talk":
            events += self._talk_move(seat, move)
        return events

    def _after_exchange(self) -> list[Event]:
        if self.rules.black_market and self.titles is not None:
            self.phase = "market_open"
            return []
        return self._after_market()

    def _market_move(self, seat: int, move: Move) -> list[Event]:
        if self._offer is not None:
            offerer, card = self._offer
            assert card is not None
            self._offer = None
            self._market.pop(0)
            if move.kind == "accept":
                remove_cards(self.hands[offerer], (card,))
                remove_cards(self.hands[seat], move.cards)
                self._hand_changed(offerer)
                self._hand_changed(seat)
                events: list[Event] = [self._hand_over(offerer, seat, (card,)),
                                       self._hand_over(seat, offerer, move.cards)]
            else:
                events = [Declined(seat, "swap")]
        elif move.kind == "offer":
            self._offer = (seat, move.cards[0])
            self._offer_to = move.target[0]  # type: ignore[index]
            return [SwapOffered(seat, self._offer_to, move.cards)]
        else:
            self._market.pop(0)
            events = [Declined(seat, "offers")]
        if not self._market:
            events += self._after_market()
        return events

    def _after_market(self) -> list[Event]:
        if self.rules.table_talk and self.titles is not None:
            ranked, titles = self._last_order, self.titles
            # P19: neighbours in the finishing order whose titles differ (two Neutrals hold
            # the same title, not adjacent ones)
            self._talk = [(a, b) for a, b in zip(ranked, ranked[1:]) if titles[a] != titles[b]]
            self.phase = "talk"
            return []
        return self._begin_play()

    def _talk_move(self, seat: int, move: Move) -> list[Event]:
        first, second = self._talk[0]
        events: list[Event]
        if self._offer is None and move.kind == "offer_talk":
            self._offer = (seat, None)
            self._offer_to = second
            return [TalkOffered(seat, second)]
        if self._offer is not None and move.kind == "accept":
            self._shared.append((first, second))
            events = [HandsShared(first, second)]
        else:
            events = [Declined(seat, "talk" if self._offer is not None else "talk_offer")]
        self._offer = None
        self._talk.pop(0)
        if not self._talk:
            events += self._begin_play()
        return events

    def _prelude_actor(self) -> int:
        phase = self.phase
        if phase == "exchange":
            return self._gives[0][0]
        if phase == "market_open":
            return self._seat_titled("president")
        if self._offer is not None:
            return self._offer_to
        if phase == "market":
            return self._market[0]
        return self._talk[0][0]
