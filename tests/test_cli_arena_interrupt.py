"""ctrl+c stops ``cardtable arena --jobs N`` at once: a tester's ctrl+c left the workers
playing for minutes (each played the match queued ahead of it in the pool, which the
arena could not cancel); now a match is handed out only as a worker is free."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time


def test_ctrl_c_stops_a_parallel_arena_at_once(tmp_path):
    command = [sys.executable, "-m", "cardtable", "arena", "--game", "tonk", "--games", "8",
               "--seats", "hard,medium", "--jobs", "2", "--rounds", "0"]
    arena = subprocess.Popen(command, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             env=os.environ | {"CARDTABLE_HOME": str(tmp_path)})
    try:
        time.sleep(4)  # (the workers busy with their first matches; hard Tonk bots play for minutes)
        assert arena.poll() is None, arena.stderr.read() if arena.stderr else ""
        sent = time.monotonic()
        os.killpg(arena.pid, signal.SIGINT)  # (as the terminal sends ctrl+c: to the whole process group)
        arena.wait(timeout=90)
        took = time.monotonic() - sent
        assert arena.returncode == 130
    finally:
        if arena.poll() is None:
            os.killpg(arena.pid, signal.SIGKILL)
            arena.wait()
    assert took < 20  # (0.5 s here; the workers' queued matches took minutes)
