"""Every test runs with its own empty user folder (CARDTABLE_HOME), so a developer's
own presets, themes and saves never change a test's outcome — nor the tests collected:
modules that list the presets when they load (``list_variants()`` in a parametrize) read
an empty folder too, set up before collection."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

_COLLECTION_HOME: str | None = None
_OWN_HOME = os.environ.get("CARDTABLE_HOME")


def pytest_configure(config):
    global _COLLECTION_HOME
    _COLLECTION_HOME = tempfile.mkdtemp(prefix="cardtable-collect-")
    os.environ["CARDTABLE_HOME"] = _COLLECTION_HOME


def pytest_unconfigure(config):
    if _COLLECTION_HOME is not None:
        shutil.rmtree(_COLLECTION_HOME, ignore_errors=True)
    if _OWN_HOME is None:  # (the developer's own setting back, for whatever runs after)
        os.environ.pop("CARDTABLE_HOME", None)
    else:
        os.environ["CARDTABLE_HOME"] = _OWN_HOME


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("cardtable-home")
    monkeypatch.setenv("CARDTABLE_HOME", str(home))
    return home


@pytest.fixture
def user_presets(_isolated_home):
    """The user's preset folder, created empty."""
    folder = _isolated_home / "config" / "variants"
    folder.mkdir(parents=True)
    return folder
