"""The whole package type-checks (DESIGN habit 10): the headless core (engine, games,
presets, bots, store) and the TUI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ["cardtable"]


def test_the_package_is_mypy_clean():
    pytest.importorskip("mypy")
    result = subprocess.run([sys.executable, "-m", "mypy", *CHECKED], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
