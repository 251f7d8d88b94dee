"""The app opens the table, and the hand-off screen comes first for two humans."""

from __future__ import annotations

import asyncio

from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.screens.table import TableScreen

from .helpers import make_app


def test_table_opens_behind_a_handoff():
    """X1: the table opens behind a hand-off; keys pressed while the keyboard changes
    hands (space, letters, escape, a digit) leave it up, Enter uncovers the table."""
    async def scenario():
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen)
            await pilot.press("space", "x", "escape", "1", "p")
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)

    asyncio.run(scenario())


ANN_LEADS = ("bot:simple,Ann,bot:simple,bot:simple", 1)
"""Seats and seed of a table whose first lead is Ann's (seat 1)."""


async def ann_to_lead(pilot, app) -> TableScreen:
    """The table of :data:`ANN_LEADS`, open on Ann's first lead."""
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, TableScreen) and screen.game.to_act == (1,)
    return screen


def test_p_when_you_must_lead_says_why_and_changes_nothing():
    """P4: the leader plays at least one card; p says so instead of doing nothing."""
    async def scenario():
        app = make_app(ANN_LEADS[0], seed=ANN_LEADS[1])
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await ann_to_lead(pilot, app)
            before = len(screen.game.events)
            await pilot.press("p")
            await pilot.pause()
            assert len(screen.game.events) == before
            assert screen.table.notice == "you lead: play at least one card"

    asyncio.run(scenario())


def test_tab_then_enter_plays_the_cards_chosen_never_passes():
    """A play-tester chose a queen to beat a jack, pressed Tab out of habit, then Enter:
    Tab had put the focus on Pass, and Enter passed. The table's buttons are for the
    mouse (the keys are Enter and p): Tab leaves the hand in charge, and Enter plays."""
    from textual.widgets import Button

    from cardtable.games.president.events import CardsPlayed
    from cardtable.tui.widgets.hand import Hand

    from .helpers import settle

    async def scenario():
        app = make_app(ANN_LEADS[0], seed=ANN_LEADS[1])
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await ann_to_lead(pilot, app)
            await pilot.press("1", "enter")  # (Ann leads her lowest card; the bots play on)
            hand = screen.table.query_one(Hand)
            await settle(pilot, app, lambda: screen.game.to_act == (1,) and not screen.busy and hand.active)
            assert screen.table.query_one("#pass", Button).visible  # (Pass is offered: she follows)
            legal = sorted(hand.legal or ())
            assert legal, "Ann holds a card that beats the trick (seed 1)"
            card = hand.cards[legal[0]]
            await pilot.press(str(legal[0] + 1), "tab", "tab")
            await pilot.pause()
            assert not isinstance(app.focused, Button)
            before = len(screen.game.events)
            await pilot.press("enter")
            await pilot.pause()
            played = [e for e in screen.game.events[before:] if isinstance(e, CardsPlayed) and e.seat == 1]
            assert played and played[0].cards == (card,)

    asyncio.run(scenario())
