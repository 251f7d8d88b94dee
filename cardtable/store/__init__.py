"""Nothing lost: saved games, the autosave, replays and the match history (issue 8).

Standard library only (json, os, sqlite3) on top of the engine's ``Game.to_data`` /
``Game.from_data``; never textual or rich, so the TUI, the CLI and tests share it.

- :mod:`.saves`    ``save_game`` / ``load_game``: one JSON file per game, written atomically,
                   checked on load (every problem is a ``SaveError`` naming the file).
- :mod:`.autosave` ``AutoSaver``: a game listener that rewrites ``autosave.json`` after
                   every move and deal; ``has_autosave`` / ``load_autosave`` / ``clear_autosave``.
- :mod:`.history`  SQLite match history: ``record_match``, ``player_stats``, ``recent_matches``.
- :mod:`.database` the history's SQLite file: ``connect`` (schema, WAL, busy timeout), read-only reading.
- :mod:`.replay`   ``Replay``: step through a saved or finished game, forward and back.
"""

from __future__ import annotations

from ..engine.errors import SaveError
from .autosave import AutoSaver, autosave_path, clear_autosave, has_autosave, load_autosave
from .history import (
    MatchRecord, PlayerStats, history_path, load_match, player_stats, recent_matches, record_match,
)
from .replay import Replay
from .saves import (
    SaveInfo, list_saves, load_game, new_save_path, normalize_seats, read_save, save_data, save_game,
    save_info, saves_dir,
)

__all__ = [
    "AutoSaver", "MatchRecord", "PlayerStats", "Replay", "SaveError", "SaveInfo", "autosave_path",
    "clear_autosave", "has_autosave", "history_path", "list_saves", "load_autosave", "load_game",
    "load_match", "new_save_path", "normalize_seats", "player_stats", "read_save", "recent_matches",
    "record_match", "save_data", "save_game", "save_info", "saves_dir",
]
