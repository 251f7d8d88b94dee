"""The README's engine example is run as a doctest, so it stays true."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_engine_example_runs():
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    examples = [block for block in blocks if ">>>" in block]
    assert examples, "the README should show a runnable engine example"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for number, block in enumerate(examples):
        test = parser.get_doctest(block, {}, f"README example {number + 1}", str(README), 0)
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 5
    assert result.failed == 0


def test_readme_starts_with_the_two_setup_commands():
    text = README.read_text(encoding="utf-8")
    commands = re.findall(r"```sh\n(.*?)\n```", text, flags=re.S)
    assert commands[0].endswith("pip install . && cardtable")
    assert "<!-- test-command -->" in text
    assert commands[1].endswith('pip install ".[test]" && python -m pytest')


def test_readme_plain_python_blocks_run():
    """Every ```python block without ``>>>`` runs as written (in the test's own user folder)."""
    text = README.read_text(encoding="utf-8")
    blocks = [block for block in re.findall(r"```python\n(.*?)```", text, flags=re.S) if ">>>" not in block]
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
