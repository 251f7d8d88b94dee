"""The user's TUI settings (the chosen theme, the last table set up, the bots' speed, the
hand's sort order, auto-pass), kept as JSON under ``config_dir()``."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..paths import config_dir, read_regular_file

DEFAULT_THEME = "felt"
MAX_SETTINGS_BYTES = 1 << 20
"""A settings file larger than this is not read (it is a few hundred bytes)."""

BOT_SPEEDS = (("normal", 0.7), ("fast", 0.3), ("instant", 0.0), ("slow", 1.5))
"""The bots' pause before each move, as the table's ``b`` key cycles it (normal first)."""

HAND_ORDERS = ("rank", "suit")
"""The orders a table's ``o`` key sorts the hand in."""

FIRST_PRESETS = {"president": "president-classic", "shanghai": "shanghai-classic", "tonk": "tonk-sitting"}
"""The preset a game is played with when none is named (the start screen's list opens on
it, ``cardtable play --game G --seats …`` plays it): its classic one, but Tonk's for one
sitting (at tonk-classic's 100 chips a match runs thousands of hands). ``simulate`` and
``arena`` measure the classic presets."""


@dataclass
class LastTable:
    """The table the start screen set up last, offered again next time: its family,
    preset and each seat's (name, kind); kind is "human" or a bot level."""

    family: str
    preset: str
    seats: list[tuple[str, str]] = field(default_factory=list)

    @classmethod
    def from_json(cls, data: Any) -> LastTable | None:
        """The table in ``data``, or None when it is missing or not in this shape."""
        if not isinstance(data, dict):
            return None
        family, preset, seats = (data.get(key) for key in ("family", "preset", "seats"))
        if not (isinstance(family, str) and isinstance(preset, str) and isinstance(seats, list)):
            return None
        pairs = [(seat[0], seat[1]) for seat in seats
                 if isinstance(seat, list) and len(seat) == 2 and all(isinstance(part, str) for part in seat)]
        return cls(family, preset, pairs)


@dataclass
class Settings:
    """What the table remembers between runs."""

    theme: str = DEFAULT_THEME
    table: LastTable | None = None
    bot_delay: float | None = None
    """Seconds a bot pauses before it moves, as last chosen with ``b`` (None: normal)."""
    hand_order: dict[str, str] = field(default_factory=dict)
    """Per family ("shanghai", "tonk"), the hand order last chosen with ``o`` (one of
    :data:`HAND_ORDERS`); a family not named here starts in its table's own order."""
    auto_pass: bool = False
    """Whether a player whose only move is a pass passes at once (the table's ``a``)."""

    @staticmethod
    def path() -> Path:
        return config_dir() / "settings.json"

    @classmethod
    def load(cls) -> Settings:
        """Read the settings file; a missing or damaged file (or part) gives the defaults,
        as does anything but a regular file there (a pipe would wait for a writer)."""
        try:
            data = json.loads(read_regular_file(cls.path(), MAX_SETTINGS_BYTES).decode("utf-8"))
        except (OSError, ValueError, RecursionError):
            return cls()
        if not isinstance(data, dict):
            return cls()
        theme, delay = data.get("theme"), data.get("bot_delay")
        known = isinstance(delay, (int, float)) and not isinstance(delay, bool) \
            and delay in {seconds for _name, seconds in BOT_SPEEDS}
        orders = data.get("hand_order")
        hand_order = {family: order for family, order in orders.items()
                      if isinstance(family, str) and order in HAND_ORDERS} if isinstance(orders, dict) else {}
        return cls(theme=theme if isinstance(theme, str) and theme else DEFAULT_THEME,
                   table=LastTable.from_json(data.get("table")), bot_delay=float(delay) if known and delay is not None else None,
                   hand_order=hand_order, auto_pass=data.get("auto_pass") is True)

    def save(self) -> None:
        """Write the settings file; a read-only config folder is not an error."""
        path = self.path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(asdict(self), indent=2) + "\n", encoding="utf-8")
        except OSError:
            pass
