"""arena's report: an average place's interval stays within 1…players, one match shows
a mean with no interval (not an empty cell), and --help gives every default."""

from __future__ import annotations

import pytest

from cardtable.arena import MatchRecord, summarize
from cardtable.cli import main


def _record(index, levels, places):
    n = len(levels)
    return MatchRecord(index, tuple(levels), (0,) * n, (0,), 1, [(0,)], places=[tuple(places)],
                       think=[0.1] * n, decisions=[1] * n, slowest=[0.1] * n)


def test_the_average_place_interval_is_within_one_and_the_players():
    lineup = ("hard", "medium", "medium", "medium")
    # hard finishes 4th, 4th, 2nd: mean 3.33 ± 1.31 would reach 4.64
    records = [_record(0, lineup, (1, 2, 3, 0)), _record(1, lineup, (3, 1, 2, 0)), _record(2, lineup, (1, 0, 2, 3))]
    hard = summarize(records, "president", "president-classic", list(lineup), 1, None, 1.0).levels[0]
    place = hard.metrics["place"]
    assert place.mean == pytest.approx(10 / 3) and place.high == 4 and 1 <= place.low < place.mean
    records = [_record(0, lineup, (0, 1, 2, 3)), _record(1, lineup, (0, 2, 1, 3)), _record(2, lineup, (3, 2, 1, 0))]
    hard = summarize(records, "president", "president-classic", list(lineup), 1, None, 1.0).levels[0]
    assert hard.metrics["place"].low == 1 and hard.metrics["place"].high < 4


def test_one_match_shows_the_mean_without_an_interval(monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["arena", "--game", "tonk", "--seats", "medium,medium,medium", "--games", "1", "--rounds", "1"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("│ medium"))
    assert "0.00 [—]" in row and "nan" not in row


def test_arena_help_gives_the_defaults(capsys):
    with pytest.raises(SystemExit):
        main(["arena", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    for text in ('(default "hard,medium,medium,medium")', "(default 40)", "worker processes (default 1; at most 64, and never more than the matches)",
                 "--seed SEED the first deal's seed; each rotation of the seats deals the next (default 1)"):
        assert text in out


def test_the_arena_starts_no_more_workers_than_matches(monkeypatch):
    """``--jobs 8`` for one match starts one worker (it forked all eight)."""
    from concurrent.futures import ProcessPoolExecutor

    from cardtable import arena

    started = []

    def pool(max_workers):
        started.append(max_workers)
        return ProcessPoolExecutor(max_workers=max_workers)

    monkeypatch.setattr(arena, "ProcessPoolExecutor", pool)
    report = arena.run_arena("tonk-classic", ["medium", "medium"], games=1, jobs=8, max_rounds=1)
    assert started == [1] and report.games == 1
