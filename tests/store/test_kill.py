"""Issue 8: kill -9 mid-round loses nothing. A bot-only game autosaves after every move
in a child process; the test kills it with SIGKILL, resumes from the autosave, and checks
the resumed game equals the same game replayed from its seed to the same point — and
that, while the child was writing, every read of the autosave found a whole save."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from cardtable import load_variant, new_game
from cardtable.engine.errors import SaveError
from cardtable.store import load_autosave, read_save

from .helpers import FAMILIES, PLAYERS, bot_step, preset_file

ROOT = Path(__file__).resolve().parents[2]
DRIVER = "from tests.store.driver import main; main()"

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")


class Watcher(threading.Thread):
    """Reads the autosave over and over while the child writes it: each read must be a
    complete, checked save (never half-written)."""

    def __init__(self, path: Path) -> None:
        super().__init__(daemon=True)
        self.path = path
        self.stop = threading.Event()
        self.reads = 0
        self.failures: list[str] = []

    def run(self) -> None:
        while not self.stop.is_set():
            if self.path.exists():
                try:
                    read_save(self.path)
                    self.reads += 1
                except SaveError as error:
                    if "no such file" not in str(error):  # cleared at the match's end
                        self.failures.append(str(error))
            self.stop.wait(0.0005)


def run_child(preset: Path, seed: int, autosave: Path, kill_after: int | None) -> list[str]:
    """Start the driver; SIGKILL it once it reports ``kill_after`` more moves (None: let it
    finish). Returns the lines it printed."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-c", DRIVER, str(preset), str(seed), str(autosave), "0.002"],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    watcher = Watcher(autosave)
    watcher.start()
    lines: list[str] = []
    try:
        assert child.stdout is not None
        for line in child.stdout:
            lines.append(line.strip())
            if kill_after is not None and len(lines) > kill_after:
                child.send_signal(signal.SIGKILL)
                break
        child.wait(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        watcher.stop.set()
        watcher.join()
    stderr = child.stderr.read() if child.stderr else ""
    if kill_after is None:
        assert child.returncode == 0, stderr
    else:
        assert child.returncode == -signal.SIGKILL, stderr
    assert watcher.failures == [], watcher.failures[:3]
    assert watcher.reads > 0
    return lines


def reference(preset: Path, seed: int, moves: int, round_: int):
    """The same bot game played from its seed, uninterrupted, to ``moves`` moves in round ``round_``."""
    variant = load_variant(str(preset))
    game = new_game(variant, PLAYERS[variant.family], seed)
    while game.moves_played < moves or game.round < round_:
        bot_step(game)
    return game


def check_resumed(preset: Path, seed: int, autosave: Path, lines: list[str]):
    game, seats = load_autosave(autosave)
    last_moves = int(lines[-1].split()[0])
    # killed after printing move n: the autosave holds move n, or n + 1 if the next
    # move's write had completed when the signal came
    assert last_moves <= game.moves_played <= last_moves + 1
    expected = reference(preset, seed, game.moves_played, game.round)
    assert game == expected
    assert game.to_act == expected.to_act
    for seat in range(game.players):
        assert game.view(seat).hand == expected.view(seat).hand
        assert game.legal_moves(seat) == expected.legal_moves(seat)
    assert [seat["name"] for seat in seats][0] == "Ann"
    return game


@pytest.mark.parametrize("family", FAMILIES)
def test_sigkill_mid_round_then_resume_loses_nothing(family, tmp_path):
    preset = preset_file(tmp_path, family)
    autosave = tmp_path / "data" / "autosave.json"
    seed = 11

    lines = run_child(preset, seed, autosave, kill_after=20)
    first = check_resumed(preset, seed, autosave, lines)
    if family == "president":
        assert first.round == 1 and not first.round_over, "the kill should land mid-round"

    # resume in a new process, play on, kill again
    lines = run_child(preset, seed, autosave, kill_after=15)
    assert lines[0] == f"resumed {first.moves_played} {first.round}"
    second = check_resumed(preset, seed, autosave, lines[1:])
    assert second.moves_played > first.moves_played

    if family == "shanghai":
        return  # the longest match: playing it out (a write per move) adds seconds, not coverage
    # resume once more and let the match end: the autosave is then cleared
    lines = run_child(preset, seed, autosave, kill_after=None)
    assert lines[-1] == "over"
    assert not autosave.exists()
    assert not list(autosave.parent.glob("*.tmp"))


def test_the_reference_is_deterministic(tmp_path):
    """The kill test's premise: the same seed gives the same bot game."""
    preset = preset_file(tmp_path, "president")
    a = reference(preset, 5, 40, 1)
    b = reference(preset, 5, 40, 1)
    assert a == b
    assert hashlib.sha256(a.to_json().encode()).hexdigest() == hashlib.sha256(b.to_json().encode()).hexdigest()
