"""Helpers for the TUI tests: a table app with fixed seed, theme and no bot delay."""

from __future__ import annotations

from cardtable import load_variant
from cardtable.tui.app import CardtableApp
from cardtable.tui.seats import TableSetup, parse_seats


def make_app(seats: str = "Ann,Bob,bot:simple,bot:simple", preset: str = "president-classic",
             seed: int = 3, theme: str = "felt", **kwargs) -> CardtableApp:
    setup = TableSetup(load_variant(preset), parse_seats(seats), seed)
    return CardtableApp(setup=setup, theme=theme, bot_delay=0, save_settings=False, **kwargs)
