"""``cardtable simulate``: a match that does not end within the move limit is a clear
message and exit code 2, not a RuntimeError traceback."""

from __future__ import annotations

import pytest

import cardtable.sim as sim
from cardtable import load_variant
from cardtable.bots import make_bot
from cardtable.cli import main
from cardtable.engine.registry import game_class


def test_a_match_over_the_move_limit_is_a_clear_message(monkeypatch, capsys):
    monkeypatch.setattr(sim, "MAX_MOVES", 10)
    assert main(["simulate", "--game", "tonk", "--players", "2", "--bots", "random,random",
                 "--games", "3", "--seed", "5"]) == 2
    captured = capsys.readouterr()
    err = " ".join(captured.err.split())
    assert "the match with seed 5 did not end within 10 moves" in err and "--bots" in err
    assert "Traceback" not in err and captured.out == ""


def test_play_match_raises_match_too_long_naming_the_seed():
    variant = load_variant("tonk-classic")
    bots = [make_bot("tonk", "random", variant, seed=i) for i in range(2)]
    with pytest.raises(sim.MatchTooLong, match=r"within 5 moves \(seed 3\)") as caught:
        sim.play_match(game_class("tonk")(variant, 2, 3), bots, 3, max_moves=5)
    assert isinstance(caught.value, RuntimeError) and caught.value.seed == 3
