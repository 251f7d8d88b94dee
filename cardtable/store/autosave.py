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
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..engine.errors import SaveError
from ..engine.events import Event
from ..engine.game import Game
from ..engine.registry import variant_model
from ..paths import data_dir
from .saves import Seats, atomic_write, dump_save, load_game, new_save_path, normalize_seats, save_data, saves_dir

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
    try:
        text = source.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        text = ""
    if _holds_match(text, game, seats):
        return None
    same = _same_point_saved(text, Path(folder) if folder is not None else saves_dir(), source)
    if same is not None:
        source.unlink()
        return same
    try:
        saved = json.loads(text)["game"]
        preset = str(saved["variant"]["name"])
    except (ValueError, KeyError, TypeError):
        preset = "autosave"
    target = new_save_path(game, folder, name=f"interrupted-{preset}")
    target.parent.mkdir(parents=True, exist_ok=True)
    os.replace(source, target)
    _drop_earlier_copies(target, text, game, seats)
    return target


def _same_point_saved(text: str, folder: Path, source: Path) -> Path | None:
    """A save in ``folder`` (other than ``source``, the autosave itself) holding save text
    ``text``'s match, seats and moves exactly, and loading whole (a damaged copy holds
    nothing)."""
    if not text:
        return None
    for path in sorted(folder.glob("*.json")):
        try:
            if path.resolve() == source.resolve():
                continue
            other = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if not (_earlier_point(other, text) and _earlier_point(text, other)):
            continue
        try:
            load_game(path)
        except SaveError:
            continue
        return path
    return None


def _drop_earlier_copies(kept: Path, text: str, game: Game | None = None,
                         seats: Iterable[Any] | None = None) -> None:
    """Remove the ``interrupted-*`` files beside ``kept`` that hold an earlier point of the
    match in save text ``text``, with the same seats (one loaded and played on): one
    match, one file, the latest. A file that holds ``game`` (the match taking the slot,
    perhaps loaded from that very file to go back to it) stays."""
    for path in kept.parent.glob("interrupted-*.json"):
        if path == kept:
            continue
        try:
            older = path.read_text(encoding="utf-8")
            if _earlier_point(older, text) and (game is None or not _holds_match(older, game, seats)):
                path.unlink()
        except (OSError, UnicodeDecodeError):
            continue


def _earlier_point(old: str, new: str) -> bool:
    """Whether save text ``old`` is save text ``new``'s match, with the same seats, at the
    same or an earlier move."""
    try:
        older, newer = json.loads(old), json.loads(new)
        before, after = older["game"], newer["game"]
        log = before["log"]
        return (isinstance(log, list) and after["log"][:len(log)] == log
                and older.get("seats") == newer.get("seats")
                and all(before.get(key) == after.get(key)
                        for key in ("family", "players", "seed", "setup", "variant")))
    except (ValueError, KeyError, TypeError, AttributeError):
        return False


def _stamp(path: Path) -> tuple[int, int, int] | None:
    """``path``'s (inode, mtime, size), which every write changes; None if it is gone."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_ino, info.st_mtime_ns, info.st_size


def _holds_match(text: str, game: Game, seats: Iterable[Any] | None = None) -> bool:
    """Whether the autosave ``text`` is ``game``'s match (with ``seats``, when given), now
    or at an earlier move."""
    try:
        document = json.loads(text)
        saved = document["game"]
        if seats is not None and document.get("seats") != json.loads(json.dumps(
                normalize_seats(seats, game.players))):
            return False
        log = saved["log"]
        # the preset through its model, as loading reads it (a knob added since the save
        # was written takes its default)
        variant = variant_model(game.family).from_data(saved["variant"])
    except (ValueError, KeyError, TypeError):  # (a pydantic ValidationError is a ValueError)
        return False
    ours = json.loads(json.dumps(game.to_data()))
    same = variant == game.variant and all(saved.get(key) == ours[key]
                                           for key in ("family", "players", "seed", "setup"))
    return same and isinstance(log, list) and ours["log"][:len(log)] == log


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
        for path in sorted(self._folder.glob("interrupted-*.json")):
            try:
                if path.read_text(encoding="utf-8") == self._written:
                    return path
            except (OSError, UnicodeDecodeError):
                continue
        return None

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
                _drop_earlier_copies(self._folder / self.path.name, self._written)
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
        try:
            current = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return
        if self._written is not None and current == self._written:
            clear_autosave(self.path)
