"""Replays: step through a saved or finished game move by move, forward and back.

Choices:

- **A step is one record of the move log**: a move, or the deal of a next round. Step 0
  is the position right after the first deal; step ``total`` is where the save ends.
- **Rebuilt from the log, with checkpoints.** Opening a replay plays the whole log once
  (which also checks it: a bad log is a :class:`SaveError`), keeping a ``Game.copy()``
  every ``every`` steps (32 by default) and how many events each step had produced. Going
  to step k copies the nearest checkpoint at or before k and applies at most ``every - 1``
  records; stepping forward from the current position just applies the next record. So
  any jump costs one copy and a few moves, whatever the length of the match.
- **Everything is revealed** (the viewer owns the file): ``hands`` gives every seat's
  hand and :meth:`Replay.describe` tells events with their cards — **except the round a
  save ends in while it is still being played** (``open_from``, ``hidden``): the game can
  be loaded and played on, so its hands stay hidden and its events are told as the table
  saw them (a hot-seat player opening the save must not learn the others' cards).
- ``game`` is the replay's own Game at the current step: read it, never apply to it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from ..engine.cards import Card
from ..engine.errors import SaveError
from ..engine.events import Event
from ..engine.game import Game, replay_refusal
from ..engine.words import listed
from .history import bot_level, score_word, scores_text
from .saves import Seats, check_document, read_save


HIDDEN_NOTE = "(this round is still being played: its hands stay hidden, its moves as the table saw them)"
"""Said where the round a save ends in begins (see ``Replay.open_from``)."""


class Replay:
    """Step through a game. ``source``: a save document (``cardtable-save``), bare game
    data (``Game.to_data()``), or a :class:`Game`; ``seats`` overrides the names.

    ::

        replay = Replay.from_file("match.json")
        replay.end(); replay.back(); replay.seek(10)
        replay.step, replay.total, replay.game, replay.hands, replay.events
    """

    def __init__(self, source: dict[str, Any] | Game, seats: Any = None, *, every: int = 32,
                 name: str = "<replay>") -> None:
        if isinstance(source, Game):
            source = source.to_data()
        document = check_document(source, name)
        data = document["game"]
        self.document = document
        self.seats: Seats = [dict(s) for s in document["seats"]] if seats is None else \
            _seats(seats, int(data["players"]))
        self.every = max(1, int(every))
        self.records: list[list[Any]] = list(data.get("log") or [])
        start = dict(data, log=[])
        try:
            base = Game.from_data(start)
        except SaveError as error:
            raise SaveError(error.reason, name) from None
        self._checkpoints: list[Game] = []
        self._marks: list[int] = []  # events after each step
        game = base
        for index in range(len(self.records) + 1):
            if index % self.every == 0:
                self._checkpoints.append(game.copy())
            self._marks.append(len(game.events))
            if index < len(self.records):
                try:
                    game.replay(self.records[index])
                except Exception as error:  # noqa: BLE001 - a damaged log is a SaveError, worded as load words it
                    raise SaveError(replay_refusal(error, index + 1, self.records[index]), name) from None
        self._all_events: list[Event] = list(game.events)
        self.final = game
        self.open_from: int | None = None
        """The first step of the round the save ends in while that round is still being
        played (its hands stay hidden from there on), else None: the match is over, or the
        save ends between rounds."""
        if not (game.is_over or game.round_over):
            self.open_from = max((index + 1 for index, record in enumerate(self.records)
                                  if record[0] == "next_round"), default=0)
        self._game = game.copy()
        self._step = len(self.records)
        self.seek(0)

    @classmethod
    def from_file(cls, path: str | os.PathLike[str], *, every: int = 32) -> Replay:
        """Open a save file (checked like ``load_game``: SaveError names the file)."""
        return cls(read_save(path), every=every, name=str(path))

    # ------------------------------------------------------------------ moving
    @property
    def step(self) -> int:
        return self._step

    @property
    def total(self) -> int:
        """The number of steps (log records); the last position is step ``total``."""
        return len(self.records)

    @property
    def at_start(self) -> bool:
        return self._step == 0

    @property
    def at_end(self) -> bool:
        return self._step == self.total

    def seek(self, step: int) -> Game:
        """Go to ``step`` (clamped to 0..total); returns the game there."""
        step = max(0, min(int(step), self.total))
        if step == self._step:
            return self._game
        base = step - step % self.every
        if not base <= self._step <= step:
            self._game = self._checkpoints[base // self.every].copy()
            self._step = base
        while self._step < step:
            self._game.replay(self.records[self._step])
            self._step += 1
        return self._game

    def forward(self, steps: int = 1) -> Game:
        return self.seek(self._step + steps)

    def back(self, steps: int = 1) -> Game:
        return self.seek(self._step - steps)

    def start(self) -> Game:
        return self.seek(0)

    def end(self) -> Game:
        return self.seek(self.total)

    # ------------------------------------------------------------------ what is there
    @property
    def game(self) -> Game:
        """The game at the current step (the replay's own: do not apply moves to it)."""
        return self._game

    @property
    def players(self) -> int:
        return self._game.players

    def is_hidden(self, step: int | None = None) -> bool:
        """Whether step ``step`` (default: the current one) lies in the round still being
        played when the save was made (see ``open_from``): its hands are not shown."""
        step = self._step if step is None else step
        return self.open_from is not None and step >= self.open_from

    @property
    def hidden(self) -> bool:
        """Whether the current step's hands are hidden (:meth:`is_hidden`)."""
        return self.is_hidden()

    def is_silent(self, step: int) -> bool:
        """Whether step ``step`` is a hidden one the table did not see at all (X3: a seat
        declining an out-of-turn chance nobody else knew it had): a replay passes it by,
        or it would tell who held the cards for the chance."""
        return self.is_hidden(step) and step > 0 and self.records[step - 1][0] == "move" and \
            not any(event.describe(self.name, None) for event in self.step_events(step))

    @property
    def to_act(self) -> tuple[int, ...]:
        """Who is to act at the current step: while :attr:`hidden`, as the table sees it
        (an out-of-turn chance shows only to the seat asked, X3)."""
        return self._game.view(None).to_act if self.hidden else self._game.to_act

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand at the current step, all revealed; an empty hand for every
        seat while the step is :attr:`hidden`."""
        if self.hidden:
            return ((),) * self._game.players
        return tuple(tuple(self._game.view(seat).hand) for seat in range(self._game.players))

    @property
    def events(self) -> list[Event]:
        """The event log up to and including the current step."""
        return self._all_events[: self._marks[self._step]]

    def step_events(self, step: int | None = None) -> list[Event]:
        """The events step ``step`` (default: the current one) produced; step 0: the first deal."""
        step = self._step if step is None else step
        first = self._marks[step - 1] if step > 0 else 0
        return self._all_events[first: self._marks[step]]

    def deal_steps(self) -> list[int]:
        """The steps where a round (hand) is dealt: 0, then each next deal's."""
        return [0] + [step for step, record in enumerate(self.records, 1) if record[0] == "next_round"]

    def record(self, step: int | None = None) -> tuple[str, int | None, str]:
        """What step ``step`` was: ("move", seat, "play 7S 7H"), ("deal", None, "round 2")
        or ("start", None, "round 1") for step 0 ("hand 2" in Shanghai and Tonk)."""
        word = self.final.ROUND_WORD.lower()
        step = self._step if step is None else step
        if step == 0:
            return ("start", None, f"{word} 1")
        record = self.records[step - 1]
        if record[0] == "move":
            return ("move", int(record[1]), str(record[2]))
        rounds = 1 + sum(1 for r in self.records[:step] if r[0] == "next_round")
        return ("deal", None, f"{word} {rounds}")

    def name(self, seat: int | None) -> str:
        if seat is None:
            return "The table"
        if 0 <= seat < len(self.seats):
            return str(self.seats[seat]["name"])
        return f"Seat {seat + 1}"

    def describe(self, event: Event, hidden: bool | None = None) -> str:
        """One log line with every card shown (the replay reveals all hands); ``hidden``
        (default: whether the current step is :attr:`hidden`): as the table saw it."""
        if self.hidden if hidden is None else hidden:
            return event.describe(self.name, None)
        viewer = next((v for v in (event.seat, *range(self.players)) if event.visible_to(v)), None)
        return event.describe(self.name, viewer)

    # ------------------------------------------------------------------ text
    def transcript(self) -> Iterator[str]:
        """The whole game as text, step by step with its events (``cardtable replay --text``)."""
        variant = self.final.variant
        yield f"{variant.title} ({self.final.family}, preset {variant.name}) · seed {self.final.seed}"
        yield "Seats: " + ", ".join(
            f"{i}: {s['name']}" + (f" (bot, {bot_level(s['level'])})" if s["kind"] == "bot" else "")
            for i, s in enumerate(self.seats))
        for step in range(self.total + 1):
            hidden = self.is_hidden(step)
            if step == self.open_from:
                yield HIDDEN_NOTE
            if self.is_silent(step):
                continue
            number = "    ·" if hidden else f"{step:>5}."  # (numbers would count the silent steps)
            kind, seat, text = self.record(step)
            if kind == "move":
                yield f"{number} {self.name(seat)} moves" if hidden else f"{number} {self.name(seat)}: {text}"
            else:
                yield f"{number} — {text} —"
            for event in self.step_events(step):
                line = self.describe(event, hidden)
                if line:
                    yield f"         {line}"
        final = self.final
        scores = scores_text(final.family, [self.name(s) for s in range(final.players)], final.scores,
                             labelled=False)
        word = score_word(final.family)
        if final.is_over:
            winners = listed(self.name(s) for s in final.winners())
            yield f"Final {word}: {scores} — {winners} won"
        else:
            yield f"{word.capitalize()} so far: {scores} (the save ends here; the match is not over)"


def _seats(seats: Any, players: int) -> Seats:
    from .saves import normalize_seats

    return normalize_seats(seats, players)
