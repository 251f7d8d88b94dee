"""Screens over the table (its dialogs, the hand-off, a round's results) on which two of
the table's keys still work: ``ctrl+s`` saves the game and ``r`` shows its rules — the
table below does it, as neither shows a card."""

from __future__ import annotations

from time import monotonic
from typing import Any, TypeVar

from textual import events
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.screen import Screen

from ..notes import KeyNoted
from .retheme import Rethemed

Result = TypeVar("Result")


HELD_KEY_SECONDS = 0.8
"""Quiet before a guarded screen takes Enter: longer than a held key waits before it
repeats (0.5 s on GNOME and Windows, 0.66 s on X11), so a held key's first repeat comes
inside the wait and starts it again (at 0.4 s it came after, and got past)."""


class Arming:
    """Mixin for a screen that stray, repeated input must not get past: the key or click
    that brought it up (an Enter pressed twice, a key held down, a double click) must not
    also take it away — for :attr:`ARMING_SECONDS` after it shows, :meth:`armed` is False
    and the screen ignores what would dismiss it; a key in that time starts the wait again,
    so a held key, repeating, never gets past — and a second answer must not dismiss it
    twice (:meth:`dismiss`)."""

    ARMING_SECONDS = 0.0

    def dismiss(self, result: Any = None) -> AwaitComplete:
        """Dismiss the screen once. A second answer on its way (two Enters in one terminal
        read on a question over the table) found it gone and, as Textual pops whatever
        screen is on top, popped the table under it, leaving a blank screen, and gave the
        answer twice; it is ignored."""
        if getattr(self, "_dismissed", False) or self.app.screen is not self:  # type: ignore[attr-defined]
            return AwaitComplete.nothing()
        self._dismissed = True
        return super().dismiss(result)  # type: ignore[misc]

    def on_mount(self) -> None:
        self._quiet_since = monotonic()

    def on_key(self, event: events.Key) -> None:
        """A key while the screen is not armed starts the wait again (this runs before the
        key's binding): a held Enter repeats every few hundredths of a second once it
        repeats, and got past a wait counted from the screen's showing alone."""
        if not self.armed():
            self._quiet_since = monotonic()

    def armed(self) -> bool:
        """Whether :attr:`ARMING_SECONDS` have passed since the screen showed and since the
        last key it heard unarmed (not before it has shown: a key read with the one that
        brought it up reaches it before its mount)."""
        quiet = getattr(self, "_quiet_since", None)
        if quiet is None:
            return not self.ARMING_SECONDS
        return monotonic() - quiet >= self.ARMING_SECONDS


class OverTable(Arming, Screen[Result]):
    """A screen over the table whose ``ctrl+s`` and ``r`` are the table's (Textual adds a
    subclass's own ``BINDINGS`` to these). A modal one names ``ModalScreen`` first, as in
    ``class TableDialog(ModalScreen[Answer], OverTable[Answer])``: Textual takes default
    CSS from the first base alone, and the table must stay in sight, dimmed, behind it."""

    BINDINGS = [Binding("ctrl+s", "save_game", "save", show=False),
                Binding("r", "rules", "rules", show=False)]

    def action_save_game(self) -> None:
        """A named save of the game at the table below (a note says where)."""
        self.table_does("action_save_game")

    def action_bot_speed(self) -> None:
        """The bots' next speed, as at the table (a note says which); bound where the
        screen shows no cards of a player who is not at the keyboard (not the hand-off)."""
        self.table_does("action_bot_speed")

    def action_rules(self) -> None:
        """The rules of the preset at the table below."""
        self.table_does("action_rules")

    def table_does(self, action: str, *args: Any) -> Any:
        """Run ``action`` (a method name) with ``args`` on the nearest screen below this one
        that has it, and give its result (None when no screen below has it)."""
        stack = self.app.screen_stack
        for below in reversed(stack[:stack.index(self)] if self in stack else []):
            act = getattr(below, action, None)
            if act is not None:
                return act(*args)
        return None


class RoundOver(KeyNoted, Rethemed, OverTable[None]):
    """A round's (a hand's) results over the table: Enter or space goes on, and a key it
    has no use for says so in a note, rather than nothing (as at the table)."""

    KEY_HINT = "enter goes on"  # (one line at 80 columns)

    BINDINGS = [Binding("enter", "next", "go on", show=False),
                Binding("space", "next", show=False),
                Binding("L", "full_log", "log", show=False)]

    ARMING_SECONDS = HELD_KEY_SECONDS  # (the results of the hand just ended are not skipped by the Enter that ended it)

    def action_full_log(self) -> None:
        """L: the hand's whole log (how the hand ended, what was laid): the player's own,
        as at the table, where one human plays; in hot seat, whose results are everyone's,
        as the whole table saw it."""
        self.table_does("results_log")

    def action_next(self) -> None:
        if not self.armed():
            return
        self.key_note.withdraw()
        self.dismiss(None)
