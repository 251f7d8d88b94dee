"""Play-test fixes at the tables: a notice (the engine's reason a choice was refused)
is read whole, never cut at the screen's edge, at 80x24 and at 100x30, and nothing
else leaves the screen for it (Shanghai, President, Tonk)."""

from __future__ import annotations

import asyncio

import pytest

from cardtable import load_variant, new_game
from cardtable.engine.cards import parse_cards
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.hand import Hand

from .helpers import make_app, screen_text, settle, table_screen
from .test_shanghai import _press_cards
from .test_shanghai_go_down_groups import ann_to_play

SIZES = [(100, 30), (80, 24)]

# Ann (seat 0) goes down with two sets (hand 1: 2 sets of 3) and keeps 6♣, which fits
# neither set: she is down, on her turn, and 6♣ has no lay-off.
DOWN_HANDS = [
    "7C 7D 7H 7S 9S 9H 9D 9C 6C 5D KS",
    "2C 3C 6D 8H 10S JC QD AH 2D 4H 6S",
    "3D 5C 8C 10H JD QH KD AS 3H 5S 8D",
]


def ann_down_game():
    game = ann_to_play(new_game(load_variant("shanghai-classic"), 3, seed=11, hands=DOWN_HANDS, upcard="QS"))
    game.apply(0, "meld 7C 7D 7H | 9C 9D 9H")
    assert game.to_act == (0,) and game.is_down(0) and game.view(0).phase == "play"
    return game


def _rows(app) -> list[str]:
    return screen_text(app).splitlines()


def _whole(app, start: str) -> str:
    """The notice that begins with ``start``, its wrapped rows joined again."""
    rows = _rows(app)
    first = next(i for i, row in enumerate(rows) if start in row)
    text = rows[first][rows[first].index(start):].strip()
    for row in rows[first + 1:first + 3]:
        if not row.strip() or "┌" in row or "│" in row:
            break
        text += " " + row.strip()
    return text


def _layout_kept(app, last_row_has: str) -> None:
    """Every row of the table is still on screen: the header on top, the hand whole."""
    rows = _rows(app)
    assert len(rows) == app.size.height
    assert rows[0].startswith(" cardtable · ")
    hand = app.screen.query_one(Hand)
    assert hand.region.bottom <= app.size.height and hand.region.height == 6
    assert any(last_row_has in row for row in rows[hand.region.y:hand.region.bottom])


@pytest.mark.parametrize("size", SIZES)
def test_a_long_lay_off_refusal_is_read_whole(size):
    """The play-tester's case: Ann is down, selects 6♣ and presses l; a long reason wraps
    onto a second row (the key bar's) instead of stopping at the screen's edge. (With only
    sets on the table the engine's reason is short now; a long one is put in its place.)"""
    reason = "no lay-off for 6♣: it fits on no meld now (runs grow in order at their ends; " \
             "no more wilds than naturals in a meld)"

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", seed=11, game=ann_down_game())
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and app.screen.table.state
                         is not None and app.screen.table.state.my_turn)
            screen = app.screen
            rows_before = _rows(app)
            await _press_cards(pilot, screen, parse_cards("6C"))
            await pilot.press("l")
            await pilot.pause()
            assert screen.table.notice == "no lay-off for 6♣: it fits on no meld now"
            screen.table.notice = reason
            await pilot.pause()
            assert _whole(app, "no lay-off for 6♣") == reason
            _layout_kept(app, "♣")
            assert "? help" not in screen_text(app)        # the key bar gave its row to the notice
            if size == (80, 24):                             # nothing moved above the notice
                rows = _rows(app)
                cut = next(i for i, row in enumerate(rows) if "no lay-off" in row)
                assert rows[:cut - 1] == rows_before[:cut - 1]
            await pilot.press("escape")                      # a new selection: the notice goes
            await pilot.pause()
            assert screen.table.notice == "" and "? help" in screen_text(app)

    asyncio.run(scenario())


LONG_PRESIDENT = ("you may not lead a top card or a bomb while you hold other cards: lead a lower card "
                  "first (P21)")
LONG_TONK = "write the spread in table order: a set in suit order with jokers last, a run in rank order"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("family", ["president", "tonk"])
def test_president_and_tonk_notices_wrap_too(family, size):
    """The same at the President and Tonk tables: a long notice next to Play / Pass (or
    after Tonk's count) wraps whole and the hand stays on screen."""
    seats, preset, notice = {"president": ("Ann,bot:simple,bot:simple,bot:simple", "president-classic",
                                           LONG_PRESIDENT),
                             "tonk": ("Ann,bot:simple,bot:simple", "tonk-classic", LONG_TONK)}[family]

    async def scenario():
        app = make_app(seats, preset=preset, seed=3)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                         and app.screen.game.to_act == (0,), limit=1000)
            app.screen.table.notice = notice
            await pilot.pause()
            start = notice[:20]
            assert _whole(app, start) == notice
            _layout_kept(app, "┌")

    asyncio.run(scenario())


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("family", ["president", "tonk"])
def test_a_notice_that_fits_its_row_leaves_the_key_bar_and_the_hand_in_place(family, size):
    """(Any notice, however short, took the key bar's row and moved the hand down.)"""
    seats, preset = {"president": ("Ann,bot:simple,bot:simple,bot:simple", "president-classic"),
                     "tonk": ("Ann,bot:simple,bot:simple", "tonk-classic")}[family]

    async def scenario():
        app = make_app(seats, preset=preset, seed=3)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                         and app.screen.game.to_act == (0,), limit=1000)
            hand = app.screen.query_one(Hand).region
            app.screen.table.notice = "draw first"
            await pilot.pause()
            rows = _rows(app)
            assert any(row.rstrip().endswith("draw first") for row in rows)
            assert "? help" in rows[-1] and app.screen.query_one(Hand).region == hand
            assert not app.screen.table.has_class("-notice")

    asyncio.run(scenario())


@pytest.mark.parametrize(("theme", "end"), [("felt", "…"), ("ascii", "")])
def test_a_header_too_wide_ends_with_an_ellipsis(theme, end):
    """(It was cut mid-phrase with no mark: "· lowest total wins" was simply gone.)"""
    async def scenario():
        app = make_app("Bartholomew Jones-Fitzwilliam the Third of Kent,bot:simple,bot:simple", preset="shanghai-classic",
                       seed=3, theme=theme)
        async with app.run_test(size=(80, 24)) as pilot:
            table = table_screen(app).table
            await settle(pilot, app, lambda: table.header, limit=1000)
            await pilot.pause()
            shown = table.query_one("#header").render_line(0).text.rstrip()
            assert len(table.header) > 80 and len(shown) <= 80
            assert shown.endswith(end) if end else shown.isascii()

    asyncio.run(scenario())


def test_a_key_the_table_has_no_action_for_says_where_the_keys_are():
    """A play-tester pressed x at a Tonk table and nothing happened, the old message left
    on screen: an unbound letter (or sign) says so and points to ?; a bound key acts as
    ever, and a digit picks a card."""
    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple", preset="president-classic", seed=7)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                         and app.screen.game.to_act == (0,))
            table = app.screen.table
            for key, character in (("x", "x"), ("left_square_bracket", "[")):
                await pilot.press(key)
                await pilot.pause()
                assert table.notice == f"{character} is no key here: ? lists the keys"
            await pilot.press("1")
            await pilot.pause()
            assert "no key" not in table.notice and app.screen.query_one(Hand).selected == {0}

    asyncio.run(scenario())
