"""App-wide behaviour: themes (cycled and remembered), help, quit confirmation, the
too-small notice, the start screen, and the ``cardtable play`` arguments."""

from __future__ import annotations

import asyncio
import contextlib
import json
from types import SimpleNamespace

import pytest
from rich.console import Console
from textual import events
from textual.widgets import Input, Label, Select, Static

from cardtable import load_variant
from cardtable.paths import config_dir, user_dir
from cardtable.tui.app import CardtableApp
from cardtable.tui.launch import build_setup
from cardtable.tui.screens.dialogs import ConfirmQuit, HelpScreen, TooSmallNote
from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.screens.start import StartScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.seats import TableSetup, parse_seats
from cardtable.tui.settings import LastTable, Settings

from .helpers import load_themes, make_app, screen_text, settle, table_screen


def run(scenario):
    return asyncio.run(scenario())


def test_t_cycles_themes_and_the_choice_is_remembered():
    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await pilot.pause()
            await pilot.press("t")
            assert app.card_theme == "dark" and app.theme == "cardtable-dark"
            await pilot.press("t", "t")
            await pilot.pause()
            assert app.card_theme == "ascii" and app.card_ascii
            # one note naming the theme now, not three (the older ones named themes gone by)
            assert [note.message.split(":")[0] for note in app._notifications if note.title == "theme"] == ["ascii"]
        assert json.loads((config_dir() / "settings.json").read_text())["theme"] == "ascii"
        again = CardtableApp(bot_delay=0)
        assert again.card_theme == "ascii"

    run(scenario)


def test_a_users_own_theme_is_found_and_a_broken_one_reported():
    folder = user_dir("themes")
    folder.mkdir(parents=True)
    (folder / "midnight.toml").write_text('description = "mine"\n[colors]\nprimary = "#123456"\n'
                                          '[cards]\nhearts = "#ff00ff"\n')
    (folder / "broken.toml").write_text('[colors]\nprimary = "#123456"\n[cards]\nsparkle = "#fff"\n')
    themes, problems = load_themes()
    assert "midnight" in themes and themes["midnight"].textual.variables["suit-hearts"] == "#ff00ff"
    assert "broken" not in themes and "sparkle" in problems[0] and "broken.toml" in problems[0]


def test_ascii_theme_draws_no_unicode_suits():
    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple", theme="ascii")
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                         and app.screen.game.to_act == (0,))
            await pilot.pause(0.2)  # let the hand repaint before reading the screen
            text = screen_text(app)
            assert not set("♣♦♥♠") & set(text)
            assert "5-C" in text

    run(scenario)


def test_help_lists_every_key_and_q_asks_before_abandoning():
    async def scenario():
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            text = screen_text(app)
            for key in ("space", "enter", "1 … 9", "escape", "?", "t", "q / ctrl+q", "r"):
                assert key in text
            await pilot.press("escape")
            await pilot.press("q")
            assert isinstance(app.screen, ConfirmQuit)
            await pilot.press("n")
            assert isinstance(app.screen, HandoffScreen)
            await pilot.press("q", "y")
            await pilot.pause()
        assert app.return_code == 0

    run(scenario)


def test_f1_opens_the_help_too_even_from_a_name_field():
    """A play-tester pressed F1, as in most programs, and nothing happened; ``?`` types
    itself into a name field on the start screen, F1 opens the help from there too, and
    closes it."""
    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = app.screen
            await settle(pilot, app, lambda: screen.variant is not None)
            screen.query_one("#name-0", Input).focus()
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            assert "? / F1" in screen_text(app)
            await pilot.press("f1")
            await pilot.pause()
            assert app.screen is screen and screen.query_one("#name-0", Input).value == "Player"

    run(scenario)


def test_too_small_with_no_game_in_play_promises_no_continue():
    """The too-small note over the start screen (or a match's end) said "(a game in play
    is kept for Continue)" with no game in play: it says so only under a game."""
    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(70, 20)) as pilot:
            await pilot.pause()
            text = " ".join(screen_text(app).split())
            assert "or press ctrl+q to quit." in text and "Continue" not in text

    run(scenario)


def test_too_small_terminal_shows_a_clear_message_and_keys_wait():
    """Under 80×24 a note covers the table and keys do nothing (a card could be played
    blind); at full size the same keys play."""
    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple")
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                         and app.screen.game.to_act == (0,))   # (the bots wait while it is too small)
            await pilot.resize_terminal(70, 20)
            await pilot.pause()
            assert app.screen.query_one(TooSmallNote).display
            assert "Terminal too small" in screen_text(app)
            assert "or press ctrl+q to quit (the game in play is kept for Continue)." in screen_text(app)
            game, before = app.screen.game, len(app.screen.game.events)
            await pilot.press("p", "question_mark", "t")  # pass (a pair of 5s is to beat), help, theme
            await pilot.pause()
            assert len(game.events) == before and isinstance(app.screen, TableScreen)
            await pilot.resize_terminal(20, 5)               # (a tiny window: the short note, whole)
            await pilot.pause()
            assert screen_text(app).split() == "Too small: 20×5. Needs 80×24. Make it bigger, or ctrl+q quits.".split()
            await pilot.resize_terminal(100, 30)
            await pilot.pause()
            assert not app.screen.query_one(TooSmallNote).display
            await pilot.press("p")
            await settle(pilot, app, lambda: len(game.events) > before)

    run(scenario)


def test_start_screen_starts_a_table():
    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            await pilot.press("r")
            await pilot.pause()
            assert "How to play." in screen_text(app)  # the game in a paragraph, then every knob
            assert "equal_rank" in [str(knob.render()) for knob in app.screen.query(".rules-knob")]
            await pilot.press("escape", "s")
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
            screen = app.screen
            assert [s.name for s in screen.seats] == ["Player", "Dag", "Eve", "Finn"]
            assert screen.humans == (0,)

    run(scenario)


async def choose_players(pilot, screen, count: int) -> None:
    """Choose ``count`` in the Players list."""
    screen.query_one("#players", Select).value = count
    await pilot.pause()


def test_the_start_screen_offers_the_last_table_again():
    """Start remembers the family, preset, player count and seats; the next start screen
    shows them again. A remembered preset that no longer loads falls back to the game's
    first (Tonk's for one sitting)."""
    async def set_up_and_start(app, pilot):
        await pilot.pause()
        screen = app.screen
        screen.query_one("#family", Select).value = "tonk"
        await settle(pilot, app, lambda: screen.variant is not None and screen.variant.family == "tonk", limit=2000)
        screen.query_one("#preset", Select).value = "tonk-house"
        await settle(pilot, app, lambda: screen.variant.name == "tonk-house", limit=2000)
        await choose_players(pilot, screen, 3)
        screen.query_one("#name-0", Input).value = "Ann"
        screen.query_one("#name-1", Input).value = "Bob"
        screen.query_one("#kind-1", Select).value = "human"
        screen.query_one("#kind-2", Select).value = "hard"
        await pilot.pause()
        screen.query_one("#start").focus()  # (s would type into a name field that had the focus)
        await pilot.press("enter")
        from cardtable.tui.tonk.showdown import ShowdownScreen  # (a random deal may end at once: a dealt 49 or low deal)

        await settle(pilot, app, lambda: isinstance(app.screen, (TableScreen, HandoffScreen, ShowdownScreen)),
                     limit=2000)

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await set_up_and_start(app, pilot)
        saved = json.loads((config_dir() / "settings.json").read_text())["table"]
        assert saved == {"family": "tonk", "preset": "tonk-house",
                         "seats": [["Ann", "human"], ["Bob", "human"], ["Eve", "hard"]]}
        saved["seats"][2] = ["Zed", "bot:simple"]  # a level alias, as --seats takes it
        (config_dir() / "settings.json").write_text(json.dumps({"theme": "felt", "table": saved}))
        again = CardtableApp(theme="felt", bot_delay=0)
        async with again.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = again.screen
            await settle(pilot, again, lambda: screen.query_one("#players", Select).value == 3, limit=2000)
            assert screen.query_one("#family", Select).value == "tonk"
            assert screen.query_one("#preset", Select).value == "tonk-house"
            assert [screen.query_one(f"#name-{i}", Input).value for i in range(3)] == ["Ann", "Bob", "Zed"]
            assert [screen.query_one(f"#kind-{i}", Select).value for i in range(3)] == ["human", "human", "medium"]
        saved["preset"] = "tonk-gone"
        (config_dir() / "settings.json").write_text(json.dumps({"theme": "felt", "table": saved}))
        gone = CardtableApp(theme="felt", bot_delay=0)
        async with gone.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await settle(pilot, gone, lambda: gone.screen.variant is not None, limit=2000)
            assert gone.screen.query_one("#preset", Select).value == "tonk-sitting"

    run(scenario)


def test_game_on_the_command_line_keeps_the_last_tables_players_and_seats():
    """`cardtable --game shanghai` after a Tonk table opens on Shanghai's classic preset
    with the last table's three seats (it dealt four fresh ones: `g` on the start screen
    kept them, the command line did not)."""
    config_dir().mkdir(parents=True, exist_ok=True)
    (config_dir() / "settings.json").write_text(json.dumps({"theme": "felt", "table": {
        "family": "tonk", "preset": "tonk-house", "seats": [["Ann", "human"], ["Bo", "hard"], ["Cy", "random"]]}}))

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, family="shanghai")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            await settle(pilot, app, lambda: screen.variant is not None, limit=2000)
            assert screen.query_one("#family", Select).value == "shanghai"
            assert screen.query_one("#preset", Select).value == "shanghai-classic"
            assert screen.query_one("#players", Select).value == 3
            assert [screen.query_one(f"#name-{i}", Input).value for i in range(3)] == ["Ann", "Bo", "Cy"]
            assert [screen.query_one(f"#kind-{i}", Select).value for i in range(3)] == ["human", "hard", "random"]

    run(scenario)


def test_a_damaged_last_table_in_the_settings_is_ignored():
    (config_dir()).mkdir(parents=True, exist_ok=True)
    (config_dir() / "settings.json").write_text(json.dumps(
        {"theme": "dark", "table": {"family": "tonk", "preset": 3, "seats": {}}}))
    settings = Settings.load()
    assert settings.theme == "dark" and settings.table is None
    (config_dir() / "settings.json").write_text(json.dumps(
        {"table": {"family": "tonk", "preset": "tonk-classic", "seats": [["Ann", "human"], [1, 2], "x"]}}))
    assert Settings.load().table == LastTable("tonk", "tonk-classic", [("Ann", "human")])


def test_a_crafted_settings_file_gives_the_defaults_and_never_hangs():
    """(A tester's settings.json of nested lists crashed every launch with a RecursionError;
    a pipe in its place left the screen blank, waiting for a writer.)"""
    import os

    config_dir().mkdir(parents=True, exist_ok=True)
    path = config_dir() / "settings.json"
    path.write_text('{"theme": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert Settings.load() == Settings()
    path.unlink()
    os.mkfifo(path)
    assert Settings.load() == Settings()


@pytest.mark.parametrize("preset", ["forseti", "president-classic"])
def test_the_seats_show_when_the_preset_played_last_heads_the_list(preset):
    """A play-tester's last table was Forseti, the first President preset by name: the
    start screen showed "Players 4" and no seat rows (the player-count list's own first
    value, told after the preset had set the count, hid them)."""
    async def check(app, screen):
        assert screen.query_one("#preset", Select).value == preset
        assert screen.query_one("#players", Select).value == 4
        shown = [i for i in range(8) if screen.query_one(f"#seat-row-{i}").display]
        assert shown == [0, 1, 2, 3]
        assert [screen.query_one(f"#name-{i}", Input).value for i in shown] == ["Ann", "Bob", "Cy", "Di"]
        assert "Seat 4" in screen_text(app)

    _start_after(LastTable("president", preset, [("Ann", "human"), ("Bob", "human"), ("Cy", "hard"), ("Di", "easy")]),
                 check)


def _start_after(table, check):
    """The start screen once ``table`` was the one played last; ``check(app, screen)`` reads it."""
    settings = Settings.load()
    settings.table = table
    settings.save()

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = app.screen
            await settle(pilot, app, lambda: screen.variant is not None)
            for _ in range(3):
                await pilot.pause()
            await check(app, screen)

    run(scenario)


def test_after_a_table_of_bots_only_seat_one_is_a_human_again():
    """(A new user watched `--seats "bot:simple,bot:easy"`; the next start screen offered
    that table again, and Start would have opened another one without them.) Seat 1 is
    "Player", a human; the other seats are as they were."""
    async def check(app, screen):
        assert screen.query_one("#players", Select).value == 3
        seats = [(screen.query_one(f"#name-{i}", Input).value, screen.query_one(f"#kind-{i}", Select).value)
                 for i in range(3)]
        assert seats == [("Player", "human"), ("Eve", "easy"), ("Finn", "hard")]

    _start_after(LastTable("tonk", "tonk-classic", [("Dag", "simple"), ("Eve", "easy"), ("Finn", "hard")]), check)


def test_start_screen_says_why_no_preset_of_a_game_loads(user_presets):
    """A broken user preset named president-classic shadows the shipped one, which every
    other President preset extends: the start screen says why the list is empty, naming
    the file and the field, and Start does not open a table."""
    broken = user_presets / "president-classic.toml"
    broken.write_text('family = "president"\nextends = "president-classic"\n[rules]\nplay_on_own = "sometimes"\n')

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            info = str(app.screen.query_one("#preset-info").render())
            assert info.startswith("No President preset loads (all the reasons: cardtable presets list). The first:\n")
            # (a knob no shipped preset sets again; a file of your folder named by its name)
            assert info.endswith("\npresident-classic.toml: rules.play_on_own: should be true or false (got 'sometimes')")
            family = app.screen.query_one("#family", Select)
            family.value = "tonk"  # away and back: the reason is still there
            await settle(pilot, app, lambda: app.screen.variant is not None)
            family.value = "president"
            for _ in range(5):
                await pilot.pause()
            assert str(app.screen.query_one("#preset-info").render()).startswith("No President preset loads (")
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            assert str(app.screen.query_one("#start-error", Static).render()).strip() == (
                "no President preset loads (see why above), or g for another game")

    run(scenario)


def test_with_no_preset_of_a_game_loading_the_buttons_stay_in_sight_at_80x24(user_presets):
    """A play-tester's president-classic.toml extending forseti (which extends it: a
    cycle) broke every President preset: three reasons, each with a path or two, pushed
    Rules and House rules… off an 80x24 screen and broke paths anywhere ("forseti." /
    "toml"). One reason is told, of this game's files, its paths broken after a slash."""
    (user_presets / "president-classic.toml").write_text('family = "president"\nextends = "forseti"\n')

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(160, 30)) as pilot:  # (opened wide, then the window narrowed:
            await pilot.pause()                              # the path is broken at the new width)
            await pilot.resize_terminal(80, 24)
            for _ in range(3):
                await pilot.pause()
            app.clear_notifications()
            await pilot.pause()
            text = screen_text(app)
            assert "No President preset loads" in text and "Rules (r)" in text and "House rules" in text
            info = app.screen.query_one("#preset-info")
            lines = str(info.render()).splitlines()
            assert "forseti.toml: extends: presets extend each other in a cycle" in " ".join(lines)
            assert all(line.endswith(("/", "-")) or "/" not in line.split()[-1] for line in lines), lines
            assert info.region.bottom < app.screen.query_one("#rules").region.y

    run(scenario)


def test_a_broken_preset_of_yours_is_named_on_the_start_screen(user_presets):
    """A user preset that does not load is left out of the list, and a note says which
    file, which field and why."""
    typo = user_presets / "typo.toml"
    typo.write_text('family = "president"\nextends = "president-classic"\n[rules]\nequal_ranks = "no"\n')

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            [note] = app._notifications
            assert note.title == "1 preset not loaded" and note.severity == "warning"
            said = " ".join(note.message.split())  # (wrapped to the note's width)
            assert (f"{typo.name}: rules.equal_ranks: unknown knob 'equal_ranks' for president — "
                    "did you mean 'equal_rank'?") in said  # (a file of your preset folder: its name)

    run(scenario)


def test_the_broken_preset_note_counts_the_presets_it_does_not_name(user_presets):
    """Three reasons shown of five: "… and 3 more" counts the presets of the other two
    (the fifth reason breaks two presets)."""
    for index in range(4):
        (user_presets / f"bad{index}.toml").write_text(f'family = "president"\nextends = "president-classic"\n'
                                                      f'[rules]\nknob{index} = 1\n')
    (user_presets / "base-broken.toml").write_text('family = "president"\nextends = "president-classic"\n'
                                                  '[rules]\nburn = "often"\n')
    (user_presets / "child.toml").write_text('family = "president"\nextends = "base-broken"\n')

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            [note] = app._notifications
            assert note.title == "6 presets not loaded"
            said = " ".join(note.message.split())  # (wrapped to the note's width)
            # three reasons shown, in name order: bad0's, bad1's and bad2's
            assert all(f"bad{i}.toml: rules.knob{i}: unknown knob" in said for i in range(3))
            assert "bad3" not in said and "base-broken" not in said
            assert "… and 3 more" in said  # bad3, and base-broken with child

    run(scenario)


@contextlib.asynccontextmanager
async def at_the_start_screen(size: tuple[int, int] = (100, 30)):
    """The app on its start screen, a preset chosen: (pilot, app, the screen)."""
    app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        await settle(pilot, app, lambda: screen.variant is not None)
        yield pilot, app, screen


def test_no_blank_line_in_the_start_screens_lists_and_a_stale_error_goes():
    """The preset and players lists offer no blank "Select" line (choosing it left no
    preset chosen); a seed of "-" alone is told as any bad seed (Python's own words showed);
    an error under Start goes once the form changes."""
    from textual.widgets.select import InvalidSelectValueError

    async def scenario():
        async with at_the_start_screen() as (pilot, app, screen):
            for ident in ("#preset", "#players"):
                with pytest.raises(InvalidSelectValueError):
                    screen.query_one(ident, Select).clear()
            screen.query_one("#seed", Input).value = "-"    # (a minus sign alone: no whole number yet)
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            error = screen.query_one("#start-error")
            assert str(error.render()).startswith("a seed is a whole number from")
            screen.query_one("#name-0", Input).value = "Ann"
            await pilot.pause()
            assert str(error.render()).strip() == ""

    run(scenario)


def test_a_seed_past_64_bits_is_said_under_start_and_no_table_opens():
    """(The engine refused it at the table's start: the app crashed.)"""
    async def scenario():
        async with at_the_start_screen() as (pilot, app, screen):
            screen.query_one("#seed", Input).value = "99999999999999999999"
            await pilot.press("s")
            await pilot.pause()
            assert app.screen is screen
            assert str(screen.query_one("#start-error").render()).strip() == (
                "a seed is a whole number from -9223372036854775808 to 9223372036854775807 (64 bits)")

    run(scenario)


def test_play_arguments():
    args = SimpleNamespace(game="president", preset="forseti", seats="Ann,Bob,bot:simple,bot:random",
                           seed=4, theme=None, bot_delay=None)
    setup = build_setup(args)
    assert setup.variant.name == "forseti" and setup.seed == 4 and setup.humans == (0, 1)
    assert [s.bot for s in setup.seats] == [None, None, "simple", "random"]
    assert build_setup(SimpleNamespace(game=None, preset=None, seats=None)) is None
    with pytest.raises(ValueError, match="3–6 players"):
        build_setup(SimpleNamespace(game=None, preset="forseti", seats="A,B,C,D,E,F,G", seed=None))
    with pytest.raises(ValueError, match="not tonk"):
        build_setup(SimpleNamespace(game="tonk", preset="forseti", seats=None, seed=None))
    with pytest.raises(ValueError, match="unknown bot level"):
        parse_seats("Ann,bot:genius")
    with pytest.raises(ValueError, match="same name"):
        parse_seats("Ann,ann")
    # a name is a name, even one starting with "bot"; "bot" alone or "bot:LEVEL" is a bot
    seats = parse_seats("Botond,Bot:hard,bot,Bottle")
    assert [(s.name, s.bot) for s in seats] == [("Botond", None), ("Dag", "hard"), ("Eve", "simple"),
                                                 ("Bottle", None)]


def test_a_table_opened_from_the_command_line_is_offered_next_time():
    """`cardtable play --preset tonk-classic --seats ...` (or a loaded game) is the table
    played last: the start screen after "New game", and the next start, offer it."""
    from cardtable import load_variant
    from cardtable.tui.seats import TableSetup

    async def scenario():
        setup = TableSetup(load_variant("tonk-classic"), parse_seats("Ann,bot:hard,bot:simple"), 4)
        app = CardtableApp(setup=setup, theme="felt", bot_delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, (TableScreen, HandoffScreen)))
        assert Settings.load().table == LastTable("tonk", "tonk-classic",
                                                  [("Ann", "human"), ("Dag", "hard"), ("Eve", "simple")])

    run(scenario)


def test_b_at_the_table_cycles_the_bots_speed_and_it_is_remembered():
    """``b``: normal (0.7 s), fast, instant, slow, normal …; the next run starts with the
    speed chosen last, unless ``--bot-delay`` says otherwise."""
    from cardtable import load_variant
    from cardtable.tui.seats import TableSetup

    setup = TableSetup(load_variant("president-classic"), parse_seats("Ann,bot:simple,bot:simple,bot:simple"), 3)

    async def scenario():
        app = CardtableApp(setup=setup, theme="felt")
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
            assert app.bot_delay == 0.7
            seen, told = [], []
            for _ in range(4):
                await pilot.press("b")
                await pilot.pause()
                seen.append((app.bot_delay, app.screen.bot_delay, Settings.load().bot_delay))
                # one note, the newest: the one before it is taken away (it said a speed gone by)
                told.append([(note.message.removesuffix("; b for the next speed"), note.timeout)
                             for note in app._notifications if note.title == "bot speed"])
                assert len(app.screen.query("Toast")) == 1
            assert seen == [(0.3, 0.3, 0.3), (0.0, 0.0, 0.0), (1.5, 1.5, 1.5), (0.7, 0.7, 0.7)]
            assert told == [[("bots: fast (0.3 s before each move)", 4)], [("bots: instant (no pause)", 4)],
                            [("bots: slow (1.5 s before each move)", 4)], [("bots: normal (0.7 s before each move)", 4)]]
            await pilot.press("b", "b")
            await pilot.pause()
        assert Settings.load().bot_delay == 0.0
        assert CardtableApp(setup=setup).bot_delay == 0.0
        assert CardtableApp(setup=setup, bot_delay=1.0).bot_delay == 1.0

    run(scenario)


@pytest.mark.parametrize("delay", [[0.7], {"s": 1}, "fast", True, 0.5, -1])
def test_a_damaged_or_unknown_bot_speed_in_the_settings_is_ignored(delay):
    """settings.json is the user's to edit: a bot_delay that is not one of the speeds
    ``b`` offers is left out (normal speed), and never stops cardtable from starting."""
    config_dir().mkdir(parents=True, exist_ok=True)
    (config_dir() / "settings.json").write_text(json.dumps({"theme": "felt", "bot_delay": delay}))
    assert Settings.load().bot_delay is None
    assert CardtableApp().bot_delay == 0.7


def test_a_preset_played_from_a_path_is_not_remembered_as_the_shipped_one_of_its_name(tmp_path):
    """``--preset ~/x/forseti.toml`` is that file, not the shipped forseti: the last table
    keeps its path (the start screen, which lists presets by name, then offers classic)."""
    from cardtable import load_variant
    from cardtable.presets import preset_path
    from cardtable.tui.app import _preset_named

    assert _preset_named(load_variant("forseti")) == "forseti"
    copy = tmp_path / "x" / "forseti.toml"
    copy.parent.mkdir()
    copy.write_text(preset_path("forseti").read_text(encoding="utf-8").replace("Forseti", "Our Forseti"),
                    encoding="utf-8")
    assert _preset_named(load_variant(str(copy))) == str(copy.resolve())


def test_start_screen_key_e_moves_to_the_next_preset_and_wraps_round():
    """A new player took five Tabs to reach the preset list: ``e`` moves to the next
    preset, as ``g`` to the next game, and after the last comes the first."""
    from cardtable.presets import list_variants

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            names = list(screen._preset_names)
            assert names and set(names) <= set(list_variants()) and "forseti" in names
            preset = screen.query_one("#preset", Select)
            start = names.index(preset.value)
            for step in range(1, len(names) + 1):
                await pilot.press("e")
                wanted = names[(start + step) % len(names)]
                await settle(pilot, app, lambda: screen.variant is not None and screen.variant.name == wanted)
                assert preset.value == wanted
            assert "Preset (e)" in screen_text(app)

    asyncio.run(scenario())


def test_start_screen_g_pressed_twice_at_once_moves_two_games_on():
    """A quick "g g" moved one game on: the second read the game the first had not yet
    filled in (seen in tmux)."""
    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert screen.family == "president"
            await pilot.press("g", "g")
            await settle(pilot, app, lambda: screen.variant is not None and screen.variant.family == "tonk",
                         limit=2000)
            assert screen.query_one("#family", Select).value == "tonk"

    asyncio.run(scenario())


def test_start_screen_keys_g_cycles_the_game_and_the_player_count_stays():
    """The start screen: ``g`` moves to the next game and its presets, ``p`` to one player
    more (from the most back to the fewest); a player count the
    next game's preset seats too is kept (3 at Shanghai stays 3 at Tonk); Tab goes from
    House rules… straight to Players (no stop on the scrolling column itself)."""
    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert screen.family == "president"
            await pilot.press("g")
            await settle(pilot, app, lambda: screen.variant is not None and screen.variant.family == "shanghai",
                         limit=2000)
            assert screen.query_one("#preset", Select).value == "shanghai-classic"
            await choose_players(pilot, screen, 3)
            await pilot.press("g")
            await settle(pilot, app, lambda: screen.variant.family == "tonk", limit=2000)
            assert screen.query_one("#players", Select).value == 3
            await pilot.press("g")
            await settle(pilot, app, lambda: screen.variant.family == "president", limit=2000)
            assert screen.query_one("#players", Select).value == 3
            for wanted in (4, 5, 6, 7, 3):  # p: one more, after the most (7) the fewest (3)
                await pilot.press("p")
                await settle(pilot, app, lambda: screen.query_one("#players", Select).value == wanted)
            assert [screen.query_one(f"#seat-row-{i}").display for i in range(4)] == [True] * 3 + [False]
            await choose_players(pilot, screen, 7)
            await pilot.press("g")      # Shanghai seats 3–6: the nearest, 6 (not the default 4)
            await settle(pilot, app, lambda: screen.variant.family == "shanghai", limit=2000)
            assert screen.query_one("#players", Select).value == 6
            await pilot.press("g")      # Tonk, 2–5: 5
            await settle(pilot, app, lambda: screen.variant.family == "tonk", limit=2000)
            assert screen.query_one("#players", Select).value == 5
            await pilot.press("g")      # President again: the 7 chosen (a play-tester's presets left it at 6)
            await settle(pilot, app, lambda: screen.variant.family == "president", limit=2000)
            assert screen.query_one("#players", Select).value == 7
            screen.query_one("#players", Select).value = 3
            await pilot.pause()
            screen.query_one("#house-rules").focus()
            await pilot.press("tab")
            await pilot.pause()
            assert app.focused is screen.query_one("#players", Select)

    run(scenario)


def test_the_quit_and_drop_questions_leave_the_table_in_sight():
    """Deciding whether to quit, or to drop in Tonk, the player still sees the table and
    the hand around the question (the dialog is centred over it, not on a blank screen)."""
    from cardtable.tui.screens.dialogs import ConfirmQuit
    from cardtable.tui.tonk.dialogs import ConfirmDrop
    from cardtable.tui.widgets.card import card_label
    from cardtable.tui.widgets.hand import Hand

    from .helpers import make_app

    async def scenario():
        app = make_app("Ann,bot:simple", preset="tonk-classic", seed=7)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                         and app.screen.game.to_act == (0,))
            table = app.screen
            hand = table.query_one(Hand)
            ranks = [card_label(card)[:-1] for card in table.game.view(0).hand]
            for ask, question in ((ConfirmQuit, "Quit this game?"), (ConfirmDrop, "Drop with a count")):
                if ask is ConfirmQuit:
                    await pilot.press("q")
                else:
                    app.push_screen(ConfirmDrop("Drop with a count of 40?"))
                await settle(pilot, app, lambda: isinstance(app.screen, ask) and question in screen_text(app))
                text = screen_text(app)
                lines = text.splitlines()
                rows = [line[hand.region.x:hand.region.right] for line in lines[hand.region.y:hand.region.bottom]]
                faces = next(row for row in rows if row.lstrip().startswith("│"))  # the cards' rank row
                assert question in text and "Ann — your turn" in text, text
                assert sorted(part.strip("│ ") for part in faces.strip().split("││")) == sorted(ranks), faces
                await pilot.press("n")
                await settle(pilot, app, lambda: app.screen is table)

    run(scenario)


def test_keys_typed_after_save_and_quit_do_nothing():
    """A quick "t" (or "o", "?") typed right after "Save and quit" must not still act:
    it changed the saved theme while the app was closing."""
    async def scenario():
        setup = TableSetup(load_variant("president-classic"), parse_seats("Ann,bot:simple,bot:simple,bot:simple"), 3)
        app = CardtableApp(setup=setup, theme="felt", bot_delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
            await pilot.press("q")
            assert isinstance(app.screen, ConfirmQuit)
            for key in "stt":  # (queued at once, as a fast typist's keys reach the app)
                app.post_message(events.Key(key, key))
            await pilot.pause()
        assert app.card_theme == "felt"
        assert json.loads((config_dir() / "settings.json").read_text())["theme"] == "felt"

    run(scenario)


def test_a_seat_added_on_the_start_screen_gets_a_name_nobody_has():
    """The last table had bots called Dag, Eve and Finn; a fourth seat added with p is
    named as none of them (it was "Finn" again, and Start refused the two Finns)."""
    (config_dir() / "settings.json").parent.mkdir(parents=True, exist_ok=True)
    (config_dir() / "settings.json").write_text(json.dumps({"table": {
        "family": "president", "preset": "president-classic",
        "seats": [["Ann", "human"], ["Dag", "random"], ["Eve", "random"], ["Finn", "random"]]}}))

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, StartScreen)
            names = [screen.query_one(f"#name-{i}", Input).value for i in range(6)]
            assert names[:4] == ["Ann", "Dag", "Eve", "Finn"]
            assert len({name.casefold() for name in names}) == 6, names

    run(scenario)


def test_a_long_start_error_wraps_under_start_instead_of_being_cut():
    """At 80×24 the seed's range ("a seed is a whole number from -9223372036854775808 to
    9223372036854775807 …") is longer than the row beside Start: it wraps, whole."""
    async def scenario():
        async with at_the_start_screen(size=(80, 24)) as (pilot, app, screen):
            screen.query_one("#seed", Input).value = "118446744073709551616"
            await pilot.pause()  # (a change of a field clears the last error)
            screen.action_start()
            await pilot.pause()
            error = str(screen.query_one("#start-error").render()).strip()
            assert error.startswith("a seed is a whole number from -9223372036854775808") and len(error) > 60
            assert " ".join(error.split()) in " ".join(screen_text(app).split())
            region = screen.query_one("#start-error").content_region  # (each wrapped line starts in line)
            rows = screen_text(app).splitlines()[region.y:region.bottom]
            assert len(rows) >= 2 and all(row[region.x - 2:region.x] == "  " and row[region.x] != " " for row in rows)

    run(scenario)


def test_escape_in_a_start_screen_field_gives_the_keys_back():
    """Letters typed in the seed or a name field are text, not keys; escape leaves the
    field (for Start), and then t switches the theme again."""
    async def scenario():
        async with at_the_start_screen() as (pilot, app, screen):
            screen.query_one("#seed", Input).focus()
            await pilot.press("t")
            assert app.card_theme == "felt" and isinstance(screen.focused, Input)
            await pilot.press("escape")
            assert screen.focused is screen.query_one("#start")
            await pilot.press("t")
            assert app.card_theme == "dark"

    run(scenario)


def test_enter_in_a_start_screen_field_moves_to_the_next():
    """The help says tab or enter moves between fields: enter in the seed did nothing."""
    async def scenario():
        async with at_the_start_screen() as (pilot, app, screen):
            seed = screen.query_one("#seed", Input)
            seed.focus()
            await pilot.press("4", "2", "enter")
            await pilot.pause()
            assert seed.value == "42" and app.focused is screen.query_one("#start")
            screen.query_one("#name-1", Input).focus()
            await pilot.press("enter")
            await pilot.pause()
            assert app.focused is screen.query_one("#kind-1") and isinstance(app.screen, StartScreen)

    run(scenario)


def test_the_start_screen_field_tab_lands_on_is_underlined_as_well_as_shaded():
    """(A play-tester in tmux, 256 colours, could not tell which field had focus: the
    shade alone came out nearly the felt's.) Inputs and selects take an underline too."""
    from textual.widgets._select import SelectCurrent

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            players = app.screen.query_one("#players", Select)
            players.focus()
            await pilot.pause()
            assert players.query_one(SelectCurrent).styles.text_style.underline
            seed = app.screen.query_one("#seed", Input)
            seed.focus()
            await pilot.pause()
            assert seed.styles.text_style.underline and not players.query_one(SelectCurrent).styles.text_style.underline

    run(scenario)


@pytest.mark.parametrize("first, family, preset", [("g", "shanghai", "shanghai-classic"),
                                                   ("e", "president", None)])
def test_start_screen_a_key_typed_just_before_s_is_read_first(first, family, preset):
    """A review: "g" then "s" in one terminal read opened the game shown before the g
    (President), "e" then "s" the preset shown before the e. Start waits until the form
    has read what it shows."""
    from textual import events

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            start = app.screen
            names = start._preset_names
            expected = preset or names[(names.index(start.query_one("#preset", Select).value) + 1) % len(names)]
            for key in (first, "s"):  # (both arrive before either is handled)
                app.post_message(events.Key(key, key))
            # (the bots may already have put a buy question over the table)
            await settle(pilot, app, lambda: table_screen(app) is not None and table_screen(app).table.state
                         is not None, limit=2000)  # (mounted, shown)
            assert (table_screen(app).game.family, table_screen(app).game.variant.name) == (family, expected)

    asyncio.run(scenario())


def test_looking_through_the_presets_keeps_the_player_count_chosen():
    """A play-tester at 4 players pressed e round the President presets: past one for 6–8
    players the table stayed at 6. Each preset seats the count chosen, or the nearest it
    allows; the count chosen changes only when the player changes it."""
    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            await settle(pilot, app, lambda: screen.variant is not None, limit=2000)
            await choose_players(pilot, screen, 4)
            seen = []
            for _ in range(len(screen._preset_names)):
                before = screen.variant.name
                await pilot.press("e")
                await settle(pilot, app, lambda: screen.variant.name != before, limit=2000)
                low, high = screen.variant.players.min, screen.variant.players.max
                count = screen.query_one("#players", Select).value
                assert count == min(max(4, low), high), (screen.variant.name, count)
                assert sum(bool(screen.query_one(f"#seat-row-{i}").display) for i in range(8)) == count
                seen.append(low)
            assert max(seen) > 4  # (a preset for more than 4 was on the way)

    asyncio.run(scenario())


def test_quitting_a_game_that_cannot_be_saved_says_so_and_a_mended_save_is_offered_again(monkeypatch):
    """No lost game unsaid (a tester's autosave failed on a read-only folder; "Save and
    quit" still promised Continue and quit with nothing written). q tries the autosave once
    more; if it fails again the dialog says why, its button is "Quit anyway", and neither
    abandon nor the start screen is offered; once the folder is mended, q saves and offers
    "Save and quit" as usual."""
    import cardtable.store.autosave as autosave
    from cardtable.store import load_game

    written = autosave.atomic_write

    def refused(path, text):
        raise PermissionError(13, "Permission denied", str(path))

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple", seed=4)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
            table = app.screen
            monkeypatch.setattr(autosave, "atomic_write", refused)
            assert table.saver.save_now() is False  # (as after a move played while the folder is read-only)
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmQuit)
            question = str(app.screen.query_one("#confirm-question").render())
            assert question.startswith("Quit this game? It is not saved: Permission denied")
            text = screen_text(app)
            assert "Quit anyway (s)" in text and "Save and quit" not in text and "Continue" not in text
            assert "start screen" not in text
            await pilot.press("y")  # (no abandon here: it would throw away the last autosave that worked)
            await pilot.press("m")  # (nor the start screen: the game would be lost there too)
            await pilot.pause()
            assert isinstance(app.screen, ConfirmQuit) and table.saver.path.exists() and not app.leaving
            await pilot.press("n")
            await pilot.pause()
            monkeypatch.setattr(autosave, "atomic_write", written)  # (the folder mended)
            await pilot.press("q")
            await pilot.pause()
            assert "Save and quit (s)" in screen_text(app)
            await pilot.press("s")
            await pilot.pause()
        assert app.return_code == 0
        assert len(load_game(table.saver.path)[0].events) == len(table.game.events)  # (the autosave holds it all)

    run(scenario)


def test_help_opens_over_the_quit_question_the_rules_and_the_log_and_closes_back_to_them():
    """README: ? and F1 open the help everywhere (a tester found them dead in the quit
    question and the rules); a quit asked over the help asks once."""
    from cardtable.tui.screens.dialogs import LogScreen, RulesScreen

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple", seed=4)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
            for opener, kind, key in (("q", ConfirmQuit, "question_mark"), ("r", RulesScreen, "f1"),
                                      ("L", LogScreen, "question_mark")):
                await pilot.press(opener)
                await settle(pilot, app, lambda: isinstance(app.screen, kind))
                under = app.screen
                await pilot.press(key)
                await settle(pilot, app, lambda: isinstance(app.screen, HelpScreen))
                await pilot.press("ctrl+q")  # (one quit question at a time, even under the help)
                await pilot.pause()
                assert sum(isinstance(screen, ConfirmQuit) for screen in app.screen_stack) == 1
                if isinstance(app.screen, ConfirmQuit):
                    await pilot.press("n")
                    await settle(pilot, app, lambda: isinstance(app.screen, HelpScreen))
                await pilot.press("escape")
                await settle(pilot, app, lambda: app.screen is under)
                await pilot.press("escape")
                await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))

    run(scenario)


def test_help_opens_over_a_yes_no_question_too():
    from cardtable.tui.screens.dialogs import Confirm

    from .editor_helpers import app_at_start

    async def scenario():
        app = app_at_start()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            answers = []
            app.push_screen(Confirm("Delete your preset ours?"), answers.append)
            await settle(pilot, app, lambda: isinstance(app.screen, Confirm))
            question = app.screen
            await pilot.press("question_mark")
            await settle(pilot, app, lambda: isinstance(app.screen, HelpScreen))
            await pilot.press("escape")
            await settle(pilot, app, lambda: app.screen is question)
            assert answers == []  # (the help answers nothing)

    run(scenario)


def test_a_faster_speed_shortens_the_pause_under_way():
    """A tester's bots paused 60 s (``--bot-delay 60``), and b (a faster speed) did not
    shorten the pause already begun: the bot still waited the whole minute."""
    import time

    from cardtable import load_variant
    from cardtable.tui.seats import TableSetup

    setup = TableSetup(load_variant("president-classic"), parse_seats("bot:simple,bot:simple,bot:simple"), 3)

    async def scenario():
        app = CardtableApp(setup=setup, theme="felt", bot_delay=10, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and app.screen.busy)
            table = app.screen
            dealt = len(table.game.events)
            await pilot.pause(0.3)
            assert len(table.game.events) == dealt               # (the first bot pauses its 10 s)
            pressed = time.monotonic()
            await pilot.press("b")                               # 10 s counts as slow: next is normal, 0.7 s
            await settle(pilot, app, lambda: len(table.game.events) > dealt, limit=500)
            assert time.monotonic() - pressed < 5

    run(scenario)


def test_closing_the_table_ends_a_bots_pause(monkeypatch):
    """A tester quit while a bot paused 60 s (``--bot-delay 60``): the screen stayed blank
    until the pause ran out (the program waits for the bot's thread). Closing the table
    ends the pause, and the bot makes no move."""
    import time

    from cardtable import load_variant
    from cardtable.tui.seats import TableSetup

    setup = TableSetup(load_variant("president-classic"), parse_seats("bot:simple,bot:simple,bot:simple"), 3)
    pause = TableScreen.pause_before_move
    ended: list[tuple[bool, float]] = []
    monkeypatch.setattr(TableScreen, "pause_before_move",
                        lambda table, delay: ended.append((answer := pause(table, delay), time.monotonic())) or answer)

    async def scenario():
        app = CardtableApp(setup=setup, theme="felt", bot_delay=10, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and app.screen.busy)
            await pilot.pause(0.3)
            assert ended == []                                   # (the first bot pauses its 10 s)
            closing = time.monotonic()
            app.exit()
        return closing

    closing = run(scenario)
    for _wait in range(100):
        if ended:
            break
        time.sleep(0.05)
    assert ended and ended[0][0] is False and ended[0][1] - closing < 3


def test_the_bots_wait_while_the_quit_question_is_open_or_the_terminal_is_too_small():
    """A play-tester left the quit question open to think, and resized the window too
    small for a moment: the bots played on behind both, and the moves were missed. They
    wait for the player, and play on once the question is answered or the table shows."""
    from cardtable import load_variant
    from cardtable.tui.screens.dialogs import ConfirmQuit
    from cardtable.tui.seats import TableSetup

    setup = TableSetup(load_variant("president-classic"), parse_seats("bot:simple,bot:simple,bot:simple"), 3)

    async def scenario():
        app = CardtableApp(setup=setup, theme="felt", bot_delay=0.05, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
            table = app.screen
            await pilot.resize_terminal(60, 15)
            await pilot.pause(0.3)                               # (a bot already thinking makes its move)
            held = len(table.game.events)
            await pilot.pause(0.5)
            assert len(table.game.events) == held                # (unheld: some ten moves)
            await pilot.resize_terminal(100, 30)
            await settle(pilot, app, lambda: len(table.game.events) > held)
            await pilot.press("q")
            await settle(pilot, app, lambda: isinstance(app.screen, ConfirmQuit))
            await pilot.pause(0.3)
            held = len(table.game.events)
            await pilot.pause(0.5)
            assert len(table.game.events) == held and not table.game.round_over
            await pilot.press("n")
            await settle(pilot, app, lambda: len(table.game.events) > held)

    run(scenario)


def test_a_held_bot_waits_without_spinning_even_after_a_speed_change():
    """A review: an earlier speed change (b) left the pause's wake-up set, and a held bot
    (quit question open) then looked whether it was still held millions of times a
    second, starving the screen. A wake-up is taken once; held, it looks ten times a second."""
    import threading
    import time
    from types import SimpleNamespace

    release = time.monotonic() + 0.5
    looks: list[float] = []

    def held() -> bool:
        looks.append(time.monotonic())
        return time.monotonic() < release

    table = SimpleNamespace(closed=False, bot_delay=0.0, _wake_pause=threading.Event(), _bots_held=held)
    table._wake_pause.set()                                   # (b pressed at instant speed: nothing cleared it)
    assert TableScreen.pause_before_move(table, 0.0) is True
    assert time.monotonic() >= release and len(looks) < 20    # (some 6 looks in the half second)


def test_the_reason_no_preset_loads_is_one_problem_of_this_games_files_at_any_width(user_presets):
    """A review: a file of eight misspelt knobs told them all (one a line) and pushed the
    buttons off 80x24 again; a path's breaks stayed those of the width the screen opened
    at; and a game whose files cannot be read was told another game's broken file."""
    knobs = "".join(f"bogus_{i} = 1\n" for i in range(8))
    (user_presets / "president-classic.toml").write_text(f'family = "president"\n[rules]\n{knobs}')
    (user_presets / "shanghai-classic.toml").write_text("[rules\n")  # (not TOML: its game unknown)
    (user_presets / "aaa.toml").write_text('extends = "tonk-classic"\n[rules]\nbogus = 1\n')

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(160, 30)) as pilot:
            await pilot.pause()
            info = app.screen.query_one("#preset-info")
            await pilot.resize_terminal(80, 24)
            for _ in range(3):
                await pilot.pause()
            told = " ".join(str(info.render()).splitlines())
            assert "president-classic.toml: rules.bogus_0: unknown knob 'bogus_0'" in told
            assert "(and 7 more in that file)" in told and "bogus_1" not in told
            assert info.region.bottom < app.screen.query_one("#rules").region.y
            family = app.screen.query_one("#family", Select)
            family.value = "shanghai"
            for _ in range(5):
                await pilot.pause()
            told = str(info.render())
            assert told.startswith("No Shanghai rummy preset loads (") and "shanghai-classic.toml" in told
            assert "aaa.toml" not in told and "tonk" not in told

    run(scenario)


def test_a_name_typed_outside_the_seats_is_told_where_names_go():
    """A letter that is no key on the start screen, typed outside a text box (a first-time
    player typed a name there), brings one note saying letters are keys there and names go in
    the seats; a key's letter stays a key, and letters typed in a seat's box are the name."""
    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, StartScreen) and not app._notifications
            await pilot.press("r", "escape")  # (a key: the rules, and no note)
            await pilot.pause()
            assert isinstance(app.screen, StartScreen) and not app._notifications
            await pilot.press("M", "a", "r", "i", "a")  # (its r, typed on after the note, opens no rules)
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            [note] = app._notifications  # (once, not a note a letter)
            assert note.title == "Names go in the seats"
            assert "press n (or tab to a seat's name" in note.message and "s starts" in note.message
            app.clear_notifications()
            screen._typing_at = None  # (as after a pause: a name typed again is as quiet)
            await pilot.press("m", "a", "r", "i", "a")
            await pilot.pause()
            assert isinstance(app.screen, StartScreen) and not app._notifications  # (no rules, no second note)
            screen._typing_at = None  # (as after a pause: a key's letter is a key again)
            await pilot.press("r")
            await pilot.pause()
            assert not isinstance(app.screen, StartScreen)  # the rules
            await pilot.press("escape")
            await pilot.pause()
            screen.query_one("#name-1").focus()
            await pilot.press("z")
            await pilot.pause()
            assert not app._notifications and screen.query_one("#name-1").value.endswith("z")

    run(scenario)


def test_n_goes_to_the_first_seats_name_and_the_help_opens_on_the_start_keys():
    """A new player took nine tabs to reach the first name, and found the start screen's
    keys on the help's fourth page: ``n`` goes to the first seat's name (the letters after
    it are the name), and ``?`` over the start screen lists its keys first, then the rest."""
    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert str(screen.query_one("#players").parent.query_one(Label).render()) == "Seats (p)"
            await pilot.press("n")
            await pilot.pause()
            box = screen.query_one("#name-0")
            assert screen.focused is box
            box.value = ""
            await pilot.press("Z", "o", "e")
            await pilot.pause()
            assert box.value == "Zoe" and not app._notifications
            await pilot.press("escape", "question_mark")
            await pilot.pause()
            help_screen = app.screen
            assert isinstance(help_screen, HelpScreen)
            console = Console(width=200, record=True, color_system=None)
            console.print(help_screen.query_one("#help-box Static").content)
            lines = [line.strip() for line in console.export_text().splitlines()]
            sections = [line.split()[0] for line in lines if line and not line.startswith(" ") and line[0].isupper()]
            assert lines[0].startswith("Start") and lines[2].split()[:4] == ["n", "the", "first", "seat's"]
            assert sections[:3] == ["Start", "Everywhere", "Table"] and sections.count("Start") == 1

    run(scenario)


def test_a_preset_with_no_description_leaves_no_empty_line_on_the_start_screen(user_presets):
    """The preset's title, then its players: no empty line where a description would be."""
    (user_presets / "blank.toml").write_text('extends = "tonk-classic"\ntitle = "Blank"\ndescription = "  "\n')

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False, family="tonk")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            for _ in range(12):
                info = str(screen.query_one("#preset-info").render())
                if info.startswith("Blank"):
                    break
                await pilot.press("e")
                await pilot.pause()
            assert info.splitlines() == ["Blank", "2–5 players"]

    run(scenario)
