"""The headless core (engine, games, presets, bots, store) type-checks (DESIGN habit 10)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ["cardtable/engine", "cardtable/presets", "cardtable/games", "cardtable/bots", "cardtable/store",
           "cardtable/sim.py", "cardtable/arena.py"]


def test_the_headless_core_is_mypy_clean():
    pytest.importorskip("mypy")
    result = subprocess.run([sys.executable, "-m", "mypy", *CHECKED], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
