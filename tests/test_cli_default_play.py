"""``play`` is the default command: ``cardtable --preset forseti …`` opens the table as
``cardtable play --preset forseti …`` does, and bare ``cardtable`` the start screen."""

from __future__ import annotations

import pytest

from cardtable.cli import main
from cardtable.tui import launch
from cardtable.tui.app import CardtableApp


@pytest.fixture
def opened(monkeypatch):
    """Stands in for running the table: records the app instead of opening it."""
    apps = []

    def fake_run(self):
        apps.append(self)
        return 0

    monkeypatch.setattr(CardtableApp, "run", fake_run)
    monkeypatch.setattr(launch, "can_draw_table", lambda: True)
    return apps


def test_bare_options_are_plays(opened):
    assert main(["--preset", "forseti", "--seats", "Ann,bot:simple,bot:simple", "--seed", "3",
                 "--bot-delay", "0"]) == 0
    [app] = opened
    assert app.setup.variant.name == "forseti" and app.setup.seed == 3 and app.bot_delay == 0
    assert [seat.name for seat in app.setup.seats][0] == "Ann" and len(app.setup.seats) == 3


def test_without_seats_player_and_medium_bots_as_the_start_screen_seats_them(opened):
    """The start screen seats "Player" and medium bots the first time; --preset without
    --seats seated "simple" bots (the same bot, by its older name, saved so)."""
    assert main(["--preset", "forseti", "--seed", "3"]) == 0
    [app] = opened
    assert [(seat.name, seat.bot) for seat in app.setup.seats][0] == ("Player", None)
    assert {seat.bot for seat in app.setup.seats[1:]} == {"medium"} and len(app.setup.seats) == 4


def test_no_arguments_open_the_start_screen(opened):
    assert main([]) == 0
    [app] = opened
    assert app.setup is None


def test_help_is_still_the_commands_help(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["--help"])
    assert stopped.value.code == 0
    out = capsys.readouterr().out
    assert "simulate" in out and "arena" in out
    assert "Options without a command are play's: `cardtable --preset forseti` is `cardtable play --preset forseti`." \
        in " ".join(out.split())


def test_an_unknown_option_is_a_usage_error(opened, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["--presett", "forseti"])
    assert stopped.value.code == 2
    assert "error: unrecognized arguments: --presett forseti" in capsys.readouterr().err
    assert not opened


def test_a_table_that_crashed_exits_with_status_1(monkeypatch):
    """Textual ends an app that raised with return code 1 (and run() returns None):
    ``cardtable`` says so in its exit status, not 0 as after a quit."""
    def crashed_run(self):
        self._return_code = 1
        return None

    monkeypatch.setattr(CardtableApp, "run", crashed_run)
    monkeypatch.setattr(launch, "can_draw_table", lambda: True)
    assert main([]) == 1
