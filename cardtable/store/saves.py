"""Saved games: one JSON file per game, written atomically and checked on load.

The file (format ``cardtable-save``, version 1)::

    {"format": "cardtable-save", "version": 1,
     "seats": [{"name": "Ann", "kind": "human", "level": null},
               {"name": "Dag", "kind": "bot", "level": "simple"}, ...],
     "saved_at": "2025-05-01T12:00:00+00:00",
     "game": <Game.to_data(): preset by value, players, seed, stacked deals, move log>,
     "checksum": "sha256:<hex>"}

Choices:

- **The game is its log.** ``game`` is exactly what the engine's ``Game.to_data`` writes,
  and loading replays that log (``Game.from_data``), so a loaded game is the saved one:
  same hands, same turn, same event log, and a later edit of the preset file changes
  nothing (the preset travels by value).
- **Atomic writes.** The text goes to a temporary file in the same folder, is flushed and
  fsync'ed, then ``os.replace``\\ d over the target (and the folder is fsync'ed on POSIX).
  A crash or ``kill -9`` at any moment leaves either the old complete file or the new
  complete file, never half of one. A killed writer may leave a ``.NAME.<pid>.*.tmp``
  behind; the next process that saves there removes it (its writer is gone) — a live
  writer's temp file is never touched.
- **A checksum** (SHA-256 of the canonical JSON of everything else) turns any damage that
  still parses — a flipped digit in a seed or a card — into a clear error instead of a
  silently different game. Hand-edited files: delete the ``checksum`` line and the file
  is accepted (without that check); its log is still replayed and verified move by move.
- **Clear errors, files kept.** Every problem — missing, unreadable, empty, not UTF-8,
  not JSON, truncated, wrong format, unknown version, bad seats, unknown family, a log
  that does not replay — raises :class:`SaveError` whose message starts with the file
  name. Loading only reads: a bad file is never rewritten, moved or deleted.
- A bare ``Game.to_json()`` file (format ``cardtable-game``) loads too, with seats named
  "Player 1", "Player 2", … (handy for bug reports).
"""

from __future__ import annotations

import hashlib
import json
import errno
import glob
import os
import re
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..engine.errors import SaveError
from ..engine.game import SAVE_FORMAT as GAME_FORMAT
from ..engine.game import Game
from ..engine.registry import FAMILIES
from ..engine.words import control_character, count, json_kind, name_key
from ..paths import FileTooLarge, NotRegularFile, data_dir, read_regular_file, user_path

FORMAT = "cardtable-save"
VERSION = 1
SEAT_KINDS = ("human", "bot")
MAX_SAVE_BYTES = 64 * 2**20
"""A save file larger than this is refused unread (a Tonk match of a thousand hands saves about 0.6 MiB)."""

_KEYS = {"format", "version", "seats", "saved_at", "game", "checksum"}

Seats = list[dict[str, Any]]
"""Seats as stored: ``{"name": str, "kind": "human" | "bot", "level": str | None}``."""


# ---------------------------------------------------------------------- seats
def normalize_seats(seats: Iterable[Any], players: int | None = None) -> Seats:
    """Seats in the stored shape, from any of: stored dicts, ``{"name", "bot"}`` dicts,
    objects with ``.name`` and ``.bot`` (the TUI's ``Seat``), or plain name strings
    (humans). Raises ValueError (seats counted from 1, as the start screen and the
    save file's list read to a person, with the name) if a
    seat has no name, an unknown kind or bot level, or a name another seat has (in any
    case: the table tells players apart by name), or ``players`` does not match — so
    nothing is written that loading would refuse."""
    from ..bots.base import normalize_level  # (here: the store loads without the bots)

    result: Seats = []
    for index, seat in enumerate(seats, 1):
        name: Any
        level: Any
        if isinstance(seat, str):
            if seat.strip().casefold().startswith("bot:"):
                raise ValueError(f"seat {index}: {seat!r} would be a human's name; a bot seat is "
                                 f"{{'name': 'Dag', 'bot': {seat.strip()[4:]!r}}}")
            name, level = seat, None
        elif isinstance(seat, dict):
            name = seat.get("name")
            if "kind" in seat:
                if seat["kind"] not in SEAT_KINDS:
                    raise ValueError(f"seat {index} ({name}): kind should be 'human' or 'bot', "
                                     f"not {seat['kind']!r}")
                level = (seat.get("level") or "simple") if seat["kind"] == "bot" else None
            else:
                level = seat.get("bot")
        else:
            name, level = getattr(seat, "name", None), getattr(seat, "bot", None)
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"seat {index} has no name")
        held = control_character(name, kept=True)  # (new names follow the seats' stricter rules: tui.seats)
        if held is not None:
            raise ValueError(f"seat {index}'s name {name!r} holds {held}: a name is plain text")
        if level:
            try:
                normalize_level(str(level))
            except ValueError as error:
                raise ValueError(f"seat {index} ({name}) has an {error}") from None
        twin = next((number for number, other in enumerate(result, 1)
                     if name_key(other["name"]) == name_key(name)), None)
        if twin is not None:
            raise ValueError(f"seats {twin} and {index} have the same name, {name.strip()!r}: "
                             "every player needs a different name")
        result.append({"name": name, "kind": "bot" if level else "human",
                       "level": str(level) if level else None})
    if players is not None and len(result) != players:
        raise ValueError(f"{count(len(result), 'seat')} for a game of {players} players")
    return result


def default_seats(players: int) -> Seats:
    """Seats for a game saved without them: "Player 1", "Player 2", …, all human."""
    return [{"name": f"Player {i + 1}", "kind": "human", "level": None} for i in range(players)]


# ---------------------------------------------------------------------- writing
def save_data(game: Game, seats: Iterable[Any], saved_at: str | None = None) -> dict[str, Any]:
    """The save document for ``game`` (with its checksum), not yet written."""
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "seats": normalize_seats(seats, game.players),
        "saved_at": saved_at or datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "game": game.to_data(),
    }
    document["checksum"] = checksum(document)
    return document


def checksum(document: dict[str, Any]) -> str:
    """``sha256:<hex>`` of the canonical JSON of ``document`` without its checksum."""
    body = {key: value for key, value in document.items() if key != "checksum"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return "sha256:" + hashlib.sha256(text.encode("ascii")).hexdigest()


def dump_save(document: dict[str, Any]) -> str:
    """The file text of a save document: compact JSON, one line, a final newline."""
    return json.dumps(document, separators=(",", ":"), ensure_ascii=True) + "\n"


def save_game(path: str | os.PathLike[str], game: Game, seats: Iterable[Any]) -> Path:
    """Write ``game`` and its ``seats`` to ``path`` atomically; returns the path.

    The folder is created if needed; ``~`` and ``~name`` mean a home folder, as in
    :func:`load_game` (a ValueError for a ``~name`` of no user). OSError (disk full, no
    permission) propagates and leaves any previous file at ``path`` untouched."""
    target = user_path(path)
    if target.is_dir():
        raise IsADirectoryError(errno.EISDIR, "is a folder; give a file name for the save", str(target))
    atomic_write(target, dump_save(save_data(game, seats)))
    return target


def atomic_write(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that readers see the old or the new file, whole.
    An OSError names ``path`` (never the temporary file written first)."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    _sweep_leftovers(folder, path.name)
    temp: str | None = None
    try:
        fd, temp = tempfile.mkstemp(prefix=f"{_temp_prefix(path.name)}{os.getpid()}.", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException as error:
        if temp is not None:
            try:
                os.unlink(temp)
            except OSError:
                pass
        if isinstance(error, OSError) and error.filename not in (None, str(path)):  # (the temp file's name)
            raise type(error)(error.errno, error.strerror, str(path)) from None
        raise
    _fsync_folder(folder)


def _temp_prefix(name: str) -> str:
    """How the temp file for a file called ``name`` starts: ``.NAME.``, NAME cut to 100
    bytes (a long name that is legal as it is would pass the system's limit of 255 with
    the temp file's own 20 or so)."""
    return "." + name.encode()[:100].decode("utf-8", "ignore") + "."


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); a no-op where folders cannot be opened."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


_LEFTOVER_AGE = 3600.0
_swept: set[tuple[str, str]] = set()


def _sweep_leftovers(folder: Path, name: str) -> None:
    """Remove temp files a killed writer left behind: at once if the process named in the
    file (``.NAME.<pid>.*.tmp``) is gone (POSIX), else once they are an hour old — never a
    live writer's. Done once per folder and name per process."""
    key = (str(folder), name)
    if key in _swept:
        return
    _swept.add(key)
    now = time.time()
    prefix = _temp_prefix(name)
    for leftover in folder.glob(f"{glob.escape(prefix)}*.tmp"):
        try:
            pid_text = leftover.name[len(prefix):].split(".", 1)[0]
            dead = pid_text.isdigit() and int(pid_text) != os.getpid() and not _alive(int(pid_text))
            if dead or now - leftover.stat().st_mtime > _LEFTOVER_AGE:
                leftover.unlink()
        except OSError:
            pass


def _alive(pid: int) -> bool:
    """Whether process ``pid`` exists (POSIX); elsewhere assume it does (age decides)."""
    if os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


# ---------------------------------------------------------------------- reading
@dataclass(frozen=True)
class SaveInfo:
    """What a save holds, read without replaying it (menus, ``Continue`` labels)."""

    path: Path
    family: str
    preset: str
    title: str
    players: int
    seats: tuple[dict[str, Any], ...]
    saved_at: str | None
    rounds: int
    moves: int


def _fail(path: Path | str, reason: str) -> SaveError:
    return SaveError(reason, str(path))


def read_save(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read and check a save file's document (format, version, checksum, seats) without
    replaying the game. Accepts a bare ``Game.to_json`` file too (seats are then made up).
    Raises :class:`SaveError` naming the file and the problem; never writes. ``~`` and
    ``~name`` mean a home folder."""
    return check_document(read_json(path), save_path(path))


def save_path(path: str | os.PathLike[str]) -> Path:
    """The file a save's path names (``~`` and ``~name`` a home folder); a SaveError
    for a ``~name`` of no user."""
    try:
        return user_path(path)
    except ValueError as error:
        raise _fail(Path(path), str(error)) from None


def read_json(path: str | os.PathLike[str]) -> Any:
    """The JSON in a file that may be a save, read with a save's guards: a regular file
    of at most :data:`MAX_SAVE_BYTES`, UTF-8, parsed whole (a pipe is never waited on,
    a deeply nested file never crashes). Raises :class:`SaveError` naming the file."""
    path = save_path(path)
    try:
        raw = read_regular_file(path, MAX_SAVE_BYTES)
    except IsADirectoryError:
        raise _fail(path, "is a folder, not a saved game") from None
    except NotRegularFile:  # a pipe would wait for a writer, a device never end
        raise _fail(path, "is not a regular file (a device or a pipe), not a saved game") from None
    except FileTooLarge as error:
        raise _fail(path, f"is {error.size // 2**20} MiB, too large to be a saved game "
                          f"(at most {MAX_SAVE_BYTES // 2**20} MiB)") from None
    except FileNotFoundError:
        raise _fail(path, "no such file") from None
    except OSError as error:
        raise _fail(path, f"cannot be read ({error.strerror or error})") from None
    if not raw.strip():
        raise _fail(path, "the file is empty (the save was never completed)")
    try:
        text = raw.decode("utf-8-sig")  # (an editor may have put a byte-order mark first)
    except UnicodeDecodeError as error:
        raise _fail(path, f"not a saved game: not UTF-8 text (bad byte at offset {error.start})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        if text.lstrip().startswith("{") and _ends_early(text, error):
            raise _fail(path, "the file is truncated: the JSON ends early "
                              f"(after {len(raw)} bytes, line {error.lineno})") from None
        what = "the JSON is damaged" if text.lstrip().startswith("{") else "the file is not JSON"
        raise _fail(path, f"not a saved game: {what} ({error.msg} at line "
                          f"{error.lineno}, column {error.colno})") from None
    except RecursionError:
        raise _fail(path, "not a saved game: the JSON is nested too deeply to read") from None
    except ValueError as error:
        raise _fail(path, f"not a saved game: the JSON does not parse ({error})") from None
    return data


def _ends_early(text: str, error: json.JSONDecodeError) -> bool:
    """Whether a JSON error is the text running out (a file cut short) rather than
    damage: the error at the end, in a string left open, or in a word, a number or a
    ``\\u`` escape cut short there ("tru", "12.", "1e", "-", "\\u00": a name such as "Zoë"
    is saved as an escape)."""
    rest = text[error.pos:].strip()
    return (not rest or error.msg.startswith("Unterminated string")
            or any(word.startswith(rest) for word in ("true", "false", "null"))
            or re.fullmatch(r"-|\.|[eE][+-]?|u[0-9a-fA-F]{0,4}", rest) is not None)  # (Python's pos: the "u")


def check_document(data: Any, path: Path | str = "<save>") -> dict[str, Any]:
    """Check a parsed save document; returns it in the ``cardtable-save`` shape: its seats
    normalised as a save writes them (a hand-edited bot seat without a level plays at
    "simple"), its ``saved_at`` (None if the file does not say), and no ``checksum`` (it
    was checked here; the document returned may differ from the file, and checking it
    again, as a Replay of it does, must not refuse it)."""
    if not isinstance(data, dict):
        raise _fail(path, f"not a cardtable save (the JSON holds {json_kind(data)}, not an object)")
    kind = data.get("format")
    if kind == GAME_FORMAT:  # a bare Game.to_json() file
        _check_version(data, path, "game")
        players = data.get("players")
        if not isinstance(players, int) or not 1 <= players <= 16:
            raise _fail(path, f"the game data has no valid player count ({players!r})")
        _check_family(data, path)
        _check_log(data, path)
        return {"format": FORMAT, "version": VERSION, "seats": default_seats(players),
                "saved_at": None, "game": data}
    if kind != FORMAT:
        shown = "no \"format\"" if kind is None else f"\"format\": {json.dumps(kind)}"
        raise _fail(path, f"not a cardtable save: it has {shown}, where a save says \"format\": \"{FORMAT}\"")
    _check_version(data, path, "save")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise _fail(path, f"the save is damaged: unknown field {unknown[0]!r}")
    if "checksum" in data and data["checksum"] != checksum(data):
        raise _fail(path, "the save is damaged: its checksum does not match its contents "
                          "(the file was changed or corrupted)")
    game = data.get("game")
    if not isinstance(game, dict):
        raise _fail(path, "the save is damaged: it holds no game")
    if game.get("format") != GAME_FORMAT:
        raise _fail(path, "the save is damaged: its game data has the wrong format")
    _check_version(game, path, "game")
    _check_family(game, path)
    _check_log(game, path)
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(_seat_ok(s) for s in seats):
        raise _fail(path, "the save is damaged: the seats are not a list of "
                          "{name, kind: human|bot, level}")
    try:  # (as a save is written: known bot levels, no two seats of one name)
        seats = normalize_seats(seats)
    except ValueError as error:
        raise _fail(path, f"the save is damaged: {error}") from None
    if len(seats) != game.get("players"):
        raise _fail(path, f"the save is damaged: {count(len(seats), 'seat')} for {game.get('players')!r} players")
    saved_at = data.get("saved_at")
    if saved_at is not None and not isinstance(saved_at, str):
        raise _fail(path, "the save is damaged: saved_at is not a date")
    checked = {key: value for key, value in data.items() if key != "checksum"}
    return {**checked, "seats": seats, "saved_at": saved_at}


def _check_log(game: dict[str, Any], path: Path | str) -> None:
    """The move log is there, a list of records, each a list (what :meth:`Game.replay`
    reads; a file without one is no game at its start: its moves are lost)."""
    if "log" not in game:
        raise _fail(path, "the save is damaged or incomplete: its game has no move log ('log')")
    log = game["log"]
    if not isinstance(log, list) or not all(isinstance(record, list) for record in log):
        raise _fail(path, "the save is damaged: its move log is not a list of moves")


def _check_version(data: dict[str, Any], path: Path | str, what: str) -> None:
    version = data.get("version")
    if version == VERSION and type(version) is int:
        return
    if type(version) is int and version > VERSION:
        raise _fail(path, f"{what} format version {version} was written by a newer cardtable; "
                          f"this one reads version {VERSION}")
    if type(version) is str and version.strip().isdigit():
        raise _fail(path, f"the {what} format version is written as text ({version!r}): write the "
                          f"number {version.strip()}, without quotes")
    raise _fail(path, f"unknown {what} format version {version!r} (this cardtable reads version {VERSION})")


def _check_family(game: dict[str, Any], path: Path | str) -> None:
    """The game data's ``family`` must be one this cardtable plays (a string in FAMILIES)."""
    family = game.get("family")
    if not isinstance(family, str) or family not in FAMILIES:
        what = "no game family" if "family" not in game else f"unknown game family {family!r}"
        raise _fail(path, f"{what} (this cardtable plays {', '.join(FAMILIES)})")


def _seat_ok(seat: Any) -> bool:
    return (isinstance(seat, dict) and isinstance(seat.get("name"), str) and bool(seat["name"].strip())
            and seat.get("kind") in SEAT_KINDS
            and (seat.get("level") is None or isinstance(seat.get("level"), str)))


def game_from_document(document: dict[str, Any], path: Path | str = "<save>") -> Game:
    """Replay a checked document's game; every failure is a SaveError naming ``path``."""
    try:
        return Game.from_data(document["game"])
    except SaveError as error:
        raise _fail(path, str(error)) from None
    except Exception as error:  # a damaged log must never crash the caller
        raise _fail(path, f"the save is damaged ({type(error).__name__}: {error})") from None


def load_game(path: str | os.PathLike[str]) -> tuple[Game, Seats]:
    """Load a save: ``(game, seats)``, the game replayed to where it was saved.

    Raises :class:`SaveError` ("<file>: <problem>") for anything wrong; the file is only
    read, never changed."""
    document = read_save(path)
    game = game_from_document(document, save_path(path))
    return game, [dict(seat) for seat in document["seats"]]


def save_info(path: str | os.PathLike[str]) -> SaveInfo:
    """A save's summary (preset, seats, date, rounds, moves) without replaying it.

    Raises :class:`SaveError` naming the file for any damage, never another error."""
    path = Path(path)
    try:
        return _summary(path, read_save(path))
    except SaveError:
        raise
    except Exception as error:  # a damaged file must never crash a menu
        raise _fail(path, f"the save is damaged ({type(error).__name__}: {error})") from None


def _summary(path: Path, document: dict[str, Any]) -> SaveInfo:
    """The SaveInfo of a checked document (its fields as ``check_document`` left them)."""
    game = document["game"]
    variant = game.get("variant") if isinstance(game.get("variant"), dict) else {}
    log = game["log"]  # (there, a list of lists: check_document)
    return SaveInfo(
        path=path, family=game["family"], preset=str(variant.get("name", "")),
        title=str(variant.get("title") or variant.get("name") or game["family"]),
        players=int(game["players"]), seats=tuple(document["seats"]), saved_at=document["saved_at"],
        rounds=1 + sum(1 for r in log if r[:1] == ["next_round"]),
        moves=logged_moves(log))


# ---------------------------------------------------------------------- the saves folder
def saves_dir() -> Path:
    """Where named saves go by default: ``data_dir()/saves`` (any path works too)."""
    return data_dir() / "saves"


def logged_moves(log: list[Any]) -> int:
    """The moves in (a part of) a save's log: its deals of a next round are no moves."""
    return sum(1 for entry in log if entry[:1] == ["move"])


def list_saves(folder: str | os.PathLike[str] | None = None) -> list[tuple[Path, SaveInfo | SaveError]]:
    """Every ``*.json`` in ``folder`` (default :func:`saves_dir`), newest first, each with
    its :class:`SaveInfo` or the :class:`SaveError` that says why it cannot be loaded (a
    load dialog lists both; nothing is replayed, nothing is changed)."""
    where = Path(folder) if folder is not None else saves_dir()
    if not where.is_dir():
        return []
    found: list[tuple[float, Path]] = []
    for path in where.glob("*.json"):
        try:
            found.append((path.stat().st_mtime, path))
        except OSError:
            continue
    result: list[tuple[Path, SaveInfo | SaveError]] = []
    for _mtime, path in sorted(found, key=lambda item: (-item[0], item[1].name)):
        try:
            result.append((path, save_info(path)))
        except SaveError as error:  # (the only error save_info raises)
            result.append((path, error))
    return result


SAVE_STEM_BYTES = 120
"""The most bytes of a save file's name before its time stamp (file systems take 255)."""


def new_save_path(game: Game, folder: str | os.PathLike[str] | None = None, name: str | None = None) -> Path:
    """A fresh file name for a named save: ``<name>-<YYYYmmdd-HHMMSS>.json`` in ``folder``
    (the name defaults to the game's preset; cut to :data:`SAVE_STEM_BYTES`, so that a
    preset's long file name still makes a file name the system takes)."""
    where = Path(folder) if folder is not None else saves_dir()
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    stem = "".join(c if c.isalnum() or c in "-_" else "-" for c in (name or game.variant.name or game.family))
    stem = stem.encode("utf-8")[:SAVE_STEM_BYTES].decode("utf-8", "ignore")
    path = where / f"{stem}-{stamp}.json"
    counter = 2
    while path.exists():
        path = where / f"{stem}-{stamp}-{counter}.json"
        counter += 1
    return path
