"""TUI tests: the top-level conftest gives every test its own CARDTABLE_HOME.

A hand-off, a round's results and the match's end take no Enter in their first moments
(the Enter that brought them up, pressed twice, must not take them away:
``Arming.ARMING_SECONDS``), nor does the start screen a table was left for
(``CardtableApp.START_SCREEN_QUIET``). A test presses keys faster than any player, so
here they take them at once; the tests of that guard set it back (``armed_screens``)."""

from __future__ import annotations

import pytest

from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.screens.over_table import RoundOver
from cardtable.tui.screens.summary import MatchEndScreen

GUARDED = (HandoffScreen, RoundOver, MatchEndScreen)
"""The screens that take no Enter in their first moments (``Arming``)."""

PLAYERS_WAIT = {screen: screen.ARMING_SECONDS for screen in GUARDED}
"""Each guarded screen's wait as players have it (the tests' is none, or ``ARMED``)."""


@pytest.fixture(autouse=True)
def at_once(monkeypatch):
    for screen in GUARDED:
        monkeypatch.setattr(screen, "ARMING_SECONDS", 0.0)
    monkeypatch.setattr(CardtableApp, "START_SCREEN_QUIET", 0.0)


ARMED = 1.5
"""The guard's time in its tests: longer than a player's (0.8 s), so that a slow machine
still presses the early keys inside it; the tests wait ``ARMED`` seconds and a little."""


@pytest.fixture
def armed_screens(monkeypatch):
    """The hand-off and the round's results taking no Enter for ``ARMED`` seconds."""
    for screen in GUARDED:
        monkeypatch.setattr(screen, "ARMING_SECONDS", ARMED)
    monkeypatch.setattr(CardtableApp, "START_SCREEN_QUIET", ARMED)
