"""Helpers for the TUI tests: a table app with fixed seed, theme and no bot delay."""

from __future__ import annotations

from cardtable import load_variant
from cardtable.tui.app import CardtableApp
from cardtable.tui.seats import TableSetup, parse_seats


def make_app(seats: str = "Ann,Bob,bot:simple,bot:simple", preset: str = "president-classic",
             seed: int = 3, theme: str = "felt", **kwargs) -> CardtableApp:
    setup = TableSetup(load_variant(preset), parse_seats(seats), seed)
    return CardtableApp(setup=setup, theme=theme, bot_delay=0, save_settings=False, **kwargs)


def screen_text(app: CardtableApp) -> str:
    """The screen as plain text, as a player would read it."""
    import io

    from rich.console import Console

    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()
