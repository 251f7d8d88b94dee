"""``cardtable stats --name``: an empty or blank name is a usage error, not "No finished
matches yet." while matches exist; blanks around a name are ignored."""

from __future__ import annotations

import json

import pytest

from cardtable.cli import main
from cardtable.store import record_match

from .store.helpers import finished_game, seats_for


@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_name_is_refused(tmp_path, capsys, name):
    record_match(finished_game(tmp_path, "president", 1), seats_for(4))
    with pytest.raises(SystemExit) as stopped:
        main(["stats", "--name", name])
    assert stopped.value.code == 2
    assert ("argument --name: give a player's name (leave --name out for every player)"
            in " ".join(capsys.readouterr().err.split()))


def test_blanks_around_a_name_are_ignored(tmp_path, capsys):
    record_match(finished_game(tmp_path, "president", 1), seats_for(4))
    assert main(["stats", "--name", " ann ", "--json"]) == 0
    [ann] = json.loads(capsys.readouterr().out)["players"]
    assert ann["name"] == "Ann" and ann["matches"] == 1


def test_a_bots_name_as_the_tables_print_it_finds_the_bot(tmp_path, capsys):
    """The tables print a bot as "Dag (bot)": given so to --name, it found nothing."""
    record_match(finished_game(tmp_path, "president", 1), seats_for(4))
    assert main(["stats", "--name", "dag (BOT)", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    [dag] = data["players"]
    assert dag["name"] == "Dag" and dag["kinds"] == ["bot"] and len(data["recent"]) == 1


def test_a_name_is_found_in_any_case_beyond_ascii_letters(tmp_path, capsys):
    """SQLite's NOCASE knows only A–Z: "élodie" found no statistics for "Élodie" while
    the recent matches (compared in Python) listed her match."""
    record_match(finished_game(tmp_path, "president", 1), ["Élodie", "Zoë", "Ann", "Bo"])
    for asked in ("élodie", "ÉLODIE", "zoË"):
        assert main(["stats", "--name", asked, "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        [player] = data["players"]
        assert player["name"].casefold() == asked.casefold() and player["matches"] == 1
        assert len(data["recent"]) == 1
    assert main(["stats", "--name", "élodie"]) == 0
    assert "Élodie" in capsys.readouterr().out


def test_the_recent_matches_of_a_name_are_its_own_newest_first(tmp_path):
    from cardtable.store import recent_matches

    for seed, names in ((1, ["Ann", "Bo", "Cy", "Di"]), (2, ["Eve", "Bo", "Cy", "Di"]), (3, ["ann", "Fay", "Cy", "Di"])):
        record_match(finished_game(tmp_path, "president", seed), names, finished_at=f"2026-01-0{seed}T10:00:00+00:00")
    assert [m.names[0] for m in recent_matches(10, name="ANN")] == ["ann", "Ann"]
    assert [m.names[0] for m in recent_matches(1, name="ann")] == ["ann"]
    assert [m.names[0] for m in recent_matches(10, name="Bo")] == ["Eve", "Ann"]
    assert recent_matches(10, name="nobody") == []


def test_a_bot_as_the_statistics_print_it_finds_that_level(tmp_path, capsys):
    """"Dag (bot, hard)" finds Dag at hard only; "Dag (bot)" Dag at every level."""
    for seed, level in ((1, "hard"), (2, "easy"), (3, "simple")):
        record_match(finished_game(tmp_path, "tonk", seed), ["Ann", {"name": "Dag", "kind": "bot", "level": level}, "Eve"])
    for asked, found in (("Dag (bot, HARD)", ["hard"]), ("dag (bot)", ["easy", "hard", "medium"]),
                         ("Dag (bot, simple)", ["medium"]), ("Dag (bot, expert)", [])):
        assert main(["stats", "--name", asked, "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert sorted(player["level"] for player in data["players"]) == found, asked


def test_a_bot_asked_at_one_level_is_that_level_alone_in_the_players_and_the_recent_matches(tmp_path, capsys):
    """A review: "Dag (bot, hard)" matched a bot whose recorded level is missing, and the
    recent matches were every Dag's, a human Dag's too. Both are the bot at that level."""
    import sqlite3

    from cardtable.store import history_path

    record_match(finished_game(tmp_path, "tonk", 1), ["Ann", {"name": "Dag", "kind": "bot", "level": "hard"}, "Eve"])
    lost = record_match(finished_game(tmp_path, "tonk", 2), ["Ann", {"name": "Dag", "kind": "bot", "level": "easy"}, "Eve"])
    record_match(finished_game(tmp_path, "tonk", 3), ["Ann", "Dag", "Eve"])           # a human Dag
    turbo = record_match(finished_game(tmp_path, "tonk", 4), ["Ann", {"name": "Dag", "kind": "bot", "level": "hard"},
                                                                  "Eve"])
    with sqlite3.connect(history_path()) as connection:                               # (old or hand-made rows)
        connection.execute("UPDATE seats SET level = NULL WHERE match_id = ? AND name = 'Dag'", (lost,))
        connection.execute("UPDATE seats SET level = 'Turbo' WHERE match_id = ? AND name = 'Dag'", (turbo,))
    for asked, levels, matches in (("Dag (bot, hard)", ["hard"], 1), ("dag (bot, turbo)", ["Turbo"], 1),
                                   ("Dag (bot)", [None, "Turbo", "hard"], 3)):
        assert main(["stats", "--name", asked, "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert sorted((p["level"] for p in data["players"]), key=str) == sorted(levels, key=str), asked
        assert len(data["recent"]) == matches, asked
    assert main(["stats", "--name", "Dag", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["recent"]) == 4                    # the name: every Dag


def test_a_name_holding_a_control_character_is_refused_not_echoed(capsys):
    """(A tester's `--name` with an escape was printed back raw: "No finished matches for …".)"""
    with pytest.raises(SystemExit) as stopped:
        main(["stats", "--name", "x\x1b[2Jy"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "argument --name: 'x\\x1b[2Jy' holds ESC: a name is plain text" in err and "\x1b" not in err
