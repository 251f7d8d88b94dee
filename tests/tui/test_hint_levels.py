"""Issue 7 at the table: the four bot levels on the start screen, and the hint key."""

from __future__ import annotations

import asyncio

from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.start import StartScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.hand import Hand

from .helpers import held_hints, make_app, settle


def run(scenario):
    asyncio.run(scenario())


def test_start_screen_offers_the_four_levels_and_seats_medium_bots():
    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            await pilot.press("s")
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
            assert [seat.bot for seat in app.screen.seats] == [None, "medium", "medium", "medium"]

    from cardtable.tui.screens.start import KINDS
    assert [value for _label, value in KINDS] == ["human", "easy", "medium", "hard", "expert", "random"]
    run(scenario)


def test_hint_selects_the_hard_bots_move_from_the_players_own_view():
    async def scenario():
        app = make_app(seats="Ann,bot:simple,bot:simple,bot:simple", seed=5)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = app.screen
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen)
                         and app.screen.game.to_act == (0,) and not app.screen.busy)
            screen = app.screen
            game = screen.game
            legal = game.legal_moves(0)
            before = len(game.events)
            await pilot.press("H")
            await settle(pilot, app, lambda: str(screen.table.notice).startswith("hint:"), limit=2000)
            hand = screen.table.query_one(Hand)
            chosen = tuple(sorted(hand.selected_cards()))
            assert len(game.events) == before  # a hint never moves for the player
            suggested = [m for m in legal if tuple(sorted(m.cards)) == chosen]
            assert suggested, "the selected cards are a legal move"
            text = str(screen.table.notice)
            assert text.startswith(f"hint: {suggested[0].kind}")
            key = {"play": "enter", "pass": "p"}[suggested[0].kind]
            assert text.endswith(f" (press {key})")  # the key that makes the hinted move

    run(scenario)


def test_a_hint_asked_out_of_turn_is_a_passing_note_not_a_lasting_notice():
    async def scenario():
        app = make_app(seats="bot:simple,Ann,bot:simple,bot:simple", seed=5)
        app.bot_delay = 0.5  # so that a bot is still to move when H is pressed
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
            screen = app.screen
            screen.game.apply(1, screen.game.legal_moves(1)[0])  # Ann (seat 1) leads; a bot is next
            screen.show_table()
            await pilot.press("H")
            await pilot.pause()
            assert screen.table.notice == ""
            assert [n.message for n in app._notifications] == ["A hint is for the player whose turn it is."]

    run(scenario)


def test_cards_chosen_while_the_hint_is_thought_about_stay_selected(monkeypatch):
    """A hint that arrives after the player selected cards names its move but does not
    replace the player's selection."""
    release = held_hints(monkeypatch)

    async def scenario():
        app = make_app(seats="Ann,bot:simple,bot:simple,bot:simple", seed=5)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen)
                         and app.screen.game.to_act == (0,) and not app.screen.busy)
            screen = app.screen
            hand = screen.table.query_one(Hand)
            await pilot.press("H", "3")
            await settle(pilot, app, lambda: hand.selected == {2})
            release.set()  # the hint arrives after the player chose
            await settle(pilot, app, lambda: str(screen.table.notice).startswith("hint:"), limit=2000)
            assert hand.selected == {2}

    run(scenario)
