"""The bridge from the engine to Textual: game events become one message.

The game calls its listeners after every change (``game.subscribe``); the bridge
posts :class:`GameChanged` to the screen that owns the game. Posting a message is
thread-safe, so it does not matter which thread applied the move.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.message import Message
from textual.message_pump import MessagePump

from ..engine.events import Event
from ..engine.game import Game


class GameChanged(Message):
    """Something happened in the game: ``events`` in order."""

    def __init__(self, events: Sequence[Event]) -> None:
        super().__init__()
        self.events = tuple(events)


class Bridge:
    """Subscribes to ``game`` and posts :class:`GameChanged` to ``target``."""

    def __init__(self, game: Game, target: MessagePump) -> None:
        self.game = game
        self.target = target
        game.subscribe(self._on_events)

    def _on_events(self, game: Game, events: list[Event]) -> None:
        if events:
            self.target.post_message(GameChanged(events))

    def close(self) -> None:
        try:
            self.game.unsubscribe(self._on_events)
        except ValueError:
            pass
