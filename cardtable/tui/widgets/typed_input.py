"""Text boxes whose editing keys act in the order they were typed."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.binding import Binding
from textual.widgets import Input, TextArea


def editing_keys(box: type[Any], but: tuple[str, ...] = ()) -> dict[str, str]:
    """The keys ``box`` edits with (backspace, delete, the arrows, home and end, …) and
    their actions, from its key bindings, but the actions ``but``."""
    return {key: binding.action for binding in box.BINDINGS
            if isinstance(binding, Binding) and binding.action not in but for key in binding.key.split(",")}


class InOrder:
    """For a text box: its editing keys (not Enter or Tab) act as they are read. Textual runs a text box's key
    bindings only once the key has gone up to the screen, after the characters typed
    behind it are already in: a player's quick "abc ⌫⌫⌫ x" left "a" in the house-rules
    editor's file name (two backspaces ran after the x, and deleted it)."""

    EDITING_KEYS: dict[str, str] = {}

    async def _on_key(self, event: events.Key) -> None:
        """An editing key's action at once (the base class's own handler then does not run:
        Textual calls each class's in turn unless the default is prevented); any other key
        as the base class takes it. An action that declines (a copy with nothing selected)
        lets the key go on to the screen's bindings, as before."""
        action = self.EDITING_KEYS.get(event.key)
        if action is None:
            return
        event.prevent_default()
        self._restart_blink()  # type: ignore[attr-defined]  # (as the base handler does for every key)
        if await self.app.run_action(action, self):  # type: ignore[attr-defined]
            event.stop()


class TypedInput(InOrder, Input):
    """An :class:`~textual.widgets.Input` that keeps the order of the keys typed (Enter
    stays a binding: it submits)."""

    EDITING_KEYS = editing_keys(Input, but=("submit",))


class TypedTextArea(InOrder, TextArea):
    """A :class:`~textual.widgets.TextArea` that keeps the order of the keys typed."""

    EDITING_KEYS = editing_keys(TextArea)
