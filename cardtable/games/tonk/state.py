"""TonkGame: the state of a Tonk match and its turn rules (T1–T13)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ...engine.cards import ACE, Card, make_deck
from ...engine.events import CardsDealt, CardsSetAside, Event, RoundStarted
from ...engine.game import Game, stack_deck
from ...engine.moves import Move
from . import events as ev
from .payments import Payment, drop_payments, everyone_pays, lowest, net
from .rules import TonkRulesMixin
from .spreads import count, highest_spade, hit_onto, hit_stands_for, shape_of
from .view import TonkView


class TonkGame(TonkRulesMixin, Game):
    """A Tonk match: a hand is dealt per round; ``scores`` are net chips won or lost."""

    family = "tonk"
    ROUND_WORD = "Hand"

    # The round state besides what TonkRulesMixin declares, set up by ``_start_round``.
    _points: dict[int, int]
    _hands_paid: int
    _next_dealer: int
    _spread_view: tuple[tuple[tuple[Card, ...], ...], ...] | None
    _turn_spread: int
    _turn_hit: bool
    _stock_out: bool
    _shown: tuple[tuple[Card, ...], ...] | None
    _side: list[bool | None]
    _spades: list[Card | None]
    _side_points: list[int]

    # ------------------------------------------------------------------ family extras
    @property
    def chips(self) -> tuple[int, ...]:
        """T13: each seat's chips: the starting chips plus what it won or lost."""
        start = self.variant.rules.starting_chips
        return tuple(start + score for score in self._scores)

    @property
    def spreads(self) -> tuple[tuple[tuple[Card, ...], ...], ...]:
        """Each owner's spreads, in table order."""
        if self._spread_view is None:
            self._spread_view = tuple(tuple(cards for cards, _ in owned) for owned in self._spreads)
        return self._spread_view

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self._phase == "over" else (self._current,)

    def count(self, seat: int) -> int:
        """T4: the count of ``seat``'s hand."""
        return count(self._hands[seat], self._points)

    # ------------------------------------------------------------------ the deal
    def _start_round(self, hands: list[list[Card]] | None, stock: list[Card] | None,
                     upcard: Card | None) -> list[Event]:
        """T1/T2: deal ``deal_size`` cards each from the dealer's left, turn the upcard;
        then T10 instant wins, then the T12 side bet, then play from the dealer's left."""
        rules = self.variant.rules
        n = self.players
        if self.round == 1:
            self._points = rules.points_table()
            self._hands_paid = 0
        else:
            self.dealer = self._next_dealer
        self._next_dealer = (self.dealer + 1) % n
        order = [(self.dealer + 1 + i) % n for i in range(n)]
        deck = make_deck(1, rules.jokers)
        aside: list[Card] = []
        if hands is None and stock is None and upcard is None:
            self.rng.shuffle(deck)
            self._hands, undealt = self._deal_from(deck, order)
        else:
            undealt, aside = self._deal_stacked(deck, order, hands, stock, upcard)
        self._discard = []
        turned = bool(rules.upcard and undealt)
        if turned:
            self._discard.append(undealt.pop(0))
        if not undealt:
            raise ValueError("stock: the stock needs at least one card" +
                             (" besides the upcard, which is turned from it (or give upcard=…)"
                              if turned and stock else ""))
        self._stock = undealt[::-1]  # top card last
        self._spreads = [[] for _ in range(n)]
        self._spread_view = None
        self._grown_sets: frozenset[int] = frozenset()
        self._locks = [0] * n
        self._turns = [0] * n
        self._anyone_spread = False
        self._turn_spread = 0
        self._turn_hit = False
        self._stock_out = False
        self._shown = None
        self._side = [None] * n
        self._spades = [None] * n
        self._side_points = [0] * n
        self._current = order[0]
        self._phase = "start"
        events: list[Event] = [RoundStarted(None, self.round, self.dealer, self.ROUND_WORD)]
        # (told in rank order, aces low as Tonk counts them; the hand itself stays as dealt)
        events += [CardsDealt(seat, tuple(sorted(self._hands[seat], key=_ace_low))) for seat in order]
        if aside:
            events.append(CardsSetAside(None, len(aside)))
        if self._discard:
            events.append(ev.UpcardTurned(None, self._discard[-1]))
        events += self._instant_wins()
        if self._phase == "start" and rules.spades_side_bet:
            self._phase = "bet"
        return events

    @classmethod
    def from_position(cls, variant: Any, players: int, seed: int, *, round: int, scores: Sequence[int],
                      dealer: int, phase: str, to_act: int, spreads: Sequence[Sequence[Sequence[Card]]],
                      grown_sets: Iterable[int], drop_locks: Sequence[int], turns: Sequence[int],
                      anyone_spread: bool, stock_out: bool, side_bets: Sequence[bool | None] = (),
                      spades_shown: Sequence[Card | None] = (), hands_paid: int | None = None,
                      hands: Sequence[Sequence[Card]]) -> TonkGame:
        """A hand of the match in progress, set up from what the table shows.

        The position: which hand it is and the chips won or lost so far, the dealer, the
        seat to move and where its turn stands (``phase``: "start" to draw, take the
        upcard, drop or declare, "act" to spread, hit and discard, "bet" for the side
        bet, T12), the spreads on the table by owner (each in table order), the ranks of
        the sets a hit has grown (T6, for dead fours), how many more turns each seat may
        not drop (T6), how many turns each seat has finished (none: it may not drop yet,
        T7), whether anyone has spread this hand (no dealt 49 after that, T10), whether
        the draw just took the stock's last card (the hand ends after this discard), the
        side bets made and the spades shown (T12; empty: nobody asked yet), the hands of
        the match paid so far (T13, for ``match_hands``; None: every hand before this one,
        none voided), and the hands as far as they are known (an empty list for a hand
        nobody knows yet). The turn to move has not spread nor hit yet.

        The face-down cards are not part of it: the game is dealt from ``seed`` as any
        other (so its random source is where that deal leaves it), and the stock and the
        pile lie as that deal left them until the caller deals the unseen cards."""
        n = players
        game = cls(variant, players, seed=seed)
        game.events, game._log = [], []
        game.round = round
        game._hands_paid = round - 1 if hands_paid is None else hands_paid
        game._scores = list(scores)
        game.round_over = game.is_over = False
        game.dealer = dealer
        game._next_dealer = (dealer + 1) % n
        game._phase = phase
        game._current = to_act
        game._spreads = [[(tuple(cards), shape_of(cards)) for cards in owned]  # type: ignore[misc]
                         for owned in spreads]
        game._spread_view = None
        game._grown_sets = frozenset(grown_sets)
        game._locks = list(drop_locks)
        game._turns = list(turns)
        game._anyone_spread = anyone_spread
        game._turn_spread = 0
        game._turn_hit = False
        game._stock_out = stock_out
        game._shown = None
        game._side = list(side_bets) if side_bets else [None] * n
        game._spades = list(spades_shown) if spades_shown else [None] * n
        game._side_points = [0] * n
        if phase != "bet" and any(game._side):  # the betting is over: the pot is won (T12)
            game._settle_side_pot()
        game._hands = [list(hand) for hand in hands]
        game._legal_cache = {}
        return game

    def _deal_from(self, cards: list[Card], order: list[int]) -> tuple[list[list[Card]], list[Card]]:
        """T1: ``deal_size`` cards each, one at a time in ``order``, from the front of
        ``cards``; returns the hands by seat and the cards left undealt."""
        size = self.variant.rules.deal_size
        if len(cards) < size * self.players:
            raise ValueError(f"stacked deal: {len(cards)} cards left to deal, "
                             f"{size * self.players} needed ({size} each)")
        dealt: list[list[Card]] = [[] for _ in range(self.players)]
        for position in range(size * self.players):
            dealt[order[position % self.players]].append(cards[position])
        return dealt, cards[size * self.players:]

    def _deal_stacked(self, deck: list[Card], order: list[int], hands: list[list[Card]] | None,
                      stock: list[Card] | None, upcard: Card | None) -> tuple[list[Card], list[Card]]:
        """A stacked deal: the given hands (or hands dealt from the shuffled rest when only
        ``stock`` / ``upcard`` are given), the given stock top first (or the shuffled
        rest) with the given upcard turned first. Returns (undealt, set aside); cards the
        given stock leaves over are set aside."""
        if upcard is not None and not self.variant.rules.upcard:
            raise ValueError("upcard: this preset turns no upcard (rule T2)")
        given = [list(hand) for hand in hands] if hands is not None else []
        rest = stack_deck(deck, *given, stock or (), [upcard] if upcard else ())
        if hands is None or stock is None:
            self.rng.shuffle(rest)
        if hands is None:
            given, rest = self._deal_from(rest, order)
        self._hands = given
        undealt, aside = (rest, []) if stock is None else (list(stock), rest)
        if upcard is not None:
            undealt.insert(0, upcard)
        return undealt, aside

    def _instant_wins(self) -> list[Event]:
        """T10: a dealt 50 wins double, a dealt count ≤ 13 double and ≤ 9 triple, at once.
        Two such hands at once: no one is paid and the deal passes on."""
        rules = self.variant.rules
        if not (rules.dealt_50_wins or rules.low_deal_wins):
            return []
        found = []
        for seat in range(self.players):
            value = self.count(seat)
            if rules.dealt_50_wins and value == 50:
                found.append((seat, 2, "dealt_50"))
            elif rules.low_deal_wins and value <= 9:
                found.append((seat, 3, "low_deal"))
            elif rules.low_deal_wins and value <= 13:
                found.append((seat, 2, "low_deal"))
        if not found:
            return []
        if len(found) > 1:  # (shown, so the table sees the two hands that void the deal)
            return [self._show_hands(), *self._void("two winning hands were dealt; the deal passes on",
                                                    same_dealer=False)]
        seat, times, how = found[0]
        payments = everyone_pays(seat, self.players, times * rules.stake)
        return self._settle(how, [seat], payments, reveal=True)

    # ------------------------------------------------------------------ moves
    def _play(self, seat: int, move: Move) -> list[Event]:
        kind = move.kind
        hand = self._hands[seat]
        rules = self.variant.rules
        if kind in ("bet", "decline"):
            return self._side_bet(seat, kind == "bet")
        if kind == "draw_stock":
            card = self._stock.pop()
            hand.append(card)
            self._phase = "act"
            self._stock_out = not self._stock
            return [ev.StockDrawn(seat, card)]
        if kind == "take_upcard":
            card = self._discard.pop()
            hand.append(card)
            self._phase = "act"
            return [ev.UpcardTaken(seat, card)]
        if kind == "drop":
            return self._drop(seat)
        if kind == "declare":
            payments = everyone_pays(seat, self.players, rules.stake)
            return [ev.FortyNineDeclared(seat)] + self._settle("dealt_49", [seat], payments, reveal=True)
        if kind in ("spread", "hit", "dead_four"):
            self._spread_view = None
        if kind == "spread":
            group = move.groups[0]
            for card in group:
                hand.remove(card)
            shape = shape_of(group)
            assert shape is not None, "a legal spread has a shape"
            self._spreads[seat].append((group, shape))
            self._anyone_spread = True
            self._turn_spread += len(group)
            return [ev.SpreadLaid(seat, group, len(self._spreads[seat]) - 1)] + self._went_out(seat)
        if kind == "hit":
            card = move.cards[0]
            assert move.target is not None, "a legal hit or dead four names its spread"
            owner, index = move.target
            cards, shape = self._spreads[owner][index]
            hit = hit_onto(cards, shape, card, rules.hit_runs_only)
            assert hit is not None, "a legal hit fits its spread"
            self._spreads[owner][index] = hit
            if shape[0] == "set":
                self._grown_sets = self._grown_sets | {shape[1]}
            hand.remove(card)
            self._turn_hit = True
            if owner != seat:
                self._locks[owner] += 1
            event = ev.SpreadHit(seat, card, owner, index, self._spreads[owner][index][0], self._locks[owner],
                                 hit_stands_for(shape, hit, card))
            return [event] + self._went_out(seat)
        if kind == "dead_four":
            assert move.target is not None, "a legal hit or dead four names its spread"
            owner, index = move.target
            cards, _ = self._spreads[owner].pop(index)
            self._discard.extend(cards)
            return [ev.DeadFourDiscarded(seat, cards, owner, index)]
        # discard
        card = move.cards[0]
        hand.remove(card)
        self._discard.append(card)
        events: list[Event] = [ev.CardDiscarded(seat, card)]
        if not hand:
            payments = everyone_pays(seat, self.players, rules.stake)
            return events + self._settle("out", [seat], payments, reveal=False)
        self._locks[seat] = max(0, self._locks[seat] - 1)
        self._turns[seat] += 1
        if self._stock_out:
            return events + self._stock_end()
        self._current = (seat + 1) % self.players
        self._phase = "start"
        self._turn_spread = 0
        self._turn_hit = False
        return events

    def _side_bet(self, seat: int, joins: bool) -> list[Event]:
        """T12: in deal order each player bets a stake (showing the highest spade) or not;
        the highest spade shown takes the pot; no spade shown: the bets are returned."""
        self._side[seat] = joins
        events: list[Event]
        if joins:
            self._spades[seat] = highest_spade(self._hands[seat])
            events = [ev.SideBetPlaced(seat, self._spades[seat])]
        else:
            events = [ev.SideBetDeclined(seat)]
        self._current = (seat + 1) % self.players
        if self._current != (self.dealer + 1) % self.players:
            return events
        self._phase = "start"
        bettors = [s for s in range(self.players) if self._side[s]]
        if not bettors:
            return events
        winner = self._settle_side_pot()
        if winner is None:
            return events + [ev.SidePotWon(None, 0)]
        stake = self.variant.rules.stake
        paid = tuple((s, winner, stake) for s in bettors if s != winner)
        return events + [ev.SidePotWon(winner, stake * len(bettors), paid)]

    def _settle_side_pot(self) -> int | None:
        """T12: the highest spade shown takes every bettor's stake; the winning seat, or
        None when no bettor showed a spade (the bets are returned)."""
        bettors = [s for s in range(self.players) if self._side[s]]
        shown = {s: spade for s in bettors if (spade := self._spades[s]) is not None}
        if not shown:
            return None
        winner = max(shown, key=shown.__getitem__)
        stake = self.variant.rules.stake
        for s in bettors:
            self._side_points[s] -= stake
        self._side_points[winner] += stake * len(bettors)
        return winner

    def _went_out(self, seat: int) -> list[Event]:
        """T8: a hand emptied by spreading or hitting is a Tonk, paid double (with
        ``tonk_needs_six``, only if every card was spread in this one turn; else single)."""
        if self._hands[seat]:
            return []
        rules = self.variant.rules
        double = self._out_is_tonk(seat)
        payments = everyone_pays(seat, self.players, (2 if double else 1) * rules.stake)
        return self._settle("tonk" if double else "out", [seat], payments, reveal=False)

    def _out_is_tonk(self, seat: int) -> bool:
        """T8: whether ``seat``, on its turn, going out by spreading what it holds now is a
        Tonk: always, or under ``tonk_needs_six`` only with every card held (the deal and the
        draw) spread this turn."""
        rules = self.variant.rules
        return not rules.tonk_needs_six or (
            not self._turn_hit and self._turn_spread + len(self._hands[seat]) == rules.deal_size + 1)

    def _drop(self, seat: int) -> list[Event]:
        """T7: the dropper lays the hand face up; lowest count wins (payments by ``caught``)."""
        counts = [self.count(s) for s in range(self.players)]
        rules = self.variant.rules
        payments, winners = drop_payments(counts, seat, rules.stake, rules.caught)
        how = "drop" if winners == [seat] else "caught"
        return [ev.HandDropped(seat, counts[seat])] + self._settle(how, winners, payments, reveal=True)

    def _stock_end(self) -> list[Event]:
        """T9: the last stock card was drawn this turn: lowest count wins one stake from
        everyone; a tie for lowest is no win and the same dealer deals again."""
        counts = [self.count(s) for s in range(self.players)]
        winners = lowest(counts)
        events: list[Event] = [ev.StockExhausted(None)]
        if len(winners) > 1:
            events.append(self._show_hands())
            return events + self._void("a tie for lowest when the stock ran out; the hand is dealt again",
                                       same_dealer=True)
        payments = everyone_pays(winners[0], self.players, self.variant.rules.stake)
        return events + self._settle("stock", winners, payments, reveal=True)

    def _settle(self, how: str, winners: list[int], payments: list[Payment], reveal: bool) -> list[Event]:
        events: list[Event] = [self._show_hands()] if reveal else []
        events.append(ev.HandWon(winners[0] if len(winners) == 1 else None, tuple(winners), how,
                                 tuple(payments)))
        self._hands_paid += 1
        self._phase = "over"
        points = net(payments, self.players)
        points = [p + side for p, side in zip(points, self._side_points)]
        return events + self._finish_round(points)

    def _show_hands(self) -> ev.HandsShown:
        """The show-down: every hand goes face up with its count (public from now on)."""
        self._shown = tuple(tuple(hand) for hand in self._hands)
        return ev.HandsShown(None, self._shown, tuple(self.count(s) for s in range(self.players)))

    def _void(self, reason: str, same_dealer: bool) -> list[Event]:
        if same_dealer:
            self._next_dealer = self.dealer
        self._phase = "over"
        return [ev.HandVoided(None, reason)] + self._finish_round(list(self._side_points))

    def _match_over(self) -> bool:
        """T13: after ``match_hands`` paid hands, or when someone is broke."""
        rules = self.variant.rules
        if rules.match_hands and self._hands_paid >= rules.match_hands:
            return True
        return bool(self.broke())

    @property
    def hands_paid(self) -> int:
        """T13: the hands of the match that were paid; a voided hand (a tie when the stock
        ran out, two instant winners) is dealt again and does not count."""
        return self._hands_paid

    def broke(self) -> tuple[int, ...]:
        """T13 (``broke_ends_match``): the seats out of chips, which end the match; empty
        when the preset plays on with broke seats (or nobody is broke)."""
        if not self.variant.rules.broke_ends_match:
            return ()
        return tuple(seat for seat, chips in enumerate(self.chips) if chips <= 0)

    # ------------------------------------------------------------------ views, state
    def view(self, seat: int | None) -> TonkView:
        """What ``seat`` may see; ``None`` gives the public table (no hand at all)."""
        self._check_viewer(seat)
        n = self.players
        hands = self._hands
        shown = self._shown
        if shown is None:
            counts: list[int | None] = [None] * n
            if seat is not None:
                counts[seat] = count(hands[seat], self._points)
        else:
            counts = [count(hand, self._points) for hand in hands]
        rules = self.variant.rules
        discard = self._discard
        return TonkView.of(
            family=self.family, seat=seat, players=n, hand=tuple(hands[seat]) if seat is not None else (),
            hand_sizes=tuple(map(len, hands)), to_act=self.to_act, round=self.round,
            round_over=self.round_over, is_over=self.is_over, scores=tuple(self._scores), dealer=self.dealer,
            phase=self._phase, discard_top=discard[-1] if discard else None, discard_size=len(discard),
            stock_size=len(self._stock), spreads=self.spreads, drop_locks=tuple(self._locks), chips=self.chips,
            stake=rules.stake, counts=tuple(counts), shown=shown if shown is not None else (None,) * n,
            first_turn=seat is not None and self._turns[seat] == 0, side_bets=tuple(self._side),
            spades_shown=tuple(self._spades), rules=rules, discards=tuple(discard),
            grown_sets=tuple(sorted(self._grown_sets)), hands_paid=self._hands_paid,
            out_is_tonk=self._phase == "act" and self._out_is_tonk(self._current))

    def _state(self) -> Any:
        return (self.dealer, self._next_dealer, self._phase, self._current,
                tuple(tuple(hand) for hand in self._hands), tuple(self._stock), tuple(self._discard),
                tuple(tuple(owned) for owned in self._spreads), tuple(self._locks), tuple(self._turns),
                self._anyone_spread, self._turn_spread, self._turn_hit, self._stock_out, self._shown,
                tuple(self._side), tuple(self._spades), tuple(self._side_points), self._hands_paid,
                tuple(sorted(self._grown_sets)))


def _ace_low(card: Card) -> tuple[int, str]:
    """A card's place in a hand told in words: by rank, the ace first (T4: it counts 1)."""
    return (1 if card.rank == ACE else card.rank, card.suit)
