"""The match history: correct statistics for known matches in all three families, and a
database that survives two processes writing at once."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from cardtable.paths import data_dir
from cardtable.store import Replay, history_path, load_match, player_stats, recent_matches, record_match
from cardtable.store.history import HistoryError, connect

from .helpers import finished_game, seats_for, started_game

ROOT = Path(__file__).resolve().parents[2]


def test_places_share_ties(tmp_path):
    """Equal totals share a place; Shanghai's lowest total is first."""
    game = finished_game(tmp_path, "president", 1)
    game._scores = [3, 7, 7, 1]
    assert game.places() == (3, 1, 1, 4)
    game = finished_game(tmp_path, "shanghai", 1)
    game._scores = [30, 10, 10, 55]
    assert game.places() == (3, 1, 1, 4)


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
    other = record_match(game, seats_for(4, human="Bea"))  # the same deal and moves, another player
    assert other != first and len(recent_matches()) == 2


def expected_stats(games_by_seat: list[tuple[object, int]]) -> dict:
    """One player's statistics worked out from the games themselves (seat per game)."""
    out = {"matches": 0, "wins": 0, "titles": {}, "shanghai": [], "tonk_chips": 0, "tonk_hands": 0}
    for game, seat in games_by_seat:
        out["matches"] += 1
        out["wins"] += seat in game.winners()
        if game.family == "president":
            for event in game.events:
                if event.kind == "titles_awarded":
                    out["titles"][event.titles[seat]] = out["titles"].get(event.titles[seat], 0) + 1
        elif game.family == "shanghai":
            out["shanghai"].append(game.scores[seat])
        else:
            out["tonk_chips"] += game.chips[seat] - game.variant.rules.starting_chips
            out["tonk_hands"] += sum(1 for event in game.events if event.kind == "round_ended")
    return out


def test_statistics_for_known_matches_in_all_three_families(tmp_path):
    pres = [finished_game(tmp_path, "president", seed) for seed in (1, 2)]
    shan = [finished_game(tmp_path, "shanghai", seed) for seed in (1, 2)]
    tonk = [finished_game(tmp_path, "tonk", seed) for seed in (1, 4)]
    # a known tie: another President match, its top two totals made equal
    tie = finished_game(tmp_path, "president", 3)
    tie._scores = [5, 5, 1, 0]
    tie_winners = tie.winners()
    assert tie_winners == (0, 1)
    games = pres + shan + tonk + [tie]
    for index, game in enumerate(games):
        seats = seats_for(game.players, human="ann" if index % 2 else "Ann")  # names ignore case
        record_match(game, seats, finished_at=f"2025-01-{index + 1:02d}T12:00:00+00:00")

    stats = {p.name: p for p in player_stats()}
    assert set(stats) == {"Ann", "Dag", "Eve", "Finn"}  # the latest spelling of Ann
    assert stats["Ann"].kinds == ("human",) and stats["Dag"].kinds == ("bot",)
    for seat, name in enumerate(("Ann", "Dag", "Eve", "Finn")):
        mine = [(game, seat) for game in games if seat < game.players]
        want = expected_stats(mine)
        got = stats[name]
        assert (got.matches, got.wins) == (want["matches"], want["wins"]), name
        assert got.president_titles == want["titles"], name
        assert sum(got.president_titles.values()) == 2 + 2 + 2  # rounds of the three President matches
        if want["shanghai"]:
            assert got.shanghai_average == sum(want["shanghai"]) / len(want["shanghai"])
        if want["tonk_hands"]:
            assert got.tonk_chips_per_hand == want["tonk_chips"] / want["tonk_hands"]
            assert got.families["tonk"].hands == want["tonk_hands"] == 6
        else:
            assert got.tonk_chips_per_hand is None
    # the tie: both seats won that match
    assert stats["Ann"].families["president"].wins == sum(0 in g.winners() for g in pres) + 1
    assert stats["Dag"].families["president"].wins == sum(1 in g.winners() for g in pres) + 1
    assert stats["Eve"].families["president"].wins == sum(2 in g.winners() for g in pres)
    # the scoring direction: Shanghai's lowest total wins, President's highest
    assert all(g.winners() == tuple(s for s in range(4) if g.scores[s] == min(g.scores)) for g in shan)
    # one player, by name, ignoring case
    [only] = player_stats("ANN")
    assert only.matches == 7
    assert only.to_data()["families"]["tonk"]["net_chips"] == expected_stats(
        [(g, 0) for g in tonk])["tonk_chips"]
    assert player_stats("nobody") == []
    # recent matches: newest first
    recent = recent_matches(3)
    assert [m.family for m in recent] == ["president", "tonk", "tonk"]
    assert recent[0].winners == (0, 1) and recent[0].winner_labels == ("Ann", "Dag (bot)")
    assert recent[1].scores == tonk[1].scores
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


def test_a_newer_cardtables_history_whose_tables_this_sqlite_cannot_read_is_told_as_newer(tmp_path):
    """The version is read before the tables: a table written in a way this SQLite does
    not know said "malformed database schema", not "written by a newer cardtable"."""
    with closing(sqlite3.connect(history_path_made())) as db:
        db.execute("CREATE TABLE later (x)")
        db.execute("PRAGMA user_version = 99")
        db.execute("PRAGMA writable_schema = ON")
        db.execute("UPDATE sqlite_master SET sql = 'CREATE TABLE later (x) WITHOUT SOMETHING_NEW' WHERE name = 'later'")
        db.commit()
    for use in (player_stats, connect):
        with pytest.raises(HistoryError, match="written by a newer cardtable .schema 99."):
            use()


def history_path_made() -> Path:
    history_path().parent.mkdir(parents=True, exist_ok=True)
    return history_path()


def test_not_a_database(tmp_path):
    history_path().parent.mkdir(parents=True, exist_ok=True)
    history_path().write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(HistoryError, match="cannot use the match history"):
        connect()


def test_a_folder_where_the_database_should_be(tmp_path):
    history_path().mkdir(parents=True)
    with pytest.raises(HistoryError, match="is a folder, not a match history$"):
        player_stats()


def test_a_pipe_where_the_history_should_be_is_told_not_waited_on(tmp_path):
    """A tester's history was a named pipe: ``stats`` and ``replay`` waited for ever."""
    history_path().parent.mkdir(parents=True)
    os.mkfifo(history_path())
    for use in (player_stats, recent_matches, lambda: load_match(1),
                lambda: record_match(finished_game(tmp_path, "tonk", 1), seats_for(3))):
        with pytest.raises(HistoryError) as caught:
            use()
        assert str(caught.value) == f"{history_path()}: is not a regular file (a device or a pipe), not a match history"


def test_a_symbolic_link_loop_or_a_file_as_the_folder_is_told(tmp_path):
    history_path().parent.mkdir(parents=True)
    history_path().symlink_to(history_path())
    with pytest.raises(HistoryError, match=": a symbolic link that leads back to itself$"):
        player_stats()
    history_path().unlink()
    history_path().parent.rmdir()
    history_path().parent.write_text("a file where the data folder goes")
    with pytest.raises(HistoryError, match=r": cannot be read: Not a directory$"):
        recent_matches()


def test_reading_an_empty_or_another_programs_database_leaves_it_as_it_was(tmp_path):
    """Reading never writes: a zero-byte history was made a 32 KiB database, and another
    program's database got cardtable's tables (and was read as an empty history)."""
    history_path().parent.mkdir(parents=True)
    history_path().write_bytes(b"")
    assert player_stats() == [] and recent_matches() == []
    assert history_path().read_bytes() == b""
    history_path().unlink()
    with closing(sqlite3.connect(history_path())) as db:
        db.execute("CREATE TABLE notes (x)")
        db.commit()
    before = history_path().read_bytes()
    for use in (player_stats, recent_matches, lambda: load_match(1),
                lambda: record_match(finished_game(tmp_path, "tonk", 1), seats_for(3))):
        with pytest.raises(HistoryError, match="not a match history of cardtable \\(another program's database\\)"):
            use()
    assert history_path().read_bytes() == before


def test_the_command_line_says_what_is_wrong_with_the_history(capsys):
    from cardtable.cli import main

    history_path().parent.mkdir(parents=True, exist_ok=True)
    history_path().write_bytes(b"this is not sqlite" * 100)
    assert main(["replay", "--match", "1", "--text"]) == 2
    assert main(["stats"]) == 2
    err = capsys.readouterr().err
    assert err.count("cannot use the match history (file is not a database)") == 2
    assert "Traceback" not in err


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


OPENER = """
import sys, time
from pathlib import Path
from cardtable.store.history import HistoryError, connect
folder, go = Path(sys.argv[1]), Path(sys.argv[2])
print("ready", flush=True)
while not go.exists() or not go.read_text():
    time.sleep(0.001)
start, refused = float(go.read_text()), 0
for n in range(40):  # (all three open history n at the same moment)
    while time.time() < start + n * 0.05:
        pass
    try:
        connect(folder / f"history{n}.sqlite3").close()
    except HistoryError:
        refused += 1
print(refused)
"""


def test_three_processes_creating_the_history_at_once_all_open_it(tmp_path):
    """Each finds the history new, or made by another: never "another program's database"
    (one read the version before another made the tables, the tables after, and refused
    the history one time in ten)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    go = tmp_path / "go"
    procs = [subprocess.Popen([sys.executable, "-c", OPENER, str(tmp_path), str(go)], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(3)]
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    go.write_text(str(time.time() + 0.2))
    refused = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        refused.append(int(out))
    assert refused == [0, 0, 0]


def test_a_failed_write_tells_its_own_error_not_the_rollbacks():
    """When a write fails and SQLite has already rolled the transaction back, the ROLLBACK
    that follows fails too ("no transaction is active"): the first error is the one told."""
    import sqlite3

    from cardtable.store.database import immediate

    connection = sqlite3.connect(":memory:", isolation_level=None)
    with pytest.raises(ZeroDivisionError):
        with immediate(connection):
            connection.execute("ROLLBACK")  # (as SQLite does itself on some errors)
            1 / 0
    connection.close()


def test_a_bots_statistics_are_per_level_and_a_humans_apart_from_a_bot_of_that_name(tmp_path):
    """Dag at hard and Dag at easy were one "Dag (bot)" row: a bot is its name and level
    ("simple" is "medium", its alias); a human called Dag is a third player."""
    games = [finished_game(tmp_path, "tonk", seed) for seed in (1, 2, 3, 4)]
    levels = ["hard", "easy", "simple", "medium"]
    for game, level in zip(games, levels):
        record_match(game, ["Ann", {"name": "Dag", "kind": "bot", "level": level}, "Eve"])
    record_match(finished_game(tmp_path, "tonk", 5), ["Dag", "Ann", "Eve"])
    dags = {(p.label, p.matches) for p in player_stats("dag")}
    assert dags == {("Dag (bot, hard)", 1), ("Dag (bot, easy)", 1), ("Dag (bot, medium)", 2), ("Dag", 1)}
    [medium] = [p for p in player_stats() if p.level == "medium"]
    assert medium.wins == sum(1 in game.winners() for game in games[2:])
    assert medium.to_data()["level"] == "medium" and medium.to_data()["kinds"] == ["bot"]


def test_the_lists_of_matches_mark_the_bots(tmp_path):
    """A play-tester could not tell bots in the recent matches or the Replays list (a
    human may have a bot's name): a match's labels mark them, its winners' too."""
    game = finished_game(tmp_path, "tonk", 1)
    record_match(game, ["Dag", {"name": "Eve", "kind": "bot", "level": "hard"}, "Finn"])
    [match] = recent_matches()
    assert match.labels == ("Dag", "Eve (bot)", "Finn")
    assert match.winner_labels == tuple(match.labels[seat] for seat in game.winners())
