"""The match history: correct statistics for known matches in all three families, and a
database that survives two processes writing at once."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.paths import data_dir
from cardtable.store import Replay, history_path, load_match, player_stats, recent_matches, record_match
from cardtable.store.history import HistoryError, connect, places

from .helpers import finished_game, seats_for, started_game

ROOT = Path(__file__).resolve().parents[2]


def test_places_share_ties():
    assert places([3, 7, 7, 1], low_wins=False) == [3, 1, 1, 4]
    assert places([30, 10, 10, 55], low_wins=True) == [3, 1, 1, 4]


def test_the_database_is_in_the_data_folder_in_wal_mode(tmp_path):
    record_match(finished_game(tmp_path, "tonk", 1), seats_for(3))
    assert history_path() == data_dir() / "history.sqlite3"
    with sqlite3.connect(history_path()) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA user_version").fetchone()[0] == 1


def test_only_finished_matches_and_each_once(tmp_path):
    with pytest.raises(ValueError, match="finished"):
        record_match(started_game(tmp_path, "president", 1, 10), seats_for(4))
    game = finished_game(tmp_path, "president", 1)
    first = record_match(game, seats_for(4))
    assert record_match(game, seats_for(4)) == first  # idempotent
    assert len(recent_matches()) == 1


def test_statistics_for_known_matches_in_all_three_families(tmp_path):
    pres = [finished_game(tmp_path, "president", seed) for seed in (1, 2)]
    shan = [finished_game(tmp_path, "shanghai", seed) for seed in (1, 2)]
    tonk = [finished_game(tmp_path, "tonk", seed) for seed in (1, 4)]
    # the known outcomes these seeds give (see helpers: short presets, simple bots)
    assert [g.scores for g in pres] == [(2, 4, 0, 0), (0, 3, 0, 3)]
    assert [g.winners() for g in pres] == [(1,), (1, 3)]  # a shared best total: both win
    assert [g.scores for g in shan] == [(15, 20, 10, 25), (25, 70, 5, 10)]
    assert [g.winners() for g in shan] == [(2,), (2,)]  # lowest total wins
    assert [g.scores for g in tonk] == [(3, 0, -3), (-1, -5, 6)]
    assert [g.round for g in tonk] == [3, 3]
    for index, game in enumerate(pres + shan + tonk):
        seats = seats_for(game.players, human="ann" if index % 2 else "Ann")  # names ignore case
        record_match(game, seats, finished_at=f"2025-01-{index + 1:02d}T12:00:00+00:00")

    stats = {p.name: p for p in player_stats()}
    assert set(stats) == {"ann", "Dag", "Eve", "Finn"}  # the latest spelling of Ann
    ann, dag, eve = stats["ann"], stats["Dag"], stats["Eve"]
    assert ann.matches == 6 and dag.matches == 6 and stats["Finn"].matches == 4
    assert ann.kinds == ("human",) and dag.kinds == ("bot",)
    # wins: Dag (seat 1) wins both President matches; Eve (seat 2) both Shanghai ones;
    # Tonk: Ann wins seed 1, Eve seed 4
    assert (ann.wins, dag.wins, eve.wins, stats["Finn"].wins) == (1, 2, 3, 1)
    assert ann.families["tonk"].wins == 1 and eve.families["shanghai"].wins == 2
    # President titles: counted over every round of every match, from the events
    expected: dict[str, int] = {}
    for game in pres:
        for event in game.events:
            if event.kind == "titles_awarded":
                expected[event.titles[1]] = expected.get(event.titles[1], 0) + 1
    assert dag.president_titles == expected and sum(expected.values()) == 4
    finals = [game.titles[1] for game in pres]
    assert dag.families["president"].final_titles == {t: finals.count(t) for t in finals}
    # Shanghai: average final score
    assert ann.shanghai_average == (15 + 25) / 2 and eve.shanghai_average == (10 + 5) / 2
    # Tonk: net chips per hand played
    assert ann.tonk_chips_per_hand == (3 - 1) / 6 and eve.tonk_chips_per_hand == (-3 + 6) / 6
    assert dag.tonk_chips_per_hand == (0 - 5) / 6
    assert ann.families["tonk"].hands == 6
    # one player, by name, ignoring case
    [only] = player_stats("ANN")
    assert only.matches == 6 and only.to_data()["families"]["tonk"]["net_chips"] == 2
    assert player_stats("nobody") == []
    # recent matches: newest first
    recent = recent_matches(3)
    assert [m.family for m in recent] == ["tonk", "tonk", "shanghai"]
    assert recent[0].winner_names == ("Eve",) and recent[0].scores == (-1, -5, 6)
    json.dumps([p.to_data() for p in stats.values()])  # JSON-ready


def test_a_recorded_match_can_be_replayed(tmp_path):
    game = finished_game(tmp_path, "shanghai", 3)
    match_id = record_match(game, seats_for(4))
    replay = Replay(load_match(match_id))
    assert replay.end() == game and replay.name(0) == "Ann"
    with pytest.raises(KeyError):
        load_match(999)


def test_no_history_yet():
    assert player_stats() == [] and recent_matches() == []
    assert not history_path().exists()  # reading never creates the database


def test_a_database_from_a_newer_cardtable_is_refused(tmp_path):
    record_match(finished_game(tmp_path, "tonk", 2), seats_for(3))
    with sqlite3.connect(history_path()) as db:
        db.execute("PRAGMA user_version = 99")
    with pytest.raises(HistoryError, match="newer cardtable"):
        player_stats()


def test_not_a_database(tmp_path):
    history_path().parent.mkdir(parents=True, exist_ok=True)
    history_path().write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(HistoryError, match="cannot use the match history"):
        connect()


WRITER = """
import sys, time
from pathlib import Path
from tests.store.helpers import finished_game, seats_for
from cardtable.store import record_match
folder, first, count, go = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4])
games = [finished_game(folder, "president", seed) for seed in range(first, first + count)]
print("ready", flush=True)
while not go.exists():
    time.sleep(0.001)
for game in games:
    record_match(game, seats_for(4))
print("ok")
"""


def test_two_processes_writing_at_once(tmp_path):
    """Two processes record matches at the same moment (some of them the same match):
    no error, no lost row, no duplicate."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    go = tmp_path / "go"
    (tmp_path / "presets").mkdir()
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path / "presets"), str(first), "30", str(go)],
                              cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for first in (1, 21)]  # seeds 1-30 and 21-50: 21-30 are recorded by both
    for proc in procs:  # both have built their games and wait for the signal
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    go.write_text("go")
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0 and out.strip().endswith("ok"), err
    matches = recent_matches(1000)
    assert sorted(m.seed for m in matches) == list(range(1, 51))
    with sqlite3.connect(history_path()) as db:
        assert db.execute("SELECT COUNT(*) FROM seats").fetchone()[0] == 50 * 4
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert player_stats("Ann")[0].matches == 50
