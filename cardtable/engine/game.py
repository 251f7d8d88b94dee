"""Game: the one state object. Moves go in through ``apply``, events come out.

A game is fully described by its preset, player count, seed, stacked deals and the
moves applied, in order; that record is what :meth:`Game.to_json` saves, and
:meth:`Game.from_json` replays it, so a loaded game equals the saved one.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from .cards import Card, card_text, parse_cards
from .errors import IllegalMove, SaveError, VariantError
from .events import Event, MatchEnded, RoundEnded
from .moves import Move
from .rng import Rng, check_seed, fresh_seed
from .views import PlayerView
from .words import json_kind

SAVE_FORMAT = "cardtable-game"
SAVE_VERSION = 1

CardsIn = Sequence[str | Card] | str | None
Listener = Callable[["Game", list[Event]], None]


class Game:
    """Base of every family's game. Subclasses implement the rule hooks:

    ``_start_round`` (deal, return events), ``_legal_moves``, ``_illegal_reason``,
    ``_play`` (change state, return events), ``_match_over``, ``to_act``, ``view`` and
    ``_state``; ``_normalize`` (a move's canonical form) is optional.
    """

    family: ClassVar[str] = ""

    def __init__(
        self,
        variant: Any,
        players: int,
        seed: int | None = None,
        *,
        hands: Sequence[CardsIn] | None = None,
        stock: CardsIn = None,
        upcard: str | Card | None = None,
        dealer: int = 0,
    ) -> None:
        if type(players) is not int:
            raise TypeError(f"players is a whole number, not {players!r}")
        if seed is not None and (type(seed) is not int):
            raise TypeError(f"seed is a whole number or None, not {seed!r}")
        if seed is not None:
            check_seed(seed)
        if type(dealer) is not int:
            raise TypeError(f"dealer is a seat number, not {dealer!r}")
        low, high = variant.players.min, variant.players.max
        if not low <= players <= high:
            raise ValueError(f"{variant.title} is for {low}–{high} players, not {players}")
        if not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}")
        self.variant = variant
        self.players = players
        self.seed = fresh_seed() if seed is None else seed
        self.rng = Rng(self.seed)
        self.events: list[Event] = []
        self.round = 0
        self.round_over = False
        self.is_over = False
        self.dealer = dealer
        self._scores = [0] * players
        self._listeners: list[Listener] = []
        self._legal_cache: dict[int, list[Move]] = {}
        self._setup = {"dealer": dealer}
        self._log: list[list[Any]] = []
        self._deal(hands, stock, upcard)
        self._setup |= self._log.pop()[1]  # the first deal's stacked cards, if any

    # ------------------------------------------------------------------ surface
    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that may act now: usually one; empty between rounds."""
        raise NotImplementedError

    @property
    def scores(self) -> tuple[int, ...]:
        """Running totals per seat, as the preset scores them."""
        return tuple(self._scores)

    def legal_moves(self, seat: int) -> list[Move]:
        """Every move ``seat`` may make now (empty if it may not act); ValueError for a
        seat the table does not have."""
        return list(self._legal_list(seat))

    def _legal_list(self, seat: int) -> list[Move]:
        """The cached list of legal moves (not to be changed by the caller)."""
        if type(seat) is not int:  # (before the cache: True == 1 would find seat 1's moves)
            raise ValueError(f"there is no seat {seat!r}: seats are 0 to {self.players - 1}")
        cached = self._legal_cache.get(seat)
        if cached is None:
            if seat not in range(self.players):
                raise ValueError(f"there is no seat {seat!r}: seats are 0 to {self.players - 1}")
            if self.round_over or self.is_over or seat not in self.to_act:
                cached = []
            else:
                cached = self._legal_moves(seat)
            self._legal_cache[seat] = cached
        return cached

    def apply(self, seat: int, move: Move | str) -> list[Event]:
        """Make ``seat``'s move and return what happened.

        An illegal move raises :class:`IllegalMove` with the reason and changes nothing.
        """
        if type(move) is not Move:
            if isinstance(move, str):
                try:
                    move = Move.parse(move)
                except ValueError as error:
                    raise IllegalMove(str(error)) from None
            elif not isinstance(move, Move):
                raise IllegalMove(f"a move is a Move or its text (e.g. \"draw_stock\"), not {type(move).__name__}")
        if type(seat) is not int:
            raise IllegalMove(f"a seat is a number from 0 to {self.players - 1}, not {seat!r}")
        if self.is_over:
            raise IllegalMove("the match is over")
        if self.round_over:
            raise IllegalMove("the round is over; the next round has not been dealt yet")
        legal = self._legal_cache.get(seat)
        if not legal:  # not listed since the last move (a listed seat is one to act)
            if seat not in self.to_act:
                raise IllegalMove(self._not_your_turn(seat))
            legal = self._legal_list(seat)
        # legal iff listed (the listed move itself is played: one built by hand may equal it
        # with lists or floats); else the family says why not
        found = _listed(legal, move)
        if found is None:
            move = self._normalize(_in_shape(move))
            found = _listed(legal, move)
            if found is None:
                raise IllegalMove(self._illegal_reason(seat, move) or "that move is not allowed now")
        move = found
        self._legal_cache.clear()
        events = self._play(seat, move)
        self._log.append(["move", seat, move])
        self._emit(events)
        return events

    def view(self, seat: int | None) -> PlayerView:
        """Everything ``seat`` may see, and nothing else; ``None``: the public table
        (what a screen nobody is looking at may show)."""
        raise NotImplementedError

    def next_round(self, hands: Sequence[CardsIn] | None = None, stock: CardsIn = None,
                   upcard: str | Card | None = None) -> list[Event]:
        """Deal the next round: seeded, or stacked like :func:`new_game`."""
        if self.is_over:
            raise IllegalMove("the match is over")
        if not self.round_over:
            raise IllegalMove("the round is still being played")
        return self._deal(hands, stock, upcard)

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(game, events)`` after every change (TUI bridge, autosave)."""
        if not callable(listener):
            raise TypeError(f"a listener is called as listener(game, events); {listener!r} cannot be")
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        self._listeners.remove(listener)

    @property
    def moves_played(self) -> int:
        """How many moves have been applied in the whole match."""
        return sum(1 for record in self._log if record[0] == "move")

    # ------------------------------------------------------------------ saving
    def to_json(self) -> str:
        """The game as JSON: preset by value, seats, seed, stacked deals, move log."""
        return json.dumps(self.to_data(), separators=(",", ":"))

    def to_data(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "family": self.family,
            "variant": self.variant.to_data(),
            "players": self.players,
            "seed": self.seed,
            "setup": self._setup,
            "log": [["move", r[1], str(r[2])] if r[0] == "move" else r for r in self._log],
        }

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Rebuild a saved game by replaying its log; a bad save raises :class:`SaveError`."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise SaveError(f"not a saved game: a save is JSON text, not {type(text).__name__}")
        try:
            data = json.loads(text)
        except RecursionError:
            raise SaveError("not a saved game: the JSON is nested too deeply to read") from None
        except ValueError as error:  # UnicodeDecodeError is a ValueError
            raise SaveError(f"not a saved game: the JSON does not parse ({error})") from None
        return cls.from_data(data)

    @classmethod
    def from_data(cls, data: Any) -> Game:
        from .registry import game_class, variant_model

        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("not a cardtable saved game")
        if type(data.get("version")) is not int or data["version"] != SAVE_VERSION:  # (true == 1 in Python)
            raise SaveError(f"saved by an unknown format version {data.get('version')!r} "
                            f"(this cardtable reads version {SAVE_VERSION})")
        number = 0
        try:
            family = data["family"]
            model = variant_model(family)
            try:
                variant = model.from_data(data["variant"], kept=True)
            except VariantError as error:
                raise SaveError("the preset in the save does not load here (damaged, or saved under rules this "
                                f"cardtable no longer allows): {error.field or 'preset'}: {error.reason}") from None
            setup = data["setup"]
            if not isinstance(setup, dict):
                raise SaveError(f"the save is damaged: its setup is {json_kind(setup)}, not an object")
            wrong = [f"the {what} is a whole number, not {data[key]!r}"
                     for key, what in (("seed", "seed"), ("players", "player count")) if type(data[key]) is not int]
            if wrong:
                raise SaveError(" and ".join(wrong))
            game = game_class(family)(
                variant, data["players"], data["seed"], hands=setup.get("hands"),
                stock=setup.get("stock"), upcard=setup.get("upcard"), dealer=setup.get("dealer", 0))
            log = data["log"]
            if not isinstance(log, list):
                raise SaveError(f"the save is damaged: its move log is {json_kind(log)}, not a list")
            for number, record in enumerate(log, start=1):
                game.replay(record)
        except (SaveError, IllegalMove, KeyError, IndexError, TypeError, ValueError, AttributeError,
                OverflowError, RecursionError) as error:  # e.g. a seed of 1e400, a log nested too deep
            if isinstance(error, SaveError) and not number:
                raise
            record = data["log"][number - 1] if 0 < number <= len(data["log"]) else None  # (a list, by now)
            negative = isinstance(error, IllegalMove) and type(data.get("seed")) is int and data["seed"] < 0
            since = " (a game dealt from a negative seed before 28 Nov 2026 deals otherwise now)" if negative else ""
            raise SaveError(replay_refusal(error, number, record) + since) from None
        return game

    def replay(self, record: Sequence[Any]) -> list[Event]:
        """Apply one record of a saved move log: ``["move", seat, "play 7S"]`` or
        ``["next_round", {stacked cards}]``. A record of the wrong shape is a
        :class:`SaveError`; a well-formed move that is not legal raises :class:`IllegalMove`,
        as :meth:`apply` does (``Game.from_data`` reports both as a damaged save)."""
        shown = repr(record) if len(repr(record)) <= 60 else repr(record)[:57] + "..."
        if not isinstance(record, (list, tuple)) or not record:
            raise SaveError(f"not a record: {shown}")
        if record[0] == "move":
            if len(record) != 3 or type(record[1]) is not int or not isinstance(record[2], (str, Move)):
                raise SaveError(f'a move is ["move", seat, "move text"], not {shown}')
            if not 0 <= record[1] < self.players:  # (seats in a record count from 0)
                raise SaveError(f"a move by a seat the game does not have ({record[1]}: the "
                                f"{self.players} seats are 0 to {self.players - 1}): {shown}")
            return self.apply(record[1], record[2])
        if record[0] == "next_round":
            if len(record) != 2 or not isinstance(record[1], dict):
                raise SaveError(f'a deal is ["next_round", {{stacked cards}}], not {shown}')
            stacked = record[1]
            return self.next_round(stacked.get("hands"), stacked.get("stock"), stacked.get("upcard"))
        raise SaveError(f"unknown record {record[0]!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (
            type(self) is type(other)
            and self.variant == other.variant
            and self.players == other.players
            and self.seed == other.seed
            and self.events == other.events
            and self._scores == other._scores
            and self.round == other.round
            and self.round_over == other.round_over
            and self.is_over == other.is_over
            and self.rng.getstate() == other.rng.getstate()
            and self._state() == other._state()
        )

    __hash__ = None  # type: ignore[assignment]

    _SHARED: ClassVar[frozenset[str]] = frozenset({"variant", "rules", "ranks"})
    """Attributes that never change after setup: a copy shares them."""

    def copy(self) -> Game:
        """An independent copy of the game (for search bots and tests); listeners are
        not copied. Immutable parts (preset, events, log records) are shared."""
        return copy.deepcopy(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        clone = object.__new__(type(self))
        memo[id(self)] = clone
        for key, value in self.__dict__.items():
            if key in self._SHARED:
                clone.__dict__[key] = value
            elif key in ("events", "_log"):
                clone.__dict__[key] = list(value)
            elif key == "_listeners":
                clone.__dict__[key] = []
            elif key == "_legal_cache":
                clone.__dict__[key] = {}
            else:
                clone.__dict__[key] = copy.deepcopy(value, memo)
        return clone

    # ------------------------------------------------------------------ for families
    def _deal(self, hands: Sequence[CardsIn] | None, stock: CardsIn,
              upcard: str | Card | None) -> list[Event]:
        if isinstance(hands, str) or (hands is not None and not isinstance(hands, (list, tuple))):
            raise ValueError('hands: give a list with one hand per seat, e.g. ["3S 4H", "5D 6C", ...]')
        parsed_hands = None if hands is None else [list(parse_cards(h or ())) for h in hands]
        if parsed_hands is not None:
            if len(parsed_hands) != self.players:
                raise ValueError(f"hands: give one hand per seat ({self.players}), not {len(parsed_hands)}")
            empty = [seat for seat, hand in enumerate(parsed_hands) if not hand]
            if empty:
                raise ValueError(f"hands: every seat is dealt at least one card (seat {empty[0]} has none)")
        stacked: dict[str, Any] = {}
        if hands is not None:
            stacked["hands"] = [card_text(parse_cards(h or ())) for h in hands]
        if stock is not None:
            stacked["stock"] = card_text(parse_cards(stock))
        if upcard is not None:
            stacked["upcard"] = str(Card.parse(upcard))
        before = copy.deepcopy(self) if stacked else None  # (a refused stacked deal changes nothing)
        self.round += 1
        self.round_over = False
        self._legal_cache.clear()
        try:
            events = self._start_round(
                parsed_hands,
                None if stock is None else list(parse_cards(stock)),
                None if upcard is None else Card.parse(upcard),
            )
        except Exception:
            if before is not None:
                listeners = self._listeners
                self.__dict__.clear()
                self.__dict__.update(before.__dict__)
                self._listeners = listeners
            raise
        self._log.append(["next_round", stacked])
        self._emit(events)
        return events

    def _emit(self, events: list[Event]) -> None:
        self.events.extend(events)
        if self._listeners:
            for listener in list(self._listeners):
                listener(self, events)

    def _finish_round(self, points: Sequence[int]) -> list[Event]:
        """Add a round's points to the totals; end the match if the preset says so."""
        for seat, value in enumerate(points):
            self._scores[seat] += value
        self.round_over = True
        events: list[Event] = [RoundEnded(None, self.round, tuple(points), tuple(self._scores), self.ROUND_WORD)]
        if self._match_over():
            self.is_over = True
            events.append(MatchEnded(None, self.winners(), tuple(self._scores)))
        return events

    def winners(self) -> tuple[int, ...]:
        """Seats with the best total (highest, unless the family scores low)."""
        best = min(self._scores) if self.low_score_wins else max(self._scores)
        return tuple(seat for seat, score in enumerate(self._scores) if score == best)

    def places(self) -> tuple[int, ...]:
        """Each seat's place by total: 1 for the best; equal totals share a place (1, 2, 2, 4)."""
        mine = [-score for score in self._scores] if not self.low_score_wins else list(self._scores)
        return tuple(1 + sum(other < own for other in mine) for own in mine)

    low_score_wins: ClassVar[bool] = False

    ROUND_WORD: ClassVar[str] = "Round"
    """What the game calls one deal played out, in its events' words ("Hand" in
    Shanghai and Tonk)."""

    def _check_viewer(self, seat: int | None) -> None:
        """A view is of a seat of this table or ``None`` (the public table)."""
        if seat is not None and (type(seat) is not int or seat not in range(self.players)):
            raise ValueError(f"there is no seat {seat!r}: seats are 0 to {self.players - 1}, or None")

    def _not_your_turn(self, seat: int) -> str:
        if not 0 <= seat < self.players:
            return f"there is no seat {seat}"
        return "it is not your turn"

    def _normalize(self, move: Move) -> Move:
        """The canonical form of a move (e.g. its cards in hand order); default: as given."""
        return move

    def _start_round(self, hands: list[list[Card]] | None, stock: list[Card] | None,
                     upcard: Card | None) -> list[Event]:
        raise NotImplementedError

    def _legal_moves(self, seat: int) -> list[Move]:
        raise NotImplementedError

    def _illegal_reason(self, seat: int, move: Move) -> str | None:
        """Why ``move`` (not among the legal moves) is not allowed, in words for the player."""
        raise NotImplementedError

    def _play(self, seat: int, move: Move) -> list[Event]:
        raise NotImplementedError

    def _match_over(self) -> bool:
        raise NotImplementedError

    def _state(self) -> Any:
        """Everything that defines the position, for equality."""
        raise NotImplementedError


def replay_refusal(error: Exception, number: int, record: Any = None) -> str:
    """Why a saved game does not load, in the player's words: ``error`` raised while
    rebuilding it, at entry ``number`` of its move log (0: before the log), ``record``.
    A move the rules refuse is named with its seat (counted from 1, as the save's seats
    read), so that the rules' reason, said to that seat ("you do not hold 8♠"), reads
    as such."""
    if isinstance(error, SaveError):
        return f"entry {number} of the move log: {error}"
    if isinstance(error, IllegalMove):
        move = (f", seat {record[1] + 1}'s {str(record[2])!r}"
                if isinstance(record, (list, tuple)) and len(record) == 3 and type(record[1]) is int else "")
        return f"the move log does not replay: entry {number}{move}: {error.reason}"
    where = f" at entry {number} of the move log" if number else ""
    if isinstance(error, RecursionError):
        what = "lists nested too deep"
    elif isinstance(error, KeyError) and error.args:
        what = f"no {error.args[0]!r} entry"
    else:
        what = str(error)
    return f"the save is damaged or incomplete{where} ({what})"


def stack_deck(deck: Iterable[Card], *given: Iterable[Card]) -> list[Card]:
    """Check that the ``given`` cards all come from ``deck`` (as a multiset) and return
    the cards left over, in deck order. Raises ValueError naming a card that is not there."""
    return cards_left(deck, *given, strict=True)


def cards_left(deck: Iterable[Card], *taken: Iterable[Card], strict: bool = False) -> list[Card]:
    """The cards of ``deck`` (a multiset) that ``taken`` does not account for, in deck
    order. A card taken more often than the deck holds it is ignored, or with ``strict``
    a ValueError (a stacked deal that names it)."""
    left = Counter(deck)
    for cards in taken:
        for card in cards:
            if left[card] <= 0:
                if strict:
                    raise ValueError(f"stacked deal: {card} is not in the deck, or is given too often")
                continue
            left[card] -= 1
    rest: list[Card] = []
    for card in deck:
        if left[card] > 0:
            rest.append(card)
            left[card] -= 1
    return rest


def _listed(legal: list[Move], move: Move) -> Move | None:
    """The move of ``legal`` equal to ``move``, or None."""
    try:
        return legal[legal.index(move)]
    except ValueError:
        return None


def _in_shape(move: Move) -> Move:
    """``move`` with its parts in the shapes :class:`Move` gives them — a list of cards or
    a list target made tuples, card texts read — so that a move built by hand is judged as
    the listed one it equals; IllegalMove for parts of no move's shape (a target that is
    no seat and meld numbers, a card that is no card of a deck)."""
    def cards(given: Any) -> tuple[Card, ...]:
        if not isinstance(given, (tuple, list)):
            raise ValueError(f"cards are a tuple of cards, not {given!r}")
        return parse_cards(given)  # (a ValueError for what is no card, a Card of no rank or suit too)

    try:
        if not isinstance(move.kind, str):
            raise ValueError(f"a move's kind is a word, not {move.kind!r}")
        target = move.target
        if target is not None:
            if not isinstance(target, (tuple, list)) or not all(type(t) is int for t in target):
                raise ValueError(f"a target is a tuple of seat and meld numbers, not {target!r}")
            target = tuple(target)
        return Move(move.kind, cards(move.cards), tuple(cards(group) for group in move.groups), target)
    except ValueError as error:
        raise IllegalMove(f"not a move of this game: {error}") from None
