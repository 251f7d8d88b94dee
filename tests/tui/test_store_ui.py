"""Issue 8 at the table: the autosave behind every game, Continue (hand-off first for
hot-seat), a damaged autosave, the quit choices, ctrl+s, the Load dialog and the
`cardtable resume / load` launchers. Every test has its own CARDTABLE_HOME."""

from __future__ import annotations

import asyncio
import os
import re
from types import SimpleNamespace

import pytest
from textual.widgets import Button
from textual.widgets._toast import Toast

from cardtable import load_variant, new_game
from cardtable.store import (
    AutoSaver, autosave_path, has_autosave, list_saves, load_autosave, load_game, save_game, saves_dir,
)
from cardtable.tui import launch
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.dialogs import Confirm, ConfirmQuit
from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.screens.start import StartScreen
from cardtable.tui.screens.store_menu import LoadDialog, StoreBar, when
from cardtable.tui.screens.table import TableScreen

from .helpers import at_buy_prompt, hold_bots, make_app, screen_text, settle, table_screen
from .test_hotseat import CARD_FACE, press_move


def run(scenario):
    asyncio.run(scenario())


def start_app() -> CardtableApp:
    return CardtableApp(theme="felt", bot_delay=0, save_settings=False)


def snapshot(game) -> tuple:
    """Everything that must come back: the data (preset, seed, log), turn, hands, log."""
    return (game.to_data(), game.to_act, game.round,
            tuple(tuple(game.view(s).hand) for s in range(game.players)),
            tuple(str(e) for e in game.events))


async def human_turn(pilot, app, seat=None):
    """Until a hand-off shows or a human (``seat``) is to act, bots thinking no more."""
    def done():
        if isinstance(app.screen, HandoffScreen):
            return True
        table = table_screen(app)
        to_act = table.game.to_act
        return bool(to_act) and to_act[0] not in table.bots and (seat is None or to_act[0] == seat) and \
            (not table.busy or app.screen is not table)
    await settle(pilot, app, done, limit=1000)


def test_continue_brings_back_a_hot_seat_game_hand_off_first():
    async def scenario():
        app = make_app("Ann,Bob,bot:simple,bot:simple", seed=3)
        moves = 0
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            while moves < 3:
                await human_turn(pilot, app)
                if isinstance(app.screen, HandoffScreen):
                    await pilot.press("enter")
                    await pilot.pause()
                    continue
                screen = app.screen
                before = len(screen.game.events)
                await press_move(pilot, screen, screen.game.to_act[0])
                await settle(pilot, app, lambda: len(screen.game.events) > before)
                moves += 1
            await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen))
            before = snapshot(table_screen(app).game)
            assert table_screen(app).saver.writes > 3
        # the app is closed mid-round: the autosave stays
        assert has_autosave()
        assert snapshot(load_autosave()[0]) == before

        app = start_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            text = screen_text(app)
            assert "Continue (c)" in text and "President · round 1 · " in text
            assert "Ann, Bob · bots Dag, Eve" in " ".join(text.split())  # (the humans, then the bots)
            assert app.focused is app.screen.query_one("#continue")
            await pilot.press("c")
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen)  # no hand before a human confirms
            assert not CARD_FACE.search(screen_text(app))
            table = table_screen(app)
            assert table.viewer is None and table.table.state.hand == ()
            assert snapshot(table.game) == before
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            assert table.viewer == table.game.to_act[0]
            assert snapshot(table.game) == before

    run(scenario)


@pytest.mark.parametrize("preset", ["president-classic", "shanghai-classic", "tonk-classic"])
def test_every_family_autosaves_and_continues(preset):
    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset=preset, seed=5)
        async with app.run_test(size=(100, 30)) as pilot:
            await human_turn(pilot, app, seat=0)
            before = snapshot(table_screen(app).game)
        app = start_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("c")
            await pilot.pause()
            assert not isinstance(app.screen, (StartScreen, HandoffScreen))  # one human: no hand-off
            table = table_screen(app)
            assert snapshot(table.game) == before
            assert table.viewer == 0 and table.saver is not None

    run(scenario)


def damaged_autosave():
    """An autosave cut short (it cannot load), and where it is."""
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "cardtable-save", "vers', encoding="utf-8")
    return path


def test_damaged_autosave_is_explained_and_can_be_discarded_after_a_question():
    async def scenario():
        path = damaged_autosave()
        app = start_app()
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert "autosave.json" in text and "cannot be loaded" in text and "Discard the autosave (x)" in text
            await pilot.press("c")  # never a crash: the message stays, and a note says what to do
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            assert path.exists()
            assert [note.message for note in app._notifications][-1] == (
                "The autosave does not load (why is said above): x discards it.")
            assert app.focused is app.screen.query_one("#discard")
            await pilot.press("enter")  # it asks first: a damaged save may be worth mending
            await pilot.pause()
            assert "Delete the damaged autosave" in screen_text(app)
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, StartScreen) and path.exists()
            await pilot.press("x")  # (its key)
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            assert not path.exists()
            assert not app.screen.query_one("#continue-row").display

    run(scenario)


def test_an_autosave_that_loads_by_the_time_the_discard_is_confirmed_is_kept():
    """While the question is open, another cardtable window may save a match there: the
    file is deleted only if it is still damaged."""
    async def scenario():
        path = damaged_autosave()
        app = start_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("enter")  # Discard the autosave: the question
            await pilot.pause()
            save_game(path, new_game(load_variant("president-classic"), 4, seed=1), ["Ann", "Bob", "Cai", "Dag"])
            await pilot.press("y")
            await pilot.pause()
            assert path.exists() and app.screen.query_one("#continue", Button).display

    run(scenario)


def test_log_that_does_not_replay_is_caught_on_continue():
    async def scenario():
        game = new_game(load_variant("president-classic"), 4, seed=1)
        seats = ["Ann", "Bob", "Cai", "Dag"]
        save_game(autosave_path(), game, seats)
        import json
        data = json.loads(autosave_path().read_text())
        data["game"]["log"] = [["move", 3, "play 2S 2H 2D 2C"]]
        data.pop("checksum")  # a hand-edited file: only the replay can notice
        autosave_path().write_text(json.dumps(data))
        app = start_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("c")
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            assert "autosave.json" in str(app.screen.query_one(StoreBar).error)
            assert app.screen.query_one("#discard").display

    run(scenario)


@pytest.mark.parametrize("choice, kept", [("s", True), ("y", False)])
def test_quit_choices_keep_or_abandon_the_autosave(choice, kept):
    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple")
        async with app.run_test(size=(100, 30)) as pilot:
            await human_turn(pilot, app, seat=0)
            assert has_autosave()
            await pilot.press("q")
            assert isinstance(app.screen, ConfirmQuit)
            assert "Abandon this game? Its autosave goes (a game you saved with ctrl+s stays in Load" \
                in " ".join(screen_text(app).replace("│", " ").split())
            await pilot.press(choice)
            await pilot.pause()
        assert has_autosave() is kept

    run(scenario)


def test_m_in_the_quit_question_saves_and_goes_back_to_the_start_screen_where_continue_resumes():
    """A play-tester could leave a game only by quitting the program. ``m`` closes the
    table and what is over it (here the buy question) for the start screen; Continue
    brings the same game back, at the same question."""
    from cardtable.tui.screens.choose import MoveListDialog

    async def scenario():
        async with at_buy_prompt() as (pilot, app, game):
            moves = len(game.events)
            await pilot.press("q")
            assert isinstance(app.screen, ConfirmQuit)
            assert "Save, to the start screen (m)" in screen_text(app)
            await pilot.press("m")
            await settle(pilot, app, lambda: isinstance(app.screen, StartScreen))
            assert not any(isinstance(s, (TableScreen, MoveListDialog)) for s in app.screen_stack)
            assert not app.leaving and has_autosave()
            assert "Continue (c)" in screen_text(app)
            await pilot.press("c")
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog))
            table = table_screen(app)
            assert table.game is not game and table.game.events == game.events[:moves]
            assert table.game.view(0).phase == "buy"

    run(scenario)


def test_keys_typed_right_after_m_do_not_start_a_new_game_over_the_one_just_kept(armed_screens):
    """A play-tester's ``m`` then ``s`` (the quit question's "Save and quit") pressed Start
    on the start screen at once: the game just kept went from Continue to Load game. The
    start screen takes no key and no click until a moment has passed with none (a held
    Enter, repeating, pressed Continue once the wait was over, and undid the ``m``)."""
    from .conftest import ARMED

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple")
        async with app.run_test(size=(100, 30)) as pilot:
            await human_turn(pilot, app, seat=0)
            game = app.screen.game
            await pilot.press("q", "m", "s", "s")
            await settle(pilot, app, lambda: isinstance(app.screen, StartScreen))
            for _repeat in range(int(2 * ARMED / 0.3)):  # (a held Enter, for longer than the wait)
                await pilot.press("enter")
                await pilot.pause(0.3)
            await pilot.pause(0.2)
            assert isinstance(app.screen, StartScreen) and not list_saves()  # (nothing started, nothing moved)
            await click_as_a_terminal_does(pilot, app, "#start")  # (a click starts no wait of its own)
            assert isinstance(app.screen, StartScreen) and not list_saves()
            await pilot.pause(ARMED)
            await pilot.press("c")
            await settle(pilot, app, lambda: table_screen(app) is not None)
            assert table_screen(app).game.events == game.events

    run(scenario)


async def click_as_a_terminal_does(pilot, app, selector: str) -> None:
    """A click on ``selector`` as the terminal sends it, through the app (Pilot's own
    clicks go to the screen, past the app)."""
    from textual import events

    x, y = app.screen.query_one(selector).region.offset + (1, 0)
    for kind in (events.MouseDown, events.MouseUp):
        app.post_message(kind(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y))
        await pilot.pause(0.05)


async def kept_by_m(pilot, app) -> None:
    """At Ann's turn, q then m: the game is kept for Continue, the start screen is back."""
    await human_turn(pilot, app, seat=0)
    await pilot.press("q", "m")
    await settle(pilot, app, lambda: isinstance(app.screen, StartScreen))


def test_a_click_right_after_m_does_not_start_a_game_either(armed_screens):
    """The start screen's quiet after ``m`` holds off clicks as well as keys (a click on
    Continue opened a table whose bots never began: the app was still "leaving")."""
    from .conftest import ARMED

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple")
        async with app.run_test(size=(100, 30)) as pilot:
            await kept_by_m(pilot, app)
            await click_as_a_terminal_does(pilot, app, "#start")
            await pilot.pause(0.2)
            assert isinstance(app.screen, StartScreen) and not list_saves()
            await pilot.pause(ARMED)
            await click_as_a_terminal_does(pilot, app, "#start")    # (a new game: the kept one goes to Load game)
            await settle(pilot, app, lambda: isinstance(app.screen, Confirm))  # (asked first: see below)
            await pilot.press("y")
            await settle(pilot, app, lambda: table_screen(app) is not None)
            await settle(pilot, app, lambda: len(table_screen(app).game.events) > 5)  # (its bots play)
            assert len(list_saves()) == 1

    run(scenario)


def test_a_question_the_table_held_back_behind_the_help_does_not_follow_it_to_the_start_screen(monkeypatch):
    """A buy question that came while the help was open waits for the help to close; left
    with ``m`` from the quit question opened over the help, the table asks nothing more
    (it pushed the buy question over the start screen)."""
    from cardtable.tui.screens.choose import MoveListDialog
    from cardtable.tui.screens.dialogs import HelpScreen

    from .helpers import shanghai_buy_offer

    game = shanghai_buy_offer()
    game_before = new_game(load_variant("shanghai-classic"), 3, seed=3, hands=[
        "7C 7D 7H 7S 9S 9H 9D 9C 4C 5D KS", "2C 3C 6D 8H 10S JC QD AH 2D 4H 6S",
        "3D 5C 8C 10H JD QH KD AS 3H 5S 8D"], upcard="QS")
    assert game_before.to_act == (1,) and game.events[:len(game_before.events)] == game_before.events
    opened = hold_bots(monkeypatch)  # (the bot beside Ann thinks until the help is open)
    app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", game=game_before)

    async def scenario():
        try:
            async with app.run_test(size=(100, 30)) as pilot:
                await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
                await pilot.press("question_mark")
                await settle(pilot, app, lambda: isinstance(app.screen, HelpScreen))
                opened.set()
                await settle(pilot, app, lambda: game_before.view(0).phase == "buy" and game_before.to_act == (0,))
                await pilot.press("ctrl+q")
                await settle(pilot, app, lambda: isinstance(app.screen, ConfirmQuit))
                await pilot.press("m")
                await settle(pilot, app, lambda: isinstance(app.screen, StartScreen))
                await pilot.pause(0.3)
                assert [type(s) for s in app.screen_stack[1:]] == [StartScreen]
                assert not any(isinstance(s, (MoveListDialog, TableScreen)) for s in app.screen_stack)
        finally:
            opened.set()

    run(scenario)


def test_failed_autosave_warns_once_and_the_game_goes_on(monkeypatch):
    import cardtable.store.autosave as autosave

    def broken(path, text):
        raise OSError(28, "No space left on device", str(path))

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple")
        async with app.run_test(size=(100, 30)) as pilot:
            await human_turn(pilot, app, seat=0)
            monkeypatch.setattr(autosave, "atomic_write", broken)
            screen = app.screen
            before = len(screen.game.events)
            await press_move(pilot, screen, 0)
            await settle(pilot, app, lambda: len(screen.game.events) > before + 2)
            warnings = [n for n in app._notifications if "Autosave failed" in n.message]
            assert len(warnings) == 1 and "No space left" in warnings[0].message
            assert screen.saver.last_error is not None

    run(scenario)


def test_a_match_the_history_cannot_record_is_told_as_such_not_as_a_failed_autosave(tmp_path):
    """A play-tester's damaged history file: at the match's end the note says the match
    could not go into the statistics and that Continue records it later, not "Autosave
    failed … the game goes on" (the game is over; every autosave was written)."""
    from cardtable.store.history import history_path

    history_path().parent.mkdir(parents=True, exist_ok=True)
    history_path().write_text("garbage, not a database")
    game = new_game(load_variant("tonk-classic").changed(match_hands=1), 2, seed=5)
    while game.moves_played < 1 or not game.is_over:
        seat = game.to_act[0]
        game.apply(seat, game.legal_moves(seat)[0])
        if game.round_over and not game.is_over:
            game.next_round()

    async def scenario():
        app = make_app("Ann,bot:simple", preset="tonk-classic", game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: any("statistics" in n.message for n in app._notifications))
            [note] = [n.message for n in app._notifications if "statistics" in n.message]
            assert note.startswith("This match could not be recorded in the statistics: ")
            assert "not a database" in note and "Continue (start screen) records it" in note
            assert not any("Autosave failed" in n.message for n in app._notifications)
            assert has_autosave()

    run(scenario)


def test_a_new_table_keeps_the_interrupted_game_and_says_where():
    """No lost games: a new match does not write over the autosave of another one; the
    old match goes to the saves folder and the table says so."""
    interrupted = new_game(load_variant("tonk-classic"), 3, seed=9)
    save_game(autosave_path(), interrupted, ["Ann", "Dag", "Eve"])

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple")
        async with app.run_test(size=(100, 30)) as pilot:
            await human_turn(pilot, app, seat=0)
            [(path, info)] = list_saves()
            assert path.name.startswith("interrupted-tonk-classic-")
            assert load_game(path)[0] == interrupted
            # (told once Ann's turn is at the table: a moment after the turn is hers)
            await settle(pilot, app, lambda: any("unfinished game" in n.message for n in app._notifications))
            notes = [n.message.replace("\n", "") for n in app._notifications if "unfinished game" in n.message]
            # (named as Load game lists it, its moves too, not by its file's name, which a
            # player found meaningless; two kept games of one preset at hand 1 read alike)
            assert notes == [f"Your unfinished game (Tonk · hand 1 · 0 moves · saved {when(info.saved_at)}) is kept: "
                             "Load game (start screen) continues it."]
            assert load_autosave()[0] == table_screen(app).game
            # the first key at the table takes the note away (it stood over the opponents'
            # corner for 7 s as the player weighed the first move)
            await pilot.press("right")
            await settle(pilot, app, lambda: not app.screen.query(Toast))
            assert not any("unfinished game" in n.message for n in app._notifications)

    run(scenario)


def test_a_table_whose_autosave_another_window_took_says_where_its_game_goes_on():
    """Two windows: when another window's match takes the autosave slot, this table goes
    on in the file its match was moved to, and says so once."""
    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple")
        async with app.run_test(size=(100, 30)) as pilot:
            await human_turn(pilot, app, seat=0)
            screen = app.screen
            other = new_game(load_variant("tonk-classic"), 3, seed=9)
            save_game(autosave_path(), other, ["Cy", "Dag", "Eve"])  # the other window's first write
            before = len(screen.game.events)
            await press_move(pilot, screen, 0)
            await settle(pilot, app, lambda: len(screen.game.events) > before + 2)
            moved_to = screen.saver.moved_to
            assert moved_to is not None and moved_to.parent == saves_dir()
            assert load_game(moved_to)[0] == screen.game and load_autosave()[0] == other
            notes = [n.message for n in app._notifications if "took the autosave" in n.message]
            assert notes == [f"Another cardtable window took the autosave: this game is kept in "
                             f"{moved_to.name} (Load game continues it)."]
            # the quit question no longer promises Continue: that would bring back the other game
            await pilot.press("q")
            await settle(pilot, app, lambda: isinstance(app.screen, ConfirmQuit))
            note = str(app.screen.query_one("#confirm-note").render())
            assert note.replace("\n", " ").startswith(f"This game is kept in {moved_to.name}: Load game continues it")
            await pilot.press("s")
            await pilot.pause()
        assert load_game(moved_to)[0] == screen.game and load_autosave()[0] == other

    run(scenario)


def test_ctrl_s_writes_a_named_save_that_loads_equal():
    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple")
        async with app.run_test(size=(100, 30)) as pilot:
            await human_turn(pilot, app, seat=0)
            await pilot.press("ctrl+s")
            await pilot.pause()
            game = app.screen.game
            saves = list_saves()
            assert len(saves) == 1
            path, info = saves[0]
            assert path.parent == saves_dir()
            assert f"saved as {path.name}" in screen_text(app)
            loaded, seats = load_game(path)
            assert snapshot(loaded) == snapshot(game)
            assert [s["name"] for s in seats] == ["Ann", "Dag", "Eve", "Finn"]
            assert [s["kind"] for s in seats] == ["human", "bot", "bot", "bot"]

    run(scenario)


def test_load_dialog_lists_saves_and_damaged_files_and_opens_one():
    async def scenario():
        game = new_game(load_variant("tonk-classic"), 3, seed=8)
        game.apply(game.to_act[0], game.legal_moves(game.to_act[0])[0])
        saves_dir().mkdir(parents=True)
        good = save_game(saves_dir() / "good.json", game, ["Ann", "Bob", {"name": "Dag", "kind": "bot",
                                                                         "level": "simple"}])
        (saves_dir() / "broken.json").write_text("not json at all", encoding="utf-8")
        app = start_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("l")
            await pilot.pause()
            assert isinstance(app.screen, LoadDialog)
            text = screen_text(app)
            assert "good.json" in text and "Tonk" in text and "Ann, Bob · bot Dag" in text
            assert "broken.json: cannot be loaded" in text
            options = app.screen.query_one("#picker-list")
            index = next(i for i in range(options.option_count) if not options.get_option_at_index(i).disabled)
            options.highlighted = index
            await pilot.press("enter")
            await pilot.pause()
            table = table_screen(app)
            assert snapshot(table.game) == snapshot(load_game(good)[0])
            assert isinstance(app.screen, HandoffScreen)  # two humans: hand-off first
            assert (saves_dir() / "broken.json").read_text() == "not json at all"  # never rewritten

    run(scenario)


async def open_load_game(pilot) -> None:
    """On the start screen, open Load game (l)."""
    await pilot.pause()
    await pilot.press("l")
    await pilot.pause()
    assert isinstance(pilot.app.screen, LoadDialog)


def test_load_game_deletes_a_save_once_asked():
    """x (or Delete) in Load game deletes the save under the cursor after a question (a
    play-tester's finished match stayed in the list for good); n keeps it."""
    from cardtable.tui.screens.dialogs import Confirm

    game = new_game(load_variant("tonk-classic"), 3, seed=8)
    saves_dir().mkdir(parents=True)
    first = save_game(saves_dir() / "first.json", game, ["Ann", "Bob", "Cy"])
    second = save_game(saves_dir() / "second.json", game, ["Ann", "Bob", "Cy"])
    os.utime(first, (1, 1))  # (the list is newest first: second, then first)

    async def scenario():
        app = start_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await open_load_game(pilot)
            assert "x deletes" in str(app.screen.query_one(".picker-box").border_title)
            await pilot.press("x")
            await pilot.pause()
            assert isinstance(app.screen, Confirm) and "Delete the save second.json?" in screen_text(app)
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, LoadDialog) and second.exists()
            await pilot.press("delete", "y")
            await settle(pilot, app, lambda: not second.exists())
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, LoadDialog) and "second.json was deleted." in screen_text(app)
            listing = dialog.query_one("#picker-list")
            assert listing.option_count == 1 and "first.json" in str(listing.get_option_at_index(0).prompt)
            assert listing.highlighted == 0 and first.exists()

    run(scenario)


def test_load_game_never_deletes_a_damaged_file():
    """A review's case: once the only good save was deleted, the cursor sat on a damaged
    file's row and x then y deleted it. The cursor goes to a save that can be picked, and a
    damaged file's row says it is not deleted here."""
    from cardtable.tui.screens.dialogs import Confirm

    game = new_game(load_variant("tonk-classic"), 3, seed=8)
    saves_dir().mkdir(parents=True)
    bad = saves_dir() / "bad.json"
    bad.write_text("not json at all", encoding="utf-8")
    os.utime(bad, (1, 1))
    good = save_game(saves_dir() / "good.json", game, ["Ann", "Bob", "Cy"])

    async def scenario():
        app = start_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await open_load_game(pilot)
            await pilot.press("x", "y")
            await settle(pilot, app, lambda: not good.exists())
            await pilot.pause()
            listing = app.screen.query_one("#picker-list")
            assert listing.option_count == 1 and listing.highlighted is None
            await pilot.press("x")
            await pilot.pause()
            assert not isinstance(app.screen, Confirm) and bad.exists()
            # (a damaged row put under the cursor all the same is refused, unasked)
            listing.highlighted = 0
            await pilot.press("x")
            await pilot.pause()
            assert not isinstance(app.screen, Confirm) and bad.exists()
            assert "bad.json does not load, and is not deleted here" in " ".join(screen_text(app).split())

    run(scenario)


def test_load_game_says_which_save_is_the_game_continue_has():
    """A play-tester continued a kept game, played on, and found it again in Load game,
    some moves back, read as a second game: beside it Load game now says "(Continue has
    this game, 2 moves on)"; another save says nothing of the kind."""
    from cardtable.store import AutoSaver
    from cardtable.tui.screens.store_menu import continued_words

    game = new_game(load_variant("tonk-classic"), 3, seed=8)
    seats = ["Ann", "Bob", {"name": "Dag", "kind": "bot", "level": "simple"}]
    saves_dir().mkdir(parents=True)
    kept = save_game(saves_dir() / "interrupted-tonk-classic-20261128-120000.json", game, seats)
    save_game(saves_dir() / "other.json", new_game(load_variant("tonk-classic"), 3, seed=9), seats)
    saver = AutoSaver(game, seats)
    for _ in range(2):
        game.apply(game.to_act[0], game.legal_moves(game.to_act[0])[0])
    saver.detach()
    assert continued_words(2) == "(Continue has this game, 2 moves on)"

    async def scenario():
        app = start_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await open_load_game(pilot)
            options = app.screen.query_one("#picker-list")
            labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
            [mine] = [label for label in labels if kept.name in label]
            [theirs] = [label for label in labels if "other.json" in label]
            assert "(Continue has this game, 2 moves on)" in mine and "Continue has" not in theirs
            # every entry alike: its file's name on a line of its own (a short title such as
            # "President" stood beside the name, a long one under it: a play-tester's
            # list read unevenly); drawn so too, in the list's width
            assert [label.splitlines()[0] for label in labels] == [kept.name, "other.json"] or \
                [label.splitlines()[0] for label in labels] == ["other.json", kept.name]
            text = screen_text(app)
            assert all(re.search(rf"{re.escape(name)}\s*▎", text) for name in (kept.name, "other.json"))

    run(scenario)


def test_launch_resume_and_load_open_the_table(monkeypatch):
    game = new_game(load_variant("shanghai-classic"), 3, seed=2)
    seats = [{"name": "Ann", "kind": "human", "level": None},
             {"name": "Dag", "kind": "bot", "level": "simple"},
             {"name": "Eve", "kind": "bot", "level": "random"}]
    opened = {}

    def fake_run(self):
        opened["setup"], opened["game"] = self.setup, self.game
        return 0

    monkeypatch.setattr(CardtableApp, "run", fake_run)
    monkeypatch.setattr(launch, "can_draw_table", lambda: True)
    for opener in (launch.resume, launch.load):
        args = SimpleNamespace(loaded=(game, seats), file="x.json", theme=None, bot_delay=0)
        assert opener(args) == 0
        assert opened["game"] is game
        assert [(s.name, s.bot) for s in opened["setup"].seats] == [("Ann", None), ("Dag", "simple"),
                                                                   ("Eve", "random")]
    assert launch.load(SimpleNamespace(loaded=(game, seats), theme="no-such-theme", bot_delay=0)) == 2


def test_a_saved_shanghai_or_tonk_game_is_described_by_its_hand(tmp_path):
    """The games' own words: President plays rounds, Shanghai and Tonk hands."""
    from cardtable.store import save_info
    from cardtable.tui.screens.store_menu import save_phrases

    for preset, players, word in (("shanghai-classic", 3, "hand"), ("tonk-classic", 3, "hand"),
                                  ("president-classic", 4, "round")):
        path = save_game(tmp_path / f"{preset}.json", new_game(load_variant(preset), players, seed=2),
                         ["Ann", "Dag", "Eve", "Finn"][:players])
        assert f" · {word} 1 · 0 moves · " in save_phrases(save_info(path)).plain
    game = new_game(load_variant("tonk-classic"), 3, seed=2)
    game.apply(game.to_act[0], game.legal_moves(game.to_act[0])[0])
    path = save_game(tmp_path / "one.json", game, ["Ann", "Dag", "Eve"])
    assert " · hand 1 · 1 move · " in save_phrases(save_info(path)).plain  # (not "1 moves")


def test_a_game_and_its_preset_are_named_once():
    """Headers and save lines: "President — Forseti", never "President — President"."""
    from cardtable.tui.text import game_title

    assert game_title("President", "Forseti") == "President — Forseti"
    assert game_title("President", "President") == "President"
    assert game_title("Shanghai", "Shanghai — wild twos") == "Shanghai — wild twos"
    assert game_title("Shanghai", "Shanghai rummy") == "Shanghai rummy"
    assert game_title("Tonk", "Texas Tonk") == "Texas Tonk"
    assert game_title("Tonk", "Tonkish rules") == "Tonk — Tonkish rules"  # a whole word only
    assert game_title("Shanghai rummy", "Shanghai rummy") == "Shanghai rummy"  # a name of two words
    assert game_title("Shanghai rummy", "Shanghai — wild twos") == "Shanghai — wild twos"
    assert game_title("Shanghai rummy", "Our rules") == "Shanghai rummy — Our rules"


def test_the_table_without_a_terminal_says_so_and_draws_nothing(monkeypatch, capsys):
    """`cardtable load FILE | head`: no full-screen table is drawn into a pipe."""
    def never(self):
        raise AssertionError("the table was drawn")

    monkeypatch.setattr(CardtableApp, "run", never)
    monkeypatch.setattr(launch, "can_draw_table", lambda: False)
    game = new_game(load_variant("tonk-classic"), 2, seed=2)
    seats = [{"name": "Ann", "kind": "human", "level": None}, {"name": "Dag", "kind": "bot", "level": "simple"}]
    assert launch.load(SimpleNamespace(loaded=(game, seats), file="x.json", theme=None, bot_delay=0)) == 2
    assert "the table needs a terminal: standard input and standard error must both be one" in capsys.readouterr().err


def test_the_president_statistics_say_what_the_title_letters_stand_for():
    """The titles column is short ("P 3 · S 1"): a legend under the table names them."""
    from rich.console import Console

    from cardtable.store.history import FamilyStats, PlayerStats
    from cardtable.tui.screens.stats import family_table, legend_phrases

    player = PlayerStats(name="Ann", kinds=("human",), matches=1, wins=1, last_played="",
                         families={"president": FamilyStats(matches=1, wins=1, titles={"president": 3, "scum": 1})})
    console = Console(width=200, record=True)
    console.print(family_table("president", [player]))
    console.print(legend_phrases(PlayerStats.titles_held([player])))
    text = " ".join(console.export_text().split())
    assert "P 3 · S 1" in text
    assert text.endswith("P 3 · S 1 P President · S Scum")  # (the legend names the titles shown, no others)
    # at 80 columns a player's titles wrapped between a title and its count ("N" / "1"):
    # the cell wraps between titles only
    many = PlayerStats(name="Finn (bot, medium)", kinds=("bot",), matches=9, wins=2, last_played="", families={
        "president": FamilyStats(matches=9, wins=2, titles={"president": 2, "vice_president": 4, "secretary": 2,
                                                             "neutral": 1, "clerk": 2, "vice_scum": 1, "scum": 1})})
    console = Console(width=60, record=True)
    console.print(family_table("president", [many]))
    lines = console.export_text().splitlines()
    first = next(i for i, line in enumerate(lines) if "P 2" in line)
    column = lines[first].index("P 2")
    cells = [line[column:].strip() for line in lines[first:] if line[column:].strip()]
    assert len(cells) > 1 and all(re.fullmatch(r"(P|VP|Sec|N|Clk|VS|S) \d( · (P|VP|Sec|N|Clk|VS|S) \d)*", cell)
                                  for cell in cells), cells
    narrow = Console(width=60, record=True)  # (a new player saw "· Clk" end a line and "Clerk" start the next)
    narrow.print(legend_phrases())
    assert narrow.export_text().splitlines() == ["P President · VP Vice-President · Sec Secretary · N Neutral",
                                                 "Clk Clerk · VS Vice-Scum · S Scum"]


def test_the_statistics_in_the_ascii_theme_use_ascii_only():
    """Under the ASCII theme the statistics write "P 3 | S 1" and "-" for none, like
    every other screen (no middle dots or dashes a limited terminal cannot show)."""
    from rich.console import Console

    from cardtable.store.history import FamilyStats, PlayerStats
    from cardtable.tui.screens.stats import family_table

    ann = PlayerStats(name="Ann", kinds=("human",), matches=2, wins=1, last_played="",
                      families={"president": FamilyStats(matches=2, wins=1, titles={"president": 3, "scum": 1})})
    bob = PlayerStats(name="Bob", kinds=("human",), matches=1, wins=0, last_played="",
                      families={"president": FamilyStats(matches=1, wins=0, titles={})})
    console = Console(width=200, record=True)
    console.print(family_table("president", [ann, bob], ascii=True))
    text = console.export_text()
    assert text.isascii(), text
    rows = {line.split()[0]: " ".join(line.split()) for line in text.splitlines() if line.strip()}
    assert rows["Ann"] == "Ann 2 1 50% P 3 | S 1" and rows["Bob"] == "Bob 1 0 0% -"


def test_ctrl_s_over_the_buy_prompt_saves_and_says_where():
    """A dialog over the table (here the S8 buy prompt) lets ctrl+s through to the table:
    the save is written and a note says its name; the prompt stays open."""
    from cardtable.tui.screens.choose import MoveListDialog

    async def scenario():
        async with at_buy_prompt() as (pilot, app, game):
            await pilot.press("ctrl+s")
            await pilot.pause()
            [(path, _info)] = list_saves()
            assert load_game(path)[0] == game
            assert [n.message.replace("\n", "") for n in app._notifications if "saved as" in n.message] == \
                [f"saved as {path.name}"]
            assert isinstance(app.screen, MoveListDialog)
        family = new_game(load_variant("shanghai-family"), 3, seed=3, hands=[   # (a save name of 36 characters)
            "7C 7D 7H 7S 9S 9H 9D 9C 4C 5D KS", "2C 3C 6D 8H 10S JC QD AH 2D 4H 6S",
            "3D 5C 8C 10H JD QH KD AS 3H 5S 8D"], upcard="QS")
        family.apply(1, "draw_stock")
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-family", game=family)
        app.bot_delay = 2  # (after Ann declines, the table stays on top while the note shows)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:  # (narrow: it breaks after a hyphen)
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog))
            await pilot.press("ctrl+s")
            await pilot.pause()
            [note] = [n.message for n in app._notifications if "saved as" in n.message]
            stem, stamp = note.removeprefix("saved as ").split("\n")
            assert stem.endswith("-") and (stem + stamp).endswith(".json"), note
            await pilot.press("escape")  # (declined: the table on top draws the note again, narrower)
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and list(app.screen.query(Toast)))
            await pilot.pause()
            [toast] = [toast for toast in app.screen.query(Toast) if "saved" in str(toast.render())]
            rows = screen_text(app).splitlines()[toast.region.y:toast.region.bottom]
            words = [" ".join(row[toast.region.x:toast.region.right].replace("▌", " ").split()) for row in rows]
            assert [word for word in words if word] == ["saved as", stem, stamp], words

    run(scenario)


def test_a_save_date_the_clock_cannot_convert_is_shown_as_written():
    """A hand-edited ``saved_at`` of year 1 at +14:00 made the start screen crash
    (OverflowError converting it to local time)."""

    assert when("0001-01-01T00:00:00+14:00") == "0001-01-01T00:00:00+14:00"
    assert when("not a date") == "not a date" and when(None) == "?"


def test_a_damaged_autosave_kept_aside_is_not_promised_to_continue():
    """A truncated autosave is kept in the saves folder all the same (it may be mended),
    but the note does not say Load game continues it."""
    interrupted = new_game(load_variant("tonk-classic"), 3, seed=9)
    save_game(autosave_path(), interrupted, ["Ann", "Dag", "Eve"])
    autosave_path().write_bytes(autosave_path().read_bytes()[:500])

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple")
        async with app.run_test(size=(100, 30)) as pilot:
            await human_turn(pilot, app, seat=0)
            # (told once Ann's turn is at the table: a moment after the turn is hers, under her hand)
            await settle(pilot, app, lambda: any("damaged autosave" in n.message for n in app._notifications))
            notes = [n.message for n in app._notifications if "autosave" in n.message or "interrupted" in n.message]
            assert len(notes) == 1 and notes[0].startswith("A damaged autosave was kept as interrupted-")
            assert notes[0].endswith("(Load game says what is wrong with it).")

    run(scenario)


def test_soft_breaks():
    from cardtable.tui.notes import soft_breaks

    assert soft_breaks("saved as shanghai-classic-20261127-022728.json", 36) == \
        "saved as shanghai-classic-20261127-\n022728.json"
    assert soft_breaks("saved as shanghai-classic-20261127-022728.json", 19) == \
        "saved as shanghai-classic-\n20261127-\n022728.json"
    assert soft_breaks("saved as tonk.json", 5) == "saved as tonk.json"   # (no hyphen: left as it is)
    assert soft_breaks("saved /home/ann/.config/cardtable/variants/notitle.toml", 30) == \
        "saved /home/ann/.config/cardtable/\nvariants/notitle.toml"      # (a path breaks after a slash)


def test_c_with_no_autosave_says_so_and_x_leaves_a_good_autosave_alone():
    """``c`` with nothing to continue said nothing; ``x`` discards only an autosave that
    does not load (one that loads stays, and a note says c continues it)."""
    async def scenario():
        app = start_app()
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await pilot.pause()
            assert not has_autosave()
            await pilot.press("c")
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            assert [note.message for note in app._notifications] == ["No unfinished game to continue."]
        game = new_game(load_variant("tonk-classic"), 2, seed=1)
        AutoSaver(game, ["Ann", "Bob"])
        app = start_app()
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await pilot.pause()
            await pilot.press("x")
            await pilot.pause()
            assert isinstance(app.screen, StartScreen) and has_autosave()
            assert load_autosave()[0] == game
            assert [note.message for note in app._notifications] == ["The autosave loads: c continues it (there, q then y abandons it)."]

    run(scenario)


def test_a_saves_seats_read_humans_first_then_the_bots():
    """The Continue line wrapped "Eve (bot)" as "Eve" / "(bot)": the bots are named
    together after the humans, no name with a word of its own after it."""
    from cardtable.tui.screens.store_menu import seat_names

    human = lambda name: {"name": name, "kind": "human", "level": None}  # noqa: E731
    bot = lambda name: {"name": name, "kind": "bot", "level": "medium"}  # noqa: E731
    assert seat_names([human("Ann"), bot("Dag"), human("Bob"), bot("Eve")]) == ["Ann, Bob", "bots Dag, Eve"]
    assert seat_names([human("Ann"), bot("Dag")]) == ["Ann", "bot Dag"]
    assert seat_names([human("Ann"), human("Bob")]) == ["Ann, Bob"]
    assert seat_names([bot("Dag"), bot("Eve")]) == ["bots Dag, Eve"]


def test_the_kept_game_note_waits_for_the_table_rather_than_cover_its_first_question():
    """A play-tester's new Shanghai table opened on a buy offer, and "Your unfinished game
    is kept …" covered the offer's first line ("Buy 2♣ wi▌"). The note now waits for
    the table itself: Ann's own turn, after she answers."""
    from cardtable.tui.screens.choose import MoveListDialog

    save_game(autosave_path(), new_game(load_variant("tonk-classic"), 3, seed=9), ["Ann", "Dag", "Eve"])

    def kept_notes(app) -> list[str]:
        return [n.message.replace("\n", "") for n in app._notifications if "unfinished game" in n.message]

    async def scenario():
        async with at_buy_prompt() as (pilot, app, _game):
            await pilot.pause(0.1)
            assert kept_notes(app) == [] and list_saves()            # (kept already; not said yet)
            for _offer in range(5):                                      # Ann declines each offer
                await pilot.press("escape")
                await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog) or (
                    app.screen is table_screen(app) and table_screen(app).game.to_act == (0,)), limit=1000)
                if app.screen is table_screen(app):
                    break
            assert table_screen(app).game.view(0).phase == "draw"            # her own turn, at the table
            await settle(pilot, app, lambda: bool(kept_notes(app)))
            [(_path, info)] = list_saves()
            assert kept_notes(app) == [f"Your unfinished game (Tonk · hand 1 · 0 moves · saved {when(info.saved_at)}) is kept: "
                                       "Load game (start screen) continues it."]

    run(scenario)


@pytest.mark.parametrize("leave", ["m", "s"])
def test_a_table_left_before_it_said_where_the_game_it_replaced_is_kept_says_it_on_leaving(leave, monkeypatch,
                                                                                          capsys):
    """A play-tester's new table opened on a buy offer, and they left it (m) before their
    turn: "Your unfinished game (…) is kept" was never said. ``m`` says it on the start
    screen; ``s`` (quit) prints it after the table closes."""
    from textual.app import App

    save_game(autosave_path(), new_game(load_variant("tonk-classic"), 3, seed=9), ["Ann", "Dag", "Eve"])
    farewell = []

    async def scenario():
        async with at_buy_prompt() as (pilot, app, _game):
            await pilot.pause(0.1)
            [(_path, info)] = list_saves()
            said = (f"Your unfinished game (Tonk · hand 1 · 0 moves · saved {when(info.saved_at)}) is kept: "
                    "Load game (start screen) continues it.")
            await pilot.press("q", leave)
            if leave == "m":
                await settle(pilot, app, lambda: isinstance(app.screen, StartScreen))
                await pilot.pause(0.1)
                notes = [n.message.replace("\n", "") for n in app._notifications if "unfinished" in n.message]
                assert notes == [said] and app.farewell == []
            else:
                await pilot.pause(0.1)
                assert app.farewell == [said]
                farewell.append(app)

    run(scenario)
    if leave == "s":  # (the command line prints it once the terminal is the shell's again)
        monkeypatch.setattr(App, "run", lambda app: 0)
        monkeypatch.setattr(launch, "can_draw_table", lambda: True)
        assert launch._run(farewell[0], SimpleNamespace()) == 0
        assert capsys.readouterr().out == farewell[0].farewell[0] + "\n"



def test_start_over_a_game_to_continue_asks_first_and_back_keeps_it(armed_screens):
    """Two play-testers pressed s on the start screen with a game to Continue: a new table
    opened at once, and a note said only later where their game had gone. Start now asks
    (the unfinished game is kept in Load game); n goes back with the game still under
    Continue, y starts the new one and the old one is listed in Load game."""
    from cardtable.store.autosave import has_autosave
    from cardtable.tui.screens.start import NEW_OVER_CONTINUE

    from .conftest import ARMED

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple")
        async with app.run_test(size=(100, 30)) as pilot:
            await kept_by_m(pilot, app)
            await pilot.pause(ARMED)
            await pilot.press("s")
            await settle(pilot, app, lambda: isinstance(app.screen, Confirm))
            assert app.screen.question == NEW_OVER_CONTINUE
            await pilot.press("n")
            await settle(pilot, app, lambda: isinstance(app.screen, StartScreen))
            assert has_autosave() and not list_saves()
            await pilot.press("s")
            await settle(pilot, app, lambda: isinstance(app.screen, Confirm))
            await pilot.press("y")
            await settle(pilot, app, lambda: table_screen(app) is not None)
            await settle(pilot, app, lambda: len(list_saves()) == 1)
            assert list_saves()[0][0].name.startswith("interrupted-")
            # told so before: no note says it again over the new table's first turn (a
            # play-tester found it covering the seats and the pile for five seconds)
            await human_turn(pilot, app, seat=0)
            await pilot.pause(0.2)
            assert not [n for n in app._notifications if "unfinished game" in n.message]
            assert table_screen(app).kept_note == ""

    run(scenario)


def test_every_statistics_table_starts_under_its_title():
    """The statistics' Tonk table (six columns, narrower padding to fit 80 columns) stood
    one column left of the others: every table's names now start under its title."""
    from rich.console import Console

    from cardtable.store.history import FamilyStats, PlayerStats
    from cardtable.tui.screens.stats import family_table

    ann = PlayerStats(name="Ann", kinds=("human",), matches=2, wins=1, last_played="", families={
        "president": FamilyStats(matches=1, wins=1, titles={"president": 3}),
        "shanghai": FamilyStats(matches=1, wins=0, total_score=120),
        "tonk": FamilyStats(matches=1, wins=1, total_score=7, hands=9)})
    starts = set()
    for family in ("president", "shanghai", "tonk"):
        console = Console(width=80, record=True)
        console.print(family_table(family, [ann]))
        lines = console.export_text().splitlines()
        title, header, row = lines[0], lines[1], lines[2]
        starts.add((len(title) - len(title.lstrip()), len(header) - len(header.lstrip()),
                    len(row) - len(row.lstrip())))
    assert starts == {(0, 0, 0)}


def test_loading_a_save_over_a_game_to_continue_asks_first(armed_screens):
    """A play-tester loaded a save while another game was under Continue: nothing asked,
    and the note that said where that game went covered the table's first turn. Load
    game now asks as Start does; n goes back, y loads it (the game under Continue kept
    in Load game, said no more at the table); the same game as Continue's is not asked."""
    from cardtable.store.autosave import has_autosave, load_autosave
    from cardtable.tui.screens.store_menu import LOAD_OVER_CONTINUE

    from .conftest import ARMED

    other = new_game(load_variant("tonk-classic"), 3, seed=8)
    saves_dir().mkdir(parents=True)
    seats = [{"name": "Ann", "kind": "human", "level": None}, {"name": "Dag", "kind": "bot", "level": "simple"},
             {"name": "Eve", "kind": "bot", "level": "simple"}]
    save_game(saves_dir() / "other.json", other, seats)

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple")
        async with app.run_test(size=(100, 30)) as pilot:
            await kept_by_m(pilot, app)
            await pilot.pause(ARMED)
            continued = load_autosave()[0]
            await open_load_game(pilot)
            await pilot.press("enter")                       # (the one save: other.json)
            await settle(pilot, app, lambda: isinstance(app.screen, Confirm))
            assert app.screen.question == LOAD_OVER_CONTINUE
            await pilot.press("n")
            await settle(pilot, app, lambda: isinstance(app.screen, StartScreen))
            assert has_autosave() and load_autosave()[0] == continued
            await open_load_game(pilot)
            await pilot.press("enter")
            await settle(pilot, app, lambda: isinstance(app.screen, Confirm))
            await pilot.press("y")
            await settle(pilot, app, lambda: table_screen(app) is not None)
            loaded = table_screen(app).game                  # (other.json's game: bots may have moved on)
            assert (loaded.family, loaded.seed, loaded.events[:len(other.events)]) == ("tonk", 8, other.events)
            await human_turn(pilot, app, seat=0)
            await pilot.pause(0.2)
            kept = [path for path, _info in list_saves() if path.name.startswith("interrupted-")]
            assert len(kept) == 1 and load_game(kept[0])[0] == continued
            assert not [n for n in app._notifications if "unfinished game" in n.message]

    run(scenario)


def test_loading_the_game_under_continue_at_a_later_move_asks_nothing(armed_screens):
    """A review: Load game asked "… is kept" for a save of the very match under Continue
    at a later move, where nothing is kept (that save simply plays on). It asks only when
    the table would move the autosave aside, as the table itself decides."""
    from cardtable.store.autosave import autosave_in_the_way, load_autosave

    from .conftest import ARMED

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple")
        async with app.run_test(size=(100, 30)) as pilot:
            await kept_by_m(pilot, app)
            await pilot.pause(ARMED)
            game, seats = load_autosave()
            assert not autosave_in_the_way(game, seats)                  # (the very point: nothing to keep)
            seat = game.to_act[0]
            game.apply(seat, game.legal_moves(seat)[0])
            saves_dir().mkdir(parents=True, exist_ok=True)
            save_game(saves_dir() / "later.json", game, seats)
            assert not autosave_in_the_way(game, seats)                  # (the same match, later on)
            assert autosave_in_the_way(game, [dict(s, name=s["name"] + "x") for s in seats])  # (seated otherwise)
            await open_load_game(pilot)
            await pilot.press("enter")
            await settle(pilot, app, lambda: table_screen(app) is not None)
            assert not any(isinstance(screen, Confirm) for screen in app.screen_stack)
            assert not [path for path, _info in list_saves() if path.name.startswith("interrupted-")]

    run(scenario)
