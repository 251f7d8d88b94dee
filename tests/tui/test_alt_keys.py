"""Keys a terminal runs together: escape typed just before another key arrives as that
key with alt, which no screen binds; it is read as escape and then the key."""

from __future__ import annotations

import asyncio

from cardtable.tui.widgets.hand import Hand

from .helpers import make_app, past_the_hand_off, settle, table_screen
from .test_tonk import stacked_game


def test_escape_typed_just_before_a_digit_is_escape_then_the_digit():
    """A terminal reads escape typed just before another key as that key with alt: an
    alt key (no screen binds one) is escape and then the key. A play-tester's escape then
    5 did nothing: the selection stayed, and d discarded the card escape should have let go."""
    async def scenario():
        app = make_app("Ann,Bob", preset="tonk-classic", game=stacked_game())
        async with app.run_test(size=(80, 24)) as pilot:
            await past_the_hand_off(pilot, app)
            hand = table_screen(app).query_one(Hand)
            await pilot.press("1")
            await settle(pilot, app, lambda: hand.selected == frozenset({0}))
            await pilot.press("alt+3")
            await settle(pilot, app, lambda: hand.selected == frozenset({2}))

    asyncio.run(scenario())
