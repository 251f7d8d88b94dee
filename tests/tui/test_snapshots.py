"""Snapshots at a fixed size, seed and theme: the start screen, a table mid-trick,
the hand-off screen and the round-end screen, each in the felt and ascii themes.
Accepted only after looking at them (pytest --snapshot-update, then open the SVGs)."""

from __future__ import annotations

import pytest

from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.screens.summary import RoundEndScreen
from cardtable.tui.screens.table import TableScreen

from .helpers import make_app, played_round, settle

THEMES = ["felt", "ascii"]
SIZE = (100, 30)


@pytest.mark.parametrize("theme", THEMES)
def test_start_screen(snap_compare, theme):
    app = CardtableApp(theme=theme, bot_delay=0, save_settings=False)
    assert snap_compare(app, terminal_size=SIZE)


@pytest.mark.parametrize("theme", THEMES)
def test_table_mid_trick(snap_compare, theme):
    app = make_app("Ann,bot:simple,bot:simple,bot:simple", seed=3, theme=theme)

    async def ready(pilot):
        def ann_to_play():
            screen = app.screen
            return isinstance(screen, TableScreen) and not screen.busy and screen.game.to_act == (0,) \
                and bool(screen.game.view(0).pile)
        await settle(pilot, app, ann_to_play)
        await pilot.press("1", "right", "right")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=ready)


@pytest.mark.parametrize("theme", THEMES)
def test_handoff_screen(snap_compare, theme):
    app = make_app("Ann,Bob,bot:simple,bot:simple", seed=3, theme=theme)

    async def ready(pilot):
        await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen))

    assert snap_compare(app, terminal_size=SIZE, run_before=ready)


@pytest.mark.parametrize("theme", THEMES)
def test_round_end_screen(snap_compare, theme):
    app = make_app("Ann,Bob,bot:simple,bot:simple", seed=3, theme=theme, game=played_round(seed=3))

    async def ready(pilot):
        await settle(pilot, app, lambda: isinstance(app.screen, RoundEndScreen))

    assert snap_compare(app, terminal_size=SIZE, run_before=ready)


def test_table_at_80x24(snap_compare):
    """The smallest supported size: the log folds into one line under the trick."""
    app = make_app("Ann,bot:simple,bot:simple,bot:simple", seed=3, theme="felt")

    async def ready(pilot):
        await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                     and app.screen.game.to_act == (0,))

    assert snap_compare(app, terminal_size=(80, 24), run_before=ready)


def test_table_exchange_note_at_80x24(snap_compare):
    """Round 2 at 80x24: the status says what to do, the line under it what Ann gave and
    got in the exchange (together they are too wide for one line); the hand stays whole."""
    from .test_status_lines import round_two_at_ann

    app = make_app("Ann,bot:simple,bot:simple,bot:simple", game=round_two_at_ann(21), theme="felt")

    async def ready(pilot):
        await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)

    assert snap_compare(app, terminal_size=(80, 24), run_before=ready)


def test_out_of_turn_dialog_with_seven_seats_at_80x24(snap_compare):
    """Round 2 of a 7-seat President with bombs, a quick-clear chance for Ann before her
    first turn: the dialog says what she gave and got; behind it is her own table (she
    is the only human: nothing to hide), her six opponents' panels with whole card counts."""
    from cardtable.tui.screens.choose import MoveListDialog

    from .test_president_exchange_note import SEATS, chance_for_ann_before_her_turn

    app = make_app(SEATS, preset="president-bombs", game=chance_for_ann_before_her_turn(), theme="felt")

    async def ready(pilot):
        await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog))

    assert snap_compare(app, terminal_size=(80, 24), run_before=ready)
