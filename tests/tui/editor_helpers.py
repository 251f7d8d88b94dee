"""Driving the preset editor and the house-rules menu in tests."""

from __future__ import annotations

import asyncio

from textual.widgets import Input, OptionList, Select

from cardtable.presets.writer import Draft
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.editor import EditorScreen
from cardtable.tui.screens.preset_dialogs import AskText
from cardtable.tui.screens.preset_dialogs import PresetMenu
from cardtable.tui.screens.start import StartScreen
from cardtable.tui.widgets.knob import KnobRow


def run(scenario):
    asyncio.run(scenario())


def app_at_start() -> CardtableApp:
    return CardtableApp(theme="felt", bot_delay=0, save_settings=False)


async def wait_for(pilot, done, limit: int = 200) -> None:
    for _ in range(limit):
        if done():
            return
        await pilot.pause(0.01)
    raise AssertionError("the screen did not get there")


def editor_ready(app) -> bool:
    return isinstance(app.screen, EditorScreen) and bool(app.screen.query("#editor-status"))


def row(screen: EditorScreen, path: str) -> KnobRow:
    return next(r for r in screen.query(KnobRow) if r.path == path)


async def open_editor(pilot, app, draft: Draft, name: str = "ours") -> EditorScreen:
    """The editor on ``draft`` (to be saved as ``name``), ready to type in."""
    await pilot.pause()
    app.push_screen(EditorScreen(draft, name))
    await wait_for(pilot, lambda: editor_ready(app))
    await pilot.pause()
    return app.screen


async def open_menu(pilot, app, preset: str, family: str = "president") -> PresetMenu:
    """The start screen's house-rules menu on ``preset``."""
    start = app.screen
    assert isinstance(start, StartScreen)
    if start.family != family:
        start.query_one("#family", Select).value = family
        await pilot.pause()
    start.query_one("#preset", Select).value = preset
    await pilot.pause()
    await pilot.press("h")
    await wait_for(pilot, lambda: isinstance(app.screen, PresetMenu))
    return app.screen


async def choose(pilot, app, action: str) -> None:
    """Pick ``action`` ("new", "edit", …) in the house-rules menu on screen."""
    menu = app.screen
    options = menu.query_one(OptionList)
    options.highlighted = options.get_option_index(action)
    await pilot.press("enter")
    await pilot.pause()


async def ask_for(pilot, app, preset: str, action: str) -> Input:
    """The house-rules menu on ``preset``, then ``action`` ("rename", "import", …): the box
    that asks for its name or path."""
    await open_menu(pilot, app, preset)
    await choose(pilot, app, action)
    await wait_for(pilot, lambda: isinstance(app.screen, AskText))
    return app.screen.query_one("#ask-input", Input)


async def new_house_rules(pilot, app, preset: str) -> EditorScreen:
    """From the start screen: the house-rules menu on ``preset``, then "New house rules"."""
    await pilot.pause()
    await open_menu(pilot, app, preset)
    await choose(pilot, app, "new")
    await wait_for(pilot, lambda: editor_ready(app))
    return app.screen
