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
    ("'[1, 2]'", "list, not a save document"),
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
