"""PlayerView: everything one seat may see, and nothing else."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from .cards import Card

V = TypeVar("V", bound="PlayerView")

_new = object.__new__
_set = object.__setattr__


@dataclass(frozen=True)
class PlayerView:
    """What ``seat`` may see. Each family extends it with its public table.

    ``hand`` is the seat's own cards; ``hand_sizes`` has one entry per seat (``None``
    where the preset hides counts). Bots and widgets get views, never the game.
    """

    family: str
    seat: int
    players: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int | None, ...]
    to_act: tuple[int, ...]
    round: int
    round_over: bool
    is_over: bool
    scores: tuple[int, ...]
    dealer: int

    @classmethod
    def of(cls: type[V], **fields: Any) -> V:
        """The view with these fields, every one of them given by name: what the
        constructor makes, built at once rather than field by field (a game builds a
        view for every move a bot or screen considers). Only for classes whose fields
        all live in the instance's ``__dict__`` (no ``slots``). Every field is named, those
        with a default too: a name missing or not a field is a TypeError."""
        if fields.keys() != cls.__dataclass_fields__.keys():
            names = cls.__dataclass_fields__.keys()
            missing, unknown = sorted(names - fields.keys()), sorted(fields.keys() - names)
            raise TypeError(f"{cls.__name__}.of: " + "; ".join(
                [*([f"missing {missing}"] if missing else []), *([f"not fields {unknown}"] if unknown else [])]))
        view = _new(cls)
        _set(view, "__dict__", fields)
        return view
