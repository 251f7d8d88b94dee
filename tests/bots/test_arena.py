"""The arena: rotated seats, worker processes, estimates with intervals, the CLI."""

from __future__ import annotations

import json

import pytest

from cardtable.arena import MatchRecord, estimate, make_tasks, play_task, run_arena, summarize
from cardtable.cli import main
from cardtable.presets import load_variant
from cardtable.sim import simulate


def test_rotation_gives_every_level_every_seat():
    tasks = make_tasks("president-classic", ["hard", "medium", "medium", "easy"], 8, seed=5)
    assert [t.seed for t in tasks] == [5, 5, 5, 5, 6, 6, 6, 6]
    assert {t.levels.index("hard") for t in tasks[:4]} == {0, 1, 2, 3}
    assert {t.levels.index("easy") for t in tasks[4:]} == {0, 1, 2, 3}



@pytest.mark.parametrize("preset, lineup", [("president-classic", ("random", "easy", "medium")),
                                            ("shanghai-classic", ("easy", "random", "easy"))])
def test_a_match_plays_the_same_wherever_it_falls_in_the_run(preset, lineup):
    """The match dealt from seed 2 is the fourth of ``arena --seed 1`` (3 seats: the
    lineup unrotated again), the first of ``arena --seed 2`` and ``simulate --seed 2
    --games 1``: the same bots and seat rngs, so the same play and the same result."""
    variant = load_variant(preset)
    fourth = make_tasks(preset, list(lineup), 4, seed=1, max_rounds=1)[3]
    first = make_tasks(preset, list(lineup), 1, seed=2, max_rounds=1)[0]
    assert (fourth.seed, fourth.levels, fourth.index) == (first.seed, first.levels, 3)
    there, here = play_task(fourth), play_task(first)
    assert (there.scores, there.round_winners, there.places) == (here.scores, here.round_winners, here.places)
    assert (there.moves, there.decisions) == (here.moves, here.decisions)  # move for move
    alone = simulate(variant, 3, list(lineup), games=1, seed=2, max_rounds=1)
    assert alone.average_score == list(here.scores) and alone.moves_per_game == here.moves
    assert alone.wins == [1 / len(here.winners) if s in here.winners else 0 for s in range(3)]

def test_estimates():
    """2 wins in 8: Wilson's 95 % score interval is [0.0715, 0.5907] (the published
    value); 2, 3, 4: mean 3 ± 1.96 · 1/√3."""
    wins = estimate([1, 0, 0, 1, 0, 0, 0, 0], proportion=True)
    assert wins.mean == 0.25
    assert (wins.low, wins.high) == (pytest.approx(0.0715, abs=1e-4), pytest.approx(0.5907, abs=1e-4))
    mean = estimate([2.0, 3.0, 4.0])
    assert mean.mean == 3.0
    assert (mean.low, mean.high) == (pytest.approx(3 - 1.959964 / 3 ** 0.5), pytest.approx(3 + 1.959964 / 3 ** 0.5))


def test_an_unknown_interval_is_null_in_json():
    """One match has a mean but no interval: --json writes null, not a bare NaN."""
    one = estimate([3.0]).to_data()
    assert one == {"mean": 3.0, "low": None, "high": None}
    assert json.loads(json.dumps(one, allow_nan=False)) == one


def test_shares_with_ties_get_a_wilson_interval():
    """A tie splits the win; the interval stays a proper score interval (not mean ± 0)."""
    ties = estimate([0.5, 0.5, 0.5], proportion=True)
    assert ties.mean == 0.5 and 0 < ties.low < 0.5 < ties.high < 1
    assert ties.low == pytest.approx(1 - ties.high)


def _record(index, levels, scores, winners, rounds=2, round_winners=((0,), ())):
    n = len(levels)
    return MatchRecord(index, tuple(levels), tuple(scores), tuple(winners), rounds, list(round_winners),
                       think=[0.1] * n, decisions=[1] * n, slowest=[0.1] * n)


def test_summary_of_hand_made_matches():
    """Ties split a match win; a level in two seats is averaged over them; a game count
    that is not a multiple of the seats is flagged; a cut-off match is counted."""
    records = [_record(0, ("hard", "medium", "medium"), (10, 30, 20), (0,)),
               _record(1, ("medium", "hard", "medium"), (10, 10, 30), (0, 1)),
               _record(2, ("medium", "medium", "hard"), (5, 40, 20), (0,))]
    records[2].cut_off = True
    report = summarize(records, "shanghai", "shanghai-classic", ["hard", "medium", "medium"], 1, None, 1.0)
    hard, medium = report.levels
    assert (hard.level, hard.seats, medium.seats) == ("hard", 1, 2)
    assert hard.metrics["win_share"].mean == pytest.approx((1 + 0.5 + 0) / 3)
    assert medium.metrics["win_share"].mean == pytest.approx((0 + 0.25 + 0.5) / 3)
    assert hard.metrics["score"].mean == pytest.approx((10 + 10 + 20) / 3)
    assert medium.metrics["score"].mean == pytest.approx((25 + 20 + 22.5) / 3)
    assert report.rotated_fully and report.cut_off == 1
    assert not summarize(records[:2], "shanghai", "shanghai-classic", ["hard", "medium", "medium"],
                         1, None, 1.0).rotated_fully


def test_arena_needs_at_least_one_match():
    with pytest.raises(ValueError, match="at least one match"):
        run_arena("president-classic", ["hard", "medium", "random"], games=0)


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
    assert report.fallbacks == 0  # every search ran (a sampler error would count here)


def test_arena_same_results_with_one_or_two_jobs():
    one = run_arena("tonk-classic", ["hard", "simple"], games=2, seed=4, jobs=1, max_rounds=2, iterations=5)
    two = run_arena("tonk-classic", ["hard", "simple"], games=2, seed=4, jobs=2, max_rounds=2, iterations=5)
    untimed = [{k: v for k, v in lv.to_data().items() if k not in ("seconds_per_move", "slowest_move")}
               for lv in one.levels]
    assert untimed == [{k: v for k, v in lv.to_data().items() if k not in ("seconds_per_move", "slowest_move")}
                       for lv in two.levels]
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
    assert whole.stopped is False and capped.stopped == 3  # (every capped match was stopped before its end)


def test_arena_command_says_when_matches_stopped_at_the_hand_limit(capsys):
    """As simulate does: Tonk matches capped at 10 hands are said to have stopped before
    their end (the JSON counts them in ``stopped``)."""
    assert main(["arena", "--game", "tonk", "--seats", "medium,easy", "--games", "2", "--seed", "1"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "note: Both matches stopped after 10 hands, before their end" in out
    assert main(["arena", "--game", "tonk", "--seats", "medium,easy", "--games", "2", "--seed", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["stopped"] == 2
