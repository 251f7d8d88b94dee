"""Auto-pass (the President table's ``a``): a human whose one legal move is the pass
passes at once, with no hand-off in hot seat; off until asked for, and remembered. (The
engine never passes for a player: "the TUI may offer to do it automatically".)"""

from __future__ import annotations

import asyncio

import pytest

from cardtable import load_variant, new_game
from cardtable.engine.rng import Rng
from cardtable.tui.president.ui import PresidentUI
from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.settings import Settings

from .helpers import bots_play_until, make_app, settle


def forced(game, seat: int) -> bool:
    """``seat`` is to play a trick and may only pass."""
    return game.to_act == (seat,) and game.phase == "play" and [str(m) for m in game.legal_moves(seat)] == ["pass"]


def game_where(seat: int, players: int = 4):
    """A President round played by simple bots until ``seat`` can only pass."""
    for seed in range(40):
        game = new_game(load_variant("president-classic"), players, seed=seed)
        bots_play_until(game, lambda g: g.round_over or forced(g, seat), Rng(seed))
        if not game.round_over:
            return game
    raise AssertionError("no seed gives that seat a forced pass")


def passes(game, seat: int) -> int:
    return sum(event.kind == "passed" and event.seat == seat for event in game.events)


def test_the_president_ui_names_only_a_pass_with_no_choice_as_forced():
    """The table asks the engine's legal moves: only a lone pass at a trick is forced."""
    ui = PresidentUI()
    game = game_where(0)
    assert str(ui.forced_move(game, 0)) == "pass"
    game.apply(0, "pass")
    seat = game.to_act[0]
    assert (ui.forced_move(game, seat) is not None) == ([str(m) for m in game.legal_moves(seat)] == ["pass"])
    fresh = new_game(load_variant("president-classic"), 4, seed=1)
    assert ui.forced_move(fresh, fresh.to_act[0]) is None  # (a lead: plays to choose from)
    for seed in range(40):  # (a follow with a play to choose besides the pass: never forced)
        game = new_game(load_variant("president-classic"), 4, seed=seed)
        bots_play_until(game, lambda g: g.round_over or (g.view(None).pile and len(g.legal_moves(g.to_act[0])) > 1
                                                        and any(str(m) == "pass" for m in g.legal_moves(g.to_act[0]))),
                        Rng(seed))
        if not game.round_over:
            assert ui.forced_move(game, game.to_act[0]) is None
            break
    else:
        raise AssertionError("no follow with a choice")


def auto_passes(seats: str, seat: int) -> None:
    """With auto-pass on, ``seat`` of a table of ``seats``, able only to pass, passes
    with no key pressed."""
    game = game_where(seat)
    before = passes(game, seat)
    app = make_app(seats, game=game)
    app.auto_pass = True

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: passes(game, seat) > before)

    asyncio.run(scenario())


def test_with_auto_pass_on_a_player_who_cannot_beat_the_pile_passes_at_once():
    auto_passes("Ann,bot:simple,bot:simple,bot:simple", 0)


def test_auto_pass_is_off_until_a_turns_it_on_and_then_passes_the_waiting_player():
    game = game_where(0)
    app = make_app("Ann,bot:simple,bot:simple,bot:simple", game=game)
    before = passes(game, 0)

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and app.screen.table.state is not None)
            await pilot.pause(0.3)
            assert game.to_act == (0,) and passes(game, 0) == before  # (off: Ann passes herself)
            await pilot.press("a")
            await settle(pilot, app, lambda: passes(game, 0) > before)
            assert app.auto_pass and any(note.message.startswith("auto-pass on") for note in app._notifications)
            await pilot.press("a")
            await pilot.pause()
            assert not app.auto_pass

    asyncio.run(scenario())


def test_in_hot_seat_a_forced_pass_needs_no_hand_off(monkeypatch):
    """X1: Bob, who cannot beat the pile, is not handed the keyboard to press p: the
    table passes for him while the screen stays covered for nobody's hand."""
    handed: list[str] = []
    original = HandoffScreen.__init__

    def record(self, name, *args, **kwargs):
        handed.append(name)
        original(self, name, *args, **kwargs)

    monkeypatch.setattr(HandoffScreen, "__init__", record)
    auto_passes("Ann,Bob,bot:simple,bot:simple", 1)
    assert "Bob" not in handed


def test_the_setting_is_remembered(monkeypatch, tmp_path):
    """The choice is kept in the settings file (true only when written so)."""
    monkeypatch.setattr(Settings, "path", staticmethod(lambda: tmp_path / "settings.json"))
    settings = Settings()
    settings.auto_pass = True
    settings.save()
    assert Settings.load().auto_pass is True
    (tmp_path / "settings.json").write_text('{"auto_pass": "yes"}')
    assert Settings.load().auto_pass is False


def test_help_lists_a_at_a_president_table_only():
    """The help reads the table's own keys: a is President's (a Shanghai or Tonk turn is
    never a lone forced move)."""
    from cardtable.tui.screens.dialogs import help_rows

    def keys_at(seats: str, preset: str) -> dict[str, str]:
        app = make_app(seats, preset=preset)
        found: dict[str, str] = {}

        async def scenario():
            async with app.run_test(size=(100, 30)) as pilot:
                await settle(pilot, app, lambda: any(isinstance(screen, TableScreen) for screen in app.screen_stack))
                table = next(screen for screen in app.screen_stack if isinstance(screen, TableScreen))
                found.update({key: what for _where, key, what in help_rows(table)})

        asyncio.run(scenario())
        return found

    assert keys_at("Ann,bot:simple,bot:simple", "president-classic")["a"].startswith("auto-pass on / off")
    assert "a" not in keys_at("Ann,bot:simple,bot:simple", "shanghai-classic")


def test_auto_pass_turned_off_during_the_pause_leaves_the_turn_to_the_player():
    """The pass waits for the bots' pause; a turned off meanwhile, it is not made (the
    note said "every player passes with p")."""
    from cardtable.tui.app import CardtableApp
    from cardtable.tui.seats import TableSetup, parse_seats

    game = game_where(0)
    before = passes(game, 0)
    setup = TableSetup(game.variant, parse_seats("Ann,bot:simple,bot:simple,bot:simple"), 3)
    app = CardtableApp(setup=setup, theme="felt", bot_delay=0.7, save_settings=False, game=game)
    app.auto_pass = True

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and app.screen.busy)
            await pilot.press("a")  # (off, inside the pause)
            await pilot.pause(1.2)
            assert not app.auto_pass and passes(game, 0) == before and game.to_act == (0,)
            assert not app.screen.busy  # (Ann's turn is hers to play)

    asyncio.run(scenario())


def test_the_table_says_while_auto_pass_is_on():
    """It passes turns by itself, and is remembered: while on, the line under the hand
    says so after the points (a play-tester's turns passed with nothing on screen why)."""
    game = game_where(0)
    app = make_app("Ann,bot:simple,bot:simple,bot:simple", game=game)

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and app.screen.table.state is not None)
            line = lambda: str(app.screen.table.query_one("#selection").render())  # noqa: E731
            assert "auto-pass" not in line()
            await pilot.press("a")
            await pilot.pause()
            await settle(pilot, app, lambda: "auto-pass on (a)" in line())

    asyncio.run(scenario())


@pytest.mark.parametrize("slow", [False, True])
def test_letters_typed_on_after_s_starts_a_table_do_not_reach_it(monkeypatch, slow):
    """A name typed on the start screen ("sam"): its s starts the table; its a and m,
    typed on at once, do nothing there (the a turned auto-pass on) — also at a table slow
    to open (a busy machine: it took longer than the quiet, which now runs from when the
    table shows)."""
    import time

    from cardtable.tui.app import CardtableApp

    monkeypatch.setattr(CardtableApp, "START_SCREEN_QUIET", 0.6)
    if slow:
        mount = TableScreen.on_mount

        def slow_mount(self):
            time.sleep(0.8)  # (longer than the quiet)
            return mount(self)

        monkeypatch.setattr(TableScreen, "on_mount", slow_mount)

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("s", "a", "m")
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
            await pilot.pause()
            assert not app.auto_pass and not app.screen.table.notice  # (nor "m is no key here")
            await pilot.pause(0.8)
            await pilot.press("a")
            await pilot.pause()
            assert app.auto_pass

    asyncio.run(scenario())


def test_the_start_quiet_is_not_held_again_by_a_later_screen(monkeypatch):
    """The quiet of a table started from the start screen restarts only as that table shows:
    restarted by every screen shown, it ate the first key at the next screen the game put
    up long after (a hand-off, a question; here the help, opened with no key)."""
    from cardtable.tui.app import CardtableApp
    from cardtable.tui.screens.dialogs import HelpScreen

    monkeypatch.setattr(CardtableApp, "START_SCREEN_QUIET", 0.3)

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("s")
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
            await pilot.pause(0.5)  # (the quiet over, and no key pressed in it)
            app.action_help()
            await settle(pilot, app, lambda: isinstance(app.screen, HelpScreen))
            await pilot.press("escape")
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))

    asyncio.run(scenario())
