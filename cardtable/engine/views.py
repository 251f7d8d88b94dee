"""PlayerView: everything one seat may see, and nothing else."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card


@dataclass(frozen=True, slots=True)
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
