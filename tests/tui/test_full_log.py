"""``L`` at the table opens the round's whole log as the player on screen may read it
(below 100 columns the table shows only its latest line): a hot-seat player coming back
sees what happened since their last turn. It closes at a hand-off, like help and rules,
and never shows another human what only the player before could see."""

from __future__ import annotations

import asyncio

from textual.widgets import Static

from cardtable import Move
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.dialogs import LogScreen, RulesScreen
from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.screens.start import StartScreen
from cardtable.tui.screens.table import TableScreen

from .helpers import hold_bots, make_app, past_the_hand_off, settle, table_screen
from .test_tonk import stacked_game


def bobs_tonk_game(**knobs):
    """Two humans at Tonk; Bob, first to play, can spread 6♣ 6♦ 6♥ and, after drawing
    9♠, 7♠ 8♠ 9♠: a Tonk."""
    from ..games.tonk.tonk_helpers import stacked

    return stacked(["3S 4D 5S KH 9H", "6D 6C 6H 7S 8S"], stock="9S 2D 3D 8D 9D", upcard="8C", **knobs)


async def bob_one_spread_from_tonk(pilot, app):
    """Bob takes the screen, draws and spreads his sixes: one spread from a Tonk. The table screen."""
    await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen) and app.screen.player == "Bob")
    await pilot.press("enter")
    await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
    table = table_screen(app)
    for move in ("draw_stock", "spread 6C 6D 6H"):
        table.apply(1, Move.parse(move))
    return table


def test_the_full_log_shows_the_viewers_story_and_closes_at_the_hand_off():
    async def scenario():
        game = stacked_game()  # Bob (seat 1) plays first; the stock starts with A♦
        app = make_app("Ann,Bob", preset="tonk-classic", game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen) and app.screen.player == "Bob")
            await pilot.press("enter")
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
            await pilot.press("s")  # Bob draws A♦ from the stock
            await settle(pilot, app, lambda: game.view(1).phase == "act")
            await pilot.press("L")
            await settle(pilot, app, lambda: isinstance(app.screen, LogScreen))
            shown = str(app.screen.query_one("#log-lines", Static).render()).splitlines()
            assert shown[-1] == "You draw A♦" and shown == list(table_screen(app).table.state.log)
            assert str(app.screen.query_one("#log-box").border_title).startswith("The hand so far")
            await pilot.press("escape")
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
            await pilot.press("L")  # left open: the hand-off closes it
            await settle(pilot, app, lambda: isinstance(app.screen, LogScreen))
            table_screen(app).apply(1, Move.parse("discard KS"))
            await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen) and app.screen.player == "Ann")
            assert not any(isinstance(screen, LogScreen) for screen in app.screen_stack)
            await pilot.press("enter")
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
            await pilot.press("L")
            await settle(pilot, app, lambda: isinstance(app.screen, LogScreen))
            shown = str(app.screen.query_one("#log-lines", Static).render())
            assert "Bob draws from the stock" in shown and "A♦" not in shown

    asyncio.run(scenario())


def test_an_open_log_closes_when_the_hand_ends_in_hot_seat():
    """Bob opens the log and goes out: the show-down and then the next deal come with
    no log of Bob's left open for whoever sits down next (it stayed under the show-down)."""
    from cardtable.tui.tonk.showdown import ShowdownScreen

    async def scenario():
        game = bobs_tonk_game()
        app = make_app("Ann,Bob", preset="tonk-classic", game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await bob_one_spread_from_tonk(pilot, app)
            await pilot.press("L")  # "Bob draws 9♠" is in it
            await settle(pilot, app, lambda: isinstance(app.screen, LogScreen))
            table.apply(1, Move.parse("spread 7S 8S 9S"))  # Tonk: the hand is over
            await settle(pilot, app, lambda: isinstance(app.screen, ShowdownScreen))
            assert not any(isinstance(screen, LogScreen) for screen in app.screen_stack)

    asyncio.run(scenario())


def test_a_log_at_its_limit_says_its_start_is_left_out():
    from cardtable.tui.text import LOG_LINES

    async def scenario():
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(LogScreen([f"line {i}" for i in range(LOG_LINES)]))
            await pilot.pause()
            shown = str(app.screen.query_one("#log-lines", Static).render()).splitlines()
            assert shown[0] == "(the earlier lines of this round are left out: the log keeps its last 200)"
            assert shown[1:] == [f"line {i}" for i in range(LOG_LINES)]

    asyncio.run(scenario())


def test_an_open_log_goes_on_as_the_bots_play(monkeypatch):
    """The log opened while the bots move takes in their moves (it stayed as it was when
    opened: "Bob discards 7♦" while two more bots played)."""
    log_open = hold_bots(monkeypatch)  # (the bot waits to move until the log is open)

    async def scenario():
        game = stacked_game()  # Bob (seat 1) plays first
        app = make_app("Ann,bot:simple", preset="tonk-classic", game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
            await pilot.press("L")                             # before the bot's first move
            await settle(pilot, app, lambda: isinstance(app.screen, LogScreen))
            assert game.to_act == (1,)
            opened = app.screen.lines
            log_open.set()
            await settle(pilot, app, lambda: game.to_act == (0,))  # the bot drew and discarded
            await pilot.pause()
            shown = str(app.screen.query_one("#log-lines", Static).render()).splitlines()
            assert len(shown) > len(opened) and shown == list(table_screen(app).table.state.log)
            assert any(" discards " in line for line in shown[len(opened):])

    asyncio.run(scenario())


def test_a_log_told_of_a_move_before_it_is_built_takes_it_in():
    """A bot's move can land between L and the log screen being built: it is composed
    with that move (asking for its widgets then crashed the app)."""
    screen = LogScreen(["Ann leads 3♣"])
    screen.show(["Ann leads 3♣", "Dag plays 5♣"])
    assert screen.lines == ("Ann leads 3♣", "Dag plays 5♣")


def test_an_open_quit_question_waits_for_its_answer_when_the_hand_ends():
    """A play-tester pressed q while the bots played; the hand ended and its show-down
    took the question's place (the s they pressed then was "no key here"). The question
    stays; answered "keep playing" (n), the show-down comes."""
    from cardtable.tui.screens.dialogs import ConfirmQuit
    from cardtable.tui.tonk.showdown import ShowdownScreen

    async def scenario(last_hand):
        game = bobs_tonk_game(match_hands=1 if last_hand else 0)
        app = make_app("Ann,Bob", preset="tonk-classic", game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await bob_one_spread_from_tonk(pilot, app)
            await pilot.press("q")
            await settle(pilot, app, lambda: isinstance(app.screen, ConfirmQuit))
            table.apply(1, Move.parse("spread 7S 8S 9S"))  # Tonk: the hand is over
            if last_hand:  # the match is over too: nothing left to save, the question goes
                await settle(pilot, app, lambda: isinstance(app.screen, ShowdownScreen))
                assert game.is_over and not any(isinstance(screen, ConfirmQuit) for screen in app.screen_stack)
                return
            for _ in range(5):
                await pilot.pause()
            assert isinstance(app.screen, ConfirmQuit) and game.round_over
            await pilot.press("n")
            await settle(pilot, app, lambda: isinstance(app.screen, ShowdownScreen))

    asyncio.run(scenario(last_hand=False))
    asyncio.run(scenario(last_hand=True))


def test_L_over_the_rules_opens_the_log_and_closes_back_to_it():
    """``L`` over the rules at a table opens the log, as at the table (it did nothing);
    over the rules opened from the log (its ``r``), it closes them back to that log,
    never a second log over the first. On the start screen, with no log, it does nothing."""
    async def scenario():
        app = make_app("Ann,Bob", preset="tonk-classic", game=stacked_game())
        async with app.run_test(size=(80, 24)) as pilot:
            await past_the_hand_off(pilot, app)
            await pilot.press("r")
            await settle(pilot, app, lambda: isinstance(app.screen, RulesScreen))
            await pilot.press("L")
            await settle(pilot, app, lambda: isinstance(app.screen, LogScreen))
            assert [type(s) for s in app.screen_stack[-2:]] == [TableScreen, LogScreen]
            await pilot.press("r")
            await settle(pilot, app, lambda: isinstance(app.screen, RulesScreen))
            await pilot.press("L")
            await settle(pilot, app, lambda: isinstance(app.screen, LogScreen))
            assert [type(s) for s in app.screen_stack[-2:]] == [TableScreen, LogScreen]

    asyncio.run(scenario())


def test_L_over_the_rules_on_the_start_screen_leaves_them_open():
    """The start screen has no log: ``L`` over its rules leaves them as they are."""
    async def scenario():
        app = CardtableApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, StartScreen))
            await pilot.press("r")
            await settle(pilot, app, lambda: isinstance(app.screen, RulesScreen))
            await pilot.press("L")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen) and isinstance(app.screen_stack[-2], StartScreen)

    asyncio.run(scenario())
