"""The user's TUI settings (the chosen theme), kept as JSON under ``config_dir()``."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from ..paths import config_dir

DEFAULT_THEME = "felt"


@dataclass
class Settings:
    """What the table remembers between runs."""

    theme: str = DEFAULT_THEME

    @staticmethod
    def path() -> Path:
        return config_dir() / "settings.json"

    @classmethod
    def load(cls) -> Settings:
        """Read the settings file; a missing or damaged file gives the defaults."""
        try:
            data = json.loads(cls.path().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        theme = data.get("theme") if isinstance(data, dict) else None
        return cls(theme=theme if isinstance(theme, str) and theme else DEFAULT_THEME)

    def save(self) -> None:
        """Write the settings file; a read-only config folder is not an error."""
        path = self.path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(asdict(self), indent=2) + "\n", encoding="utf-8")
        except OSError:
            pass
