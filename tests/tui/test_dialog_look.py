"""A dialog over the table (here the S8 buy prompt) lets the player look at what it
covers before answering: v hides it until any key, L opens the whole log, b changes
the bots' speed, as at the table; none of them answers the dialog."""

from __future__ import annotations

import asyncio

from textual import events

from cardtable.tui.screens.choose import MoveListDialog
from cardtable.tui.screens.dialogs import LogScreen
from cardtable.tui.screens.look import LOOK_NOTE, LookScreen

from .helpers import at_buy_prompt, make_app, screen_text, settle


def test_v_looks_at_the_table_under_the_buy_prompt_and_any_key_comes_back():
    """(A play-tester could not see the melds and the log the buy prompt covered.)"""

    async def scenario():
        async with at_buy_prompt() as (pilot, app, game):
            dialog = app.screen
            box = dialog.query_one("#dialog-box")
            assert str(box.border_subtitle) == "v: look at the table"
            assert "Buy the upcard?" in screen_text(app)
            await pilot.press("v")
            await pilot.pause()
            assert isinstance(app.screen, LookScreen) and dialog.has_class("-looking")
            # (undimmed: the app's ModalScreen rule beat a default rule, and the table was dimmed twice)
            assert app.screen.styles.background.a == 0 and dialog.styles.background.a == 0
            shown = screen_text(app)
            assert "Buy the upcard?" not in shown and LOOK_NOTE in shown
            assert "melds" in shown  # (the table's melds box, no longer covered)
            await pilot.press("enter")  # (any key: it only ends the look)
            await pilot.pause()
            assert app.screen is dialog and not dialog.has_class("-looking")
            assert "Buy the upcard?" in screen_text(app) and game.phase == "buy" and game.to_act == (0,)

            await pilot.press("L")
            await pilot.pause()
            assert isinstance(app.screen, LogScreen)
            speed = app.bot_delay
            await pilot.press("b")  # (the game goes on under the log: the bots' speed is set there too)
            await pilot.pause()
            assert app.bot_delay != speed and isinstance(app.screen, LogScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is dialog and game.phase == "buy"

            speed = app.bot_delay
            await pilot.press("b")
            await pilot.pause()
            assert app.bot_delay != speed and app.screen is dialog and game.phase == "buy"

    asyncio.run(scenario())


def test_tonk_s_drop_question_is_a_dialog_like_the_others():
    """(Tonk's drop question had no "v: look at the table", and v, r or x did nothing.)
    v looks at the table, a key it has no use for says its keys, escape keeps playing."""
    from textual.widgets import Static

    from cardtable.tui.screens.table import TableScreen
    from cardtable.tui.tonk.dialogs import ConfirmDrop

    async def scenario():
        app = make_app("Ann,bot:simple", preset="tonk-classic", seed=7)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
            answers = []
            app.push_screen(ConfirmDrop("Drop with a count of 40?"), answers.append)
            await settle(pilot, app, lambda: isinstance(app.screen, ConfirmDrop))
            await pilot.pause()
            dialog = app.screen
            assert str(dialog.query_one("#dialog-box").border_subtitle) == "v: look at the table"
            await pilot.press("x")
            await pilot.pause()
            assert str(dialog.query_one("#dialog-note", Static).render()) == \
                "keys here: y drops, n or escape keeps playing, v to look at the table; ? lists every key"
            await pilot.press("v")
            await pilot.pause()
            assert isinstance(app.screen, LookScreen) and "Drop with a count" not in screen_text(app)
            await pilot.press("y")  # (only ends the look: it does not drop)
            await pilot.pause()
            assert app.screen is dialog and answers == []
            await pilot.press("escape")
            await pilot.pause()
            assert answers == [False]

    asyncio.run(scenario())


def test_the_button_enter_presses_wears_the_card_cursor_s_colour():
    """(A play-tester read the quit question's focused "No, keep playing" as the one *not*
    chosen: Textual reverses a focused button, which beside the coloured others looked
    pale and off.) The focused button takes the card cursor's colour; Tab moves it on."""
    from textual.color import Color
    from textual.widgets import Button

    from cardtable.tui.screens.dialogs import ConfirmQuit
    from cardtable.tui.screens.table import TableScreen

    async def scenario():
        app = make_app("Ann,bot:simple", preset="tonk-classic", seed=7)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
            await pilot.press("q")
            await settle(pilot, app, lambda: isinstance(app.screen, ConfirmQuit))
            await pilot.pause()
            cursor = Color.parse(app.theme_variables["card-cursor"])
            buttons = {button.id: button for button in app.screen.query(Button)}
            assert app.focused is buttons["no"]
            looks = lambda: {name: b.styles.background == cursor for name, b in buttons.items()}  # noqa: E731
            assert looks() == {"save": False, "no": True, "start": False, "abandon": False}
            await pilot.press("tab")
            await pilot.pause()
            assert looks() == {"save": False, "no": False, "start": True, "abandon": False}
            await pilot.press("tab")
            await pilot.pause()
            assert looks() == {"save": False, "no": False, "start": False, "abandon": True}
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)

    asyncio.run(scenario())


def test_the_choice_enter_takes_wears_the_card_cursor_s_colour():
    """(A play-tester pressed Enter twice on the spades bet's "Stay out" thinking "Bet"
    was chosen: the highlight, the primary colour on the felt, was faint.) A focused list's
    highlighted row takes the card cursor's colour, as the focused button does."""
    from textual.color import Color
    from textual.widgets import OptionList

    async def scenario():
        app = make_app("Ann,bot:simple", preset="tonk-spades", seed=7)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog))
            await pilot.pause()
            options = app.screen.query_one(OptionList)
            assert app.focused is options and "Stay out" in str(options.get_option_at_index(options.highlighted).prompt)
            cursor = Color.parse(app.theme_variables["card-cursor"])
            style = options.get_component_rich_style("option-list--option-highlighted")
            assert Color.from_rich_color(style.bgcolor) == cursor

    asyncio.run(scenario())


def test_keys_typed_quickly_after_a_look_end_it_once_and_the_question_stays():
    """(A tester's v, then "ab" typed at once, took the buy prompt away with the look: the
    game waited on a question no longer on screen; more keys crashed the app.) The first
    key ends the look; the others are swallowed; the dialog is still there to answer."""

    async def scenario():
        async with at_buy_prompt() as (pilot, app, game):
            dialog = app.screen
            for _ in range(3):
                await pilot.press("v")
                await pilot.pause()
                look = app.screen
                assert isinstance(look, LookScreen)
                for key in "abcx":  # (queued before the first is handled)
                    look.post_message(events.Key(key, key))
                await pilot.pause()
                await pilot.pause()
                assert app.screen is dialog and not dialog.has_class("-looking")
            assert "Buy the upcard?" in screen_text(app) and game.phase == "buy" and game.to_act == (0,)

    asyncio.run(scenario())
