"""The newest log lines under a narrow table (below 100 columns the log panel is left
out): at Tonk's spreads another player's turn reads there without opening the log (a
play-tester at 80x24 saw only "» Dag discards 7♦" after Dag had taken their 6♥ and spread
three sixes); under a trick or the melds, which show what was played, the newest line."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult

from cardtable.tui.widgets.log import LastLine


class LinesApp(App[None]):
    def __init__(self, lines: tuple[str, ...], rows: int, most: int) -> None:
        super().__init__()
        self.lines, self.rows, self.most = lines, rows, most

    def compose(self) -> ComposeResult:
        yield LastLine(rows=self.rows, most=self.most)

    def on_mount(self) -> None:
        self.query_one(LastLine).lines = self.lines[-self.most:]


def shown(lines: tuple[str, ...], rows: int, most: int = 3, width: int = 40) -> list[str]:
    async def scenario():
        app = LinesApp(lines, rows, most)
        async with app.run_test(size=(width, 10)) as pilot:
            await pilot.pause()
            last = app.query_one(LastLine)
            return [last.render_line(y).text.rstrip() for y in range(last.size.height)]

    return asyncio.run(scenario())


TURN = ("Dag takes 6♥", "Dag spreads 6♣ 6♦ 6♥", "Dag discards 7♦")
LONG = "Eve goes down: 7♣ 7♦ 7♥ and 9♠ 9♥ 9♦ and lays off a joker"


def test_as_many_newest_lines_as_fit_the_rows_each_after_a_mark():
    assert shown(TURN, 3) == ["» Dag takes 6♥", "» Dag spreads 6♣ 6♦ 6♥", "» Dag discards 7♦"]
    assert shown(TURN, 2) == ["» Dag spreads 6♣ 6♦ 6♥", "» Dag discards 7♦"]
    assert shown(TURN[:1], 3) == ["» Dag takes 6♥"]  # (no more rows than lines)


def test_an_older_line_that_would_not_fit_whole_is_left_out():
    """An older line is shown whole or not at all; the newest wraps onto the rows, and is
    cut with an ellipsis only when it alone is taller than they are."""
    assert shown((LONG, "Eve discards 4♥"), 2) == ["» Eve discards 4♥"]
    assert shown(("Eve draws from the stock", LONG), 2, width=30) == ["» Eve goes down: 7♣ 7♦ 7♥ and",
                                                                      "  9♠ 9♥ 9♦ and lays off a…"]


def test_under_a_trick_or_the_melds_the_newest_line_alone():
    """President's and Shanghai's line (``most`` 1, two rows): a short newest line takes
    one row, the line before it is not shown."""
    assert shown(TURN, 2, most=1) == ["» Dag discards 7♦"]
    assert shown((*TURN, LONG), 2, most=1, width=30) == ["» Eve goes down: 7♣ 7♦ 7♥ and",
                                                         "  9♠ 9♥ 9♦ and lays off a…"]


def test_at_tonks_spreads_the_lines_take_only_the_rows_the_spreads_leave():
    """Five players at 80x24: every owner's row of spreads stays in sight, and the lines
    take the rows left, up to three (with five owners' rows, fewer)."""
    from cardtable import load_variant, new_game
    from cardtable.bots import make_bot
    from cardtable.engine.rng import Rng
    from cardtable.tui.screens.table import TableScreen
    from cardtable.tui.widgets.hand import Hand

    from .helpers import make_app, settle

    def with_spreads(owners: int, seed: int):
        """A five-player game at Ann's turn once ``owners`` seats have spread."""
        for tries in range(200):
            game = new_game(load_variant("tonk-classic"), 5, seed=seed + tries)
            bot, rng = make_bot("tonk", "simple"), Rng(seed + tries)
            while not game.round_over:
                seat = game.to_act[0]
                spreads = game.view(0).spreads
                if seat == 0 and sum(bool(row) for row in spreads) >= owners:
                    return game
                game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
        raise AssertionError("no such deal")

    async def scenario(game):
        app = make_app("Ann,bot:simple,bot:simple,bot:simple,bot:simple", preset="tonk-classic", game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and app.screen.table.state is not None
                         and app.screen.query_one(Hand).active)
            last = app.screen.query_one(LastLine)
            spreads = app.screen.query_one("#spreads")
            rows = [row for row in (last.render_line(y).text.strip() for y in range(last.size.height)) if row]
            room = app.screen.query_one("#spreads-box").content_size.height
            return room, len(spreads._lines(spreads.size.width)), rows, app.screen.table.state.log

    for owners in (5, 4, 1):
        room, needed, rows, log = asyncio.run(scenario(with_spreads(owners, seed=1)))
        assert needed >= owners and rows[-1] == f"» {log[-1]}"
        assert len(rows) == min(3, room - needed) >= 1, (owners, room, needed, rows)


def test_spreads_that_fill_the_box_leave_the_newest_line_a_row():
    """Seven owners' rows of spreads in a box of seven rows (a reviewer's case): the
    newest line keeps its row at the foot (the spreads' last row gives way, as before
    the lines took the rows the spreads leave)."""
    from textual.containers import Vertical

    from cardtable.engine.cards import parse_cards
    from cardtable.tui.tonk.present import SpreadRow
    from cardtable.tui.tonk.widgets import SpreadsPanel

    rows = tuple(SpreadRow(i, f"P{i}", (tuple(parse_cards("3C 4C 5C")),)) for i in range(7))

    class Box(App[None]):
        CSS = "#box { height: 7; } SpreadsPanel { height: auto; } LastLine { height: 1fr; min-height: 1; }"

        def compose(self) -> ComposeResult:
            with Vertical(id="box"):
                yield SpreadsPanel()
                yield LastLine(rows=3, most=3)

        def on_mount(self) -> None:
            self.query_one(SpreadsPanel).rows = rows
            self.query_one(LastLine).lines = TURN

    async def scenario():
        app = Box()
        async with app.run_test(size=(60, 12)) as pilot:
            await pilot.pause()
            spreads, last = app.query_one(SpreadsPanel), app.query_one(LastLine)
            return spreads.region.height, [last.render_line(y).text.rstrip() for y in range(last.region.height)]

    assert asyncio.run(scenario()) == (6, ["» Dag discards 7♦"])
