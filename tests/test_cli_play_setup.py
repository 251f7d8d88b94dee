"""``cardtable play --game G`` with --seats (or --seed) and no --preset plays the
family's first preset, the one the start screen opens on (its classic one, Tonk's
tonk-sitting: a play-tester's ``--game tonk --seed 5`` got the endless tonk-classic);
--game alone opens the start screen."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cardtable.cli import main
from cardtable.tui import launch
from cardtable.tui.app import CardtableApp
from cardtable.tui.launch import build_setup


def _args(**given):
    return SimpleNamespace(**{"game": None, "preset": None, "seats": None, "seed": None, **given})


@pytest.mark.parametrize("family, preset", [("president", "president-classic"), ("shanghai", "shanghai-classic"),
                                            ("tonk", "tonk-sitting")])
def test_game_and_seats_without_a_preset_play_the_first_preset(family, preset):
    setup = build_setup(_args(game=family, seats="Ann,bot:simple,bot:simple"))
    assert setup.variant.name == preset and len(setup.seats) == 3


def test_game_and_seed_without_a_preset_play_the_first_preset():
    setup = build_setup(_args(game="tonk", seed=5))
    assert setup.variant.name == "tonk-sitting" and setup.seed == 5


def test_game_alone_is_the_start_screen():
    assert build_setup(_args(game="tonk")) is None


def test_seats_without_game_or_preset_say_what_they_need():
    with pytest.raises(ValueError, match=r"^--seats needs --game or --preset; without them, seat the players on "
                                         r"the start screen$"):
        build_setup(_args(seats="Ann,Bob,Eve"))


def test_a_seed_without_game_or_preset_is_not_dropped_silently():
    """The start screen deals its own table: a --seed it would not use is refused."""
    with pytest.raises(ValueError, match=r"^--seed needs --game or --preset; without them, the start screen deals "
                                         r"its own$"):
        build_setup(_args(seed=5))


def test_the_command_opens_tonk_sitting(monkeypatch):
    apps = []
    monkeypatch.setattr(CardtableApp, "run", lambda self: apps.append(self) or 0)
    monkeypatch.setattr(launch, "can_draw_table", lambda: True)
    assert main(["play", "--game", "tonk", "--seats", "Ann,bot:simple"]) == 0
    [app] = apps
    assert app.setup.variant.name == "tonk-sitting" and [s.bot for s in app.setup.seats] == [None, "simple"]


@pytest.mark.parametrize("command", [["play", "--game", "tonk"], ["simulate", "--game", "tonk"],
                                     ["arena", "--game", "tonk"]])
def test_a_seed_past_64_bits_is_a_usage_error(command, capsys):
    """A save and the history keep seeds as 64-bit numbers (a bigger one was played, then
    never recorded)."""
    with pytest.raises(SystemExit) as stopped:
        main([*command, "--seed", "99999999999999999999"])
    assert stopped.value.code == 2
    assert "must be 9223372036854775807 or less, not 99999999999999999999" in capsys.readouterr().err


@pytest.mark.parametrize("command, deals", [
    (["simulate", "--game", "tonk", "--games", "2", "--rounds", "1"], "2 seeds"),
    (["arena", "--game", "tonk", "--seats", "medium,medium", "--games", "3", "--rounds", "1"], "2 seeds"),
])
def test_seeds_that_would_pass_64_bits_are_refused_before_any_match(command, deals, capsys):
    """simulate deals match i from seed + i, the arena one seed per rotation of the seats:
    the last must fit too (simulate crashed after its first match, the arena said so late)."""
    assert main([*command, "--seed", "9223372036854775807"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert err == (f"cardtable {command[0]}: --seed 9223372036854775807 leaves no room for {deals} (seeds go up to "
                   "9223372036854775807): start lower")


def test_seat_mistakes_say_which_name_and_how_seats_are_parted(capsys):
    """(A new player's "Ann;Bob;bot" read "--seats names 1", and "ann,ANN,bot" did not say
    which name was given twice.)"""
    assert main(["play", "--game", "tonk", "--seats", "Ann;Bob;bot"]) == 2
    assert capsys.readouterr().err == ("cardtable play: Tonk for one sitting is for 2–5 players; --seats names 1 "
                                       "(seats are parted by commas: \"Ann,Bob,bot:medium\")\n")
    assert main(["play", "--game", "tonk", "--seats", "ann,ANN,bot"]) == 2
    assert capsys.readouterr().err == ("cardtable play: two seats have the same name, 'ann' (names are told apart "
                                       "ignoring case); give every player a different name\n")
