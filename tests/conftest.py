"""Every test runs with its own empty user folder (CARDTABLE_HOME), so a developer's
own presets, themes and saves never change a test's outcome."""

from __future__ import annotations

import pytest


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
