"""Replaying positions: a game rebuilt from its facts (``from_position``, what the
search bots' samplers build) must be the very position the real game is in."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import Any

from cardtable.engine.rng import Rng


def turns(game: Any, steps: int) -> Iterator[tuple[int, int]]:
    """(step, seat to act) for up to ``steps`` steps of a match, the next round dealt when
    one ends (a deal takes a step); the caller makes each seat's move."""
    for step in range(steps):
        if game.is_over:
            return
        if game.round_over:
            game.next_round()
            continue
        yield step, game.to_act[0]


def views(game: Any) -> list[Any]:
    return [game.view(viewer) for viewer in range(game.players)]


def check_rebuilt_positions(game: Any, bot: Any, rng: Rng, rebuild: Callable[[Any], Any], *,
                            checkable: Callable[[Any, int], bool], kind: Callable[[Any, int], Hashable],
                            steps: int = 3000) -> tuple[int, set[Hashable], int]:
    """Play ``game`` with ``bot``; wherever ``checkable(game, step)``, the game
    ``rebuild(game)`` makes must show every seat the same view, have the same seats to
    act and offer the seat to act the same moves; after the same next move it must
    still show the same views, and when that move ends the round, the next deal too.
    Returns how many positions were checked, the kinds of position seen
    (``kind(game, seat)``) and how many next deals were compared."""
    checked, dealt = 0, 0
    seen: set[Hashable] = set()
    for step, seat in turns(game, steps):
        check = checkable(game, step)
        if check:
            copy = rebuild(game)
            assert views(copy) == views(game)
            assert copy.to_act == game.to_act
            assert copy.legal_moves(seat) == game.legal_moves(seat)
            checked += 1
            seen.add(kind(game, seat))
        move = bot.choose(game.view(seat), game.legal_moves(seat), rng)
        game.apply(seat, move)
        if check:
            copy.apply(seat, move)
            assert views(copy) == views(game)
            if game.round_over and not game.is_over:
                game.next_round()
                copy.next_round()
                assert views(copy) == views(game)
                dealt += 1
    return checked, seen, dealt
