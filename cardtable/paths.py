"""Where cardtable finds its files: the user's folders first, then the shipped copies.

``CARDTABLE_HOME`` (an environment variable) moves every user folder under one
directory, which tests and portable installs use; otherwise platformdirs decides.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import platformdirs

_PACKAGE = Path(__file__).resolve().parent


def user_path(text: str | os.PathLike[str]) -> Path:
    """A path a user typed, ``~`` and ``~name`` meaning a home folder; a ValueError
    naming the user when the system has none of that name."""
    try:
        return Path(text).expanduser()
    except RuntimeError:  # (pathlib's words: "Could not determine home directory.")
        user = str(text).replace("\\", "/").split("/")[0]
        raise ValueError(f"no home folder for {user!r}: this system knows no such user") from None


def config_dir() -> Path:
    """The user's config folder: settings, their own presets and themes."""
    home = os.environ.get("CARDTABLE_HOME")
    return Path(home) / "config" if home else Path(platformdirs.user_config_dir("cardtable"))


def data_dir() -> Path:
    """The user's data folder: saves, autosave, history."""
    home = os.environ.get("CARDTABLE_HOME")
    return Path(home) / "data" if home else Path(platformdirs.user_data_dir("cardtable"))


def user_dir(kind: str) -> Path:
    """The user's own folder of ``kind`` ("variants" or "themes")."""
    return config_dir() / kind


def shipped_dir(kind: str) -> Path:
    """The shipped folder of ``kind``: inside the wheel after ``pip install .``, or the
    top-level folder of a source checkout (editable installs and tests)."""
    installed = _PACKAGE / "_data" / kind
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / kind


def leads_back(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a symbolic link that, followed, comes back to itself (a missing
    file, or a link to one, does not)."""
    try:
        os.stat(path)
    except OSError as error:
        return error.errno == errno.ELOOP
    return False


class NotRegularFile(OSError):
    """A path that is a pipe, a device or a socket where a file was wanted."""


class FileTooLarge(OSError):
    """A file larger than its kind ever is; ``size`` its bytes (as far as they were read)."""

    size = 0


def read_regular_file(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes. A folder
    raises IsADirectoryError, a pipe or a device :class:`NotRegularFile` (it is opened
    without waiting for a writer and judged on the open file, so one put there meanwhile
    is never waited on either), a larger file :class:`FileTooLarge`; other OSErrors
    (missing, no permission, a symlink loop) propagate."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(descriptor)
        kind = info.st_mode
        if stat.S_ISDIR(kind):
            raise IsADirectoryError(errno.EISDIR, "is a folder", str(path))
        if not stat.S_ISREG(kind):
            raise NotRegularFile(errno.EINVAL, "not a regular file (a pipe or a device)", str(path))
        if info.st_size > limit:
            raise _too_large(path, limit, info.st_size)
        handle = os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise
    with handle:
        data = handle.read(limit + 1)
    if len(data) > limit:  # (a file that grew, or one that tells no size)
        raise _too_large(path, limit, len(data))
    return data


def _too_large(path: str | os.PathLike[str], limit: int, size: int) -> FileTooLarge:
    error = FileTooLarge(errno.EFBIG, f"larger than {limit >> 20} MiB", str(path))
    error.size = size
    return error
