"""A damaged row in the match history (its saved game no longer JSON) is a HistoryError
naming the match — in ``load_match`` and so in ``cardtable replay --match`` — never a
traceback."""

from __future__ import annotations

import sqlite3

import pytest

from cardtable.cli import main
from cardtable.store import history_path, load_match, record_match
from cardtable.store.history import HistoryError

from .helpers import finished_game, seats_for


def damaged_match(tmp_path, save_sql: str) -> int:
    match_id = record_match(finished_game(tmp_path, "tonk", 2), seats_for(3))
    connection = sqlite3.connect(history_path())
    connection.execute(f"UPDATE matches SET save = {save_sql} WHERE id = ?", (match_id,))
    connection.commit()
    connection.close()
    return match_id


@pytest.mark.parametrize("save_sql, words", [
    ("substr(save, 1, 100)", "does not parse"),
    ("'not json'", "does not parse"),
    ("'[1, 2]'", "is an array, not a save document"),
    ("'" + "[" * 100_000 + "'", "does not parse"),
], ids=["truncated", "not json", "a list", "nested too deep"])
def test_a_damaged_row_is_a_history_error(tmp_path, save_sql, words):
    match_id = damaged_match(tmp_path, save_sql)
    with pytest.raises(HistoryError, match=f"match {match_id} is damaged") as caught:
        load_match(match_id)
    assert words in str(caught.value)


def test_the_command_line_says_the_match_is_damaged(tmp_path, capsys):
    match_id = damaged_match(tmp_path, "substr(save, 1, 100)")
    assert main(["replay", "--match", str(match_id), "--text"]) == 2
    err = capsys.readouterr().err
    assert f"match {match_id} is damaged" in err and "Traceback" not in err


def test_a_match_whose_saved_game_does_not_replay_is_told_not_a_traceback(tmp_path, capsys):
    """(A saved game that parses but does not play back, its seed changed here, raised an
    AttributeError in replay --match.)"""
    match_id = damaged_match(tmp_path, "json_set(save, '$.seed', 12345)")
    assert main(["replay", "--match", str(match_id), "--text"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"cardtable replay: match {match_id}: ") and "Traceback" not in err, err


def damage(match_id: int, sql: str) -> None:
    connection = sqlite3.connect(history_path())
    connection.execute(sql, (match_id,))
    connection.commit()
    connection.close()


@pytest.mark.parametrize("sql, words", [
    ("UPDATE matches SET scores = 'notjson' WHERE id = ?", "its scores do not parse"),
    ("UPDATE matches SET scores = '{\"a\": 1}' WHERE id = ?", "its scores are not a list"),
    ("UPDATE matches SET winners = '[7]' WHERE id = ?", "its winners are not seats of the match"),
    ("UPDATE matches SET scores = '[\"x\", 1, 2]' WHERE id = ?", "its scores are not whole numbers"),
    ("UPDATE seats SET titles = 'x' WHERE match_id = ?", "its titles do not parse"),
    ("UPDATE seats SET score = 'lots' WHERE match_id = ?", "its seats' scores are not whole numbers"),
    # (a tester's bytes in text columns ended `stats` in a TypeError; scores for too few seats dropped one)
    ("UPDATE matches SET finished_at = X'00ff' WHERE id = ?", "a name, title or time in it is not text"),
    ("UPDATE seats SET name = X'4142' WHERE match_id = ? AND seat = 1", "a name, title or time in it is not text"),
    ("UPDATE seats SET final_title = X'00' WHERE match_id = ? AND seat = 0", "a name, title or time in it is not text"),
    ("UPDATE matches SET scores = '[1, 2]' WHERE id = ?", "its scores are 2 for 3 seats"),
])
def test_a_damaged_row_leaves_its_match_out_of_the_statistics_and_says_so(tmp_path, capsys, sql, words):
    """The recent matches read the match's row, the players' figures its seats' rows
    and the match's: damage there leaves the match out and names it (a damaged match's
    row leaves it out of both); ``cardtable stats`` says so."""
    from cardtable.store import player_stats, recent_matches

    good = record_match(finished_game(tmp_path, "tonk", 3), seats_for(3))
    bad = record_match(finished_game(tmp_path, "tonk", 2), seats_for(3))
    damage(bad, sql)
    in_recent: list[str] = []
    in_players: list[str] = []
    recent = [match.id for match in recent_matches(10, damaged=in_recent)]
    matches = {player.matches for player in player_stats(damaged=in_players)}
    said = f"match {bad} is damaged: {words}"
    if "UPDATE matches" in sql or "SET name" in sql or "SET final_title" in sql:  # (the recent list reads them too)
        assert (in_recent, recent, in_players, matches) == ([said], [good], [said], {1})
    else:
        assert (in_recent, sorted(recent), in_players, matches) == ([], sorted([good, bad]), [said], {1})
    assert main(["stats"]) == 0
    err = capsys.readouterr().err
    assert f"{said}; it is left out" in " ".join(err.split()) and "Traceback" not in err


def test_a_seed_that_is_no_number_leaves_the_match_out_of_the_recent_list(tmp_path):
    from cardtable.store import recent_matches

    good = record_match(finished_game(tmp_path, "tonk", 3), seats_for(3))
    bad = record_match(finished_game(tmp_path, "tonk", 2), seats_for(3))
    damage(bad, "UPDATE matches SET seed = X'00' WHERE id = ?")
    said: list[str] = []
    assert [match.id for match in recent_matches(10, damaged=said)] == [good]
    assert said == [f"match {bad} is damaged: its rounds, moves and seed are not whole numbers"]


def test_a_history_missing_a_table_is_told_in_words(tmp_path, capsys):
    record_match(finished_game(tmp_path, "tonk", 3), seats_for(3))
    connection = sqlite3.connect(history_path())
    connection.execute("PRAGMA foreign_keys = OFF")
    connection.execute("DROP TABLE seats")
    connection.commit()
    connection.close()
    assert main(["stats"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "cannot use the match history (no such table: seats)" in err and "Traceback" not in err


def test_the_statistics_screen_names_a_damaged_match_it_leaves_out(tmp_path):
    """The start screen's statistics (i) say what `cardtable stats` says of a damaged
    match, and count it nowhere."""
    from rich.console import Console

    from cardtable.tui.screens.stats import statistics

    record_match(finished_game(tmp_path, "tonk", 3), seats_for(3))
    bad = record_match(finished_game(tmp_path, "tonk", 2), seats_for(3))
    damage(bad, "UPDATE matches SET scores = 'notjson' WHERE id = ?")
    console = Console(width=120, record=True)
    console.print(statistics())
    text = console.export_text()
    assert f"match {bad} is damaged: its scores do not parse; it is left out" in text
    assert next(line for line in text.splitlines() if line.strip().startswith("Ann")).split()[1] == "1"  # not 2


def test_a_name_recorded_with_a_control_character_is_shown_escaped(tmp_path):
    """Names are checked when a table is seated; a history kept before (or edited) may
    hold an escape: the statistics and the recent matches show it written out, so the
    terminal never obeys it."""
    from cardtable.store import player_stats, recent_matches

    match_id = record_match(finished_game(tmp_path, "tonk", 2), seats_for(3))
    connection = sqlite3.connect(history_path())
    connection.execute("UPDATE seats SET name = ? WHERE match_id = ? AND name = 'Ann'", ("Ann\x1b[2J", match_id))
    connection.execute("UPDATE matches SET preset_title = ? WHERE id = ?", ("Tonk\x07", match_id))
    connection.commit()
    connection.close()
    [record] = recent_matches()
    assert record.names[0] == "Ann\\x1b[2J" and record.preset_title == "Tonk\\x07"
    assert "Ann\\x1b[2J" in [stats.name for stats in player_stats()]
