"""A reader that has gone (``cardtable presets list | head -1``) ends every command with
exit code 141 and nothing on standard error, whether it printed through rich or print()."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from cardtable.store import record_match

from .store.helpers import finished_game, seats_for


def _run_into_a_closed_pipe(*args: str) -> subprocess.CompletedProcess:
    read, write = os.pipe()
    os.close(read)  # nobody will ever read: every write is a broken pipe
    try:
        return subprocess.run([sys.executable, "-m", "cardtable", *args], stdout=write, stderr=subprocess.PIPE,
                              text=True, timeout=120)
    finally:
        os.close(write)


@pytest.mark.parametrize("args", [
    ["presets", "list"],
    ["presets", "show", "forseti"],
    ["stats", "--json"],
    ["simulate", "--games", "2", "--rounds", "1"],
    ["arena", "--seats", "medium,medium,medium", "--games", "1", "--rounds", "1"],
])
def test_a_closed_pipe_is_141_without_a_traceback(args):
    result = _run_into_a_closed_pipe(*args)
    assert (result.returncode, result.stderr) == (141, "")


def test_replay_text_into_a_closed_pipe_is_141(tmp_path):
    match_id = record_match(finished_game(tmp_path, "president", 2), seats_for(4))
    result = _run_into_a_closed_pipe("replay", "--match", str(match_id), "--text")
    assert (result.returncode, result.stderr) == (141, "")
