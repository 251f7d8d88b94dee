"""ShanghaiView: what one seat may see of a Shanghai table."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...engine.cards import Card
from ...engine.views import PlayerView
from .melds import Meld


@dataclass(frozen=True)
class ShanghaiView(PlayerView):
    """The seat's own hand plus the public table.

    ``upcard`` is the live upcard (None once it is dead, bought or taken);
    ``discard_top`` the card showing on the pile either way. ``phase`` is "draw",
    "buy" (the window is open: ``to_act`` is the seat being offered the upcard),
    "play" (after the draw: meld, lay off, swap, discard) or "over".
    ``stock_rebuilds`` is how often the stock was rebuilt this hand (S12) and
    ``max_stock_rebuilds`` the preset's limit (0: none): once the limit is reached,
    the hand ends the next time a turn begins with the stock empty.
    """

    turn: int
    phase: str
    hand_number: int
    hands_in_match: int
    contract: tuple[tuple[str, int], ...]
    upcard: Card | None
    discard_top: Card | None
    stock_size: int
    discard_size: int
    melds: tuple[tuple[Meld, ...], ...]
    down: tuple[bool, ...]
    buys_left: tuple[int, ...]
    wilds: frozenset[int]
    must_go_down: bool
    stock_rebuilds: int = 0
    max_stock_rebuilds: int = 0
    rules: Any = field(default=None, hash=False)
    """The preset's knobs (public: everyone at the table knows the house rules)."""
    taken: tuple[tuple[Card, ...], ...] = ()
    """Per seat, the upcards it took or bought this hand and still holds (public: the
    whole table saw them picked up; a card melded, laid off or discarded leaves)."""
    discards: tuple[Card, ...] = ()
    """The discard pile since the stock was last rebuilt (S12), oldest first; the last
    one is ``discard_top``. Public: each card was seen face up when it was discarded."""
    buy_draws: int = 0
    """S8/S12: while the upcard is offered (phase "buy"), how many stock cards a buy brings
    with it: ``buy_penalty``, fewer when the stock and a rebuild cannot give them all."""
    went_down_now: bool = False
    """S13: whether the player whose turn it is went down this turn (public: the table saw
    it); going out in the same turn, with no wild played, scores ``go_out_in_one_bonus``."""
    played_wild: bool = False
    """S13: whether the player whose turn it is has melded or laid off a wild this turn
    (public: the table saw it); going down and out in that turn then scores
    ``go_out_bonus``, not ``go_out_in_one_bonus``."""
