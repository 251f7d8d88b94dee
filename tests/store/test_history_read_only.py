"""Reading the match history never writes it: ``cardtable stats`` and replays work from a
history this user may not write (a read-only file, or a read-only data folder)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from cardtable.store import history_path, load_match, player_stats, recent_matches, record_match

from .helpers import finished_game, seats_for

ROOT = Path(__file__).resolve().parents[2]


def recorded(tmp_path: Path, journal: str) -> Path:
    """A history holding one finished President match, left in ``journal`` mode (a
    history written by an older cardtable or another SQLite tool may not be in WAL)."""
    record_match(finished_game(tmp_path, "president", 1), seats_for(4))
    path = history_path()
    with closing(sqlite3.connect(path)) as db:
        assert db.execute(f"PRAGMA journal_mode = {journal}").fetchone()[0] == journal
    return path


@pytest.mark.parametrize("journal", ["delete", "wal"])
def test_reading_leaves_the_history_as_it_was(tmp_path, journal):
    """Statistics, the recent matches and a match's save are read without a byte of the
    file changed (reading once switched it to WAL mode, which a read-only file refuses;
    SQLite's own side files of a WAL history may appear beside it)."""
    path = recorded(tmp_path, journal)
    before = path.read_bytes()
    [ann] = player_stats("Ann")
    assert ann.matches == 1
    [match] = recent_matches()
    assert load_match(match.id)["seats"][0]["name"] == "Ann"
    assert path.read_bytes() == before
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == journal


CRASH_MID_WRITE = """
import os, sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA cache_size = 1")  # (changed pages spill into the file before the commit)
db.execute("BEGIN")
db.execute("UPDATE seats SET name = 'Bob' WHERE name = 'Ann'")
db.execute("UPDATE matches SET save = save || ?", ("x" * 200000,))
os._exit(0)  # (a crash: no commit, the journal left behind)
"""


def test_a_write_cut_off_by_a_crash_is_rolled_back_before_reading(tmp_path):
    """A history whose writer crashed mid-write keeps a journal to roll back: the reader
    must not read the half-written file as it is (the committed match is what counts)."""
    path = recorded(tmp_path, "delete")
    subprocess.run([sys.executable, "-c", CRASH_MID_WRITE, str(path)], check=True, timeout=60)
    assert Path(f"{path}-journal").exists()
    [ann] = player_stats("Ann")
    assert ann.matches == 1 and player_stats("Bob") == []
    assert [match.names[0] for match in recent_matches()] == ["Ann"]


def run_without_write_rights(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a Python that may not write files it does not own the write bit of:
    as this user when not root; as root without the capabilities that override file modes
    (``setpriv``) when root."""
    command = [sys.executable, "-c", code]
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        drop = [setpriv or "setpriv", "--bounding-set", "-dac_override,-dac_read_search,-fowner", "--"]
        if setpriv is None or subprocess.run([*drop, "true"], capture_output=True).returncode != 0:
            pytest.skip("root, and no setpriv that may drop the right to write read-only files here")
        command = [*drop, *command]
    return subprocess.run(command, capture_output=True, text=True, timeout=60,
                          env=os.environ | {"PYTHONPATH": str(ROOT)})


@pytest.mark.parametrize("journal, folder_read_only", [("delete", False), ("wal", False), ("wal", True)])
def test_stats_and_replay_read_a_history_this_user_may_not_write(tmp_path, journal, folder_read_only):
    path = recorded(tmp_path, journal)
    for leftover in path.parent.glob("history.sqlite3-*"):
        leftover.unlink()  # (a folder made read-only after the last cardtable closed the history)
    path.chmod(0o444)
    if folder_read_only:
        path.parent.chmod(0o555)
    try:
        done = run_without_write_rights(
            "from cardtable.cli import main\n"
            "assert main(['stats', '--name', 'Ann', '--json']) == 0\n"
            "assert main(['replay', '--match', '1', '--text']) == 0\n")
    finally:
        path.parent.chmod(0o755)
        path.chmod(0o644)
    assert done.returncode == 0, done.stderr
    assert '"name": "Ann"' in done.stdout and "Final scores: Ann" in done.stdout
