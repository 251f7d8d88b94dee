"""The engine's exceptions: both are ValueErrors with a message a player can read."""

from __future__ import annotations

from collections.abc import Sequence

from .words import controls_escaped


class IllegalMove(ValueError):
    """A move the rules do not allow now; the game is unchanged.

    ``reason`` is a sentence for the player ("a pair of 9s does not beat a pair of jacks").
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class VariantError(ValueError):
    """A preset that cannot be used: names the file, the field and what is wrong.

    ``file``, ``field`` and ``reason`` are the first problem; a file with several has the
    others in ``more`` (each a VariantError), listed in the message after the first, one a
    line. ``problems`` is every one of them, the first first."""

    def __init__(self, file: str, field: str | None, reason: str,
                 more: Sequence[VariantError] = ()) -> None:
        self.file = file
        self.field = field
        self.reason = reason
        self.more = tuple(more)
        shown = controls_escaped(file)  # (a name or path typed with an escape: printed, never obeyed)
        where = f"{shown}: {field}" if field else shown
        lines = [f"{where}: {reason}"]
        for other in self.more:
            there = controls_escaped(other.file) if other.file != file else ""
            place = ": ".join(part for part in (there, other.field or "") if part)
            lines.append(f"  and {place + ': ' if place else ''}{other.reason}")
        super().__init__("\n".join(lines))

    @property
    def problems(self) -> tuple[VariantError, ...]:
        """Every problem of the preset, each alone: the first (this one without
        :attr:`more`), then :attr:`more`."""
        first = self if not self.more else VariantError(self.file, self.field, self.reason)
        return (first, *self.more)


class SaveError(ValueError):
    """A saved game that cannot be read back: names the problem.

    ``reason`` is the problem in words; ``file`` the file it is in, which the message
    starts with (None for a save that was not read from a file)."""

    def __init__(self, reason: str, file: str | None = None) -> None:
        self.reason = reason
        self.file = file
        super().__init__(f"{file}: {reason}" if file is not None else reason)
