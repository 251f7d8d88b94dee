"""Escape typed just before a digit reaches the table as a sign: Textual reads escape and a
key within 0.1 s as the macOS option key would type them ("\\x1b5" is "∞"), as it does
when tmux before 3.5 holds escape back for the next key. At the table, where none of these
signs is a key, the sign is read as the two keys."""

from __future__ import annotations

import asyncio

import pytest
from textual import events
from textual._xterm_parser import XTermParser

from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.hand import Hand

from .helpers import make_app, past_the_hand_off, settle, table_screen
from .test_tonk import stacked_game


def read(sequence: str) -> list[events.Key]:
    """The keys Textual's reader makes of ``sequence`` as a terminal sends it."""
    parser = XTermParser()
    return [event for event in [*parser.feed(sequence), *parser.feed("")] if isinstance(event, events.Key)]


def after_card_one_selected(keys: list[events.Key], selected: frozenset[int], until=None):
    """At Bob's hot-seat Tonk table with card 1 selected, ``keys`` as the terminal sends
    them, until the hand's selection is ``selected`` (and ``until(app)`` holds, if given);
    the screen on top then, and the notice."""
    async def scenario():
        app = make_app("Ann,Bob", preset="tonk-classic", game=stacked_game())
        async with app.run_test(size=(80, 24)) as pilot:
            await past_the_hand_off(pilot, app)
            hand = table_screen(app).query_one(Hand)
            await pilot.press("1")
            await settle(pilot, app, lambda: hand.selected == frozenset({0}))
            for key in keys:
                app.post_message(events.Key(key.key, key.character))
            await settle(pilot, app, lambda: hand.selected == selected and (until is None or until(app)))
            return app.screen, str(table_screen(app).table.notice)

    return asyncio.run(scenario())


@pytest.mark.parametrize(("sent", "sign", "selected"), [("\x1b3", "£", {2}), ("\x1b5", "∞", {4})])
def test_escape_then_a_digit_clears_the_selection_and_picks_that_card(sent, sign, selected):
    """(A play-tester's escape then 5 said "∞ is no key here", the selection escape should
    have let go stayed, and d discarded it.)"""
    [key] = read(sent)
    assert key.character == sign  # (what the terminal's bytes become, before the table)

    screen, notice = after_card_one_selected([key], frozenset(selected))
    assert isinstance(screen, TableScreen) and "no key here" not in notice


def test_a_key_typed_after_the_sign_comes_after_its_two_keys():
    """The sign's escape and digit are handled where the sign stood: a key the terminal
    sent after it is not wiped by the escape (it was, with the two keys queued last)."""
    after_card_one_selected([events.Key("infinity", "∞"), events.Key("3", "3")], frozenset({2, 4}))  # (∞: escape, 5)


def test_escape_then_a_letter_at_the_table_is_escape_then_that_key():
    """Escape then ``q`` within 0.1 s reaches the app as one key, ``alt+q``: a play-tester
    saw "q is no key here" over a key bar offering ``q quit``. The two keys act as typed
    apart: the selection goes, and the quit question opens."""
    from cardtable.tui.screens.dialogs import ConfirmQuit

    [key] = read("\x1bq")
    assert (key.key, key.character) == ("alt+q", "q")  # (what the terminal's bytes become)

    screen, notice = after_card_one_selected([key], frozenset(), lambda app: isinstance(app.screen, ConfirmQuit))
    assert isinstance(screen, ConfirmQuit) and "no key here" not in notice


def test_escape_then_a_letter_in_a_name_box_leaves_it_and_acts_as_the_key():
    """On the start screen, escape then ``g`` typed quickly (``alt+g``) in a seat's name box
    leaves the box and picks the next game, as typed apart; the name keeps no ``g``, nor a
    key read just after it (an ``e``, which once landed in the box: it goes where the
    focus does)."""
    from cardtable.tui.app import CardtableApp
    from cardtable.tui.screens.start import StartScreen

    [key] = read("\x1bg")
    assert key.key == "alt+g"

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, StartScreen)
            family, box = screen.family, screen.query_one("#name-1")
            box.focus()
            await pilot.pause()
            name = box.value
            app.post_message(events.Key(key.key, key.character))
            app.post_message(events.Key("e", "e"))
            await settle(pilot, app, lambda: screen.family != family)
            for _ in range(5):
                await pilot.pause()
            assert screen.focused is screen.query_one("#start") and box.value == name and not app._notifications

    asyncio.run(scenario())


def test_escape_then_a_letter_in_the_contracts_box_acts_as_the_two_keys():
    """In the editor's multi-line contracts box, escape then ``n`` typed quickly is escape
    (with a change unsaved: "Discard your changes?") then ``n`` (Keep editing), as typed
    apart: no ``n`` typed into the contracts, the question answered."""
    from textual.widgets import Input, TextArea

    from cardtable.presets.writer import Draft
    from cardtable.tui.screens.editor import EditorScreen

    from .editor_helpers import app_at_start, open_editor

    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            editor = await open_editor(pilot, app, Draft.new_from("shanghai-classic"), "quick")
            editor.query_one("#knob-title", Input).value = "Ours"
            contracts = editor.query_one("#knob-rules-contracts", TextArea)
            contracts.focus()
            await pilot.pause()
            before = contracts.text
            [key] = read("\x1bn")
            app.post_message(events.Key(key.key, key.character))
            for _ in range(10):
                await pilot.pause(0.02)
            assert app.screen is editor and contracts.text == before and editor.dirty

    asyncio.run(scenario())
