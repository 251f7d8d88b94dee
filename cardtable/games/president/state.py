"""PresidentGame: one round after another of President (Scum), rules P1–P30."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial
from itertools import combinations
from typing import Any

from ...engine.cards import JACK, KING, QUEEN, Card, make_deck, remove_cards
from ...engine.events import CardsDealt, CardsSetAside, Event, RoundStarted
from ...engine.game import Game, stack_deck
from ...engine.moves import DECLINE, PASS, Move
from .events import (CardsPlayed, ChanceDeclined, MadeScum, Passed, PlayerOut, Redealt, TitlesAwarded,
                     TrickCleared, TurnSkipped)
from .effects import EffectsMixin
from .exchange import ExchangeMixin
from .reasons import ReasonsMixin
from .preset import PresidentVariant
from .rules import RankOrder, titles_for
from .view import PresidentView


_play = partial(tuple.__new__, Move)
"""Builds a Move from a full 4-tuple without the NamedTuple's keyword handling (hot path)."""


class PresidentGame(ExchangeMixin, ReasonsMixin, EffectsMixin, Game):
    """A President match. Each round: deal (P2), exchange (P13–P16), then tricks
    until the round ends (P9); titles (P10) score points (P30)."""

    family = "president"

    def __init__(self, variant: PresidentVariant, players: int, seed: int | None = None,
                 **stacked: Any) -> None:
        self.rules = variant.rules
        self.ranks = RankOrder(variant.rules)
        self.titles: tuple[str, ...] | None = None
        """Title key per seat from the last finished round (None before)."""
        self.order: list[int] = []
        """The seats clockwise (0, 1, … at the first deal; `reseat` moves them by title)."""
        self._rings: tuple[list[int], dict[int, list[int]]] = ([], {})
        """The seating order ``_clockwise`` last read, and each seat's ring in it."""
        self._last_order: list[int] = []
        super().__init__(variant, players, seed, **stacked)

    # ------------------------------------------------------------------ dealing
    def _start_round(self, hands: list[list[Card]] | None, stock: list[Card] | None,
                     upcard: Card | None) -> list[Event]:
        if stock is not None or upcard is not None:
            raise ValueError("President has no stock or upcard: give hands only")
        rules = self.rules
        if not self.order:  # (the first deal: set here, once the player count is checked)
            self.order = list(range(self.players))
        if self.titles is not None:
            if rules.reseat:
                self.order = list(self._last_order)
            self.dealer = self._seat_titled("president" if rules.dealer == "president" else "scum")
        self._reset_round()
        events: list[Event] = [RoundStarted(None, self.round, self.dealer, self.ROUND_WORD)]
        deck = make_deck(rules.decks, rules.jokers)
        if hands is None:
            self.hands, self.aside = self._shuffled_deal(deck)
        else:
            self.aside = stack_deck(deck, *hands)
            self.hands = hands
            self._check_stacked_exchange()
        if rules.scum_redeal and self.titles is not None:
            scum = self._seat_titled("scum")
            while not any(card.rank in (JACK, QUEEN, KING) for card in self.hands[scum]):
                events.append(Redealt(scum))
                self.hands, self.aside = self._shuffled_deal(deck)
        for hand in self.hands:
            hand.sort(key=self.ranks.sort_key)
        start = self.order.index(self.dealer) + 1
        for i in range(self.players):
            seat = self.order[(start + i) % self.players]
            events.append(CardsDealt(seat, tuple(self.hands[seat])))
        if self.aside:
            events.append(CardsSetAside(None, len(self.aside)))
        events += self._start_exchange()
        if self.phase == "deal":
            events += self._after_exchange()
        return events

    def _check_stacked_exchange(self) -> None:
        """P13: a stacked deal gives each seat of this round's exchange at least the cards it
        gives (a Scum of one card, giving two, left the President with none to lead, and
        the round stuck)."""
        if self.titles is None or self.rules.exchange == "none":
            return
        for low, high, count in self._exchange_pairs():
            short = next((seat for seat in (low, high) if len(self.hands[seat]) < count), None)
            if short is not None:
                raise ValueError(f"hands: seat {short} is dealt {len(self.hands[short])} "
                                 f"card{'s' if len(self.hands[short]) != 1 else ''}, fewer than the "
                                 f"{count} it gives in the exchange (P13)")

    @classmethod
    def from_position(cls, variant: PresidentVariant, players: int, seed: int, *, round: int,
                      scores: Sequence[int], titles: tuple[str, ...] | None, order: Sequence[int], dealer: int,
                      pile: Sequence[tuple[int, Sequence[Card]]], played: Sequence[Card],
                      last_player: int | None, turn: int, passed: Iterable[int], locked: Iterable[int],
                      finish_order: Sequence[int], out: Iterable[int], given: Sequence[Sequence[Card]],
                      received: Sequence[Sequence[Card]], shared: Sequence[tuple[int, int]],
                      hands: Sequence[Sequence[Card]], bombed: int | None = None) -> PresidentGame:
        """A round in play (its exchange done), set up from what the table shows.

        The position: which round it is, the points so far and last round's titles, the
        seating order and the dealer, the combinations on the pile this trick (who
        played each, the last one being the one to beat), every card played this round
        (those not on the pile were cleared with earlier tricks), who played last, whose
        turn it is, who has passed and who is locked out of this trick, who is out in
        the order they finished and who went out as Scum (P26: out but not in that
        order), the cards each seat gave and got in the exchange (P13–P16), who showed
        whom a hand in table talk (``shared``: (shower, partner) pairs), the hands as
        far as they are known (an empty list for a hand nobody knows yet), and the seat
        whose bomb cleared the pile this turn (``bombed``: it leads, but may not bomb
        again this turn, P23; None if nobody). When the
        turn has come back to the last player with its cards still on the pile, it is
        playing on its own combination (``play_on_own``). Nothing is set aside.

        The hidden cards are not part of it: the game is dealt from ``seed`` as any
        other (so its random source is where that deal leaves it); the caller deals the
        unseen cards into ``hands`` and ``aside``."""
        game = cls(variant, players, seed=seed)
        game._reset_round()
        game.events, game._log = [], []
        game.round = round
        game._scores = list(scores)
        game.titles = titles
        game.order = list(order)
        game.dealer = dealer
        game.phase = "play"
        game.pile = [(s, tuple(cards)) for s, cards in pile]
        on_pile = sum(len(cards) for _s, cards in pile)
        game.cleared = list(played[:len(played) - on_pile])  # (played: the cleared tricks, then the pile)
        if pile:
            combo = game.ranks.combination(pile[-1][1], all_wild=True)
            game._top = combo if isinstance(combo, tuple) else None
        game._last = last_player if pile else None
        game._turn = turn
        game._passed = set(passed)
        game._locked = set(locked)
        game._own_turn = bool(pile) and turn == last_player
        game._finish = list(finish_order)
        game._bottom = [s for s in out if s not in finish_order]
        game._given = [list(cards) for cards in given]
        game._received = [list(cards) for cards in received]
        game._shared = list(shared)
        game._bombed = bombed
        game.round_over = game.is_over = False
        game.hands = [list(hand) for hand in hands]
        game.aside = []
        game._legal_cache = {}
        return game

    def _shuffled_deal(self, deck: list[Card]) -> tuple[list[list[Card]], list[Card]]:
        """P2: one card at a time clockwise from the dealer's left; with ``leftover =
        "aside"`` the cards that do not divide evenly are set aside unseen."""
        cards = list(deck)
        self.rng.shuffle(cards)
        n = self.players
        dealt = len(cards) - len(cards) % n if self.rules.leftover == "aside" else len(cards)
        hands: list[list[Card]] = [[] for _ in range(n)]
        start = self.order.index(self.dealer) + 1
        for i in range(dealt):
            hands[self.order[(start + i) % n]].append(cards[i])
        return hands, cards[dealt:]

    def _reset_round(self) -> None:
        n = self.players
        self.phase = "deal"
        self.pile: list[tuple[int, tuple[Card, ...]]] = []
        self.cleared: list[Card] = []
        self._top: tuple[int, int] | None = None
        self._last: int | None = None
        self._turn = 0
        self._passed: set[int] = set()
        self._locked: set[int] = set()
        self._own_turn = False
        self._bombed: int | None = None
        self._window: list[int] = []
        self._finish: list[int] = []
        self._bottom: list[int] = []
        self._gives: list[tuple[int, int, int]] = []
        self._answers: list[tuple[int, int, list[Card]]] = []
        self._market: list[int] = []
        self._talk: list[tuple[int, int]] = []
        self._offer: tuple[int, Card | None] | None = None
        self._offer_to = 0
        self._shared: list[tuple[int, int]] = []
        self._given: list[list[Card]] = [[] for _ in range(n)]
        self._received: list[list[Card]] = [[] for _ in range(n)]
        self._group_cache: dict[int, tuple[dict[int, list[Card]], list[Card]]] = {}

    def _groups(self, seat: int) -> tuple[dict[int, list[Card]], list[Card]]:
        """The seat's hand grouped by value (cached until that hand changes)."""
        cached = self._group_cache.get(seat)
        if cached is None:
            cached = self._group_cache[seat] = self.ranks.groups(self.hands[seat])
        return cached

    def _hand_changed(self, seat: int) -> None:
        self._group_cache.pop(seat, None)

    def _hand_played(self, seat: int, naturals: list[Card], value: int, cards: tuple[Card, ...]) -> None:
        """The seat played ``cards`` (``naturals`` of ``value``, the rest wild): its hand's
        grouping, if remembered, loses them as a fresh grouping would."""
        cached = self._group_cache.get(seat)
        if cached is None:
            return
        by_value, wilds = cached
        if naturals:
            group = by_value[value]
            for card in naturals:
                group.remove(card)
            if not group:
                del by_value[value]
        if len(naturals) < len(cards):
            for card in cards:
                if card not in naturals:
                    wilds.remove(card)

    def _begin_play(self) -> list[Event]:
        """P11: the first round's lead is left of the dealer, or the 3♠ holder (with two
        decks the first clockwise from the dealer's left; a 3♠ set aside, the dealer's left);
        later rounds the President leads."""
        self.phase = "play"
        if self.titles is not None:
            self._turn = self._seat_titled("president")
        elif self.rules.first_lead == "three_of_spades":
            self._turn = next((s for s in self._clockwise(self.dealer) if Card(3, "S") in self.hands[s]),
                              self._next_active(self.dealer))
        else:
            self._turn = self._next_active(self.dealer)
        return []

    # ------------------------------------------------------------------ surface
    @property
    def to_act(self) -> tuple[int, ...]:
        if self.round_over or self.is_over:
            return ()
        if self.phase != "play":
            return (self._prelude_actor(),)
        return (self._window[0],) if self._window else (self._turn,)

    @property
    def chance_possible(self) -> bool:
        """X3 as every player sees it: the house rules offer out-of-turn chances (P22
        ``two_any_time``, P24 ``quick_clear``) and the pile holds cards to answer. It says
        nothing of whether anybody holds the cards to act (that shows only to the seat
        asked)."""
        rules = self.rules
        return (rules.two_any_time or rules.quick_clear) and self.phase == "play" and bool(self.pile) \
            and not self.round_over

    @property
    def finish_order(self) -> tuple[int, ...]:
        """Seats in the order they finished this round (complete once it is over)."""
        if self.round_over:
            return tuple(self._last_order)
        return tuple(self._finish)

    def all_cards(self) -> list[Card]:
        """Every card of the deck wherever it is: hands, pile, cleared tricks, aside."""
        cards = [card for hand in self.hands for card in hand] + self.cleared + self.aside
        return cards + [card for _seat, play in self.pile for card in play]

    def _legal_moves(self, seat: int) -> list[Move]:
        if self.phase != "play":
            return self._prelude_moves(seat)
        if self._window:
            return self._window_moves(seat)
        if self._top is None:
            return self._leads(seat)
        return self._follows(seat) + self._quick_clears(seat) + [PASS]

    def _normalize(self, move: Move) -> Move:
        """Cards of a play or gift are listed in hand order, so any order is accepted."""
        if len(move.cards) > 1 and move.kind in ("play", "give", "quick_clear"):
            return move._replace(cards=tuple(sorted(move.cards, key=self.ranks.sort_key)))
        return move

    def _illegal_reason(self, seat: int, move: Move) -> str | None:
        return self._why_illegal(seat, move)

    def _play(self, seat: int, move: Move) -> list[Event]:
        if self.phase != "play":
            return self._play_prelude(seat, move)
        if self._window:
            self._window.pop(0)
            if move.kind == "decline":
                return [ChanceDeclined(seat)]
            self._window = []
            return self._put_down(seat, move.cards, out_of_turn=True,
                                  quick=move.kind == "quick_clear")
        if move.kind == "pass":
            return self._pass(seat)
        return self._put_down(seat, move.cards, quick=move.kind == "quick_clear")

    # ------------------------------------------------------------------ legal plays
    def _leads(self, seat: int) -> list[Move]:
        """P4: any number of cards of one rank. P21: no 2 (top rank) or bomb while the
        hand holds anything else (a hand of only 2s and bombs leads any of them). P23:
        one bomb per turn."""
        ranks = self.ranks
        by_value, wilds = self._groups(seat)
        plays = [(value, cards) for value, naturals in by_value.items()
                 for count in range(1, len(naturals) + len(wilds) + 1)
                 for cards in ranks.plays(naturals, wilds, count, value)]
        if not by_value:  # nothing but wild cards: they lead as the lowest rank
            plays = [(1, cards) for count in range(1, len(wilds) + 1)
                     for cards in dict.fromkeys(combinations(wilds, count))]
        if self._bombed == seat:
            plays = [p for p in plays if not ranks.is_bomb(len(p[1]))] or plays
        if self.rules.no_lead_with_top and not ranks.only_top_and_bombs(by_value, wilds):
            plays = [p for p in plays if p[0] < ranks.top_value and not ranks.is_bomb(len(p[1]))]
        return [_play(("play", cards, (), None)) for _value, cards in plays]

    def _follows(self, seat: int) -> list[Move]:
        """P5: the same count, higher (or equal, if allowed) — plus 2s (P20), bombs
        (P23) and burns (P25)."""
        ranks = self.ranks
        top = self._top
        assert top is not None
        top_value, top_count = top
        by_value, wilds = self._groups(seat)
        wild = ranks.wild
        moves = []
        if self._own_turn and seat == self._last:
            # P7 play_on_own (settled reading): only a higher combination of the same count
            for value, naturals in by_value.items():
                if value > top_value:
                    moves += [_play(("play", cards, (), None)) for cards in ranks.plays(naturals, wilds, top_count, value)]
            return moves
        for count in ranks.follow_counts(top):
            plain = count == top_count and not ranks.is_bomb(count)
            for value, naturals in by_value.items():
                if plain and (value < top_value or value == top_value and not ranks.equal_follows):
                    continue
                if plain and value > top_value:  # the ordinary case: higher, same count
                    moves += [_play(("play", cards, (), None)) for cards in ranks.plays(naturals, wilds, count, value)]
                    continue
                for cards in ranks.plays(naturals, wilds, count, value):
                    how = ranks.beats(value, count, not any(c in wild for c in cards), top)
                    if how is None or (how == "bomb" and self._bombed == seat):
                        continue
                    moves.append(Move("play", cards))
        return moves

    def _window_moves(self, seat: int) -> list[Move]:
        """X3 windows: P24 quick-clear and P22 a single 2 out of turn, or decline."""
        return self._window_options(seat) + [DECLINE]

    def _window_options(self, seat: int) -> list[Move]:
        ranks = self.ranks
        top = self._top
        assert top is not None
        options = self._quick_clears(seat)
        hand = self.hands[seat]
        if self.rules.two_any_time and ranks.two_value is not None and \
                (seat != self._turn or seat in self._locked):
            twos = [c for c in dict.fromkeys(hand) if c.rank == 2 and c not in ranks.wild]
            if twos and ranks.beats(ranks.two_value, 1, True, top) is not None:
                options += [Move("play", (two,)) for two in twos]
        return options

    def _quick_clears(self, seat: int) -> list[Move]:
        """P24: ``seat``'s throws of the cards that complete four of the rank on top ("whatever
        the turn": out of turn, and on its own turn too, where a throw declined in the
        window may still be made)."""
        if not self.rules.quick_clear or self._top is None:
            return []
        ranks = self.ranks
        need = 4 - self._run_of_top()
        naturals = [c for c in self.hands[seat] if c not in ranks.wild and ranks.value[c] == self._top[0]]
        if not 1 <= need <= len(naturals):
            return []
        return [Move("quick_clear", cards) for cards in ranks.plays(naturals, [], need, self._top[0])]

    def _run_of_top(self) -> int:
        """Cards of the top rank in the plays at the top of the pile (P24)."""
        assert self._top is not None
        count = 0
        for _seat, cards in reversed(self.pile):
            combo = self.ranks.combination(cards)
            if isinstance(combo, str) or combo[0] != self._top[0]:
                break
            count += len(cards)
        return count

    # ------------------------------------------------------------------ trick flow
    def _put_down(self, seat: int, cards: tuple[Card, ...], out_of_turn: bool = False,
                  quick: bool = False) -> list[Event]:
        ranks = self.ranks
        value, count, how = ranks.goes_on(cards, self._top, quick)  # (apply has checked the move)
        naturals = [c for c in cards if c not in ranks.wild]
        remove_cards(self.hands[seat], cards)
        self._hand_played(seat, naturals, value, cards)
        self.pile.append((seat, cards))
        if self._bombed == seat:
            self._bombed = None
        self._top = (value, count)
        self._last = seat
        self._passed = set()
        self._own_turn = False
        events: list[Event] = [CardsPlayed(seat, cards, out_of_turn, tuple(ranks.stands_for(cards).items()))]
        clearing = ranks.clearing(how, value, count)
        if not self.hands[seat]:
            events += self._went_out(seat, cards, clearing)
            if self.round_over:
                return events
        if clearing is not None:
            events += self._clear(seat, clearing)
            if clearing == "bomb" and self._turn == seat:
                self._bombed = seat
            return events
        if how == "equal" and self.rules.equal_rank == "skip":
            skipped = self._next_in_trick(seat)
            if skipped != seat:
                self._passed.add(skipped)
                events.append(TurnSkipped(skipped))
                events += self._move_on(skipped)
                self._open_window(seat)
                return events
        events += self._move_on(seat)
        self._open_window(seat)
        return events

    def _pass(self, seat: int) -> list[Event]:
        """P6: a pass; with ``pass_locks_out`` it keeps the seat out until the pile clears.
        P7 ``play_on_own``: the last player's pass clears the pile and they lead."""
        if self._own_turn and seat == self._last:
            return self._clear(seat, "own_pass")
        self._passed.add(seat)
        locked = self.rules.pass_locks_out
        if locked:
            self._locked.add(seat)
        return [Passed(seat, locked), *self._move_on(seat)]

    def _move_on(self, after: int) -> list[Event]:
        """P7: the turn passes on; when everyone else has passed (or is locked out) the
        trick goes to the last player, who leads anew (or may play on, ``play_on_own``)."""
        last = self._last
        assert last is not None
        hands, passed, locked = self.hands, self._passed, self._locked
        for s in self.order:
            if s != last and hands[s] and s not in passed and s not in locked:
                break
        else:
            if self.rules.play_on_own and self.hands[last] and not self._own_turn:
                self._own_turn = True
                self._turn = last
                return []
            return self._clear(last, "all_passed")
        self._turn = self._next_in_trick(after)
        return []

    def _clear(self, seat: int, reason: str) -> list[Event]:
        """The pile is cleared; ``seat`` leads, or the next active seat if it is out (P8)."""
        cards = tuple(card for _s, play in self.pile for card in play)
        self.cleared.extend(cards)
        self.pile = []
        self._top = None
        self._passed = set()
        self._locked = set()
        self._own_turn = False
        self._window = []
        leader = seat if self.hands[seat] else self._next_active(seat)
        self._turn = leader
        return [TrickCleared(seat, leader, reason, cards)]

    def _open_window(self, player: int) -> None:
        """X3: after a play, seats that may act out of turn are asked one at a time,
        clockwise from the player's left."""
        if not (self.rules.quick_clear or self.rules.two_any_time) or self.round_over or self._top is None:
            return  # (no pile left: the play was the trick's last, nothing to answer)
        self._window = [s for s in self._clockwise(player)
                        if s != player and self.hands[s] and self._window_options(s)]

    # ------------------------------------------------------------------ going out
    def _went_out(self, seat: int, cards: tuple[Card, ...], clearing: str | None) -> list[Event]:
        """P8 going out; P26 going out on top (a 2, a joker or a clearing play) makes Scum."""
        events: list[Event]
        if self.rules.no_finish_on_top and self.ranks.out_on_top(cards, clearing):
            self._bottom.append(seat)
            events = [MadeScum(seat)]
        else:
            self._finish.append(seat)
            events = [PlayerOut(seat, len(self._finish))]
        active = [s for s in self._clockwise(seat) if self.hands[s]]
        if self.rules.round_end == "last_player":
            if len(active) > 1:
                return events
            return events + self._end_round(active)
        return events + self._end_round(sorted(active, key=lambda s: (self._leftover(s), active.index(s))))

    def _leftover(self, seat: int) -> int:
        """P9: what a seat's remaining cards count when the round ends early: their number,
        or each card its place in the rank order (a wild card, which has none, the top place)."""
        hand = self.hands[seat]
        if self.rules.round_end == "card_count":
            return len(hand)
        return sum(self.ranks.value.get(card, self.ranks.max_value) for card in hand)

    def _end_round(self, rest: list[int]) -> list[Event]:
        final = self._finish + rest + self._bottom
        self._last_order = final
        self.titles = tuple(titles_for(final, self.players, self.rules.top_positions))
        self._window = []
        points = [self.rules.title_points.get(title, 0) for title in self.titles]
        return [TitlesAwarded(None, tuple(final), self.titles), *self._finish_round(points)]

    def _match_over(self) -> bool:
        """P30: first to ``match_target`` points, or ``match_rounds`` rounds."""
        target, rounds = self.rules.match_target, self.rules.match_rounds
        return bool(target and max(self._scores) >= target) or bool(rounds and self.round >= rounds)

    # ------------------------------------------------------------------ seats
    def _clockwise(self, after: int) -> list[int]:
        """Every seat in turn order, starting left of ``after`` and ending with it (not to
        be changed by the caller: it is remembered until the seating order changes)."""
        order = self.order
        if self._rings[0] is not order:
            self._rings = (order, {seat: order[i + 1:] + order[:i + 1] for i, seat in enumerate(order)})
        return self._rings[1][after]

    def _next_active(self, after: int) -> int:
        return next((s for s in self._clockwise(after) if self.hands[s]), after)

    def _next_in_trick(self, after: int) -> int:
        return next((s for s in self._clockwise(after)
                     if self.hands[s] and s not in self._locked and s not in self._passed), after)

    def _seat_titled(self, title: str) -> int:
        assert self.titles is not None
        return self.titles.index(title)

    # ------------------------------------------------------------------ views
    def view(self, seat: int | None) -> PresidentView:
        """What ``seat`` may see; ``None`` gives the public table (no hand at all), for a
        screen that no single player is looking at."""
        self._check_viewer(seat)
        counts = tuple(len(h) if self.rules.show_hand_counts or s == seat else None
                       for s, h in enumerate(self.hands))
        to_act, window = self.to_act, bool(self._window)
        if window and seat not in to_act:
            # X2 / X3: only the seat asked learns that a chance is open; to every other
            # seat the turn looks as it would without one (or it would learn that somebody
            # holds a 2 or the cards completing four)
            to_act, window = (self._turn,), False
        shared = tuple((other, tuple(self.hands[other])) for pair in self._shared
                       if seat in pair for other in pair if other != seat)
        offer = None
        if self._offer is not None and self.phase in ("market", "talk") and self._offer_to == seat:
            offer = self._offer
        give_to = None
        if self.phase == "exchange" and self._gives and self._gives[0][0] == seat:
            give_to = self._gives[0][1:]
        top = self.pile[-1][1] if self.pile else ()
        return PresidentView(
            family=self.family, seat=seat, players=self.players,  # type: ignore[arg-type]
            hand=tuple(self.hands[seat]) if seat is not None else (),
            hand_sizes=counts, to_act=to_act, round=self.round, round_over=self.round_over,
            is_over=self.is_over, scores=self.scores, dealer=self.dealer, order=tuple(self.order),
            phase=self.phase, pile=tuple(self.pile), top=top,
            to_beat=self.ranks.describe(*self._top) if self._top else "", may_match=self.ranks.equal_follows,
            last_player=self._last if self.pile else None, turn=self._turn if self.phase == "play" else None,
            passed=tuple(sorted(self._passed)), locked=tuple(sorted(self._locked)),
            out=tuple(self._finish + self._bottom),
            finish_order=self.finish_order, titles=self.titles,
            title_names=tuple(self.variant.titles.model_dump().items()), window=window,
            played=tuple(self.cleared) + tuple(c for _s, p in self.pile for c in p),
            aside_count=len(self.aside), received=tuple(self._received[seat]) if seat is not None else (),
            given=tuple(self._given[seat]) if seat is not None else (), shared=shared, offer=offer,
            give_to=give_to, rules=self.rules)

    def _state(self) -> Any:
        return (self.hands, self.aside, self.pile, self.cleared, self.phase, self.order, self._top,
                self._last, self._turn, self._passed, self._locked, self._own_turn, self._bombed,
                self._window, self._finish, self._bottom, self._gives, self._answers, self._market, self._talk,
                self._offer, self._shared, self.titles, self._last_order, self.dealer)
