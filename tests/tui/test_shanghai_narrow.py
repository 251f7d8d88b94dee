"""The Shanghai table at 80 columns (a play-tester's 80x24 tmux): the banner keeps the
contract and "· 2s wild" whole, beside the player's own state in the longest form that
fits or above it; a status line too long for its row (long names) is said shorter, and
wraps before it is cut; a notice that fits one row leaves the key bar in place."""

from __future__ import annotations

import asyncio
import re

import pytest

from cardtable import load_variant, new_game
from cardtable.bots import make_bot
from cardtable.engine.rng import Rng
from cardtable.tui.screens.choose import MoveListDialog
from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.seats import parse_seats
from cardtable.tui.shanghai.present import present
from cardtable.tui.text import number as themed_number
from cardtable.tui.widgets.card import card_label
from cardtable.tui.widgets.hand import Hand

from .helpers import make_app, screen_text, settle

DRAW_KEYS = "? help · s stock · u upcard · o sort"
"""The key bar before the draw (the ASCII theme writes | for ·)."""
DRAW_BAR = DRAW_KEYS + " · +1 card 11 · H hint · t theme · q quit"
"""The same with the every-turn keys the row has room for at 80 columns (a hand of more
than 10 cards: + then a digit picks a card past the 10th)."""


def played_to(preset, hand: int, players: int = 3, seed: int = 3):
    """A game at the start of hand ``hand``, the hands before played by simple bots."""
    game = new_game(load_variant(preset), players, seed=seed)
    bot, rng = make_bot("shanghai", "simple"), Rng(seed)
    for _ in range(hand - 1):
        while not game.round_over:
            seat = game.to_act[0]
            game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
        game.next_round()
    return game


async def to_draw(pilot, app, seat: int) -> TableScreen:
    """Pass hand-offs and decline buys until ``seat`` (a human) is to draw."""
    for _ in range(30):
        await settle(pilot, app, lambda: isinstance(app.screen, (HandoffScreen, MoveListDialog)) or (
            isinstance(app.screen, TableScreen) and not app.screen.busy and app.screen.game.to_act == (seat,)
            and app.screen.game.view(seat).phase == "draw"), limit=3000)
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
        elif isinstance(app.screen, MoveListDialog):
            await pilot.press("end", "enter")  # decline the buy
        else:
            await pilot.pause()
            return app.screen
        await pilot.pause()
    raise AssertionError("never the seat's turn to draw")


def rows(app) -> list[str]:
    return [line.rstrip() for line in screen_text(app).splitlines()]


def user_preset(tmp_path, name: str, contracts: str, buys: str) -> str:
    path = tmp_path / f"{name}.toml"
    path.write_text(f'family = "shanghai"\nextends = "shanghai-wild-twos"\ntitle = "{name}"\n'
                    f"[rules]\ncontracts = {contracts}\nbuys_per_hand = {buys}\n")
    return str(path)


# ----------------------------------------------------------------------------- the banner
@pytest.mark.parametrize("theme", ["felt", "ascii"])
def test_hand_two_of_wild_twos_keeps_2s_wild_at_80_columns(theme):
    """At 80x24 the banner was cut to "… run of 4 ·  you: not down · …": the contract and
    "2s wild" stay whole, the player's own state beside them shortened."""
    game = played_to("shanghai-wild-twos", 2)
    dot, dash = ("|", "-") if theme == "ascii" else ("·", "—")
    points = themed_number(game.view(2).scores[2], ascii=theme == "ascii")  # (−25 with the theme's minus sign)

    async def scenario():
        app = make_app("Ann,bot:medium,Bob", preset="shanghai-wild-twos", game=game, theme=theme)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_draw(pilot, app, 2)
            banner = f" Hand 2 of 10 {dash} 1 set of 3 + 1 run of 4 {dot} 2s wild"
            me = f"you: 3 buys {dot} {points} pts"
            assert rows(app)[1] == banner + " " * (79 - len(banner) - len(me)) + me
            assert rows(app)[-1] == " " + DRAW_BAR.replace("·", dot)  # (nothing pushed off the screen)
            await pilot.resize_terminal(100, 30)  # room for the whole state again
            await pilot.pause()
            me = f"you: not down {dot} 3 buys left {dot} {points} pts"
            assert rows(app)[1] == banner + " " * (99 - len(banner) - len(me)) + me

    asyncio.run(scenario())


def test_a_long_contract_and_the_players_state_never_run_together(tmp_path):
    """"… + 1 run of 5 · 2syou: not down · 4 buys left · 0 pts" at 80 columns."""
    preset = user_preset(tmp_path, "long", '[[["set", 3], ["set", 3], ["set", 3], ["run", 5]], [["set", 3], ["run", 4]]]',
                         "[4, 3]")

    async def scenario():
        app = make_app("Ann,bot:medium,Bob", preset=preset)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_draw(pilot, app, 2)
            banner, me = " Hand 1 of 2 — 3 sets of 3 + 1 run of 5 · 2s wild", "you: 4 buys · 0 pts"
            assert rows(app)[1] == banner + " " * (79 - len(banner) - len(me)) + me

    asyncio.run(scenario())


def test_the_players_state_takes_a_row_of_its_own_when_the_banner_leaves_no_room(tmp_path):
    """A contract so long that not even "you: 3 buys · 0 pts" fits beside it: the state
    goes on the next row, whole; the banner wraps if it must. The middle of the table
    gives up the rows: the key bar, the status and the whole hand stay, and the upcard
    is still in sight."""
    preset = user_preset(tmp_path, "alt", '[[["set", 3], ["run", 4], ["set", 3], ["run", 4]], '
                         '[["set", 3], ["run", 4], ["set", 3], ["run", 4], ["set", 3]]]', "[3, 3]")
    game = played_to(preset, 2)
    points = game.view(2).scores[2]

    async def scenario():
        app = make_app("Ann,bot:medium,Bob", preset=preset, game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await to_draw(pilot, app, 2)
            shown = rows(app)
            assert shown[1:4] == [" Hand 2 of 2 — 1 set of 3 + 1 run of 4 + 1 set of 3 + 1 run of 4 + 1 set of 3 ·",
                                  " 2s wild", f" you: not down · 3 buys left · {points} pts"]
            assert shown[-1] == " " + DRAW_BAR
            rank = card_label(screen.game.view(2).upcard)[:-1]
            face = re.compile(rf"│▒▒▒│ +│ ?{re.escape(rank)} ?│")  # the stock's back and the upcard's rank
            assert any(face.search(row) for row in shown[8:12]), shown
            hand = screen.query_one(Hand)
            assert hand.region.height == 6 and hand.region.bottom == 23

    asyncio.run(scenario())


@pytest.mark.parametrize("theme", ["felt", "ascii"])
@pytest.mark.parametrize("preset", ["shanghai-classic", "shanghai-wild-twos", "shanghai-family",
                                    "shanghai-next-in-turn"])
def test_every_shipped_contract_fits_the_banner_row_at_80_columns(preset, theme):
    """Every hand of every shipped preset: the banner whole and the player's own state
    beside it on one row (hands 9 and 10 of the wild twos were cut)."""
    seats = parse_seats("Ann,bot:simple,bot:simple")
    variant = load_variant(preset)
    dot, dash = ("|", "-") if theme == "ascii" else ("·", "—")

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset=preset, theme=theme)
        async with app.run_test(size=(80, 24)) as pilot:
            table = (await to_draw(pilot, app, 0)).table  # (nothing moves until Ann draws)
            game = new_game(variant, 3, seed=5)
            bot, rng = make_bot("shanghai", "simple"), Rng(5)
            for number in range(1, len(variant.rules.contracts) + 1):
                state = present(game, 0, seats, ascii=theme == "ascii")
                table.state = state
                await pilot.pause()
                row = rows(app)[1]
                banner = " " + state.banner.replace("·", dot).replace("—", dash)
                assert row.startswith(banner + "  ") and f"Hand {number} of" in row, row
                assert row.split("  ")[-1].strip().startswith("you:"), row
                while not game.round_over:
                    seat = game.to_act[0]
                    game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
                if number < len(variant.rules.contracts):
                    game.next_round()

    asyncio.run(scenario())


# ----------------------------------------------------------------------------- the status line
def test_long_names_the_status_line_says_it_shorter_and_keeps_the_upcard():
    """"Bartholomew Jones — your turn: s draws from the stock (77 left) or u takes the" was
    all 80 columns showed: said shorter, the upcard stays; at 100 columns it is said whole."""
    async def scenario():
        app = make_app("Maximilian Alexander,bot:medium,Bartholomew Jones", preset="shanghai-family")
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await to_draw(pilot, app, 2)
            view = screen.game.view(2)
            upcard = card_label(view.upcard)
            shown = rows(app)
            assert shown[15] == f" Bartholomew Jones — your turn: s stock ({view.stock_size} left) or u upcard {upcard}"
            assert shown[16] == ""  # (the selection's line: nothing selected before the draw)
            await pilot.resize_terminal(100, 30)
            await pilot.pause()
            assert (f" Bartholomew Jones — your turn: s draws from the stock ({view.stock_size} left) "
                    f"or u takes the upcard {upcard}") in rows(app)

    asyncio.run(scenario())


@pytest.mark.parametrize("theme", ["felt", "ascii"])
def test_a_status_too_long_even_said_shorter_wraps_onto_a_second_row(theme):
    """A name so long that the shorter words do not fit either: the status wraps (the
    middle of the table gives up the row), the key bar and the whole hand stay."""
    name = "Bartholomew Jonathan Fitzgerald-Smythe the Third"
    dash = "-" if theme == "ascii" else "—"

    async def scenario():
        app = make_app(f"Ann,bot:medium,{name}", preset="shanghai-wild-twos", theme=theme)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await to_draw(pilot, app, 2)
            view = screen.game.view(2)
            upcard = card_label(view.upcard, theme == "ascii")
            shown = rows(app)
            status = next(i for i, row in enumerate(shown) if row.startswith(f" {name} {dash} your turn"))
            assert " ".join(row.strip() for row in shown[status:status + 2]) == \
                f"{name} {dash} your turn: s stock ({view.stock_size} left) or u upcard {upcard}"
            assert shown[-1] == " " + DRAW_BAR.replace("·", "|" if theme == "ascii" else "·")
            assert screen.query_one(Hand).region.bottom == 23

    asyncio.run(scenario())


# ----------------------------------------------------------------------------- notices
@pytest.mark.parametrize("theme", ["felt", "ascii"])
def test_a_one_row_notice_leaves_the_key_bar_and_the_hand_in_place(theme):
    """As Bob before drawing, 1 then d: "draw first: …" fits its row; the hand stays
    where it was and the key bar stays in sight."""
    async def scenario():
        app = make_app("Ann,bot:medium,Bob", preset="shanghai-wild-twos", theme=theme)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await to_draw(pilot, app, 2)
            hand = screen.query_one(Hand)
            where = hand.region
            await pilot.press("1")
            await pilot.press("d")
            await pilot.pause()
            shown = rows(app)
            assert screen.table.notice == "draw first: s from the stock or u the upcard"
            assert shown[16] == " draw first: s from the stock or u the upcard"
            assert shown[-1] == " " + DRAW_BAR.replace("·", "|" if theme == "ascii" else "·")
            assert hand.region == where
            assert screen.game.view(2).phase == "draw" and hand.selected_cards()  # (the card stays selected)

    asyncio.run(scenario())


def test_a_notice_too_long_for_its_row_still_takes_the_key_bars():
    """A notice wider than the row wraps onto the key bar's row (and back to one row,
    the key bar with it, when the terminal grows wide enough)."""
    long = "select the cards of a set of 3, then g; " * 2 + "or press m to choose from the go-downs"

    async def scenario():
        app = make_app("Ann,bot:medium,Bob", preset="shanghai-wild-twos")
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await to_draw(pilot, app, 2)
            screen.table.notice = long
            await pilot.pause()
            shown = rows(app)
            assert " ".join(row.strip() for row in shown[16:18]) == long
            assert DRAW_KEYS not in "\n".join(shown)
            await pilot.resize_terminal(130, 30)
            await pilot.pause()
            shown = rows(app)
            assert f" {long}" in shown
            assert any(DRAW_KEYS in row for row in shown)

    asyncio.run(scenario())
