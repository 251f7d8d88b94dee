"""Who sits at the table: humans by name, bots by level; parsed from ``--seats``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..bots import BOT_LEVELS
from ..engine.words import MARKED_AS_BOT, control_character, marked_as_bot, name_key

BOT_NAMES = ("Dag", "Eve", "Finn", "Gro", "Hal", "Ivy", "Jon", "Kai")
"""Names given to bots, skipping any a human already uses."""


@dataclass(frozen=True)
class Seat:
    """One seat: ``bot`` is a bot level ("simple", "random") or None for a human."""

    name: str
    bot: str | None = None

    @property
    def is_human(self) -> bool:
        return self.bot is None

    @property
    def label(self) -> str:
        """The name as shown at the table: bots are marked."""
        return f"{self.name} (bot)" if self.bot else self.name


@dataclass(frozen=True)
class TableSetup:
    """Everything needed to start a match: the loaded preset, the seats, the seed."""

    variant: Any
    seats: tuple[Seat, ...]
    seed: int | None = None

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, seat in enumerate(self.seats) if seat.is_human)


def parse_seats(text: str) -> tuple[Seat, ...]:
    """``"Ann,Bob,bot:simple,bot:random"`` -> seats. Raises ValueError with a reason."""
    parts = [part.strip() for part in text.split(",")]
    if any(not part for part in parts):
        raise ValueError("--seats: every seat needs a name or bot:LEVEL (e.g. \"Ann,bot:medium\")")
    specs: list[tuple[str | None, str | None]] = []
    for part in parts:
        head = part.lower()
        if head == "bot" or head.startswith("bot:"):  # a player called Botond stays a player
            _, colon, level = part.partition(":")
            level = level.strip().lower() or ("" if colon else "simple")  # (bot alone: a medium bot)
            if not level:
                raise ValueError(f"--seats: {part!r} names no bot level: write bot:LEVEL "
                                 f"({', '.join(BOT_LEVELS)}), or bot alone for a medium bot")
            if level not in BOT_LEVELS:
                raise ValueError(f"--seats: unknown bot level {level!r} (known: {', '.join(BOT_LEVELS)})")
            specs.append((None, level))
        else:
            specs.append((part, None))
    return name_bots(specs)


def free_bot_names(taken: Iterable[str]) -> list[str]:
    """The names of :data:`BOT_NAMES` none of ``taken`` is (ignoring case), in order."""
    used = {name_key(name) for name in taken}
    return [name for name in BOT_NAMES if name_key(name) not in used]


def name_bots(specs: list[tuple[str | None, str | None]]) -> tuple[Seat, ...]:
    """Seats from (name or None, bot level or None); unnamed bots get free names."""
    humans = [name for name, _bot in specs if name]
    held = next(((human, char) for human in humans if (char := control_character(human)) is not None), None)
    if held is not None:
        raise ValueError(f"the name {held[0]!r} holds {held[1]}: a name is plain text")
    marked = next((human for human in humans if marked_as_bot(human)), None)
    if marked is not None:
        raise ValueError(f"the name {marked!r} {MARKED_AS_BOT}")
    lowered = [name_key(name) for name in humans]
    twice = next((name for index, name in enumerate(humans) if lowered[index] in lowered[index + 1:]), None)
    if twice is not None:
        raise ValueError(f"two seats have the same name, {twice!r} (names are told apart ignoring case); "
                         "give every player a different name")
    free = iter(free_bot_names(humans))
    seats = []
    for index, (name, bot) in enumerate(specs):
        seats.append(Seat(name or next(free, f"Bot {index + 1}"), bot))
    return tuple(seats)


def default_seats(players: int) -> tuple[Seat, ...]:
    """One human ("Player") and medium bots (the simple ones), as the start screen seats
    them the first time."""
    return name_bots([("Player", None)] + [(None, "medium")] * (players - 1))
