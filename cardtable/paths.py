"""Where cardtable finds its files: the user's folders first, then the shipped copies.

``CARDTABLE_HOME`` (an environment variable) moves every user folder under one
directory, which tests and portable installs use; otherwise platformdirs decides.
"""

from __future__ import annotations

import os
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
