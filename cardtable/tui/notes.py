"""Notes (Textual notifications): one that a newer one of its kind replaces (the bots'
speed, the theme), and notes about files that did not load — broken presets and themes —
told on the start screen in few enough lines that both notes fit 80x24."""

from __future__ import annotations

import os
import textwrap
from collections.abc import Iterable, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App
from textual.screen import Screen
from textual.notifications import Notification, Notify

START_NOTE_SECONDS = 600
"""How long a note about broken files stays on the start screen: until the player moves
on (whatever opens over the start screen clears it), however long they read."""


class NoteSlot:
    """The place of one kind of note: telling a new one takes the last one away, so that
    pressing a key again (``b``, ``t``) leaves one note saying what holds now, not a pile
    whose older notes are out of date."""

    def __init__(self) -> None:
        self.shown: Notification | None = None

    def tell(self, app: App[Any], message: str, *, title: str = "", timeout: float = 4) -> None:
        """Show ``message`` (plain text, no markup) in place of the note told before."""
        if self.shown is not None:
            self.shown.timeout = 0  # (expired: Textual drops it as the new one comes)
        self.shown = Notification(message, title, timeout=timeout, markup=False)
        app.post_message(Notify(self.shown))

    def withdraw(self, app: App[Any] | None = None) -> None:
        """Take the note away as its screen closes (it stayed over the next one, the next
        hand's table, for its seconds); with ``app``, off the screen at once."""
        if self.shown is not None:
            self.shown.timeout = 0  # (expired: the next screen's notes leave it out)
            self.shown = None
            if app is not None:  # (Textual drops expired notes when it next shows its notes: a note
                app.post_message(Notify(Notification("", timeout=0)))  # expired already makes it)


def unused_key(screen: Screen[Any], event: events.Key) -> str | None:
    """The letter, digit or sign of ``event`` when ``screen`` has no key for it (then the
    screen says so, rather than nothing); None for a key it takes, or one that types
    nothing to name (space)."""
    if event.is_printable and event.key not in screen.active_bindings and event.character \
            and not event.character.isspace():  # (space is no letter or sign to name)
        return event.character
    return None


class KeyNote(NoteSlot):
    """The note of a screen that shows no notice line of its own (a round's results, the
    match's end) for a key it has no use for: "x is no key here: enter goes on"."""

    def __init__(self, hint: str) -> None:
        super().__init__()
        self.hint = hint

    def key(self, screen: Screen[Any], event: events.Key) -> None:
        """Tell of ``event``'s key if ``screen`` has no use for it (see :func:`unused_key`)."""
        if key := unused_key(screen, event):
            self.tell(screen.app, f"{key} is no key here: {self.hint}")


class KeyNoted:
    """A screen that says in a note when a key pressed there has no use (a round's results,
    the match's end, a replay): :attr:`KEY_HINT` says where its keys are. The note goes
    when the screen closes (:meth:`KeyNote.withdraw`) or another opens over it (the rules,
    the help: it stood over their text for its seconds)."""

    KEY_HINT = ""

    @cached_property
    def key_note(self) -> KeyNote:
        return KeyNote(self.KEY_HINT)

    def on_key(self, event: events.Key) -> None:
        self.key_note.key(self, event)  # type: ignore[arg-type]

    def on_screen_suspend(self) -> None:
        self.key_note.withdraw()


def note_width(app: App[Any]) -> int:
    """The text width of a note: half the screen, less its edge, at most 57 cells."""
    return min(57, app.size.width // 2 - 4)


TABLE_NOTE_SHARE = 0.4
"""How much of the screen's width a note at the table may take (app.tcss: ``TableScreen
Toast { max-width: 40% }``, narrow enough to leave the middle of the trick in sight)."""


def table_note_width(app: App[Any]) -> int:
    """The text width of a note at the table (less its bar and padding): a note shown over
    a hand-off or a dialog is drawn again this narrow once the table is on top."""
    return min(note_width(app), int(app.size.width * TABLE_NOTE_SHARE) - 4)


def soft_breaks(text: str, width: int) -> str:
    """``text`` with each word wider than ``width`` cells broken after a hyphen or a
    slash, the last one in reach ("shanghai-classic-20261127-022728.json" or a file's
    path over two lines, not cut anywhere by the note's wrapping: "….jso" / "n")."""
    words = []
    for word in text.split(" "):
        lines = []
        while len(word) > width and (cut := max(word.rfind(mark, 0, width) for mark in "-/" + os.sep)) >= 0:
            lines.append(word[:cut + 1])
            word = word[cut + 1:]
        words.append("\n".join([*lines, word]))
    return " ".join(words)


def not_loaded(count: int, what: str) -> str:
    """A note's title: "3 presets not loaded"."""
    return f"{count} {what}{'s' * (count != 1)} not loaded"


def in_folder(problems: Iterable[object], folder: Path) -> list[str]:
    """Each problem as text, a file of the user's ``folder`` named by its file name only."""
    prefix = f"{folder.resolve()}{os.sep}"
    return [str(problem).replace(prefix, "") for problem in problems]


def problems_note(problems: Sequence[str], width: int, lines: int, shown: int = 3) -> list[str]:
    """The first ``shown`` of ``problems`` wrapped to ``width``, sharing ``lines`` lines
    (each cut with " …" where it must be). The caller says how many more there are."""
    told = list(problems[:shown])
    out: list[str] = []
    for said in told:
        out += textwrap.wrap(" ".join(said.split()), width, max_lines=max(1, lines // len(told)),
                             placeholder=" …", break_on_hyphens=False)
    return out


def wrapped(text: str, width: int, lines: int) -> list[str]:
    """``text`` in at most ``lines`` lines of ``width`` (cut with " …")."""
    return textwrap.wrap(text, width, max_lines=lines, placeholder=" …", break_on_hyphens=False)
