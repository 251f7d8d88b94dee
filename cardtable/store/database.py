"""The history's SQLite file (``data_dir()/history.sqlite3``): where it is, opening it —
creating or upgrading its schema, WAL mode, a 30 s busy timeout and the SQL functions
the queries use — reading one this user may not write, one write transaction at a time,
and retrying while another process holds the lock. What is recorded and read is
:mod:`.history`'s."""

from __future__ import annotations

import errno
import os
import sqlite3
import stat
import time
from pathlib import Path
from typing import Any

from ..engine.words import name_key
from ..paths import data_dir

SCHEMA_VERSION = 1
BUSY_TIMEOUT = 30.0

_SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    match_key TEXT NOT NULL UNIQUE,
    family TEXT NOT NULL,
    preset TEXT NOT NULL,
    preset_title TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    rounds INTEGER NOT NULL,
    moves INTEGER NOT NULL,
    winners TEXT NOT NULL,
    scores TEXT NOT NULL,
    finished_at TEXT NOT NULL,
    save TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    level TEXT,
    score INTEGER NOT NULL,
    won INTEGER NOT NULL,
    place INTEGER NOT NULL,
    final_title TEXT,
    titles TEXT,
    chips INTEGER,
    hands INTEGER,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX IF NOT EXISTS seats_name ON seats (name COLLATE NOCASE);
CREATE INDEX IF NOT EXISTS matches_finished ON matches (finished_at);
"""


def history_path() -> Path:
    """Where the history lives: ``data_dir()/history.sqlite3``."""
    return data_dir() / "history.sqlite3"


class HistoryError(RuntimeError):
    """The history database cannot be used (newer schema, not a database)."""


def connect(path: str | os.PathLike[str] | None = None) -> sqlite3.Connection:
    """Open (and create or upgrade) the history database; autocommit mode, WAL, busy timeout."""
    target = Path(path or history_path())
    _recorded(target)  # (a pipe there would be waited on for ever)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(target, timeout=BUSY_TIMEOUT, isolation_level=None)
    except (OSError, sqlite3.Error) as error:  # e.g. a folder where the file should be
        raise HistoryError(f"{target}: cannot open the match history ({error})") from None
    try:
        _prepare(connection)
        version, tables = _schema(connection, target)
        if version == 0 and tables:  # (before anything is written to it)
            raise HistoryError(_not_ours(target))
        retry(lambda: connection.execute("PRAGMA journal_mode = WAL"))
        connection.execute("PRAGMA foreign_keys = ON")
        if version < SCHEMA_VERSION:
            def create() -> None:
                with immediate(connection):
                    for statement in _SCHEMA.split(";"):
                        if statement.strip():
                            connection.execute(statement)
                    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            retry(create)
    except sqlite3.DatabaseError as error:
        connection.close()
        raise HistoryError(f"{target}: cannot use the match history ({error})") from None
    except BaseException:
        connection.close()
        raise
    return connection


def _prepare(connection: sqlite3.Connection) -> None:
    """The busy timeout and the SQL functions every query may use."""
    connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
    connection.create_function("name_key", 1, _name_key, deterministic=True)
    connection.create_function("bot_level", 1, bot_level, deterministic=True)


def _schema(connection: sqlite3.Connection, target: Path) -> tuple[int, bool]:
    """The history's schema version and whether it holds any table (one of version 0
    that does is not ours), read in one transaction: another cardtable creating the
    tables meanwhile is seen before or after, never half-way (version 0 read before it,
    its tables after, was "another program's database"). A HistoryError if a newer
    cardtable wrote it (said before its tables are read: this SQLite may not read them)."""
    connection.execute("BEGIN")
    try:
        version = int(connection.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise HistoryError(f"{target}: written by a newer cardtable (schema {version}); "
                               f"this one knows schema {SCHEMA_VERSION}")
        tables = connection.execute("SELECT 1 FROM sqlite_master WHERE type = 'table'").fetchone() is not None
    finally:
        if connection.in_transaction:  # (it only read: nothing to keep; an error may have ended it)
            connection.execute("ROLLBACK")
    return version, tables


def _recorded(target: Path) -> bool:
    """Whether a history file is at ``target`` with anything in it (False: none yet, or an
    empty file); a HistoryError if what is there is no file SQLite may open: a folder, a
    pipe or a device (opening one waits for ever), a symbolic link that leads back to
    itself, a folder that may not be read."""
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return False
    except OSError as error:
        reason = "a symbolic link that leads back to itself" if error.errno == errno.ELOOP else \
            f"cannot be read: {error.strerror or error}"
        raise HistoryError(f"{target}: {reason}") from None
    if stat.S_ISDIR(info.st_mode):
        raise HistoryError(f"{target}: is a folder, not a match history")
    if not stat.S_ISREG(info.st_mode):
        raise HistoryError(f"{target}: is not a regular file (a device or a pipe), not a match history")
    return info.st_size > 0


def reader(target: Path) -> sqlite3.Connection | None:
    """A connection that only reads the history at ``target`` (it never changes the file),
    so statistics and replays work from a history this user may not write: a read-only
    file, or a read-only folder. In such a folder SQLite cannot make a WAL history's
    shared-memory file; with no ``-wal`` or ``-journal`` file beside it, nothing is
    pending, and the history is read as immutable. None: nothing is recorded (no file, an
    empty one, a database with no tables yet). A history that needs writing first (a
    journal left by a crash to roll back; an older cardtable's tables to bring up to
    date) is opened by :func:`connect`; another program's database is a HistoryError."""
    if not _recorded(target):
        return None
    try:
        try:
            opened = _read_only(target, "mode=ro")
        except sqlite3.DatabaseError as error:
            if not _folder_read_only(error, target):
                raise
            opened = _read_only(target, "immutable=1")
        if opened is None:
            return connect(target)  # (it says why the file cannot be opened)
        connection, version, tables = opened
        if version == SCHEMA_VERSION:
            return connection
        connection.close()
    except sqlite3.DatabaseError as error:
        if error.sqlite_errorcode & 0xFF != sqlite3.SQLITE_READONLY:
            raise HistoryError(f"{target}: cannot use the match history ({error})") from None
        return connect(target)  # (it needs writing first: a crash's journal to roll back)
    if not tables:
        return None
    if version == 0:
        raise HistoryError(_not_ours(target))
    return connect(target)


def _not_ours(target: Path) -> str:
    return (f"{target}: not a match history of cardtable (another program's database); "
            "move it away and cardtable starts a new one")


def _read_only(target: Path, mode: str) -> tuple[sqlite3.Connection, int, bool] | None:
    """A connection that reads the history at ``target`` (``mode``: how, as SQLite's URI
    says it) with the history's :func:`_schema`, or None when it cannot be opened
    (:func:`connect` says why)."""
    try:
        connection = sqlite3.connect(f"{target.absolute().as_uri()}?{mode}", uri=True,
                                     timeout=BUSY_TIMEOUT, isolation_level=None)
    except sqlite3.Error:
        return None
    try:
        _prepare(connection)
        version, tables = _schema(connection, target)  # (a file that is no database says so here)
    except BaseException:
        connection.close()
        raise
    return connection, version, tables


def _folder_read_only(error: sqlite3.Error, target: Path) -> bool:
    """Whether SQLite refused to read ``target`` only for want of its shared-memory file,
    in a folder it may not write, with nothing pending beside it (see :func:`reader`)."""
    return getattr(error, "sqlite_errorname", "") in ("SQLITE_READONLY_DIRECTORY", "SQLITE_READONLY_CANTINIT") \
        and not any(Path(f"{target}{side}").exists() for side in ("-wal", "-journal"))


def _name_key(text: Any) -> Any:
    """SQL ``name_key(name)``: what tells names apart, as the seats do (:func:`name_key`:
    "Élodie" is "élodie", composed or not; SQLite's NOCASE knows only ASCII letters)."""
    return name_key(text) if isinstance(text, str) else text


class immediate:
    """``with immediate(conn):`` one write transaction, taken up front (BEGIN IMMEDIATE)."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    def __enter__(self) -> sqlite3.Connection:
        self.connection.execute("BEGIN IMMEDIATE")
        return self.connection

    def __exit__(self, kind: Any, value: Any, trace: Any) -> None:
        if kind is None:
            self.connection.execute("COMMIT")
            return
        try:
            self.connection.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # (SQLite may have rolled back already, e.g. a full disk: the first error is the one to tell)


def retry(action: Any, attempts: int = 50) -> Any:
    """Run ``action``, retrying while another process holds the lock past the busy timeout
    (rare; e.g. switching a fresh database to WAL, which the busy handler does not cover)."""
    for attempt in range(attempts):
        try:
            return action()
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) and "busy" not in str(error) or attempt == attempts - 1:
                raise
            time.sleep(0.02 * (attempt + 1))
    return None


def bot_level(level: Any) -> str | None:  # (here, not in .history: every connection's SQL knows it)
    """A recorded bot level as the statistics group it: "simple" is "medium" (its alias);
    one this cardtable does not know is kept as written; None for none (also SQL's
    ``bot_level(s.level)`` in :func:`connect`'s connections)."""
    from ..bots.base import normalize_level  # (here: the store loads without the bots)

    try:
        return normalize_level(level) if isinstance(level, str) else None
    except ValueError:
        return level
