"""The headless core type-checks (DESIGN habit 10: mypy clean on the engine)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ["cardtable/engine", "cardtable/presets", "cardtable/games/president", "cardtable/bots/base.py",
           "cardtable/sim.py"]


def test_engine_presets_and_president_are_mypy_clean():
    pytest.importorskip("mypy")
    result = subprocess.run([sys.executable, "-m", "mypy", *CHECKED], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
