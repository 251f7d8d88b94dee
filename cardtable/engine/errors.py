"""The engine's exceptions: both are ValueErrors with a message a player can read."""

from __future__ import annotations


class IllegalMove(ValueError):
    """A move the rules do not allow now; the game is unchanged.

    ``reason`` is a sentence for the player ("a pair of 9s does not beat a pair of Js").
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class VariantError(ValueError):
    """A preset that cannot be used: names the file, the field and what is wrong."""

    def __init__(self, file: str, field: str | None, reason: str) -> None:
        self.file = file
        self.field = field
        self.reason = reason
        where = f"{file}: {field}" if field else file
        super().__init__(f"{where}: {reason}")


class SaveError(ValueError):
    """A saved game that cannot be read back: names the problem."""
