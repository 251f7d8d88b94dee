"""Play-test fixes: the hand's sort order chosen with ``o`` (Shanghai: by suit, Tonk: by
rank) is kept in the user's settings, per family, so a resumed or new table starts with
it; a settings file without it, or with a damaged value, gives each table its default."""

from __future__ import annotations

import asyncio
import json

import pytest

from cardtable import load_variant
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.seats import TableSetup, parse_seats
from cardtable.tui.settings import Settings
from cardtable.games.tonk.order import by_rank, by_suit as tonk_by_suit
from cardtable.tui.widgets.hand import Hand

from .helpers import settle
from .test_shanghai_sort_order import by_suit, swap_game


def _app(preset: str, seats: str, seed: int, game=None) -> CardtableApp:
    setup = TableSetup(load_variant(preset), parse_seats(seats), seed)
    return CardtableApp(setup=setup, theme="felt", bot_delay=0, save_settings=True, game=game)


async def _at_table(pilot) -> TableScreen:
    app = pilot.app
    await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                 and app.screen.game.to_act == (0,) and bool(app.screen.query_one(Hand).cards), limit=1000)
    await pilot.pause()
    return app.screen


def test_settings_keep_the_hand_order_and_old_or_damaged_files_still_load():
    path = Settings.path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"theme": "dark", "bot_delay": 0.3}), encoding="utf-8")  # an older file
    old = Settings.load()
    assert (old.theme, old.bot_delay, old.hand_order) == ("dark", 0.3, {})
    path.write_text(json.dumps({"theme": "dark", "hand_order": {"shanghai": "diagonal", "tonk": "rank", "x": 3}}),
                    encoding="utf-8")
    assert Settings.load().hand_order == {"tonk": "rank"}
    path.write_text(json.dumps({"theme": "dark", "hand_order": "suit"}), encoding="utf-8")
    assert Settings.load().hand_order == {} and Settings.load().theme == "dark"
    kept = Settings(hand_order={"shanghai": "suit"})
    kept.save()
    assert Settings.load().hand_order == {"shanghai": "suit"}


@pytest.mark.parametrize("damaged", [False, True])
def test_shanghai_by_suit_is_remembered_for_the_next_table(damaged):
    async def sort_once():
        app = _app("shanghai-classic", "Ann,bot:simple,bot:simple", 4, swap_game())
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await _at_table(pilot)
            assert not screen.table.by_suit                      # the first time: by rank
            await pilot.press("w")                               # (refused: the notice says why)
            await pilot.pause()
            assert screen.table.notice.startswith("no joker swap")
            await pilot.press("o")
            await pilot.pause()
            assert screen.table.notice == "hand sorted by suit"  # (not the refusal, as if of the new order)

    async def next_table():
        app = _app("shanghai-classic", "Ann,bot:simple,bot:simple", 4, swap_game())
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await _at_table(pilot)
            return screen.table.by_suit, tuple(screen.query_one(Hand).cards), screen.game.view(0).hand

    asyncio.run(sort_once())
    assert json.loads(Settings.path().read_text(encoding="utf-8"))["hand_order"] == {"shanghai": "suit"}
    if damaged:
        data = json.loads(Settings.path().read_text(encoding="utf-8"))
        data["hand_order"] = {"shanghai": ["suit"]}
        Settings.path().write_text(json.dumps(data), encoding="utf-8")
    suited, shown, hand = asyncio.run(next_table())
    if damaged:
        assert not suited and shown == hand
    else:
        assert suited and shown == by_suit(hand) != hand


def test_tonk_by_rank_is_remembered_for_the_next_table():
    async def table(press_o: bool):
        app = _app("tonk-classic", "Ann,bot:simple,bot:simple", 3)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await _at_table(pilot)
            started = screen.table.by_rank
            if press_o:
                await pilot.press("o")
                await pilot.pause()
                assert screen.table.notice == "hand sorted by rank"
            return started, tuple(screen.query_one(Hand).cards), screen.game.view(0).hand

    started, _shown, _hand = asyncio.run(table(press_o=True))
    assert not started                                           # the first time: by suit
    assert json.loads(Settings.path().read_text(encoding="utf-8"))["hand_order"] == {"tonk": "rank"}
    started, shown, hand = asyncio.run(table(press_o=False))     # a new table (the same deal)
    assert started and shown == tuple(sorted(hand, key=by_rank)) != tuple(sorted(hand, key=tonk_by_suit))


def test_in_hot_seat_each_player_keeps_their_own_hand_order():
    """A play-tester's `o` re-sorted the other human's hand at their next turn (one order
    for the whole table). Each player's `o` sorts their own hand; a player who never
    pressed it sees the order the table opened with; the settings keep the last choice
    for the next table."""
    from cardtable.tui.screens.handoff import HandoffScreen

    from .helpers import table_screen
    from .tonk_driver import Advisor, press_move

    async def scenario():
        app = _app("tonk-classic", "Ann,Bob,bot:simple", 5)
        advise = Advisor(5)
        seen: dict[str, list[bool]] = {"Ann": [], "Bob": []}
        async with app.run_test(size=(100, 30)) as pilot:
            for _step in range(300):
                await pilot.pause(0.01)
                if isinstance(app.screen, HandoffScreen):
                    await pilot.press("enter")
                    continue
                screen = table_screen(app)
                game = screen.game
                if app.screen is not screen or screen.busy or not game.to_act or game.to_act[0] > 1 \
                        or screen.viewer != game.to_act[0] or game.round_over:
                    continue
                seat = game.to_act[0]
                name = ("Ann", "Bob")[seat]
                hand = tuple(screen.query_one(Hand).cards)
                by = screen.table.by_rank
                assert hand == tuple(sorted(game.view(seat).hand, key=by_rank if by else tonk_by_suit))
                seen[name].append(by)
                if name == "Ann" and len(seen["Ann"]) in (1, 3):
                    await pilot.press("o")                       # Ann: by rank, later back by suit
                    await pilot.pause()
                if name == "Bob" and len(seen["Bob"]) == 2:
                    await pilot.press("o")                       # Bob: by rank at his second turn
                    await pilot.pause()
                if len(seen["Ann"]) >= 5 and len(seen["Bob"]) >= 4:
                    break
                await press_move(pilot, app, seat, advise(game, seat))
        return seen

    seen = asyncio.run(scenario())
    assert seen["Ann"][:5] == [False, True, True, False, False], seen
    assert seen["Bob"][:4] == [False, False, True, True], seen    # Ann's `o` never re-sorted Bob's hand
    assert json.loads(Settings.path().read_text(encoding="utf-8"))["hand_order"] == {"tonk": "suit"}
