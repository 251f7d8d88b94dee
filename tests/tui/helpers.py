"""Helpers for the TUI tests: apps with a fixed seed, theme and no bot delay."""

from __future__ import annotations

import io
import threading
from contextlib import asynccontextmanager

from rich.console import Console

from cardtable import load_variant, new_game
from cardtable.bots import make_bot
from cardtable.engine.rng import Rng
from cardtable.tui import themes as themes_module
from cardtable.tui.app import CardtableApp
from cardtable.tui.seats import TableSetup, parse_seats


def make_app(seats: str = "Ann,Bob,bot:simple,bot:simple", preset: str = "president-classic",
             seed: int = 3, theme: str = "felt", game=None) -> CardtableApp:
    setup = TableSetup(load_variant(preset), parse_seats(seats), seed)
    return CardtableApp(setup=setup, theme=theme, bot_delay=0, save_settings=False, game=game)


def played_round(preset: str = "president-classic", players: int = 4, seed: int = 3):
    """A game whose first round (hand) the simple bots played to the end, on the engine only."""
    game = new_game(load_variant(preset), players, seed=seed)
    bot, rng = make_bot(game.family, "simple"), Rng(seed)
    while not game.round_over:
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    return game


def after_the_exchange():
    """:func:`played_round`'s game in round 2, its exchange made by simple bots: play is on."""
    game = played_round()
    game.next_round()
    bot, rng = make_bot("president", "simple"), Rng(1)
    while game.phase != "play":
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    return game


def bots_play_until(game, done, rng: Rng):
    """Simple bots make every move (dealing each next round) until ``done(game)``, drawing
    on ``rng`` (a test may play on with it); the game."""
    bot = make_bot(game.family, "simple")
    while not done(game):
        if game.round_over:
            game.next_round()
            continue
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    return game


def shanghai_buy_offer(seed: int = 3):
    """A classic Shanghai hand at 3 seats in which seat 1 drew from the stock and the
    upcard Q♠ is offered to seat 0 (the dealer, whom buy_priority asks first)."""
    game = new_game(load_variant("shanghai-classic"), 3, seed=seed, hands=[
        "7C 7D 7H 7S 9S 9H 9D 9C 4C 5D KS", "2C 3C 6D 8H 10S JC QD AH 2D 4H 6S",
        "3D 5C 8C 10H JD QH KD AS 3H 5S 8D"], upcard="QS")
    game.apply(1, "draw_stock")
    assert game.to_act == (0,) and game.view(0).phase == "buy"
    return game


@asynccontextmanager
async def at_buy_prompt(seats: str = "Ann,bot:simple,bot:simple"):
    """(pilot, app, game) of a Shanghai table whose S8 buy prompt is open for Ann
    (:func:`shanghai_buy_offer`)."""
    from cardtable.tui.screens.choose import MoveListDialog

    game = shanghai_buy_offer()
    app = make_app(seats, preset="shanghai-classic", game=game)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog))
        yield pilot, app, game


def hold_bots(monkeypatch) -> threading.Event:
    """Bots think until the returned event is set (no race with a busy machine), or until
    their table closes: a test that fails leaves no bot waiting behind it."""
    from cardtable.tui.screens.table import TableScreen

    released = threading.Event()

    def pause(table, delay: float) -> bool:
        while not released.wait(0.05):
            if table.closed:
                return False
        return not table.closed

    monkeypatch.setattr(TableScreen, "pause_before_move", pause)
    return released


def table_screen(app):
    """The table, under whatever is over it (a buy question the bots opened at once, the
    hand-off, a show-down); None before it opens."""
    from cardtable.tui.screens.table import TableScreen

    return next((s for s in reversed(app.screen_stack) if isinstance(s, TableScreen)), None)


async def settle(pilot, app, done, limit: int = 300) -> None:
    """Let bots (zero delay, worker thread) move until ``done()`` is true."""
    for _ in range(limit):
        if done():
            return
        await pilot.pause(0.01)
    raise AssertionError(f"the table did not settle: {_where(app)}")


async def past_the_hand_off(pilot, app) -> None:
    """Until a hand-off shows, then Enter (the player named is ready), until the table is there."""
    from cardtable.tui.screens.handoff import HandoffScreen
    from cardtable.tui.screens.table import TableScreen

    await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen))
    await pilot.press("enter")
    await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))


def _where(app) -> str:
    """What the app shows, for a test that waited in vain."""
    screen = app.screen
    game = getattr(screen, "game", None)
    table = getattr(screen, "table", None)
    notes = [note.message for note in getattr(app, "_notifications", ())]
    return (f"screen {type(screen).__name__}, busy {getattr(screen, 'busy', None)}, "
            f"to_act {getattr(game, 'to_act', None)}, events {len(getattr(game, 'events', ()))}, "
            f"notice {getattr(table, 'notice', None)!r}, notes {notes}, workers {list(app.workers)}")


def screen_text(app: CardtableApp) -> str:
    """The screen as plain text, as a player would read it."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def held_hints(monkeypatch):
    """Hold the table's hints until the returned event is set: the test acts while one is
    thought about, however slowly the machine runs (a timed delay raced a busy CI)."""
    import threading

    import cardtable.tui.screens.table_hints as hints_module

    real, release = hints_module.suggest_move, threading.Event()

    def held(*args, **kwargs):
        release.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(hints_module, "suggest_move", held)
    return release


def load_themes():
    """The themes, and each file's problem as it is told ("path: reason")."""
    themes, problems = themes_module.load_themes()
    return themes, [str(problem) for problem in problems]
