"""simulate --bots and arena --seats read a list of bot levels the same way: an empty
entry is refused with the same message; simulate without --players seats as many as
--bots names, or the preset's nearest count to 4."""

from __future__ import annotations

import json

import pytest

from cardtable.cli import main

EMPTY = "seat 2 has no level in 'hard,,medium,medium,medium': give one level per seat, e.g. \"hard,medium,medium,medium\""


def _err(capsys) -> str:
    return " ".join(capsys.readouterr().err.split())


@pytest.mark.parametrize(("command", "option"), [("simulate", "--bots"), ("arena", "--seats")])
def test_an_empty_entry_is_refused_alike(capsys, command, option):
    assert main([command, option, "hard,,medium,medium,medium", "--games", "1"]) == 2
    err = _err(capsys)
    assert f"{command}: {option}: {EMPTY}" in err and "Traceback" not in err


@pytest.mark.parametrize(("command", "option"), [("simulate", "--bots"), ("arena", "--seats")])
def test_only_commas_names_the_first_empty_seat(capsys, command, option):
    assert main([command, option, ",,,", "--games", "1"]) == 2
    assert f"{command}: {option}: seat 1 has no level in ',,,'" in _err(capsys)


def test_simulate_takes_the_player_count_from_bots(capsys):
    assert main(["simulate", "--preset", "tonk-classic", "--bots", "simple,hard", "--games", "1", "--rounds", "1",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == 2 and data["bots"] == ["medium", "hard"]  # (simple, by its level's name)


def test_simulate_bots_out_of_range_says_where_the_count_came_from(capsys):
    assert main(["simulate", "--preset", "forseti", "--bots", "simple,simple", "--games", "1"]) == 2
    assert "simulate: Forseti is for 3–6 players, not 2 (--bots names 2 bots)" in _err(capsys)


def test_simulate_bots_and_players_must_agree(capsys):
    assert main(["simulate", "--players", "4", "--bots", "simple,simple,simple", "--games", "1"]) == 2
    assert "simulate: --bots names 3 bots for 4 players" in _err(capsys)


def test_simulate_without_players_seats_the_presets_nearest_count_to_four(capsys):
    assert main(["simulate", "--preset", "scum-secretary", "--games", "1", "--rounds", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == 6 and data["bots"] == ["medium"] * 6  # (the simple bot, named as on the start screen)


def test_arena_seats_out_of_range_give_an_example(capsys):
    assert main(["arena", "--preset", "scum-secretary", "--games", "1"]) == 2
    assert ("arena: Scum with Secretary is for 6–8 players, not 4 (--seats names 4 levels; for example --seats "
            "hard,medium,medium,medium,medium,medium)") in _err(capsys)


def test_levels_are_read_in_any_case_and_printed_in_lower_case():
    """(A new user's `--bots Hard,EASY,expert` printed "Hard" and "EASY" in the bot
    column, where arena and stats print lower case.) An alias is printed by its level's
    name: `--bots simple,…` printed "simple" where the default printed "medium", the same bot."""
    from cardtable.sim import parse_levels

    assert parse_levels(" Hard,EASY, BOT:Expert ,simple") == ["hard", "easy", "expert", "medium"]
