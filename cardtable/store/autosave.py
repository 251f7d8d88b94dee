"""The autosave: after every applied move and every deal, the running game is written to
``data_dir()/autosave.json`` so that quitting, a crash, ``kill -9`` or a closed terminal
loses nothing.

Choices:

- **A listener, nothing more.** :class:`AutoSaver` subscribes to ``game.subscribe`` (the
  one path facts leave the engine) and writes the whole save each time with
  :func:`~cardtable.store.saves.save_game`'s atomic temp-file + fsync + rename. The save
  is the preset, seed and move log, so it stays small (a 4-player President match is
  ~15 kB, a Shanghai match ~35 kB). One write per move costs ~2 ms of JSON and
  hashing plus two fsyncs (file and folder: ~10 ms in all on the development VM), well
  under a human's or a paced bot's move; it runs in whichever thread applied the move.
- **A failed write never breaks the game**: the OSError is kept in ``last_error`` (the
  TUI may show it) and the next move tries again; the previous autosave stays whole.
- **The end of a match settles itself**: when the game is over the saver records it in
  the history (``record_match`` is idempotent, so the TUI may call it too) and then
  removes the autosave. If the history cannot be written the autosave is kept (the
  reason in ``history_error``), and
  constructing an ``AutoSaver`` for that (finished) game on the next start settles it.
- **Only its own file is cleared**: ``finish`` / ``abandon`` delete the autosave only if
  it still holds the text this saver wrote, so a second cardtable window's game (or a
  damaged file) is never deleted by the first.
- **One autosave slot, nothing overwritten**: a saver whose game is not the match the
  autosave holds (a new game, a loaded save) first moves that file into the saves folder
  as ``interrupted-<preset>-<time>.json`` (:func:`keep_autosave`; a damaged one too), so
  the interrupted match can still be loaded; ``kept`` says where it went. An older
  ``interrupted-*`` file of the same match (one that was loaded and played on) is removed
  then: one match, one file.
- **Two windows, two files**: a saver that finds the autosave written by someone else
  since its own last write (a second cardtable window started a match) leaves the slot
  to that window and goes on in the file its match was moved to,
  ``interrupted-<preset>-<time>.json`` in the saves folder (a new one if it was not
  moved; ``moved_to`` says where), so neither window writes over the other's match and
  both can be loaded later.
- Loading it is :func:`load_autosave`, the same checked ``load_game`` every save uses.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..engine.errors import SaveError
from ..engine.events import Event
from ..engine.game import Game
from ..engine.registry import variant_model
from ..paths import data_dir
from .saves import (SaveInfo, Seats, atomic_write, default_seats, dump_save, load_game, logged_moves,
                    new_save_path, normalize_seats, read_json, read_save, save_data, save_info, saves_dir)

AUTOSAVE_NAME = "autosave.json"


def autosave_path() -> Path:
    """Where the autosave lives: ``data_dir()/autosave.json``."""
    return data_dir() / AUTOSAVE_NAME


def has_autosave(path: str | os.PathLike[str] | None = None) -> bool:
    """Whether an autosave file exists (it may still be damaged: load it to know)."""
    return Path(path or autosave_path()).is_file()


def load_autosave(path: str | os.PathLike[str] | None = None) -> tuple[Game, Seats]:
    """The interrupted game and its seats. Raises SaveError (naming the file) if there is
    none or it is damaged; the file is left as it is."""
    return load_game(path or autosave_path())


def clear_autosave(path: str | os.PathLike[str] | None = None) -> bool:
    """Delete the autosave (a match abandoned on purpose); True if a file was removed."""
    try:
        Path(path or autosave_path()).unlink()
        return True
    except FileNotFoundError:
        return False


def autosave_in_the_way(game: Game, seats: Iterable[Any] | None = None,
                        path: str | os.PathLike[str] | None = None) -> bool:
    """Whether a table of ``game`` (with ``seats``) would move the autosave out of its way
    (:func:`keep_autosave`): it holds another match, another seating, or this one past
    ``game``'s move. Asked before such a table opens, so the player hears it first."""
    source = Path(path or autosave_path())
    if not source.is_file():
        return False
    point = _Point.read(source)
    return point is None or not point.reaches(_Point.of(game, seats))


def keep_autosave(game: Game, path: str | os.PathLike[str] | None = None,
                  folder: str | os.PathLike[str] | None = None, seats: Iterable[Any] | None = None) -> Path | None:
    """Move the autosave out of ``game``'s way unless it holds ``game``'s own match (the
    same preset, seats (when ``seats`` is given), seed and deal, its moves a beginning of
    the game's): into
    ``folder`` (default :func:`~cardtable.store.saves.saves_dir`) as
    ``interrupted-<preset>-<time>.json``. Returns the new path, or None if nothing moved.
    A file that cannot be read or parsed is moved too: it may be a match worth mending.
    When a save in ``folder`` already holds that match at the same move (saved with
    ctrl+s before quitting), the autosave is removed instead and that save's path is
    returned: one match, one file in Load game."""
    source = Path(path or autosave_path())
    if not source.is_file():
        return None
    where = Path(folder) if folder is not None else saves_dir()
    point, playing = _Point.read(source), _Point.of(game, seats)
    if point is not None and point.reaches(playing):
        return None
    same = _same_point_saved(point, where, source) if point is not None else None
    if same is not None:
        source.unlink()
        return same
    target = new_save_path(game, where, name=f"interrupted-{_preset_name(source)}")
    target.parent.mkdir(parents=True, exist_ok=True)
    os.replace(source, target)
    if point is not None and _loads(target):  # (a copy that loads is never dropped for one that does not)
        _drop_earlier_copies(target, point, playing)
    return target


def behind_autosave(saves: Iterable[tuple[Path, SaveInfo]],
                    autosave: str | os.PathLike[str] | None = None) -> dict[Path, int]:
    """The saves among ``saves`` (each with its :class:`SaveInfo`, as :func:`list_saves`
    gives them) that hold the match the autosave holds (same seats) at its move or an
    earlier one, each with how many moves the autosave is further on (0: the same move):
    Continue goes on with that game, so Load game says so beside them (a kept file loaded
    and played on is listed with the game it became). Only a save whose summary matches
    the autosave's (game, players, seats, no more moves) is read again. Nothing is changed:
    loading the older file still goes back to its move."""
    source = Path(autosave or autosave_path())
    try:
        mine = save_info(source)
    except SaveError:
        return {}
    ahead = _Point.read(source)
    if ahead is None:
        return {}
    found = {}
    for path, info in saves:
        if (info.family, info.players, info.seats) != (mine.family, mine.players, mine.seats) or info.moves > mine.moves:
            continue
        point = _Point.read(path)
        if point is not None and point.reaches(ahead):
            found[path] = logged_moves(ahead.log[len(point.log):])
    return found


@dataclass(frozen=True)
class _Point:
    """Where a save stands: its match (family, players, seed, deal, and the preset as
    loading reads it, so a knob added since the file was written takes its default),
    its seats (None: any) and its moves. One match's files are told apart from another's
    by this alone."""

    match: tuple[Any, ...]
    seats: Any
    log: list[Any]

    @classmethod
    def read(cls, path: Path) -> _Point | None:
        """The point of the save in ``path``; None if it is not a whole save."""
        try:
            return cls.of_document(read_save(path))
        except SaveError:
            return None

    @classmethod
    def of_document(cls, document: dict[str, Any]) -> _Point | None:
        game = document["game"]
        try:
            variant = variant_model(game["family"]).from_data(game["variant"], kept=True)
        except (ValueError, KeyError, TypeError):  # (a pydantic ValidationError is a ValueError)
            return None
        setup = json.dumps(game.get("setup"), sort_keys=True)
        return cls((game["family"], game.get("players"), game.get("seed"), setup, variant),
                   document["seats"], game.get("log", []))

    @classmethod
    def of(cls, game: Game, seats: Iterable[Any] | None = None) -> _Point:
        """The point ``game`` is at, with ``seats`` (None: any seats)."""
        document = json.loads(dump_save(save_data(game, seats or default_seats(game.players))))
        point = cls.of_document(document)
        assert point is not None  # (the game's own preset reads)
        return point if seats is not None else replace(point, seats=None)

    def reaches(self, later: _Point) -> bool:
        """Whether ``later`` is this match, with the same seats, at this move or after."""
        seats_agree = self.seats is None or later.seats is None or self.seats == later.seats
        return (self.match == later.match and seats_agree
                and later.log[:len(self.log)] == self.log)


def _preset_name(source: Path) -> str:
    """The preset a file of the autosave names, as well as it can be read ("autosave" when
    it cannot: a damaged file is kept under that name)."""
    try:
        return str(read_json(source)["game"]["variant"]["name"])
    except (SaveError, KeyError, TypeError):
        return "autosave"


def _loads(path: Path) -> bool:
    try:
        load_game(path)
    except SaveError:
        return False
    return True


def _same_point_saved(point: _Point, folder: Path, source: Path) -> Path | None:
    """A save in ``folder`` (other than ``source``, the autosave itself) at ``point``
    exactly (its match, seats and moves), and loading whole (a damaged copy holds
    nothing)."""
    for path in sorted(folder.glob("*.json")):
        try:
            if path.resolve() == source.resolve():
                continue
        except OSError:
            continue
        if _Point.read(path) == point and _loads(path):
            return path
    return None


def _drop_earlier_copies(kept: Path, point: _Point, playing: _Point | None = None) -> None:
    """Remove the ``interrupted-*`` files beside ``kept`` that hold ``point``'s match at
    that or an earlier move, with the same seats (one loaded and played on): one match,
    one file, the latest. A file that holds the match being ``playing`` (perhaps loaded
    from that very file to go back to it) stays."""
    for path in kept.parent.glob("interrupted-*.json"):
        if path == kept:
            continue
        older = _Point.read(path)
        if older is not None and older.reaches(point) and (playing is None or not older.reaches(playing)):
            try:
                path.unlink()
            except OSError:
                continue


def _holds_text(path: Path, text: str) -> bool:
    """Whether ``path`` is a regular file whose text is ``text`` (read only when its size
    says it may be: a pipe is never waited on)."""
    try:
        info = path.stat()
        return (stat.S_ISREG(info.st_mode) and info.st_size == len(text.encode("utf-8"))
                and path.read_text(encoding="utf-8") == text)
    except (OSError, UnicodeDecodeError):
        return False


def _stamp(path: Path) -> tuple[int, int, int] | None:
    """``path``'s (inode, mtime, size), which every write changes; None if it is gone."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_ino, info.st_mtime_ns, info.st_size


class AutoSaver:
    """Keeps the autosave of ``game`` current. Create it once the game exists (new,
    resumed or loaded); it writes at once, then after every move and deal::

        saver = AutoSaver(game, seats)      # seats: Seat objects, dicts or names
        ...                                 # play: every apply() / next_round() is saved
        saver.abandon()                     # the player quit the match on purpose
        saver.detach()                      # stop saving but keep the file (app exit)

    When the match ends it records it in the history (``record=True``) and clears the
    autosave. ``history_path`` overrides the database (tests)."""

    def __init__(self, game: Game, seats: Iterable[Any], path: str | os.PathLike[str] | None = None,
                 *, record: bool = True, history_path: str | os.PathLike[str] | None = None) -> None:
        self.game = game
        self.seats = normalize_seats(seats, game.players)
        self.path = Path(path) if path else autosave_path()
        self.record = record
        self.history_path = history_path
        self.writes = 0
        self.last_error: Exception | None = None
        self.history_error: Exception | None = None
        """Why the finished match could not go into the history (its autosave is kept, and
        the next resume records it), or None."""
        self.match_id: int | None = None
        self._written: str | None = None
        self._stamp: tuple[int, int, int] | None = None
        """The autosave file's (inode, mtime, size) after this saver's last write."""
        self._attached = True
        self._folder = saves_dir() if path is None else self.path.parent
        self.kept: Path | None = None
        """Where an autosave of another match was moved before this one was written."""
        self.moved_to: Path | None = None
        """The file this match went on in after another window took the autosave slot."""
        try:
            self.kept = keep_autosave(game, self.path, self._folder, self.seats)
        except OSError as error:
            self.last_error = error
            self._attached = False  # never write over a match that could not be moved
            return
        game.subscribe(self)
        self.save_now()
        if game.is_over:
            self.finish()

    def __call__(self, game: Game, events: list[Event]) -> None:
        if game is not self.game or not self._attached:
            return
        self.save_now()
        if game.is_over:
            self.finish()

    def save_now(self) -> bool:
        """Write the autosave now; False (and ``last_error`` set) if the write failed."""
        text = dump_save(save_data(self.game, self.seats))
        if self._stamp is not None and self.moved_to is None and _stamp(self.path) != self._stamp:
            self._leave_slot()
        try:
            atomic_write(self.path, text)
            self._stamp = _stamp(self.path)
        except OSError as error:
            self.last_error = error
            return False
        self._written = text
        self.writes += 1
        self.last_error = None
        return True

    def retry(self) -> bool:
        """After a failed write, one more (asked before a quit, so that no game is lost
        unsaid): True if the autosave holds the game now. A saver that could not move
        another match's autosave aside never writes (it would write over that match)."""
        if self.last_error is None:
            return True
        return self._attached and self.save_now()

    def _leave_slot(self) -> None:
        """Someone else wrote or removed the autosave since this saver's last write: go on
        in the file this match was moved to; if it was not moved, a new file, unless the
        slot is simply empty (then this saver keeps it)."""
        kept = self._kept_copy()
        if kept is None and _stamp(self.path) is None:
            return
        self.moved_to = self.path = kept or new_save_path(
            self.game, self._folder, name=f"interrupted-{self.game.variant.name}")

    def _kept_copy(self) -> Path | None:
        """The file the other window moved this saver's last write to, if it did."""
        if self._written is None:
            return None
        return next((path for path in sorted(self._folder.glob("interrupted-*.json"))
                     if _holds_text(path, self._written)), None)

    def finish(self) -> None:
        """The match is over: record it in the history, then remove the autosave and any
        ``interrupted-*`` file that holds an earlier point of it (the match was loaded
        from one and played to its end: the history has it now)."""
        self.detach()
        if self.record:
            from .history import record_match

            try:
                self.match_id = record_match(self.game, self.seats, path=self.history_path)
            except Exception as error:  # noqa: BLE001 - keep the autosave to settle later
                self.history_error = error
                return
            self.history_error = None
            if self._written is not None:
                point = _Point.of_document(json.loads(self._written))
                if point is not None:
                    _drop_earlier_copies(self._folder / self.path.name, point)
        self._clear_own()

    def abandon(self) -> None:
        """The player gave the match up on purpose: stop saving and remove the autosave."""
        self.detach()
        self._clear_own()

    def detach(self) -> None:
        """Stop saving (the file stays: the match can be resumed)."""
        if self._attached:
            self._attached = False
            try:
                self.game.unsubscribe(self)
            except ValueError:
                pass

    def _clear_own(self) -> None:
        if self._written is not None and _holds_text(self.path, self._written):
            clear_autosave(self.path)
