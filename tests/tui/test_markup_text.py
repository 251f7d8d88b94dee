"""Words from players and files are shown as written, never read as markup: a player
called "[/]" crashed every table (MarkupError from a seat panel's border title, then
again on every Continue of its autosave) and "Bob [beta]" showed as "Bob". The same for
a preset's title and description, a theme's name and description, a file's name, the
theme remembered in settings.json, the statistics and the replays."""

from __future__ import annotations

import ast
import asyncio
import json
from pathlib import Path

import pytest
from textual.content import Content

from cardtable import load_variant, new_game
from cardtable.engine.moves import Move
from cardtable.paths import config_dir, shipped_dir, user_dir
from cardtable.store import record_match, save_game, saves_dir
from cardtable.tui.app import CardtableApp
from cardtable.tui.families import SummaryRow
from cardtable.tui.screens.choose import MoveListDialog
from cardtable.tui.screens.dialogs import RulesScreen
from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.screens.replay import ReplayScreen
from cardtable.tui.screens.start import StartScreen
from cardtable.tui.screens.stats import StatsScreen
from cardtable.tui.screens.summary import MatchEndScreen, RoundEndScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.seats import Seat, TableSetup
from cardtable.tui.widgets.log import EventLog
from cardtable.tui.widgets.seat import SeatPanel
from tests.store.helpers import finished_game

from .helpers import make_app, screen_text, settle, shanghai_buy_offer, table_screen

CLOSER, BRACKETED = "[/]", "Bob [beta]"
"""A name Textual's markup cannot parse (it crashed), and one it read as a style tag
(shown as "Bob ")."""

TRICKY = [CLOSER, BRACKETED, "[Bob]", "[b]bold[/b]", "[$accent]x", "[@click=app.quit]q", "a\\",
          "a\\[b]", "[ spaced ]", "[#ff0000]red", "[/b]"]
"""Texts that markup would misread, crash on or drop a character of."""


def run(scenario):
    asyncio.run(scenario())


def said(app: CardtableApp) -> str:
    """The screen's words, however they wrap."""
    return " ".join(screen_text(app).split())


def notes_shown(app: CardtableApp) -> str:
    """The words of the notes on screen (toasts), as they draw them."""
    from textual.widgets._toast import Toast

    return " ".join(" ".join(str(toast.render()).split()) for toast in app.screen.query(Toast))


def odd_seats(players: int) -> tuple[Seat, ...]:
    """Bots called "[/]" and "Bob [beta]" before the one human, Ann (so the log tells
    their moves before her turn comes), and more bots to fill the table."""
    seats = (Seat(CLOSER, "simple"), Seat(BRACKETED, "simple"), Seat("Ann"), Seat("Gro", "simple"))
    return seats[:players]


def app_for(setup: TableSetup, game=None, theme: str = "felt") -> CardtableApp:
    return CardtableApp(setup=setup, theme=theme, bot_delay=0, save_settings=False, game=game)


async def ann_to_act(pilot, app) -> TableScreen:
    table = table_screen(app)
    await settle(pilot, app, lambda: table.game.to_act and table.game.to_act[0] == 2 and not table.busy,
                 limit=1000)
    await pilot.pause()
    return table


# ----------------------------------------------------------------- the table
@pytest.mark.parametrize("preset, players", [("president-classic", 4), ("shanghai-classic", 3),
                                             ("tonk-classic", 3)])
@pytest.mark.parametrize("theme", ["felt", "ascii"])
def test_a_table_shows_odd_names_as_written_in_the_seat_panels_and_the_log(preset, players, theme):
    async def scenario():
        app = app_for(TableSetup(load_variant(preset), odd_seats(players), 3), theme=theme)
        async with app.run_test(size=(100, 30)) as pilot:
            table = await ann_to_act(pilot, app)
            titles = [panel._border_title.plain for panel in table.query(SeatPanel) if panel.display]
            assert f"{CLOSER} (bot)" in titles and f"{BRACKETED} (bot)" in titles
            text = said(app)
            assert f"─ {CLOSER} (bot) ─" in text.replace("-", "─")
            assert f"─ {BRACKETED} (bot) ─" in text.replace("-", "─")
            logged = [line for line in table.table.query_one(EventLog).lines if BRACKETED in line]
            assert logged, "Bob [beta] moved before Ann"
            assert text.count(BRACKETED) >= 2  # the panel and the log (or the status line)

    run(scenario)


def test_the_hand_off_screen_and_the_table_after_it_name_odd_players_as_written():
    async def scenario():
        app = make_app(f"{CLOSER},{BRACKETED},bot:simple,bot:simple")
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen))
            player = app.screen.player
            assert player in (CLOSER, BRACKETED)
            text = said(app)
            assert f"Pass to {player}" in text
            assert f"{player}: press Enter when only you can see the" in text
            await pilot.press("enter")
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
            other = BRACKETED if player == CLOSER else CLOSER
            assert f"─ {other} ─" in screen_text(app)

    run(scenario)


def test_the_buy_prompt_names_odd_players_as_written():
    """The dialog's title, prompt, options and notes: Shanghai's buy prompt tells who drew."""
    async def scenario():
        seats = (Seat(CLOSER), Seat(BRACKETED, "simple"), Seat("Gro", "simple"))
        game = shanghai_buy_offer()
        app = app_for(TableSetup(game.variant, seats, game.seed), game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog))
            text = said(app)
            assert f"{CLOSER}: {BRACKETED} drew from the stock." in text
            app.screen.note(f"a note about {CLOSER} and {BRACKETED}")
            await pilot.pause()
            assert f"a note about {CLOSER} and {BRACKETED}" in said(app)

    run(scenario)


def test_a_list_dialog_shows_its_title_options_and_hint_as_written():
    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            offer = Move("pass")
            dialog = MoveListDialog(f"Black market {CLOSER}", f"{CLOSER}: {BRACKETED} offers you 3♠ in swap",
                                    [(f"Offer 3♠ to {BRACKETED}", offer), ("Decline", None)])
            app.push_screen(dialog)
            await pilot.pause()
            dialog._show_hint(offer, point=True)  # (what H shows: the option's own words)
            await pilot.pause()
            text = said(app)
            for words in (f"Black market {CLOSER}", f"{CLOSER}: {BRACKETED} offers you 3♠ in swap",
                          f"Offer 3♠ to {BRACKETED}", f"hint: Offer 3♠ to {BRACKETED}"):
                assert words in text

    run(scenario)


# ----------------------------------------------------------------- the end of a round and a match
@pytest.mark.parametrize("family", ["president", "shanghai", "tonk"])
def test_the_round_end_and_match_end_screens_name_odd_players_as_written(family, tmp_path):
    """A finished match (short presets, simple bots) opened at the table: its last
    round's end screen (score sheet, show-down), then the match end, name everyone as
    written."""
    async def scenario():
        game = finished_game(tmp_path, family, seed=4)
        seats = (Seat(CLOSER), Seat(BRACKETED, "simple"), Seat("Dag", "simple"), Seat("Eve", "simple"))
        app = app_for(TableSetup(game.variant, seats[:game.players], game.seed), game=game)
        async with app.run_test(size=(100, 40)) as pilot:
            await settle(pilot, app, lambda: not isinstance(app.screen, TableScreen))
            text = said(app)
            assert CLOSER in text and BRACKETED in text, text
            await pilot.press("enter")
            await settle(pilot, app, lambda: isinstance(app.screen, MatchEndScreen))
            text = said(app)
            assert CLOSER in text and BRACKETED in text, text

    run(scenario)


def test_the_summary_screens_show_names_titles_and_headings_as_written():
    rows = [SummaryRow("1st", CLOSER, "Vice-[/]", 2, 5, 0), SummaryRow("2nd", BRACKETED, "[b]Scum", -1, 1, 1)]

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.push_screen(RoundEndScreen(f"Round 1 — {CLOSER} went out", rows, "Press Enter [/]"))
            await pilot.pause()
            text = said(app)
            for words in (f"Round 1 — {CLOSER} went out", BRACKETED, "Vice-[/]", "[b]Scum", "Press Enter [/]"):
                assert words in text
            for family in ("president", "shanghai", "tonk"):
                app.push_screen(MatchEndScreen(f"{CLOSER} and {BRACKETED} won the match", rows, family))
                await pilot.pause()
                text = said(app)
                assert f"{CLOSER} and {BRACKETED} won the match" in text and BRACKETED in text

    run(scenario)


# ----------------------------------------------------------------- presets
def odd_preset(folder: Path, name: str = "odd") -> str:
    (folder / f"{name}.toml").write_text(
        'family = "president"\nextends = "president-classic"\n'
        'title = "T [/]"\ndescription = "[b]about[/b] Bob [beta]"\n', encoding="utf-8")
    return name


def test_a_preset_titled_with_brackets_plays_and_shows_its_rules(user_presets):
    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple", preset=odd_preset(user_presets))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert "T [/]" in screen_text(app)  # the header
            await pilot.press("r")
            await settle(pilot, app, lambda: isinstance(app.screen, RulesScreen))
            text = said(app)
            assert "T [/] — rules (escape closes)" in text
            assert "[b]about[/b] Bob [beta]" in text

    run(scenario)


def test_the_start_screen_lists_and_describes_a_preset_named_with_brackets(user_presets):
    """A preset file "[odd].toml" (a name the editor would not give, but a file may have):
    the list, the preset's facts, its house-rules menu and its rules."""
    name = odd_preset(user_presets, "[odd]")
    config_dir().mkdir(parents=True, exist_ok=True)
    (config_dir() / "settings.json").write_text(json.dumps(
        {"table": {"family": "president", "preset": name, "seats": [[CLOSER, "human"], [BRACKETED, "easy"]]}}))

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, StartScreen) and app.screen.variant is not None)
            text = said(app)
            for words in ("[odd] (yours)", "T [/]", "[b]about[/b] Bob [beta]", CLOSER, BRACKETED):
                assert words in text
            await pilot.press("h")
            await pilot.pause()
            assert "house rules — [odd] (yours)" in screen_text(app)
            await pilot.press("escape")
            await pilot.press("r")
            await settle(pilot, app, lambda: isinstance(app.screen, RulesScreen))
            assert "T [/] — rules" in screen_text(app)

    run(scenario)


def test_the_editor_hint_of_an_inherited_title_reads_as_written(user_presets):
    """The hint's tooltip (markup, as Textual's tooltips are) shows the inherited title."""
    from cardtable.presets.writer import Draft
    from cardtable.tui.screens.editor import EditorScreen
    from cardtable.tui.widgets.knob import KnobRow

    name = odd_preset(user_presets)

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.push_screen(EditorScreen(Draft.new_from(name), "odd-house"))
            await pilot.pause()
            row = next(r for r in app.screen.query(KnobRow) if r.path == "title")
            tooltip = row.query_one(".knob-hint").tooltip
            assert Content.from_markup(tooltip).plain == 'from parent: "T [/]"'

    run(scenario)


@pytest.mark.parametrize("text", TRICKY)
def test_markup_literal_reads_back_as_written(text):
    from cardtable.tui.text import markup_literal

    assert Content.from_markup(markup_literal(text)).plain == text
    if not text.endswith("\\"):  # (a "\\" before a tag escapes it, whatever comes before)
        assert Content.from_markup(f"[b]{markup_literal(text)}[/b]").plain == text


# ----------------------------------------------------------------- themes and settings
def user_theme(name: str, description: str) -> None:
    felt = (shipped_dir("themes") / "felt.toml").read_text(encoding="utf-8")
    lines = [line for line in felt.splitlines() if not line.startswith(("description", "name ="))]
    folder = user_dir("themes")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.toml").write_text(f"description = {json.dumps(description)}\n" + "\n".join(lines) + "\n",
                                         encoding="utf-8")


def test_a_theme_described_with_brackets_cycles_and_its_note_reads_as_written():
    user_theme("zz", "[/] x")
    user_theme("[b]y", "Bob [beta]")

    async def scenario():
        app = make_app()
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await pilot.pause()
            seen = []
            for _ in range(len(app.card_themes)):
                await pilot.press("t")
                await pilot.pause()
                seen.append(app.card_theme)
                notes = [note.message for note in app._notifications]
                assert notes[-1] == f"{app.card_theme}: {app.card_themes[app.card_theme].description}"
                if app.card_theme in ("zz", "[b]y"):
                    await settle(pilot, app, lambda: notes[-1] in notes_shown(app))
            assert {"zz", "[b]y"} <= set(seen)

    run(scenario)


def test_a_remembered_theme_named_with_brackets_starts_the_app_with_a_note():
    config_dir().mkdir(parents=True, exist_ok=True)
    (config_dir() / "settings.json").write_text(json.dumps({"theme": "[/]"}))

    async def scenario():
        app = CardtableApp(bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await settle(pilot, app, lambda: "did not load" in notes_shown(app))
            assert isinstance(app.screen, StartScreen)
            assert "Theme '[/]' did not load" in notes_shown(app)

    run(scenario)


def test_a_broken_theme_file_named_with_brackets_is_reported_as_written():
    folder = user_dir("themes")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "[b]broken.toml").write_text('[colors]\nprimary = "[/]"\n', encoding="utf-8")

    async def scenario():
        app = CardtableApp(bot_delay=0, save_settings=False)
        async with app.run_test(size=(120, 30), notifications=True) as pilot:
            await settle(pilot, app, lambda: "not a colour" in notes_shown(app))
            text = notes_shown(app)
            assert "[b]broken.toml" in text and "'[/]' is not a colour" in text

    run(scenario)


# ----------------------------------------------------------------- the store: statistics, replays, saves
def test_statistics_replays_and_saves_show_odd_names_and_titles_as_written(user_presets):
    variant = load_variant(odd_preset(user_presets))
    game = new_game(variant, 4, seed=5)
    from tests.store.helpers import play_out

    play_out(game)
    seats = [{"name": CLOSER, "kind": "human", "level": None}, {"name": BRACKETED, "kind": "human", "level": None},
             {"name": "Dag", "kind": "bot", "level": "simple"}, {"name": "Eve", "kind": "bot", "level": "simple"}]
    record_match(game, seats)
    saves_dir().mkdir(parents=True, exist_ok=True)
    save_game(saves_dir() / "[b]ours.json", new_game(variant, 4, seed=6), seats)

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("i")
            await settle(pilot, app, lambda: isinstance(app.screen, StatsScreen))
            text = said(app)
            assert CLOSER in text and BRACKETED in text and "T [/]" in text
            await pilot.press("escape")
            await pilot.press("l")
            await pilot.pause()
            text = said(app)
            assert "[b]ours.json" in text and BRACKETED in text
            await pilot.press("escape")
            await pilot.press("v")
            await pilot.pause()
            await pilot.press("enter")  # the finished match, first in the list
            await settle(pilot, app, lambda: isinstance(app.screen, ReplayScreen))
            text = said(app)
            assert "Replay · President — T [/]" in text and CLOSER in text and BRACKETED in text

    run(scenario)


# ----------------------------------------------------------------- the rule, kept
TUI = Path(__file__).resolve().parents[2] / "cardtable" / "tui"


def _calls_and_titles():
    for path in sorted(TUI.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            yield path, node


def test_every_note_is_written_without_markup():
    """A note (``notify``) quotes names and files: every call says ``markup=False``."""
    missing = [f"{path.relative_to(TUI)}:{node.lineno}" for path, node in _calls_and_titles()
               if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "notify"
               and not any(k.arg == "markup" and isinstance(k.value, ast.Constant) and k.value.value is False
                           for k in node.keywords)]
    assert missing == []


def test_every_border_title_is_text_or_a_fixed_string():
    """A border title set from anything but a literal is a :class:`~rich.text.Text`
    (Textual reads a str title as markup)."""
    def plain(value: ast.expr) -> bool:
        if isinstance(value, ast.Constant) or isinstance(value, ast.Name) and value.id.isupper():
            return True  # (a literal, or a module's constant)
        if isinstance(value, ast.IfExp):
            return plain(value.body) and plain(value.orelse)
        return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "Text"

    loose = [f"{path.relative_to(TUI)}:{node.lineno}" for path, node in _calls_and_titles()
             if isinstance(node, ast.Assign) and any(isinstance(target, ast.Attribute)
                                                     and target.attr in ("border_title", "border_subtitle")
                                                     for target in node.targets)
             and not plain(node.value)]
    assert loose == []
