"""Tonk snapshots at a fixed size, seed and theme: the table mid-hand with a card
selected to hit (targets marked), the table at 80×24 in ASCII after a hit (the
owner's lock-out shown), and the show-down. Accepted only after looking at them."""

from __future__ import annotations

import asyncio
import contextlib

from cardtable import load_variant, new_game
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.tonk.showdown import ShowdownScreen

from .helpers import make_app, screen_text, settle


def mid_hand():
    """Dag spread three sixes, Eve three clubs; Ann drew 3♦ and spread 3♠ 4♠ 5♠; she still holds 6♠."""
    game = new_game(load_variant("tonk-classic"), 3, seed=1,
                    hands=[["3S", "4S", "5S", "6S", "9H"], ["6D", "6C", "6H", "KS", "QH"],
                           ["2H", "7C", "8C", "9C", "JD"]],
                    stock=["AD", "2D", "3D", "8D", "9D", "10S"], upcard="8H")
    for seat, move in [(1, "draw_stock"), (1, "spread 6C 6D 6H"), (1, "discard KS"),
                       (2, "draw_stock"), (2, "spread 7C 8C 9C"), (2, "discard JD"),
                       (0, "draw_stock"), (0, "spread 3S 4S 5S")]:
        game.apply(seat, move)
    return game


def ready_for(app):
    async def ready(pilot):
        await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
        await pilot.press("o")  # by rank: 3♦ 6♠ 9♥
        await pilot.press("2")  # select 6♠: Ann's run and Bob's sixes are marked
        await pilot.pause()
    return ready


def test_tonk_table_hit_targets(snap_compare):
    app = make_app("Ann,bot:simple,bot:simple", preset="tonk-classic", theme="felt", game=mid_hand())
    assert snap_compare(app, terminal_size=(100, 30), run_before=ready_for(app))


def test_tonk_table_lock_out_at_80x24_ascii(snap_compare):
    game = mid_hand()
    game.apply(0, "hit 6S @1,0")
    app = make_app("Ann,bot:simple,bot:simple", preset="tonk-classic", theme="ascii", game=game)

    async def ready(pilot):
        await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
        await pilot.press("1")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=ready)


def test_tonk_show_down(snap_compare):
    game = mid_hand()
    for seat, move in [(0, "hit 6S @1,0"), (0, "discard 9H"), (1, "draw_stock"), (1, "discard QH"),
                       (2, "drop")]:
        game.apply(seat, move)
    app = make_app("Ann,bot:simple,bot:simple", preset="tonk-classic", theme="felt", game=game)

    async def ready(pilot):
        await settle(pilot, app, lambda: isinstance(app.screen, ShowdownScreen))

    assert snap_compare(app, terminal_size=(100, 30), run_before=ready)


@contextlib.asynccontextmanager
async def show_down_alone(data, size):
    """An app at ``size`` showing the show-down ``data`` and nothing under it: (pilot, app)."""
    from cardtable.tui.app import CardtableApp

    app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await app.push_screen(ShowdownScreen(data, "Press Enter to deal the next hand."))
        await pilot.pause()
        yield pilot, app


def test_a_five_seat_show_down_with_the_spades_bet_fits_80x24():
    """T7/T12: a play-tester's five-seat show-down (a caught drop, six payments, the spades
    bet) ran past 24 rows behind a scroll bar, the payments cut short of the chips they add
    up to. Two payments a line, the bet's under its own heading, and the box as tall as the
    screen: everything shows, no scrolling."""
    from cardtable.bots import make_bot
    from cardtable.engine.rng import Rng
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.showdown import showdown

    game = new_game(load_variant("tonk-spades"), 5, seed=62)
    bot, rng = make_bot("tonk", "medium"), Rng(62)
    while not game.round_over:
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    data = showdown(game, parse_seats("Ann,Bob,Cy,Dag,Eve"))
    assert (len(data.payments), len(data.side)) == (6, 1) and "caught" in data.why

    async def scenario():
        async with show_down_alone(data, (80, 24)) as (pilot, app):
            scroll = app.screen.query_one("#showdown-scroll")
            assert scroll.virtual_size.height <= scroll.size.height
            text = screen_text(app)
            assert all(line in text for line in data.payments + data.side) and "Press Enter" in text

    asyncio.run(scenario())


def test_from_100_columns_a_show_down_row_keeps_to_one_line():
    """A play-tester's show-down at 100x30 wrapped a seven-card hand beside a long name in a
    box kept 76 wide; from 100 columns the box is wider and each row reads on one line
    (at 80 columns it stays as it was, 76 wide)."""
    from cardtable.tui.tonk.showdown import Showdown, ShowdownRow

    hand = "A♣ 3♣ 9♦ 10♦ J♥ Q♠ K♠"
    rows = tuple(ShowdownRow(name, hand, "57", -4, 96) for name in ("Bartholomew", "Maximiliana", "Ann"))
    data = Showdown("Hand 3 of 25", ("Ann dropped with a count of 12.",), rows, ("Bartholomew pays Ann 2 chips",))

    async def scenario(size):
        async with show_down_alone(data, size) as (pilot, app):
            lines = screen_text(app).splitlines()
            return app.screen.query_one("#summary-box").outer_size.width, lines

    width, lines = asyncio.run(scenario((100, 30)))
    assert 76 < width <= 90  # (within the log's box, 90% wide, which L opens over it: no edge beside it)
    for name in ("Bartholomew", "Maximiliana"):
        row = next(line for line in lines if name in line and "pays" not in line)
        assert hand in row and "57" in row and "96" in row
    assert asyncio.run(scenario((80, 24)))[0] == 76


def test_at_80_columns_the_rules_and_help_cover_a_show_down_whole():
    """A play-tester's L and r over an 80x24 show-down left its edges showing down both
    sides: the log, rules and help boxes (90% of 80: 72) were narrower than the show-down
    (76). They are at least as wide now."""
    from cardtable.tui.screens.dialogs import HelpScreen, RulesScreen
    from cardtable.tui.tonk.showdown import Showdown, ShowdownRow

    rows = tuple(ShowdownRow(name, "A♣ 3♣ 9♦", "13", 0, 100) for name in ("Ann", "Dag"))
    data = Showdown("Hand 1 — show-down", ("Dag drops with 13",), rows, ())

    async def scenario():
        async with show_down_alone(data, (80, 24)) as (pilot, app):
            under = app.screen.query_one("#summary-box").region
            for over, box in ((RulesScreen(load_variant("tonk-classic")), "#rules-box"), (HelpScreen(), "#help-box")):
                await app.push_screen(over)
                await pilot.pause()
                region = app.screen.query_one(box).region
                assert region.x <= under.x and region.right >= under.right, (box, region, under)
                app.pop_screen()
                await pilot.pause()

    asyncio.run(scenario())
