"""Seat panels: a line too wide for its box drops its last " · " parts instead of ending
in a cut word (7 or 8 players at 80 columns)."""

from __future__ import annotations

import asyncio
import re

import pytest
from textual.screen import ModalScreen

from cardtable import load_variant, new_game
from cardtable.bots import make_bot
from cardtable.engine.rng import Rng
from cardtable.tui.widgets.seat import SeatPanel, fit_parts, fit_title, short_forms
from cardtable.tui.screens.table import TableScreen

from .helpers import make_app, settle


def test_fit_parts_drops_the_last_parts_until_the_line_fits():
    assert fit_parts("6 cards · 0 pts", 15) == "6 cards · 0 pts"
    assert fit_parts("6 cards · 0 pts", 14) == "6 cards"
    assert fit_parts("President · passed · to play", 20) == "President · passed"
    assert fit_parts("President · passed", 5) == "President"  # the first part stays (cut later)
    assert fit_parts("6 cards | 0 pts", 14, " | ") == "6 cards"  # the ASCII theme's separator


def test_fit_title_drops_the_bot_note_rather_than_cut_it():
    assert fit_title("Finn (bot)", 10) == "Finn (bot)"
    assert fit_title("Finn (bot)", 9) == "Finn"
    assert fit_title("Ann", 2) == "Ann"  # nothing to drop: the border cuts it
    assert fit_title("Bo (the elder) x", 5) == "Bo (the elder) x"  # only a trailing note goes


@pytest.mark.parametrize("theme", ["felt", "ascii"])
def test_a_seven_player_table_at_80_columns_shows_whole_facts(theme):
    async def scenario():
        app = make_app("Ann," + ",".join(["bot:simple"] * 6), seed=4, theme=theme)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            panels = [panel for panel in app.screen.query(SeatPanel) if panel.display]
            assert len(panels) == 6
            for panel in panels:
                shown = str(panel.render()).splitlines()
                assert shown[0] == panel.lines[0].split(" · ")[0]  # "6 cards": the points left out
                assert panel.lines[0].endswith((" pts", " pt"))
                title = str(panel.border_title)
                assert "(" not in title and title == panel.title.partition(" (")[0]  # "Finn", not "Finn (…"
        wide = make_app("Ann," + ",".join(["bot:simple"] * 6), seed=4)
        async with wide.run_test(size=(160, 30)) as pilot:
            await pilot.pause()
            panel = next(panel for panel in wide.screen.query(SeatPanel) if panel.display)
            assert str(panel.render()).splitlines()[0] == panel.lines[0]  # room for all of it
            assert str(panel.border_title) == panel.title and panel.title.endswith(" (bot)")

    asyncio.run(scenario())


def test_fit_parts_tries_the_short_forms_before_dropping_parts():
    short = {"Vice-President": short_forms("Vice-President"), "out (1st)": ("out 1st",)}
    assert fit_parts("Vice-President · to play", 24, short=short) == "Vice-President · to play"
    assert fit_parts("Vice-President · to play", 20, short=short) == "Vice-Pres. · to play"
    assert fit_parts("Vice-President · to play", 12, short=short) == "VP · to play"
    assert fit_parts("Vice-President · to play", 10, short=short) == "Vice-Pres."
    assert fit_parts("Vice-President · to play", 9, short=short) == "VP"
    assert fit_parts("out (1st) · 2 pts", 8, short=short) == "out 1st"
    assert fit_parts("6 cards · 0 pts", 14, short=short) == "6 cards"  # no short form: dropped as before


def test_short_forms_of_titles_are_whole_words_or_initials():
    assert short_forms("Vice-President") == ("Vice-Pres.", "VP")
    assert short_forms("President") == ("Pres.",)
    assert short_forms("Vice-Scum") == ("Vice-Scum", "VS")  # (whole at the first depth: a row reads alike)
    assert short_forms("Scum") == () and short_forms("") == ()
    # Forseti's titles (a play-tester saw "Fors." beside a whole "Vara-skítur"): a
    # seven-letter word stays whole
    assert short_forms("Forseti") == () and short_forms("Vara-forseti") == ("Vara-forseti", "VF")
    assert short_forms("Vara-skítur") == ("Vara-skítur", "VS")


def test_a_row_of_titles_is_shortened_alike():
    """A play-tester saw "VS · to play", "Scum", "Vice-Pres.", "Pres." in one row: Vice-Scum
    went to its initials at the first depth. Now the row that needs "VS" says "VP" too."""
    from cardtable.tui.widgets.seat import fit_depth

    lines = ["Vice-Scum · to play", "Scum", "Vice-President", "President"]
    short = {title: short_forms(title) for title in ("Vice-Scum", "Scum", "Vice-President", "President")}
    for width, shown in ((12, ["VS · to play", "Scum", "VP", "Pres."]),
                         (20, ["Vice-Scum · to play", "Scum", "Vice-President", "President"])):
        depth = max(fit_depth(line, width, short=short) for line in lines)
        assert [fit_parts(line, width, short=short, least_depth=depth) for line in lines] == shown


def round_two_with_two_out(seed: int = 4, players: int = 7):
    """Round 2 of a President game, two seats out, seat 0 still in and the round on."""
    from cardtable.bots import make_bot
    from cardtable.engine.rng import Rng

    from .helpers import played_round

    game = played_round(players=players, seed=seed)
    game.next_round()
    bot, rng = make_bot("president", "simple"), Rng(seed)
    while not (game.phase == "play" and len(game.view(0).out) >= 2):
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    assert 0 not in game.view(0).out and not game.round_over
    return game


@pytest.mark.parametrize("seed,size", [(4, (80, 24)), (5, (80, 24)), (13, (80, 24)), (5, (100, 30))])
def test_players_out_in_round_two_show_their_place_and_titles_fit(seed, size):
    """From round 2 on a seat that is out said "0 cards" and last round's title: its
    place was dropped as the line's last part; titles were cut ("Vice-P…")."""
    from cardtable.tui.screens.table import TableScreen

    from .helpers import screen_text, settle

    game = round_two_with_two_out(seed)
    first, second = game.view(0).out[:2]

    async def scenario():
        app = make_app("Ann," + ",".join(["bot:simple"] * 6), seed=seed, game=game)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
            await pilot.pause()
            panels = {panel.title.partition(" (")[0]: panel for panel in app.screen.query(SeatPanel) if panel.display}
            names = [app.screen.seats[seat].name for seat in (first, second)]
            for name, place in zip(names, ("out (1st)", "out (2nd)")):  # (or "out 1st", as the row writes)
                assert str(panels[name].render()).splitlines()[0] in (place, place.replace("(", "").replace(")", ""))
            seat_rows = screen_text(app).splitlines()[1:5]
            assert "…" not in "\n".join(seat_rows), "\n".join(seat_rows)
            assert "0 cards" not in "\n".join(seat_rows)

    asyncio.run(scenario())


def test_the_ascii_key_line_fits_80_columns():
    """Every key of a President turn (the longest the bar gets) fits 80 columns less the
    padding, as written and in ASCII."""
    from cardtable.tui.president.table import PASS_KEYS, PLAY_KEYS, TABLE_KEYS, key_bar

    for ascii in (False, True):
        assert len(key_bar(PLAY_KEYS + PASS_KEYS + TABLE_KEYS, ascii)) <= 78


def test_a_card_count_left_alone_takes_its_short_form_rather_than_an_ellipsis():
    alone = {"15 cards": ("15 c",)}
    assert fit_parts("15 cards · 0 pts", 8, alone=alone) == "15 cards"  # the points go first
    assert fit_parts("15 cards · 0 pts", 12, alone=alone) == "15 cards"  # "c" only when it must
    assert fit_parts("15 cards · 0 pts", 7, alone=alone) == "15 c"
    assert fit_parts("15 cards | 0 pts", 7, " | ", alone=alone) == "15 c"
    # another panel of the row needs its alone form: this one takes its own too
    assert fit_parts("9 cards · 0 pts", 7, alone={"9 cards": ("9 c",)}) == "9 cards"
    assert fit_parts("9 cards · 0 pts", 7, alone={"9 cards": ("9 c",)}, alone_first=True) == "9 c"


@pytest.mark.parametrize("theme", ["felt", "ascii"])
def test_seven_opponents_at_80_columns_show_card_counts_whole_and_alike(theme):
    """Seven opponents at 80 columns: a panel too narrow for "10 cards" says "10 c", not
    "10 car…"; and then every panel says "c" ("9 c", not "9 cards", beside it). The
    " (bot)" notes go alike too."""
    sizes = [5, 9, 8, 10, 7, 5, 4, 3]
    deck = [f"{rank}{suit}" for rank in ("2 3 4 5 6 7 8 9 10 J Q K A".split()) for suit in "CDHS"]
    hands, start = [], 0
    for size in sizes:
        hands.append(deck[start:start + size])
        start += size
    game = new_game(load_variant("president-bombs"), 8, seed=1, hands=hands, dealer=7)  # (Ann leads)

    async def scenario():
        app = make_app("Ann," + ",".join(["bot:simple"] * 7), preset="president-bombs", game=game, theme=theme)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                         and app.screen.game.to_act == (0,))
            await pilot.pause()
            panels = [panel for panel in app.screen.query(SeatPanel) if panel.display]
            assert len(panels) == 7
            shown = [str(panel.render()).splitlines()[0] for panel in panels]
            assert shown == [f"{size} c" for size in sizes[1:]], (shown, [p.content_size.width for p in panels])
            # at 100 columns the panels are 14 and 15 cells wide: the border says "Gro" or
            # "Gro (bot)" as the narrowest says it, so names of one length read alike
            await pilot.resize_terminal(100, 30)
            await pilot.pause()
            await pilot.pause()
            assert len({panel.outer_size.width for panel in panels}) == 2
            titles = [str(panel.border_title) for panel in panels]
            by_length: dict[int, set[bool]] = {}
            for title in titles:
                by_length.setdefault(len(title.removesuffix(" (bot)")), set()).add(title.endswith(" (bot)"))
            assert all(len(forms) == 1 for forms in by_length.values()), titles

    asyncio.run(scenario())


def test_a_title_that_fits_the_border_keeps_its_note_after_a_resize():
    """Four panels at 80 columns are 20 cells wide: "Player (you)" fits between "╭─ " and
    " ─╮", before and after the terminal shrinks from 120 columns (the room is the
    panel's outer width, not its content's)."""
    async def scenario():
        app = make_app("Player,bot:simple,bot:simple,bot:simple", preset="tonk-classic")
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.pause()
            mine = app.screen.query(SeatPanel).first()
            assert str(mine.border_title) == "Player (you)"
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert mine.outer_size.width == 20
            assert str(mine.border_title) == "Player (you)"

    asyncio.run(scenario())


def test_the_panels_of_a_row_write_the_same_form():
    """Eight seats at 80 columns: panels a column apart once wrote "11 c" beside
    "11 cards"; the row fits to its narrowest panel, so every one writes "11 c"."""
    async def scenario():
        app = make_app("Ann," + ",".join(["bot:simple"] * 7), preset="scum-secretary", seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                         and app.screen.game.to_act == (0,), limit=2000)
            panels = [panel for panel in app.screen.query(SeatPanel) if panel.display]
            assert len({panel.content_size.width for panel in panels}) == 2  # (9 and 10 cells)
            firsts = [str(panel.render()).splitlines()[0] for panel in panels]
            assert all(re.fullmatch(r"\d+ c", line) for line in firsts), firsts

    asyncio.run(scenario())


def test_the_panels_of_a_row_keep_one_form_after_a_resize():
    """A resize changes some panels' widths and not others: every panel is drawn again
    to the row's new narrowest width (once, after 80 -> 84 columns, some said "11 cards"
    and some "11 c")."""
    from .helpers import screen_text

    async def scenario():
        app = make_app("Ann," + ",".join(["bot:simple"] * 7), preset="scum-secretary", seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                         and app.screen.game.to_act == (0,), limit=2000)  # (Ann's turn: the bots wait)
            for width in (84, 120, 81, 80):
                await pilot.resize_terminal(width, 24)
                await pilot.pause()
                await pilot.pause()
                panels = [panel for panel in app.screen.query(SeatPanel) if panel.display]
                firsts = [line for line in screen_text(app).splitlines()[2].split("│") if line.strip()]
                forms = {bool(re.fullmatch(r"\d+ c", part.strip())) for part in firsts}
                assert len(forms) == 1, (width, firsts)
                assert len(firsts) == len(panels)

    asyncio.run(scenario())


def test_a_row_writes_c_alike_to_keep_every_players_points():
    """Five opponents at 100 columns: a two-digit score makes "17 cards · 11 pts" too
    wide, so every panel of the row writes "N c · M pts" — nobody's points vanish, and
    no panel writes "cards" beside one that writes "c"."""
    game = new_game(load_variant("scum-secretary"), 6, seed=2)
    bot, rng = make_bot("president", "simple"), Rng(2)
    while max(game.scores[1:]) < 10:
        while not game.round_over:
            seat = game.to_act[0]
            game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
        game.next_round()

    async def scenario():
        app = make_app("Ann," + ",".join(["bot:simple"] * 5), preset="scum-secretary", seed=2, game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            # (Ann, a human, may be choosing cards to give first: the panels show behind)
            await settle(pilot, app, lambda: isinstance(app.screen, ModalScreen) or (
                isinstance(app.screen, TableScreen) and not app.screen.busy))
            await pilot.pause()
            table = next(screen for screen in app.screen_stack if isinstance(screen, TableScreen))
            panels = [panel for panel in table.query(SeatPanel) if panel.display]
            firsts = [str(panel.render()).splitlines()[0] for panel in panels]
            assert len(firsts) == 5
            for panel, first in zip(panels, firsts):
                count, _, points = panel.lines[0].partition(" · ")
                assert first == f"{count.split()[0]} c · {points}", firsts

    asyncio.run(scenario())


@pytest.mark.parametrize(("width", "expected"), [
    (100, ["Vara-forseti · out of trick", "Forseti", "Vara-skítur"]),
    (80, ["VF · out of trick", "Forseti", "VS"]),
])
def test_a_title_stays_whole_where_the_shorter_status_makes_the_line_fit(width, expected):
    """A play-tester at 100 columns saw "Fors." beside "Vara-skítur · out of trick": title
    and status went to their short forms together. The status gives way first now
    ("passed, out of trick" is "out of trick"); the titles are cut only past that. At 80
    columns another read "Vara-forseti · passed", not told the seat is out of the trick:
    "out of trick" stays while the titles shorten ("passed" is the last resort)."""
    from .helpers import played_round, settle

    game = played_round("forseti", 4, seed=1)
    game.next_round()
    bot, rng = make_bot("president", "simple"), Rng(1)
    while not (game.to_act == (0,) and game.view(0).locked == (1,)):
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple", seed=1, game=game, preset="forseti")
        async with app.run_test(size=(width, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
            panels = [panel for panel in app.screen.query(SeatPanel) if panel.display]
            marks = [str(panel.render()).splitlines()[1] for panel in panels]
            assert marks == expected, marks

    asyncio.run(scenario())


def test_a_seat_skipped_by_an_equal_rank_says_skipped_not_passed():
    """P5 ``equal_rank = "skip"``: the engine counts a skipped seat as passed; its panel
    said "passed" though the log said "Eve is skipped" (a play-tester): it says
    "skipped", until the next play, and a seat that passes says "passed"."""
    from cardtable.tui.president.present import present
    from cardtable.tui.seats import parse_seats

    from ..games.president.helpers import play, president

    game = president(hands=["3C 8C", "9C 4C", "9D 5C", "KC 6C"], equal_rank="skip")
    seats = parse_seats("Ann,Bob,Cy,Dag")
    game.apply(1, play("9C"))
    game.apply(2, play("9D"))                      # Dag (seat 3) is skipped
    marks = {info.title: info.lines[1] for info in present(game, 0, seats).seats}
    assert marks["Dag"] == "skipped" and "passed" not in marks["Bob"]
    game.apply(0, "pass")
    marks = {info.title: info.lines[1] for info in present(game, 1, seats).seats}
    assert marks["Ann"] == "passed" and marks["Dag"] == "skipped"
