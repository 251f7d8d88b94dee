"""Issue 8: the replay screen (every hand revealed, stepping forward and back with the
log in sync, all three families) and the statistics screen."""

from __future__ import annotations

import asyncio

import pytest

from cardtable import load_variant, new_game
from cardtable.bots import make_bot
from cardtable.engine.game import Game
from cardtable.engine.rng import Rng
from cardtable.store import Replay, load_match, record_match, recent_matches, save_game, saves_dir
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.replay import ReplayScreen
from cardtable.tui.screens.stats import StatsScreen
from cardtable.tui.screens.store_menu import ReplayPicker
from cardtable.tui.widgets.card import card_label

from .helpers import screen_text

SEATS = ["Ann", "Bob", {"name": "Dag", "kind": "bot", "level": "simple"}]


def run(scenario):
    asyncio.run(scenario())


def play(preset: str, seed: int, moves: int | None = None) -> Game:
    """Simple bots play ``moves`` moves (None: the whole match) on the engine."""
    game = new_game(load_variant(preset), 3, seed=seed)
    bot, rng = make_bot(game.family, "simple"), Rng(seed)
    played = 0
    while not game.is_over and (moves is None or played < moves):
        if game.round_over:
            game.next_round()
            continue
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
        played += 1
    return game


def to_round_end(game: Game) -> Game:
    """Simple bots play on to the end of the round in play."""
    while not game.round_over:
        seat = game.to_act[0]
        game.apply(seat, make_bot(game.family, "simple").choose(game.view(seat), game.legal_moves(seat), Rng(1)))
    return game


def at_step(game: Game, step: int) -> Game:
    """The position after ``step`` log records, rebuilt independently of Replay."""
    data = game.to_data()
    return Game.from_data(dict(data, log=data["log"][:step]))


def save_mid(game: Game) -> None:
    """Save ``game`` as mid.json in the saves folder (the replay list's only save)."""
    saves_dir().mkdir(parents=True)
    save_game(saves_dir() / "mid.json", game, SEATS)


async def at_the_end_of_the_saved_replay(pilot) -> None:
    """From the start screen: v, the first save listed, and its last step."""
    for key in ("v", "enter", "end"):
        await pilot.pause()
        await pilot.press(key)
    await pilot.pause()


async def at_step_10_of_the_saved_replay(pilot) -> None:
    """From the start screen: v, the first save listed, and its step 10."""
    for key in ("v", "enter", "pagedown"):
        await pilot.pause()
        await pilot.press(key)
    await pilot.pause()


def table_above_the_hands(app) -> str:
    """The screen's lines above the replay's every-hand box."""
    lines = screen_text(app).splitlines()
    below = next(i for i, line in enumerate(lines) if "every hand (replay)" in line)
    return "\n".join(lines[:below])


def hand_lines(app) -> list[str]:
    return str(app.screen.query_one("#replay-hands").render()).splitlines()


def assert_hands(app, expected: Game) -> None:
    """Every seat's hand at this step, in the order the table shows a hand (by suit:
    a Tonk hand is held as drawn)."""
    from cardtable.games.tonk.order import by_suit

    lines = hand_lines(app)
    assert len(lines) == expected.players
    for seat, line in enumerate(lines):
        hand = tuple(sorted(expected.view(seat).hand, key=by_suit)) if expected.family == "tonk" \
            else expected.view(seat).hand
        cards = " ".join(card_label(card) for card in hand)
        assert line.rstrip().endswith(f"{len(hand):>2}: {cards}".rstrip()), (seat, line)


@pytest.mark.parametrize("preset", ["president-classic", "shanghai-classic", "tonk-classic"])
def test_replay_steps_forward_and_back_with_every_hand(preset):
    async def scenario():
        game = to_round_end(play(preset, seed=4, moves=30))  # (a round in play would stay hidden)
        save_mid(game)
        save_game(saves_dir() / "copy.json", game, SEATS)  # (the same game again: the list has two)
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("v")
            await pilot.pause()
            assert isinstance(app.screen, ReplayPicker)
            assert "mid.json" in screen_text(app)
            await pilot.press("down")
            watched = app.screen.query_one("#picker-list").highlighted
            assert watched == 1
            await pilot.press("enter")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReplayScreen)
            replay = screen.replay
            total = replay.total
            assert total >= 30
            assert replay.step == 0
            assert_hands(app, at_step(game, 0))
            for keys, step in ((["right"], 1), (["right", "right"], 3), (["left"], 2), (["pagedown"], 12),
                               (["pageup"], 2), (["end"], total), (["left"], total - 1), (["home"], 0),
                               (["left"], 0)):
                await pilot.press(*keys)
                await pilot.pause()
                assert replay.step == step
                expected = at_step(game, step)
                assert_hands(app, expected)
                assert f"step {step}/{total}" in screen_text(app)
                # the log in sync: the family table shows the events up to this step
                assert len(replay.game.events) == len(expected.events)
                if step:
                    kind, seat, move = replay.record()
                    if kind == "move":  # the step in words, every card shown
                        said = " · ".join(filter(None, (replay.describe(e) for e in replay.step_events()
                                                        if e.kind != "hands_shown")))
                        assert said and str(app.screen.step_text()) == f"{step}. {said}"
            # back to the list, on the entry watched (a play-tester's escape went to the
            # start screen, Start focused: a stray Enter began a game); escape again leaves it
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, ReplayPicker)
            assert app.screen.query_one("#picker-list").highlighted == watched
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, (ReplayScreen, ReplayPicker))  # the start screen

    run(scenario)


@pytest.mark.parametrize("preset", ["president-classic", "shanghai-classic", "tonk-classic"])
def test_the_replay_at_80x24_keeps_every_box_whole(preset):
    """The replay's hands and its (wrapped) step line fit under the table at 80x24: the
    table's middle boxes keep their bottom borders (the Tonk spreads box lost its)."""
    async def scenario():
        game = to_round_end(play(preset, seed=4, moves=60))  # the longest step line (a show-down)
        save_mid(game)
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await at_the_end_of_the_saved_replay(pilot)
            assert isinstance(app.screen, ReplayScreen)
            table = table_above_the_hands(app)
            assert table.count("╭") == table.count("╰") and table.count("╮") == table.count("╯"), table
            assert "s/u draw" not in table and "enter play" not in table  # the table's keys: not here
            # the replay's own key line whole at 80 columns (with [ ] it ran past: "esc" / "close · ? help" cut)
            assert "esc close · ? help" in screen_text(app)

    run(scenario)


def test_standalone_replay_of_a_recorded_match_and_the_statistics():
    async def scenario():
        game = play("tonk-classic", seed=6)
        assert game.is_over
        match_id = record_match(game, SEATS)
        winners = {["Ann", "Bob", "Dag"][s] for s in game.winners()}

        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("i")
            await pilot.pause()
            assert isinstance(app.screen, StatsScreen)
            text = screen_text(app)
            assert "Tonk" in text and "chips per hand" in text
            for name in ("Ann", "Bob", "Dag (bot, medium)"):
                assert name in text
            assert "Recent matches" in text and "Tonk · " not in text  # the game named once
            row = next(line for line in text.splitlines() if "chips won:" in line)
            assert row.rstrip(" │").endswith(" and ".join(n for n in ("Ann", "Bob", "Dag") if n in winners))
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, StatsScreen)

        replay = Replay(load_match(match_id), name=f"match {match_id}")
        app = CardtableApp(theme="felt", replay=replay, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)
            await pilot.press("end")
            await pilot.pause()
            assert "match over" in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
        assert app.return_code == 0
        assert recent_matches(5)[0].id == match_id

    run(scenario)


def test_statistics_without_history_say_so():
    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("i")
            await pilot.pause()
            assert "No finished matches yet" in screen_text(app)

    run(scenario)


def test_the_replay_list_says_a_tonk_match_s_scores_are_chips_won():
    async def scenario():
        game = play("tonk-classic", seed=4)
        record_match(game, SEATS)
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.pause()
            await pilot.press("v")
            await pilot.pause()
            text = screen_text(app)
            assert "Tonk · chips won: Ann " in text and "Tonk — Tonk" not in text

    run(scenario)


def save_seven_hands(preset: str) -> None:
    """Save a 7-seat game of ``preset`` (two humans, five bots) as seven.json: the first
    round played out, so that step 10 (the position these tests look at) shows every
    hand (the hands of a round still in play stay hidden)."""
    game = new_game(load_variant(preset), 7, seed=12)
    bot, rng = make_bot("president", "simple"), Rng(12)
    for _ in range(10):
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    to_round_end(game)
    seats = ["Ann", "Bob"] + [{"name": n, "kind": "bot", "level": "simple"}
                              for n in ("Dag", "Eve", "Finn", "Gro", "Hal")]
    saves_dir().mkdir(parents=True)
    save_game(saves_dir() / "seven.json", game, seats)


def test_seven_hands_take_two_columns_at_80x24_so_the_trick_stays_whole():
    """7 President hands of 7-8 cards: two columns by name, and the trick box keeps its
    bottom border (one line a hand pushed it under the hands box)."""
    async def scenario():
        save_seven_hands("president-classic")
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await at_step_10_of_the_saved_replay(pilot)
            assert len(hand_lines(app)) == 4 and "(bot)" not in "\n".join(hand_lines(app))
            table = table_above_the_hands(app)
            assert table.count("╭") == table.count("╰"), table

    run(scenario)


def test_seven_long_hands_at_80x24_leave_the_seat_panels_out_and_the_trick_whole():
    """7 President-with-bombs hands of 10–15 cards fit neither two columns nor, one a line,
    under the seat panels at 80x24: the panels give way (the hands box names every seat,
    its count and the turn) and the trick box stays whole; a taller terminal has both."""
    from cardtable.tui.screens.replay import ReplayScreen

    async def scenario():
        save_seven_hands("president-bombs")
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await at_step_10_of_the_saved_replay(pilot)
            assert len(hand_lines(app)) == 7 and isinstance(app.screen, ReplayScreen)
            table = table_above_the_hands(app)
            assert "╭─ trick" in table and table.count("╭") == table.count("╰") == 1, table
            assert "to match or beat: a single 4" in table  # (P25: a burn matches it)
            await pilot.resize_terminal(120, 40)
            await pilot.pause()
            table = table_above_the_hands(app)
            assert "╭─ Ann" in table and table.count("╭") == table.count("╰"), table

    run(scenario)


@pytest.mark.parametrize("preset", ["president-classic", "shanghai-classic", "tonk-classic"])
def test_a_round_still_in_play_keeps_its_hands_hidden_in_the_replay(preset):
    """X1: a save made mid-round (which can be loaded and played on) replays that round
    with every hand hidden: counts only, no card of any hand, and steps in the table's words."""
    async def scenario():
        game = play(preset, seed=4, moves=30)
        assert not game.round_over
        save_mid(game)
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            for keys in (["v", "enter", "end"], ["left"] * 2):
                await pilot.press(*keys)
                await pilot.pause()
                screen = app.screen
                assert isinstance(screen, ReplayScreen) and screen.replay.hidden
                at = at_step(game, screen.replay.step)
                assert screen.query_one("#replay-hands").border_title.startswith("hands hidden")
                for seat, line in enumerate(hand_lines(app)):
                    assert line.rstrip().endswith("hidden")
                    assert not any(card_label(card) in line for card in at.view(seat).hand), line
                said = " · ".join(filter(None, (e.describe(screen.replay.name, None)
                                                for e in screen.replay.step_events() if e.kind != "hands_shown")))
                assert str(screen.step_text()) == said  # (unnumbered: a number would count silent steps)
                assert "round in play" in screen_text(app) and "step " not in screen_text(app).splitlines()[0]

    run(scenario)


def test_the_replay_passes_by_a_hidden_chance_and_marks_the_tables_turn():
    """X3 in the round a save ends in: stepping back from the end never stops on a
    declined out-of-turn chance, and the ▶ marks the seat the table sees to act."""
    from tests.store.helpers import game_with_a_hidden_chance

    async def scenario():
        game = game_with_a_hidden_chance()
        saves_dir().mkdir(parents=True)
        save_game(saves_dir() / "chance.json", game, ["Ann", "Bob", "Cy", "Di"])
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await at_the_end_of_the_saved_replay(pilot)
            screen = app.screen
            assert isinstance(screen, ReplayScreen)
            replay = screen.replay
            public = game.view(None).to_act[0]
            marked = [i for i, line in enumerate(hand_lines(app)) if line.startswith("▶")]
            assert marked == [public] and public not in game.to_act
            visited = {replay.step}
            while replay.hidden and replay.step > replay.open_from:
                await pilot.press("left")
                await pilot.pause()
                visited.add(replay.step)
            silent = {step for step in range(replay.total + 1) if replay.is_silent(step)}
            assert silent and not visited & silent

    run(scenario)


def test_help_over_a_replay_lists_the_replay_keys_first():
    """? in a replay: its own keys come first (they were at the bottom, under the table's),
    and a round still in play is said to keep its hands hidden; then the app's keys, and
    none of a table's (a play-tester pressed r, L, H and ctrl+s there: nothing)."""
    from cardtable.tui.screens.dialogs import HelpScreen

    game = play("tonk-classic", seed=4, moves=6)
    replay = Replay(game, [{"name": name, "kind": "human", "level": None} for name in ("Ann", "Bob", "Cy")])

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.push_screen(ReplayScreen(replay))
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            text = screen_text(app)
            keys = text.index("a move back / forward (hands shown unless")  # (wraps before "still in play)")
            assert "Everywhere" in text and keys < text.index("Everywhere"), text
            assert "ctrl+s" not in text and "hint" not in text and "Table" not in text, text

    run(scenario)


@pytest.mark.parametrize("preset", ["president-classic", "shanghai-classic", "tonk-classic"])
def test_a_replay_in_the_ascii_theme_writes_only_ascii(preset):
    """A designer's check: the replay's header, key bar, step line, turn mark and cards
    kept their arrows, dots, ▶ and suit symbols under the ASCII theme (the log said 6-C)."""
    async def scenario():
        game = to_round_end(play(preset, seed=4, moves=60))
        save_mid(game)
        app = CardtableApp(theme="ascii", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await at_step_10_of_the_saved_replay(pilot)
            assert isinstance(app.screen, ReplayScreen)
            for part in ("#replay-header", "#replay-keys", "#replay-step", "#replay-hands"):
                text = str(app.screen.query_one(part).render())
                assert text.isascii(), (part, text)
            assert "<- -> a move" in str(app.screen.query_one("#replay-keys").render())

    run(scenario)


def test_a_shanghai_replay_scrolls_its_melds_with_the_arrows():
    """pgup / pgdn step ten moves in a replay, so the melds box's "3 more ↓ pgdn" could
    not be reached by keys: there its foot names ↑ ↓, which scroll it."""
    game = new_game(load_variant("shanghai-classic"), 3, seed=4)
    bot, rng = make_bot("shanghai", "simple"), Rng(4)
    while not (game.round_over and game.round == 9):  # (four melds a player: more than the box shows)
        if game.round_over:
            game.next_round()
            continue
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))

    async def scenario():
        save_mid(game)
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await at_the_end_of_the_saved_replay(pilot)
            box = app.screen.query_one("#sh-melds-box")
            step = app.screen.replay.step
            assert str(box.border_subtitle) == "3 more ↓ down"
            await pilot.press("down")
            await pilot.pause()
            await pilot.pause()
            assert str(box.border_subtitle) == "↑ up" and app.screen.replay.step == step  # (no move stepped)
            await pilot.press("up")
            await pilot.pause()
            await pilot.pause()
            assert str(box.border_subtitle) == "3 more ↓ down"

    run(scenario)


def test_a_step_too_long_for_its_three_lines_is_cut_with_an_ellipsis(monkeypatch):
    """The step line has three lines: a longer step lost its end without a mark."""
    from rich.text import Text

    monkeypatch.setattr(ReplayScreen, "step_text", lambda self: Text(" ".join(f"word{n}" for n in range(80))))

    async def scenario():
        save_mid(play("president-classic", seed=4, moves=20))
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await at_the_end_of_the_saved_replay(pilot)
            lines = str(app.screen.query_one("#replay-step").render()).splitlines()
            assert len(lines) == 3 and lines[0].startswith("word0 word1") and lines[-1].endswith(" …")
            await pilot.resize_terminal(100, 30)
            await pilot.pause()
            wider = str(app.screen.query_one("#replay-step").render()).splitlines()
            assert len(wider) == 3 and len(wider[0]) > len(lines[0]) and wider[-1].endswith(" …")

    run(scenario)


def test_the_replay_goes_a_hand_at_a_time_and_names_a_key_it_has_no_use_for():
    """A play-tester stepped through a 19-hand Tonk match 1 or 10 moves at a time: ] (or
    n) goes to the next hand's deal (the end after the last), [ (or p) back to this hand's
    deal, then the one before. A key of no use says where the keys are (it did nothing)."""
    game = play("tonk-classic", seed=6)
    assert game.is_over and game.round >= 3
    replay = Replay(game.to_data(), ["Ann", "Bob", "Dag"], name="test")
    deals = [0] + [step for step, record in enumerate(game.to_data()["log"], 1) if record[0] == "next_round"]
    assert replay.deal_steps() == deals and len(deals) == game.round

    async def scenario():
        app = CardtableApp(theme="felt", replay=replay, save_settings=False)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await pilot.pause()
            assert "[ ] a hand" in screen_text(app)
            await pilot.press("right", "right", "right")
            for key, step in (("right_square_bracket", deals[1]), ("n", deals[2]), ("right", deals[2] + 1),
                              ("left_square_bracket", deals[2]), ("p", deals[1]), ("end", replay.total),
                              ("n", replay.total), ("p", deals[-1]), ("home", 0), ("p", 0)):
                await pilot.press(key)
                await pilot.pause()
                assert replay.step == step, key
            await pilot.press("z")
            await pilot.pause()
            assert [n.message for n in app._notifications] == ["z is no key here: the keys are under the hands"]
            assert replay.step == 0

    run(scenario)


def test_the_last_step_of_a_president_replay_has_no_play_left_to_beat():
    """A play-tester's President replay ended with "to beat: a single 6" under a round
    that was over."""
    from cardtable.tui.president.present import present
    from cardtable.tui.seats import parse_seats

    game = to_round_end(play("president-classic", seed=4, moves=5))
    state = present(game, None, parse_seats("Ann,Bob,Dag"))
    assert game.round_over and "to beat" not in state.pile_footer


def test_a_deal_step_says_what_the_deal_did_besides_with_every_card():
    """P14: a play-tester's President replay at "deal — round 2" showed hands already given
    cards and no step saying which: the table's log said "Player gives 1 card to Eve (the
    hand's best)". The deal's step line names the forced gives' cards (the hands are in
    the box above; the deal's own lines are left out), as Shanghai's names its upcard."""
    game = play("president-classic", seed=3, moves=None)
    replay = Replay(game.to_data(), ["Ann", "Bob", "Dag"], name="test")
    second = replay.deal_steps()[1]
    forced = [e for e in replay.step_events(second) if e.kind == "cards_exchanged"]
    assert forced and all(e.which for e in forced)

    async def scenario():
        app = CardtableApp(theme="felt", replay=replay, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("right_square_bracket")
            await pilot.pause()
            assert replay.step == second
            line = app.screen.step_text().plain
            assert line.startswith(f"{second}. deal — round 2 · ")
            for event in forced:  # ("Dag gives K♣ A♠ to Ann (the hand's best)": the cards named)
                assert f"gives {' '.join(card.pretty() for card in event.cards)} to " in line
            assert "is dealt" not in line and "deals" not in line

    run(scenario)
