"""The benchmark scripts still run, count what they say they count, and refuse a preset
or player count they cannot use with a usage error, not a traceback. (Their speed is
measured by running them, never asserted here.)"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from cardtable import list_variants

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def _script(name: str):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_shanghai_bench_plays_ten_hands_a_match(capsys):
    _script("shanghai_bench").main(["--matches", "1", "--players", "3", "--seed", "4"])
    out = capsys.readouterr().out
    assert out.startswith("shanghai-classic, 3 players, 1 matches: 10 hands, ")
    assert "0 hands abandoned (0 moves)" in out


def test_shanghai_bench_breakdown_has_a_row_per_phase(capsys):
    _script("shanghai_bench").main(["--matches", "1", "--breakdown"])
    rows = capsys.readouterr().out.split("ms per hand, by phase and step (10 hands):\n")[1].splitlines()
    assert rows[0].split() == ["view", "legal", "moves", "bot", "apply"]
    assert [row[:14].strip() for row in rows[1:]] == ["buy", "draw", "draw (down)", "play", "play (down)", "all"]


def test_tonk_bench_counts_the_hands_it_was_asked_for(capsys):
    _script("tonk_bench").main(["--preset", "tonk-classic", "--hands", "30", "--repeat", "1", "--players", "3"])
    first = capsys.readouterr().out.splitlines()[0]
    assert re.match(r"tonk-classic\s+3 players: 30 hands, ", first)


def test_president_bench_rows_every_president_preset_at_the_players_it_seats(capsys):
    _script("president_bench").main(["--seconds", "0.02", "--json"])
    rows = json.loads(capsys.readouterr().out)
    assert [row["preset"] for row in rows] == list_variants("president")
    seated = {row["preset"]: row["players"] for row in rows}
    assert seated["president-classic"] == 4 and seated["scum-secretary"] == 6   # 4 asked; it seats 6 or more
    assert all(row["random_games_per_s"] > 0 and row["simple_games_per_s"] > 0 for row in rows)


@pytest.mark.parametrize("script, argv, message", [
    ("shanghai_bench", ["--players", "2"], "Shanghai rummy is for 3–6 players, not 2"),
    ("shanghai_bench", ["--preset", "tonk-classic", "--players", "7"], "is for 2–5 players, not 7"),
    ("tonk_bench", ["--preset", "no-such-preset"], "no preset named 'no-such-preset'"),
    ("tonk_bench", ["--players", "9"], "is for 2–5 players, not 9"),
])
def test_a_bench_refuses_what_it_cannot_play_with_a_usage_error(script, argv, message, capsys):
    with pytest.raises(SystemExit) as stopped:
        _script(script).main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
