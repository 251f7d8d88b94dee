"""The only source of randomness: a seeded generator per game, so games replay exactly."""

from __future__ import annotations

import random
import secrets
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


SEED_LOW, SEED_HIGH = -2**63, 2**63 - 1
"""The seeds a game takes: 64-bit whole numbers (what a save and the history hold)."""


SEED_WORDS = f"a seed is a whole number from {SEED_LOW} to {SEED_HIGH} (64 bits)"
"""What a seed may be, as a refusal says it."""


def check_seed(seed: int) -> None:
    """A ValueError unless ``seed`` is a seed a game takes (SEED_LOW … SEED_HIGH)."""
    if not SEED_LOW <= seed <= SEED_HIGH:
        raise ValueError(SEED_WORDS)


def parse_seed(text: str) -> int:
    """The seed ``text`` writes ("-42"); a ValueError in :data:`SEED_WORDS` for anything
    else ("-" alone, "4.5", a number past 64 bits)."""
    try:
        seed = int(text)
    except ValueError:
        raise ValueError(SEED_WORDS) from None
    check_seed(seed)
    return seed


def next_seed(seed: int) -> int:
    """The seed after ``seed`` (a match played again deals from it), wrapping round at 64 bits."""
    return SEED_LOW if seed == SEED_HIGH else seed + 1


def fresh_seed() -> int:
    """A new seed for a game the caller did not seed (recorded, so it still replays)."""
    return secrets.randbelow(2**31)


class Rng:
    """A seeded random source. Engine code and bots draw from one of these, never from
    the module-level functions of :mod:`random`."""

    __slots__ = ("seed", "_random")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        # (random.Random seeds with a whole number's size alone, so -3 dealt as 3 did: a
        # negative seed draws from past every seed of 64 bits instead)
        self._random = random.Random(seed if seed >= 0 else 2**64 - seed)

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._random.shuffle(items)

    def choice(self, items: Sequence[T]) -> T:
        return items[self._random.randrange(len(items))]

    def randrange(self, stop: int) -> int:
        return self._random.randrange(stop)

    def random(self) -> float:
        return self._random.random()

    def fork(self, salt: int) -> Rng:
        """A generator derived from this one's seed and ``salt``, independent of its state."""
        return Rng(hash((self.seed, salt)) & 0x7FFFFFFF)

    def getstate(self) -> object:
        return self._random.getstate()

    def setstate(self, state: object) -> None:
        self._random.setstate(state)  # type: ignore[arg-type]
