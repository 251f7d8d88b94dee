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


def test_a_long_match_without_random_bots_suggests_rounds_not_bots(monkeypatch, capsys):
    monkeypatch.setattr(sim, "MAX_MOVES", 10)
    assert main(["simulate", "--game", "president", "--players", "4", "--games", "1"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "--rounds N" in err and "random" not in err


def test_a_tonk_match_that_ends_only_when_somebody_is_broke_stops_after_ten_hands(capsys):
    """Two simple bots at tonk-classic pass chips back and forth for thousands of hands:
    by default simulate stops each such match after 10 hands, as the arena does."""
    assert main(["simulate", "--game", "tonk", "--players", "2", "--games", "2", "--json"]) == 0
    import json
    data = json.loads(capsys.readouterr().out)
    assert data["rounds_per_game"] == 10
    assert main(["simulate", "--game", "tonk", "--players", "2", "--games", "1", "--rounds", "3",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rounds_per_game"] == 3


def test_play_match_stops_after_max_rounds_with_the_standings():
    variant = load_variant("president-classic")
    bots = [make_bot("president", "simple", variant, seed=i) for i in range(4)]
    game = game_class("president")(variant, 4, 2)
    result = sim.play_match(game, bots, 2, max_rounds=2)
    assert result.rounds == 2 and not game.is_over
    assert result.scores == game.scores and result.winners == game.winners()


def test_the_table_says_when_matches_were_stopped_early(capsys):
    assert main(["simulate", "--game", "tonk", "--players", "2", "--games", "1"]) == 0
    assert "The match stopped after 10 hands, before its end" in " ".join(capsys.readouterr().out.split())
    assert main(["simulate", "--game", "president", "--players", "4", "--games", "2", "--rounds", "50"]) == 0
    assert "stopped after" not in capsys.readouterr().out  # a limit no match reached


def test_a_president_match_with_no_target_and_no_round_limit_stops_after_ten_rounds(user_presets, capsys,
                                                                                    monkeypatch):
    """Such a match never ends: simulate stops it after 10 rounds by default, as a Tonk
    match with no hand limit; whole (``--rounds 0``) it is refused, before a move."""
    (user_presets / "endless.toml").write_text('family = "president"\nextends = "president-classic"\n'
                                               "[rules]\nmatch_target = 0\nmatch_rounds = 0\n")
    assert main(["simulate", "--preset", "endless", "--players", "4", "--games", "1", "--json"]) == 0
    import json
    assert json.loads(capsys.readouterr().out)["rounds_per_game"] == 10
    monkeypatch.setattr(sim, "MAX_MOVES", 500)  # (said before a move is played: the matches never end)
    assert main(["simulate", "--preset", "endless", "--players", "4", "--games", "1", "--rounds", "0"]) == 2
    assert " ".join(capsys.readouterr().err.split()) == (
        "cardtable simulate: President's matches never end (Tonk: no hand limit, and going broke does not end "
        "them; President: no target and no round limit), so --rounds 0 would play for ever; give --rounds N to "
        "stop each match after N rounds")


def test_an_arena_of_whole_matches_that_never_end_is_refused(user_presets, capsys):
    """A tester's ``arena --rounds 0`` on a President preset with no target and no round
    limit played for ever, saying nothing; a Tonk match that going broke still ends is
    played (the arena's ctrl+c test plays tonk-classic so)."""
    (user_presets / "endless.toml").write_text('family = "president"\nextends = "president-classic"\n'
                                               "[rules]\nmatch_target = 0\nmatch_rounds = 0\n")
    assert main(["arena", "--preset", "endless", "--seats", "random,random,random", "--games", "1",
                 "--rounds", "0"]) == 2
    assert " ".join(capsys.readouterr().err.split()) == (
        "cardtable arena: President's matches never end (Tonk: no hand limit, and going broke does not end "
        "them; President: no target and no round limit), so --rounds 0 would play for ever; give --rounds N to "
        "stop each match after N rounds")
    assert main(["arena", "--preset", "endless", "--seats", "random,random,random", "--games", "1",
                 "--rounds", "2", "--json"]) == 0
    (user_presets / "endless-tonk.toml").write_text('extends = "tonk-classic"\n[rules]\nbroke_ends_match = false\n')
    assert main(["arena", "--preset", "endless-tonk", "--seats", "random,random", "--games", "1",
                 "--rounds", "0"]) == 2
    assert "matches never end" in capsys.readouterr().err


def test_a_whole_tonk_match_that_runs_too_long_says_the_preset_has_no_set_length(monkeypatch, capsys):
    """tonk-classic ends when somebody is broke, which may take thousands of hands: whole
    (``--rounds 0``) it is played, and a match past the move limit is told why."""
    monkeypatch.setattr(sim, "MAX_MOVES", 50)
    assert main(["simulate", "--game", "tonk", "--players", "2", "--games", "1", "--rounds", "0"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert err.startswith("cardtable simulate: the match with seed 1 did not end within 50 moves, so there are no "
                          "results. The preset's matches have no set length (Tonk: no hand limit; President: no "
                          "target and no round limit), so --rounds 0 may never end; give --rounds N")
