"""simulate and arena count in words that agree with the number (1 match, 2 matches)
and call a round what the game calls it (President rounds, Tonk and Shanghai hands)."""

from __future__ import annotations

import pytest

from cardtable.cli import main
from cardtable.engine.words import a_rank, count


@pytest.fixture(autouse=True)
def _wide(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # each line of the report on one line


def _out(capsys) -> str:
    return " ".join(capsys.readouterr().out.split())


def test_count():
    assert (count(1, "hand"), count(0, "hand"), count(2, "match", "matches")) == ("1 hand", "0 hands", "2 matches")


def test_one_card_of_a_rank_takes_its_article():
    assert [a_rank(label) for label in ("9", "8", "10", "J", "A")] == ["a 9", "an 8", "a 10", "a jack", "an ace"]


def test_simulate_one_match_stopped_after_one_hand(capsys):
    assert main(["simulate", "--game", "tonk", "--players", "2", "--games", "1", "--rounds", "1", "--seed", "4"]) == 0
    out = _out(capsys)
    assert ("The match stopped after 1 hand, before its end (the standings decide it; --rounds 0 plays whole "
            "matches)") in out
    assert "1.0 hands per match" in out and "× Tonk (tonk-classic, 2 players, seed 4)" in out


def test_simulate_all_matches_stopped_after_one_round(capsys):
    assert main(["simulate", "--players", "3", "--games", "2", "--rounds", "1"]) == 0
    out = _out(capsys)
    assert "Both matches stopped after 1 round, before their end (the standings decide them" in out
    assert "1.0 rounds per match" in out and "(president-classic, 3 players, seeds 1–2)" in out
    assert main(["simulate", "--players", "3", "--games", "3", "--rounds", "1"]) == 0
    assert "All 3 matches stopped after 1 round" in _out(capsys)
    # (from a negative seed the range reads "seeds -5 to -4", not "-5–-4")
    assert main(["simulate", "--players", "3", "--games", "2", "--rounds", "1", "--seed", "-5"]) == 0
    assert "(president-classic, 3 players, seeds -5 to -4)" in _out(capsys)
    assert main(["simulate", "--players", "3", "--games", "2", "--rounds", "1", "--seed", "-1"]) == 0
    assert "(president-classic, 3 players, seeds -1 to 0)" in _out(capsys)


def test_arena_title_and_columns_say_match_and_hand(capsys):
    assert main(["arena", "--game", "tonk", "--seats", "medium,medium,medium", "--games", "1", "--rounds", "1"]) == 0
    out = _out(capsys)
    assert "1 match of Tonk · 3 seats rotated, 1 hand a match · seed 1" in out
    assert "hands won" in out and "rounds won" not in out
    assert "note: 1 match is not a multiple of 3 seats" in out


def test_arena_title_says_rounds_for_president(capsys):
    assert main(["arena", "--seats", "medium,medium,medium", "--games", "3", "--rounds", "2"]) == 0
    out = _out(capsys)
    assert "3 matches of President · 3 seats rotated, 2 rounds a match · seed 1" in out and "rounds won" in out


def test_winners_are_listed_as_a_sentence():
    """"Ann, Bob and Cy won", not "Ann and Bob and Cy": in the match-over line, the log's
    last line, the statistics and the replays alike (one helper, ``listed``)."""
    from cardtable.engine.events import MatchEnded
    from cardtable.engine.words import listed, rank_plural

    assert [rank_plural(label) for label in ("9", "A", "Q", "joker")] == ["9s", "aces", "queens", "jokers"]
    assert [listed(names) for names in (["Ann"], ["Ann", "Bob"], ["Ann", "Bob", "Cy"])] == [
        "Ann", "Ann and Bob", "Ann, Bob and Cy"]
    ended = MatchEnded(None, winners=(0, 1, 2))
    assert ended.describe(lambda seat: ["Ann", "Bob", "Cy"][seat]).endswith("Ann, Bob and Cy won")
