"""The arena: rotated seats, worker processes, estimates with intervals, the CLI."""

from __future__ import annotations

import json

import pytest

from cardtable.arena import estimate, make_tasks, play_task, run_arena
from cardtable.cli import main


def test_rotation_gives_every_level_every_seat():
    tasks = make_tasks("president-classic", ["hard", "medium", "medium", "easy"], 8, seed=5)
    assert [t.seed for t in tasks] == [5, 5, 5, 5, 6, 6, 6, 6]
    assert {t.levels.index("hard") for t in tasks[:4]} == {0, 1, 2, 3}
    assert {t.levels.index("easy") for t in tasks[4:]} == {0, 1, 2, 3}


def test_estimates():
    wins = estimate([1, 0, 0, 1, 0, 0, 0, 0], proportion=True)
    assert wins.mean == 0.25 and 0 < wins.low < 0.25 < wins.high < 1
    mean = estimate([2.0, 3.0, 4.0])
    assert mean.mean == 3.0 and mean.low < 3.0 < mean.high


@pytest.mark.parametrize("jobs", [1, 2])
def test_arena_smoke(jobs):
    report = run_arena("president-classic", ["hard", "medium", "random"], games=3, seed=2, jobs=jobs,
                       max_rounds=1, iterations=6)
    assert report.games == 3 and [lv.level for lv in report.levels] == ["hard", "medium", "random"]
    shares = [lv.metrics["win_share"].mean * lv.seats for lv in report.levels]
    assert sum(shares) == pytest.approx(1.0)
    assert all(1 <= lv.metrics["place"].mean <= 3 for lv in report.levels)
    hard = report.levels[0]
    assert hard.decisions > 0 and hard.seconds_per_move > 0


def test_arena_same_results_with_one_or_two_jobs():
    one = run_arena("tonk-classic", ["hard", "simple"], games=2, seed=4, jobs=1, max_rounds=2, iterations=5)
    two = run_arena("tonk-classic", ["hard", "simple"], games=2, seed=4, jobs=2, max_rounds=2, iterations=5)
    assert [lv.metrics["chips_per_hand"].mean for lv in one.levels] == \
        [lv.metrics["chips_per_hand"].mean for lv in two.levels]
    assert [lv.level for lv in one.levels] == ["hard", "medium"]


def test_arena_command_json(capsys):
    code = main(["arena", "--game", "president", "--seats", "easy,medium,random", "--games", "3",
                 "--rounds", "1", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == 3 and data["games"] == 3
    assert {lv["level"] for lv in data["levels"]} == {"easy", "medium", "random"}
    assert set(data["levels"][0]["metrics"]["win_share"]) == {"mean", "low", "high"}


def test_arena_command_refuses_unknown_level(capsys):
    assert main(["arena", "--game", "tonk", "--seats", "hard,wizard", "--games", "1"]) == 2
    assert "unknown bot level" in capsys.readouterr().err


def test_arena_rounds_zero_plays_tonk_matches_whole(tmp_path):
    """T13: a Tonk match without a hand limit ends when somebody is broke; the arena caps
    it at 10 hands unless ``rounds=0`` asks for the whole match."""
    preset = tmp_path / "tonk-short-purse.toml"
    preset.write_text('extends = "tonk-classic"\n[rules]\nstarting_chips = 12\n')
    whole = play_task(make_tasks(str(preset), ["medium"] * 3, 1, seed=3, max_rounds=0)[0])
    assert whole.rounds > 10 and min(whole.scores) <= -12 and not whole.cut_off
    capped = run_arena(str(preset), ["medium"] * 3, games=3, seed=3)
    assert capped.max_rounds == 10 and capped.cut_off == 0
