"""What a legal President play does beyond going on the pile: whether it clears the pile
or skips the next player, and whether going out on it makes the player Scum (P26). Asked
by the table before a move is chosen (the engine plays it out on a copy). Mixed into
:class:`~cardtable.games.president.state.PresidentGame`."""

from __future__ import annotations

from ...engine.cards import Card
from ...engine.events import Event
from ...engine.game import Game
from ...engine.moves import Move
from .events import MadeScum, TrickCleared, TurnSkipped
from .preset import PresidentRules

CLEARS_PILE = "clears the pile"
"""A play that clears the pile: a top play, a bomb, a burn, four completed (P7, P23–P25)."""
SKIPS_NEXT = "skips the next player"
"""A play of an equal rank under P5 ``skip``."""


class EffectsMixin(Game):
    """What a legal play does, worked out by playing it on a copy of the game."""

    rules: PresidentRules
    hands: list[list[Card]]

    def makes_scum(self, seat: int, move: Move) -> bool:
        """P26 (``no_finish_on_top``): whether ``move``, one of the seat's legal moves,
        plays its last cards as a 2, a joker or a clearing play, and so makes it Scum."""
        if not self.rules.no_finish_on_top or len(move.cards) != len(self.hands[seat]):
            return False
        return any(isinstance(event, MadeScum) for event in self._tried(seat, move))

    def play_effect(self, seat: int, move: Move) -> str:
        """What ``move``, one of the seat's legal plays, does beyond going on the pile, in
        words: :data:`CLEARS_PILE`, :data:`SKIPS_NEXT`, or ""."""
        events = self._tried(seat, move)
        if any(isinstance(event, TrickCleared) for event in events):
            return CLEARS_PILE
        return SKIPS_NEXT if any(isinstance(event, TurnSkipped) for event in events) else ""

    def _tried(self, seat: int, move: Move) -> list[Event]:
        """The events of ``move`` played on a copy of the game, if it is one of ``seat``'s
        legal plays (a play or a quick clear); none otherwise."""
        if move.kind not in ("play", "quick_clear") or move not in self._legal_list(seat):
            return []
        return self.copy().apply(seat, move)
