"""The Bot protocol, the difficulty levels and the registry of bot kinds.

A bot is asked ``choose(view, legal_moves, rng)`` and returns one of the legal moves.
It never receives the Game: only what its seat may see (X2). Each family provides
its own ``simple`` bot in ``cardtable/games/<family>/bot.py``; the strong bot of every
family is :class:`cardtable.bots.search.SearchBot`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection, Sequence
from typing import Any, Protocol, TypeVar

from ..engine.cards import JOKER
from ..engine.moves import Move
from ..engine.registry import FAMILIES
from ..engine.rng import Rng
from ..engine.views import PlayerView

DIFFICULTIES = ("easy", "medium", "hard", "expert")
"""The four levels the TUI, ``simulate``, ``arena`` and presets offer, weakest first."""

ALIASES = {"simple": "medium"}
"""Older names that still work: ``simple`` is ``medium``."""

BOT_LEVELS = (*DIFFICULTIES, "random", "simple")
"""Every bot kind ``make_bot`` knows: the four difficulties, ``random`` (uniform among
the legal moves) and ``simple`` (an alias of ``medium``)."""


T = TypeVar("T")


def per_rules(build: Callable[[Any], T], default: T) -> Callable[[PlayerView], T]:
    """A function of a view giving ``build(view.rules)`` (``default`` for a view without
    house rules), remembered for the last rules object seen: a table, and every imagined
    game a search bot plays out, hands out the same one, so the bots' hot paths do not
    rebuild it each move."""
    last: list[tuple[Any, T]] = [(None, default)]  # (one pair, swapped whole: a bot's thread and a
    # hint's never read new rules with the old rules' value)

    def of(view: PlayerView) -> T:
        rules = getattr(view, "rules", None)
        if rules is None:
            return default
        seen, value = last[0]
        if seen is not rules:
            value = build(rules)
            last[0] = (rules, value)
        return value

    return of


class Bot(Protocol):
    """Anything that picks a move from a view."""

    name: str

    def choose(self, view: PlayerView, legal_moves: Sequence[Move], rng: Rng) -> Move: ...


class RandomBot:
    """Picks uniformly among the legal moves."""

    name = "random"

    def choose(self, view: PlayerView, legal_moves: Sequence[Move], rng: Rng) -> Move:
        return rng.choice(legal_moves)


class EasyBot:
    """Random among sensible moves: half the time the simple bot's move, otherwise a
    random legal move of the same kind (another card to discard, another play to
    follow with, passing or not when the simple bot passes...). It never throws away
    a wild card or joker the simple bot would keep (:func:`_throws_wild`)."""

    name = "easy"

    def __init__(self, simple: Bot) -> None:
        self.simple = simple

    def choose(self, view: PlayerView, legal_moves: Sequence[Move], rng: Rng) -> Move:
        sensible = self.simple.choose(view, legal_moves, rng)
        if len(legal_moves) == 1 or rng.random() < 0.5:
            return sensible
        same = [move for move in legal_moves if move.kind == sensible.kind]
        if sensible.kind == "pass":  # passing is sensible; so is a cheap play instead
            same = [sensible, *(m for m in legal_moves if m.kind == "play")][:3]
        elif sensible.kind in ("discard", "give"):
            wilds = _wilds_of(view)
            same = [m for m in same if m == sensible or not _throws_wild(m, wilds)]
        return rng.choice(same) if same else sensible


def _wilds_of(view: PlayerView) -> Collection[int]:
    """The wild ranks at ``view``'s table: Shanghai's ``view.wilds``, President's
    ``wilds`` knob (its rules' ``wild_ranks``), none elsewhere."""
    wilds = getattr(view, "wilds", None)
    return wilds if wilds is not None else getattr(getattr(view, "rules", None), "wild_ranks", ())


def _throws_wild(move: Move, wilds: Collection[int]) -> bool:
    """Whether a discard, or cards given in President's exchange, throw a joker or a card
    of a rank in ``wilds``: never a sensible card to give away."""
    return any(card.rank == JOKER or card.rank in wilds for card in move.cards)


def simple_bot(family: str) -> Bot:
    """The family's greedy ``SimpleBot`` (the ``medium`` level)."""
    module = importlib.import_module(f"cardtable.games.{family}.bot")
    return module.SimpleBot()


def _family_strong_bot(family: str) -> Any:
    """The family's own strong bot factory, ``games/<family>/strong.py: make_strong_bot``
    (called as ``make_strong_bot(variant, level=..., seed=...)``), or None when the
    family uses the generic :class:`~cardtable.bots.search.SearchBot` as it is."""
    try:
        module = importlib.import_module(f"cardtable.games.{family}.strong")
    except ModuleNotFoundError as error:
        if error.name != f"cardtable.games.{family}.strong":
            raise
        return None
    return getattr(module, "make_strong_bot", None)


def tidy_level(level: str) -> str:
    """``level`` as typed, tidied: in lower case, without ``bot:`` or spaces around it (an
    alias such as ``"simple"`` stays itself; :func:`normalize_level` resolves it)."""
    if not isinstance(level, str):
        raise TypeError(f"a bot level is text such as 'hard', not {level!r}")
    return level.strip().lower().removeprefix("bot:").strip()


def normalize_level(level: str) -> str:
    """``level`` as one of :data:`DIFFICULTIES` or ``"random"`` (``"bot:hard"`` and the
    alias ``"simple"`` accepted, in any case); ValueError naming the known levels otherwise."""
    name = tidy_level(level)
    name = ALIASES.get(name, name)
    if name not in BOT_LEVELS:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(BOT_LEVELS)})")
    return name


def make_bot(family: str, level: str, variant: Any = None, seed: int = 0) -> Bot:
    """A bot of ``level`` for ``family``.

    ``level`` is one of :data:`BOT_LEVELS` (``"bot:hard"`` is accepted too). ``variant``
    is the loaded preset (public: everyone at the table knows the house rules); the
    ``hard`` and ``expert`` bots need it to imagine the hidden cards and play on, and
    fall back to the family's classic preset with the view's house rules without it.
    ``seed`` seeds the search bots (with the same seed, the same rng and the same views
    shown so far they choose the same move: see :mod:`cardtable.bots.search`)."""
    if family not in FAMILIES:
        raise ValueError(f"unknown game family {family!r} (known: {', '.join(FAMILIES)})")
    played = getattr(variant, "family", family)
    if played != family:  # (a search bot would imagine the wrong game's cards, and fail on its first view)
        raise ValueError(f"a {family} bot cannot play the {played} preset {getattr(variant, 'name', '')!r}")
    level = normalize_level(level)
    if level == "random":
        return RandomBot()
    if level == "medium":
        return simple_bot(family)
    if level == "easy":
        return EasyBot(simple_bot(family))
    strong = _family_strong_bot(family)  # "hard" or "expert" from here on
    if strong is not None:
        return strong(variant, level=level, seed=seed)
    from .search import SearchBot

    return SearchBot(family, variant, level=level, seed=seed)
