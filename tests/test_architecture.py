"""The shape of the code: the headless core never imports the terminal libraries (DESIGN
habit 1), the layers import downwards only, and no module reaches 600 lines (habit 9)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HEADLESS = ["cardtable", "cardtable.engine.game", "cardtable.presets", "cardtable.bots", "cardtable.sim",
            "cardtable.store", "cardtable.bots.search",
            "cardtable.games.president", "cardtable.games.president.bot"]


def test_engine_games_presets_and_bots_do_not_import_textual_or_rich():
    code = (
        "import importlib, sys\n"
        f"for name in {HEADLESS!r}: importlib.import_module(name)\n"
        "from cardtable.engine.registry import available_families\n"
        "for family in available_families(): importlib.import_module(f'cardtable.games.{family}.bot')\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""


def test_randomness_only_through_engine_rng():
    """No module outside engine/rng.py calls the module-level random functions."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "cardtable"
    offenders = []
    for path in root.rglob("*.py"):
        if path.name == "rng.py":
            continue
        text = path.read_text(encoding="utf-8")
        if "import random" in text or "from random import" in text:
            offenders.append(str(path.relative_to(root)))
    assert offenders == []


def test_only_the_command_line_and_the_tui_import_the_command_line_the_tui_or_rich():
    """Layers (DESIGN habit 1), read from every module's imports, lazy ones too: the
    engine, games, presets, bots, store, simulator and arena never import ``cardtable.cli``,
    ``cardtable.tui``, textual or rich; the TUI never imports the command line."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "cardtable"
    found = []
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        package = module if parts[-1] == "__init__" else module.rpartition(".")[0]
        layer = "cli" if module.startswith("cardtable.cli.") or module in ("cardtable.cli", "cardtable.__main__") else \
            "tui" if module.startswith("cardtable.tui") else "core"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
                names = [".".join([*base, node.module] if node.module else base)]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if layer == "core" and (name.startswith(("cardtable.cli", "cardtable.tui")) or top in ("textual", "rich")):
                    found.append(f"{module} imports {name}")
                if layer == "tui" and name.startswith("cardtable.cli"):
                    found.append(f"{module} imports {name}")
    assert found == []


def test_no_module_reaches_600_lines():
    """DESIGN habit 9: small modules, one role each, split by role before 600 lines."""
    root = Path(__file__).resolve().parents[1] / "cardtable"
    long = {str(path.relative_to(root)): lines for path in root.rglob("*.py")
            if (lines := len(path.read_text(encoding="utf-8").splitlines())) >= 600}
    assert long == {}, f"split by role: {long}"
