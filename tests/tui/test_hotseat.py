"""A whole President round hot-seat — Ann and Bob with two bots — played through key
presses, with the hand-off screen checked to hide every hand (RULES X1)."""

from __future__ import annotations

import asyncio
import re

import pytest

from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.screens.summary import RoundEndScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.hand import Hand

from .conftest import ARMED, PLAYERS_WAIT
from .helpers import hold_bots, make_app, screen_text, settle, table_screen

CARD_FACE = re.compile(r"[│|] ?(10|[2-9JQKA]) ?[│|]")


async def wait_for_change(pilot, app, before, limit=200):
    """Let bots (zero delay, worker thread) move until the screen or the actor changes."""
    for _ in range(limit):
        await pilot.pause(0.01)
        if state_key(app) != before:
            return
    raise AssertionError(f"nothing happened from {before}")


def state_key(app):
    screen = app.screen
    if isinstance(screen, TableScreen):
        game = screen.game
        return (type(screen).__name__, screen.viewer, game.to_act, len(game.events), screen.busy)
    return (type(screen).__name__, id(screen))


async def press_move(pilot, screen, seat):
    """Choose the first legal play (or pass) by keys: number keys / arrows, space, enter."""
    game = screen.game
    moves = game.legal_moves(seat)
    plays = [m for m in moves if m.kind == "play"]
    if not plays:
        await pilot.press("p")
        return "pass"
    move = plays[0]
    hand = list(game.view(seat).hand)
    indices = []
    for card in move.cards:
        index = next(i for i, c in enumerate(hand) if c == card and i not in indices)
        indices.append(index)
    for index in indices:
        if index < 10:
            await pilot.press(str((index + 1) % 10))
        else:
            await pilot.press("home", *["right"] * index, "space")
    assert screen.query_one(Hand).selected == frozenset(indices)
    await pilot.press("enter")
    return str(move)


def test_whole_round_hot_seat_two_humans_two_bots():
    async def scenario():
        app = make_app("Ann,Bob,bot:simple,bot:simple", seed=3)
        handoffs: list[str] = []
        human_moves = 0
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            for _step in range(400):
                screen = app.screen
                if isinstance(screen, RoundEndScreen):
                    break
                if isinstance(screen, HandoffScreen):
                    text = screen_text(app)
                    assert not CARD_FACE.search(text), text
                    table = table_screen(app)
                    assert table.viewer is None
                    assert table.table.state.hand == ()
                    handoffs.append(screen.player)
                    before = state_key(app)
                    await pilot.press("enter")
                    await wait_for_change(pilot, app, before)
                    continue
                assert isinstance(screen, TableScreen)
                game = screen.game
                if screen.busy or not game.to_act or game.to_act[0] not in screen.humans:
                    await wait_for_change(pilot, app, state_key(app))
                    continue
                seat = game.to_act[0]
                assert screen.viewer == seat
                assert tuple(screen.query_one(Hand).cards) == game.view(seat).hand
                before = state_key(app)
                await press_move(pilot, screen, seat)
                human_moves += 1
                await wait_for_change(pilot, app, before)
            else:
                raise AssertionError("the round did not end")
            table = app.screen_stack[-2]
            assert table.game.round_over
            assert sorted(table.game.finish_order) == [0, 1, 2, 3]
            assert human_moves > 5
            assert {"Ann", "Bob"} <= set(handoffs)
            text = screen_text(app)
            assert "Round 1 is over" in text and "President" in text

    asyncio.run(scenario())


def test_a_note_stays_top_right_from_the_hand_off_to_the_table():
    """A note shown over the hand-off screen sits where the table shows it (top right),
    so it does not jump from the bottom to the top and read as two notes."""
    from textual.widgets._toast import ToastRack

    async def scenario():
        app = make_app("Ann,Bob,bot:simple,bot:simple")
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen)
            app.notify("a note")
            await pilot.pause()
            docks = {type(screen).__name__: screen.get_child_by_type(ToastRack).styles.dock
                     for screen in app.screen_stack[1:]}
            assert docks == {"TableScreen": "top", "HandoffScreen": "top"}

    asyncio.run(scenario())


def test_ctrl_s_on_a_hand_off_screen_saves_and_says_where():
    from cardtable.store import list_saves

    async def scenario():
        app = make_app("Ann,Bob,bot:simple,bot:simple")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen)
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen)  # the cards stay covered
            [(path, _info)] = list_saves()
            assert any(path.name in note.message.replace("\n", "") for note in app._notifications)  # (broken after a hyphen)
            await pilot.press("r")  # the rules too
            await pilot.pause()
            from cardtable.tui.screens.dialogs import RulesScreen
            assert isinstance(app.screen, RulesScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen)

    asyncio.run(scenario())


def test_help_left_open_closes_when_the_terminal_is_handed_on(monkeypatch):
    """X1: the help Ann opened while a bot thought is hers; when the bot's move hands the
    terminal to Bob, it closes, so Bob starts at the covered table, then his own."""
    from cardtable.tui.screens.dialogs import HelpScreen

    thinking = hold_bots(monkeypatch)  # (the bot after Ann waits for it: no race with a busy machine)
    thinking.set()

    async def scenario():
        app = make_app("Ann,bot:simple,Bob,bot:simple", seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            for _step in range(2000):   # to Ann's turn at the table (generous: a busy machine)
                screen = app.screen
                if isinstance(screen, HandoffScreen):
                    await pilot.press("enter")
                elif isinstance(screen, TableScreen) and not screen.busy and screen.game.to_act \
                        and screen.viewer == screen.game.to_act[0]:
                    if screen.viewer == 0:
                        break
                    await press_move(pilot, screen, screen.viewer)   # Bob plays
                await pilot.pause(0.01)
            else:
                raise AssertionError("Ann never got her turn")
            table = app.screen
            thinking.clear()
            await press_move(pilot, table, 0)
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen) and table.busy  # (the bot still thinks)
            thinking.set()
            for _step in range(2000):
                if isinstance(app.screen, HandoffScreen):
                    break
                await pilot.pause(0.01)
            else:
                raise AssertionError("the terminal was never handed to Bob")
            assert app.screen.player == "Bob"
            assert not any(isinstance(screen, HelpScreen) for screen in app.screen_stack)
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is table and table.viewer == 2

    asyncio.run(scenario())


def test_the_hand_off_gives_the_table_to_the_player_before_it_uncovers_it():
    """X1: the table under the hand-off becomes the next player's while the hand-off still
    covers it (for a frame, the table as nobody's showed: a duplicate seat panel)."""
    async def scenario():
        app = make_app("Ann,Bob,bot:simple", preset="tonk-classic", seed=2)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen))
            handoff = app.screen
            table = next(screen for screen in app.screen_stack if isinstance(screen, TableScreen))
            seen = []
            uncover = handoff.uncover
            handoff.uncover = lambda: (uncover(), seen.append((app.screen is handoff, table.table.state.viewer)))
            await pilot.press("enter")
            await settle(pilot, app, lambda: app.screen is table)
            seat = ["Ann", "Bob"].index(handoff.player)
            assert seen == [(True, seat)]

    asyncio.run(scenario())


def test_a_table_key_on_the_hand_off_says_the_keys_wait_for_enter():
    """L, H or a card's number on the hand-off did nothing and said nothing: the hint says
    the table's keys work once the player presses Enter; nothing is uncovered."""
    from textual.widgets import Static

    async def scenario():
        app = make_app("Ann,Bob,bot:simple,bot:simple")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen)
            handoff = app.screen
            hint = handoff.query_one("#handoff-hint", Static)
            told = str(hint.render())
            await pilot.press("r")  # (a key of the hand-off's own: it does its job, no hint)
            await pilot.pause()
            from cardtable.tui.screens.dialogs import RulesScreen
            assert isinstance(app.screen, RulesScreen) and str(hint.render()) == told
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is handoff
            for key in ("L", "H", "1"):
                await pilot.press(key)
                await pilot.pause()
                assert isinstance(app.screen, HandoffScreen)
            assert str(hint.render()) == (f"{app.screen.player}: press Enter when only you can see the screen; the table's keys "
                                          "work after it.")

    asyncio.run(scenario())


def test_the_hand_offs_hint_is_greyed_while_enter_does_nothing_yet(armed_screens):
    """A play-tester's quick Enter on "Pass to …" did nothing, unexplained: the hint
    shows greyed until Enter works, and again after a key pressed in the wait (which
    starts it again)."""
    from textual.widgets import Static

    async def scenario():
        app = make_app("Ann,Bob,bot:simple,bot:simple")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            handoff = app.screen
            assert isinstance(handoff, HandoffScreen)
            hint = handoff.query_one("#handoff-hint", Static)
            assert hint.has_class("-waiting")
            await pilot.press("enter")                        # (too early: nothing)
            await pilot.pause(ARMED - 0.5)
            await pilot.press("L")                            # (a key in the wait starts it again)
            await pilot.pause(0.7)
            assert app.screen is handoff and hint.has_class("-waiting")
            await pilot.pause(ARMED)
            assert app.screen is handoff and not hint.has_class("-waiting")
            await pilot.press("L")                            # (a key in no wait: none starts)
            await pilot.pause(0.2)
            assert not hint.has_class("-waiting")
            await pilot.press("enter")
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))

    asyncio.run(scenario())


def test_the_last_players_enter_pressed_twice_never_uncovers_the_next_hand(armed_screens):
    """A review found that Ann's Enter pressed twice (a key's repeat, "did it take?")
    played her card and then, landing on "Pass to Bob", showed Bob's hand to Ann. The
    hand-off takes no Enter or click in its first moments; Bob's own Enter, after, does."""
    async def scenario():
        app = make_app("Ann,Bob,bot:simple,bot:simple", seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(2000):  # to a turn of Ann's where she has a single card to play
                await pilot.pause(0.01)
                screen = app.screen
                if isinstance(screen, HandoffScreen):
                    await pilot.pause(ARMED + 0.1)
                    await pilot.press("enter")
                    continue
                if not isinstance(screen, TableScreen) or screen.busy or not screen.game.to_act \
                        or screen.viewer != screen.game.to_act[0]:
                    continue
                seat = screen.viewer
                plays = [m for m in screen.game.legal_moves(seat) if m.kind == "play" and len(m.cards) == 1]
                if seat == 0 and plays and screen.game.to_act == (0,):
                    break
                before = state_key(app)
                await press_move(pilot, screen, seat)
                await wait_for_change(pilot, app, before)
            table = app.screen
            hand = list(table.game.view(0).hand)
            await pilot.press(str(hand.index(plays[0].cards[0]) + 1))
            await pilot.press("enter", "enter")                  # her play, and her Enter once more
            await pilot.pause(0.05)
            assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Bob"
            assert table.viewer is None and table.table.state.hand == ()
            await pilot.click("#handoff-name")                   # (a double click is as early)
            await pilot.pause(0.05)
            assert isinstance(app.screen, HandoffScreen)
            await pilot.pause(ARMED + 0.1)
            await pilot.press("enter")                           # Bob, with the keyboard
            await pilot.pause(0.05)
            assert app.screen is table and table.viewer == 1
            assert tuple(table.query_one(Hand).cards) == table.game.view(1).hand

    asyncio.run(scenario())


def on_a_bare_hand_off(early) -> list[str]:
    """Push a hand-off to Bob on a bare app, run ``early(pilot, screen)`` (input that must
    not uncover), check it did not, then Bob's Enter after the wait; who was uncovered."""
    from textual.app import App

    uncovered: list[str] = []

    async def scenario():
        app = App()
        async with app.run_test(size=(80, 24)) as pilot:
            screen = HandoffScreen("Bob", uncover=lambda: uncovered.append("Bob"))
            app.push_screen(screen)
            await early(pilot, screen)
            assert uncovered == [] and app.screen is screen
            await pilot.pause(ARMED + 0.1)                   # (the keyboard passed; Bob sits down)
            await pilot.press("enter")
            await pilot.pause(0.05)
            assert app.screen is not screen

    asyncio.run(scenario())
    return uncovered


def test_an_enter_that_reaches_the_hand_off_before_it_has_mounted_does_not_uncover(armed_screens):
    """A play-tester's two Enters in one terminal read (tmux: send-keys Enter; send-keys
    Enter) on a results screen: the second reached the hand-off that followed before the
    hand-off had mounted (a key binding runs the screen's action at once), found no time
    it was shown, took it as long ago, and uncovered the next hand at once."""
    async def early(pilot, screen):
        screen.action_ready()            # (as the binding would, before the screen's mount)
        await pilot.pause(0.05)

    assert on_a_bare_hand_off(early) == ["Bob"]


def test_a_held_enters_first_repeat_comes_inside_the_hand_offs_wait(monkeypatch):
    """A play-tester held Enter after Ann's play: a held key first repeats some 0.5–0.66 s
    after it is pressed (GNOME, Windows; X11), and the hand-off, shown 0.15 s after the
    press, had waited its 0.4 s by then: the repeat uncovered Bob's hand. Its wait is
    longer than that first delay, so the repeats keep starting it again."""
    from time import monotonic

    monkeypatch.setattr(HandoffScreen, "ARMING_SECONDS", PLAYERS_WAIT[HandoffScreen])

    async def early(pilot, screen):
        await pilot.pause(0.51)                      # (0.66 s after Ann pressed Enter, 0.15 s before it showed)
        if monotonic() - screen._quiet_since > 0.6:
            pytest.skip("the machine was too slow to press inside the wait")
        for _ in range(10):                          # (then it repeats, every 33 ms)
            await pilot.press("enter")
            await pilot.pause(0.033)

    assert on_a_bare_hand_off(early) == ["Bob"]


def test_a_held_enter_never_gets_past_the_hand_off(armed_screens):
    """A play-tester held Enter after Ann's play: its repeats, every few hundredths of a
    second, outlasted the wait counted from the hand-off's showing, and Bob's hand showed
    on Ann's screen. A key while the hand-off waits starts the wait again: only an Enter
    after the repeats stop — Bob's own — uncovers the table (also a results screen's)."""
    async def early(pilot, screen):
        await pilot.pause(0.05)
        for _ in range(int(2 * ARMED / 0.05)):  # (Ann's Enter held twice as long as the wait)
            await pilot.press("enter")
            await pilot.pause(0.05)

    assert on_a_bare_hand_off(early) == ["Bob"]
