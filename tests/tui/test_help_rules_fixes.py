"""The help and rules screens, the ASCII theme outside the cards, and the event log:
the rules read in words at 80×24 for every family, the help lists the keys of the game
at the table (read from its bindings), the ASCII theme writes seat panels, the start
screen and the rules in ASCII, and a long log line never hides the newest one."""

from __future__ import annotations

import asyncio
import re
from contextlib import asynccontextmanager

import pytest
from textual.widgets import OptionList, Select, Static

from cardtable import load_variant
from cardtable.games.shanghai.preset import ShanghaiRules
from cardtable.presets import value_text
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.choose import MoveListDialog
from cardtable.tui.screens.dialogs import HelpScreen, RulesScreen, help_rows
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.log import EventLog
from cardtable.tui.widgets.seat import SeatPanel

from .helpers import make_app, screen_text, settle, shanghai_buy_offer, table_screen


def run(scenario):
    asyncio.run(scenario())


def region_text(app, widget) -> str:
    """The part of the screen ``widget`` covers, as plain text."""
    lines = screen_text(app).splitlines()
    region = widget.region
    return "\n".join(line[region.x:region.right] for line in lines[region.y:region.bottom])


def is_ascii(text: str) -> bool:
    return all(ord(char) < 128 for char in text)

@asynccontextmanager
async def rules_of(preset: str, size: tuple[int, int] = (80, 24), players: int | None = None):
    """The rules screen of ``preset`` (at a table of ``players``) open over a fresh app:
    (pilot, app)."""
    app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(RulesScreen(load_variant(preset), players))
        await pilot.pause(0.2)
        yield pilot, app



async def at_table(pilot, app) -> TableScreen:
    """The table screen, once the bots have moved up to a human's choice (a dialog may be on top)."""
    def waiting() -> bool:
        """A human's choice: a dialog over the table, or a human's turn at it (a bot's turn
        or the moment between two moves is not)."""
        tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
        if not tables:
            return False
        table = tables[0]
        if app.screen is not table:
            return True
        return not table.busy and bool(table.game.to_act) and table.game.to_act[0] in table.humans

    await settle(pilot, app, waiting, limit=2000)
    await pilot.pause()
    return table_screen(app)


# ----------------------------------------------------------------- rules
@pytest.mark.parametrize("preset", ["president-classic", "shanghai-classic", "tonk-classic", "shanghai-wild-twos"])
@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
def test_rules_show_every_knob_whole_with_what_it_means(preset, size):
    async def scenario():
        async with rules_of(preset, size=size) as (pilot, app):
            rows = app.screen.query(".rules-row").exclude(".-heading")
            assert len(rows) > 5
            for row in rows:
                name = str(row.query_one(".rules-knob", Static).content)
                assert row.query_one(".rules-knob").size.width >= len(name)
                meaning = row.query_one(".rules-meaning", Static)
                assert str(meaning.content) and meaning.size.width >= 30
            first = rows.first()
            first.scroll_visible(animate=False)  # (below the game in a paragraph at 80x24)
            await pilot.pause()
            text = screen_text(app)  # the first knob, whole, with what it means
            assert str(first.query_one(".rules-knob", Static).content) in text
            assert str(first.query_one(".rules-meaning", Static).content)[:25] in text

    run(scenario)


def test_shanghai_rules_read_contracts_in_words_and_a_missing_default_as_none():
    async def scenario():
        async with rules_of("shanghai-wild-twos") as (pilot, app):
            values = [str(s.content) for s in app.screen.query(".rules-value, .rules-default").results(Static)]
            contracts = next(v for v in values if v.startswith("hand 1:"))
            assert "hand 1: 2 sets of 3\nhand 2: 1 set of 3 + 1 run of 4" in contracts
            assert "set, 3" not in contracts
            assert "−50" in values and "default: none" in values  # (the theme's minus sign, S13)
            assert "−25" in values and "-25" not in values
            assert not any("None" in value for value in values)
            app.screen.query_one(".rules-row.-heading").scroll_visible(animate=False)
            await pilot.pause()
            assert "what it means" in screen_text(app)

    run(scenario)


@pytest.mark.parametrize("preset, words", [
    ("forseti", ["The leader plays one card or a set of one rank"]),
    ("shanghai-classic", ["A set is cards of one rank; a run is cards in",
                          # (a novice learnt these only by losing points, or never: S6, S8, S10, S12)
                          "once a hand (after that you lay no new melds)", "live while it may be taken",
                          "If the player to draw takes the upcard, nobody can buy it",
                          "the last card must be melded or laid off, not discarded",
                          "When the stock runs out, the discard pile", "up to max_stock_rebuilds times"]),
    ("tonk-classic", ["Instead of playing on you may drop, at the start of a turn after your first",
                      # (T6, T9: learnt from the log alone, or not at all)
                      "A player whose spread another player hits may not drop on their next turn",
                      "When the stock runs out the hand ends"]),
])
def test_the_rules_screen_tells_the_game_before_the_house_rules(preset, words):
    """A new player read a table of knobs and never learned what a set or a run is: the
    rules screen opens on the game in a paragraph, then "This table's rules"."""
    async def scenario():
        async with rules_of(preset) as (pilot, app):
            how = app.screen.query_one("#rules-how", Static)
            text = " ".join(str(how.render()).split())
            assert text.startswith("How to play. ") and all(said in text for said in words), text
            assert 0 < how.region.y < 24 and how.region.y < app.screen.query_one(".rules-row").region.y
            assert "How to play." in screen_text(app)

    run(scenario)


def test_knob_values_in_words():
    """value_text words every knob; Shanghai's rules model words its contracts."""
    assert value_text(True) == "yes"
    assert value_text(("JK", "2")) == "JK, 2"
    assert value_text(None) == "none"
    assert value_text({3: 2, 4: 2}) == "3: 2, 4: 2"
    contracts = ((("set", 3), ("run", 4)), (("run", 4),) * 3)
    assert value_text(contracts, "contracts", ShanghaiRules) == "hand 1: 1 set of 3 + 1 run of 4\nhand 2: 3 runs of 4"
    assert value_text(contracts) == "set, 3, run, 4, run, 4, run, 4, run, 4"  # without the model: plain
    assert value_text(-25) == "-25" and value_text({"A": -5}, minus="−") == "A: −5"  # (TOML's, or the theme's)


def test_tonk_card_points_leave_out_a_joker_counting_nothing():
    """T1, T4: a joker counts 0 unless a preset says otherwise; the rules do not list
    "JK: 0" at a table whose deck has no jokers (tonk-classic)."""
    tonk_rules = type(load_variant("tonk-classic").rules)
    assert value_text(load_variant("tonk-classic").rules.card_points, "card_points", tonk_rules) == \
        "A: 1, J: 10, Q: 10, K: 10"
    assert value_text({"A": 1, "JK": 5}, "card_points", tonk_rules) == "A: 1, JK: 5"


# ----------------------------------------------------------------- help
def help_text(app) -> str:
    return "\n".join(f"{where} {key} {what}" for where, key, what in help_rows(app.screen.table_screen()))


def test_help_at_a_shanghai_table_lists_shanghai_keys_not_president_ones():
    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", seed=5)
        async with app.run_test(size=(120, 60)) as pilot:
            await at_table(pilot, app)
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            text = screen_text(app)
            for words in ("draw from the stock", "take back the last go-down group", "swap a natural card",
                          "scroll the melds", "1 … 9, 0", "← / →"):
                assert words in text
            rows = {key: what for _where, key, what in help_rows(app.screen.table_screen())}
            assert rows["+ / ="] == "cards past 10: + then the card's last digit (+ 2: card 12; + + 1: card 21)"
            assert "p pass" not in " ".join(text.split())
            assert "Play or Pass" not in text and "play the selected cards" not in text
            assert "spread" not in help_text(app)  # nor Tonk's

    run(scenario)


def test_help_at_a_tonk_table_follows_its_bindings():
    async def scenario():
        app = make_app("Ann,bot:simple", preset="tonk-classic", seed=2)
        async with app.run_test(size=(120, 60)) as pilot:
            table = (await at_table(pilot, app)).table
            await pilot.press("question_mark")
            rows = {key: what for _where, key, what in help_rows(app.screen.table_screen())}
            assert rows["l / h"].startswith("hit")
            assert rows["D"].startswith("drop") and "go-down" not in help_text(app)
            for binding in type(table).BINDINGS:  # every key of the table is in the help
                assert any(binding.key.split(",")[0] in key.split(" / ") for key in rows)

    run(scenario)


def test_help_away_from_a_table_lists_each_game_under_its_name():
    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("question_mark")
            places = [where for where, _key, _what in help_rows(None) if where]
            assert places[:5] == ["Everywhere", "Table", "President", "Shanghai rummy", "Tonk"]

    run(scenario)


# ----------------------------------------------------------------- ASCII theme
def test_ascii_theme_seat_panels_are_ascii():
    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", seed=5, theme="ascii")
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await at_table(pilot, app)
            panels = list(screen.query(SeatPanel))
            assert panels
            for panel in panels:
                text = region_text(app, panel)
                assert "cards" in text and is_ascii(text), text

    run(scenario)


def test_ascii_theme_start_screen_its_lists_and_rules_are_ascii():
    async def scenario():
        app = CardtableApp(theme="ascii", bot_delay=0, save_settings=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.2)
            text = screen_text(app)
            assert is_ascii(text), text
            assert "3-7 players" in text and "House rules... (h)" in text
            family = app.screen.query_one("#family", Select)
            family.expanded = True  # its list is a compact OptionList: still no border
            await pilot.pause(0.2)
            text = screen_text(app)
            assert is_ascii(text) and "Shanghai rummy" in text and "+---" not in text, text
            family.expanded = False
            await pilot.pause(0.1)
            await pilot.press("r")
            await pilot.pause(0.2)
            assert isinstance(app.screen, RulesScreen)
            words = [app.screen.query_one("#rules-box").border_title or ""]
            words += [str(s.content) for s in app.screen.query(Static)]
            assert is_ascii("\n".join(words))

    run(scenario)


def test_ascii_theme_draws_a_choice_list_with_an_ascii_border():
    async def scenario():
        app = CardtableApp(theme="ascii", bot_delay=0, save_settings=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.2)
            app.push_screen(MoveListDialog("Buy the upcard?", "Buy 6-C?", [("Buy", None), ("Decline", None)]))
            await pilot.pause(0.3)
            text = region_text(app, app.screen.query_one(OptionList))
            assert "Decline" in text and "+---" in text and is_ascii(text), text

    run(scenario)


def test_a_dialog_open_when_the_theme_turns_ascii_rewrites_its_words():
    """``t`` in a dialog: the title, the prompt and the choices change to the ASCII
    theme's characters at once, not only once the dialog is opened again."""
    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.2)
            app.push_screen(MoveListDialog("Buy the upcard — or not?", "Buy 6♣ with 2 cards…?",
                                           [("Buy 6♣ (+2 from the stock)", None), ("Decline", None)]))
            await pilot.pause(0.3)
            dialog = app.screen
            box = region_text(app, dialog.query_one("#dialog-box"))
            assert "6♣" in box and "—" in box
            app.use_theme("ascii")
            await pilot.pause(0.3)
            box = region_text(app, dialog.query_one("#dialog-box"))
            assert "Buy 6-C (+2 from the stock)" in box and "Buy 6-C with 2 cards...?" in box, box
            assert is_ascii(box), box

    run(scenario)


def test_a_buy_prompt_opened_in_ascii_turns_back_to_suit_symbols_with_its_hint():
    """The families write a dialog's words in Unicode and the dialog writes them in the
    theme: a Shanghai buy prompt opened under the ASCII theme, with a note written in it
    as a hint writes one, shows suit symbols again (title, prompt, choices and the note)
    once the theme is felt."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.shanghai.ui import ShanghaiUI

    game = shanghai_buy_offer()

    async def scenario():
        app = CardtableApp(theme="ascii", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.2)
            dialog = ShanghaiUI().dialog(game, 0, parse_seats("Ann,Bob,Cy"))
            app.push_screen(dialog)
            await pilot.pause(0.3)
            dialog.note("hint: Buy Q♠")
            box = region_text(app, dialog.query_one("#dialog-box"))
            assert "Buy Q-S" in box and "hint: Buy Q-S" in box and is_ascii(box), box
            app.use_theme("felt")
            await pilot.pause(0.3)
            box = region_text(app, dialog.query_one("#dialog-box"))
            assert "Ann: Bob drew from the stock. Buy Q♠" in box, box
            assert "Buy Q♠ (+2 from the stock)" in box and "hint: Buy Q♠" in box, box
            assert "Q-S" not in box, box

    run(scenario)


def test_ascii_theme_writes_forseti_titles_without_accents():
    """Titles are preset data in any letters; the ASCII theme writes "Vara-skitur" for
    Forseti's "Vara-skítur", and the whole table is ASCII."""
    from .helpers import played_round

    game = played_round("forseti", 4, seed=5)
    game.next_round()
    assert "vice_scum" in game.titles  # (Forseti calls it Vara-skítur)

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple", preset="forseti", game=game, theme="ascii")
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
            text = screen_text(app)
            assert "Vara-skitur" in text and is_ascii(text), text

    run(scenario)


def test_ascii_theme_draws_a_text_box_with_an_ascii_border():
    """A dialog's text box (import a preset, save as …) is drawn with + - | too."""
    from textual.widgets import Input

    from cardtable.tui.screens.preset_dialogs import AskText

    async def scenario():
        app = CardtableApp(theme="ascii", bot_delay=0, save_settings=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.2)
            app.push_screen(AskText("Import the preset file:", placeholder="~/our-table.toml"))
            await pilot.pause(0.3)
            text = region_text(app, app.screen.query_one(Input))
            assert "+---" in text and is_ascii(text), text
            app.screen.query_one(Input).value = "~/ours.toml"
            await pilot.pause()
            drawn = screen_text(app)  # (its keys note too: "enter: OK | escape: cancel")
            assert "escape: cancel" in drawn and is_ascii(drawn), drawn

    run(scenario)


def test_ascii_theme_menus_and_their_titles_are_ascii():
    """The house-rules menu, the load picker and the statistics say their titles and
    choices in ASCII under the ASCII theme ("house rules - forseti", "Duplicate...")."""
    async def scenario():
        app = CardtableApp(theme="ascii", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.2)
            for key, box in (("h", "#menu-box"), ("l", ".picker-box"), ("i", "#stats-box")):
                await pilot.press(key)
                await pilot.pause(0.2)
                shown = app.screen.query_one(box)
                words = [shown.border_title or ""] + [str(o.prompt) for o in app.screen.query(OptionList).first().options] \
                    if app.screen.query(OptionList) else [shown.border_title or ""]
                assert is_ascii("\n".join(words)) and " - " in words[0], words
                drawn = screen_text(app)  # (the notes under the lists too: "No saved games yet … - ctrl+s")
                assert is_ascii(drawn), sorted(set(c for c in drawn if not c.isascii()))
                await pilot.press("escape")
                await pilot.pause(0.2)

    run(scenario)


def test_the_saves_and_replays_lists_and_the_continue_line_follow_the_ascii_theme():
    """A save listed in Load game and Replays, and the autosave's line beside Continue,
    are written in ASCII under the ASCII theme (the Continue line as soon as ``t`` turns
    it on): "Shanghai rummy | hand 1 | 0 moves", no middle dots."""
    from cardtable import new_game
    from cardtable.store import AutoSaver, save_game, saves_dir

    game = new_game(load_variant("shanghai-classic"), 3, seed=4)
    seats = ["Ann", {"name": "Dag", "kind": "bot", "level": "simple"}, {"name": "Eve", "kind": "bot", "level": "simple"}]
    saves_dir().mkdir(parents=True, exist_ok=True)
    save_game(saves_dir() / "mine.json", game, seats)
    AutoSaver(game, seats).detach()

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.2)
            line = str(app.screen.query_one("#continue-info", Static).content)
            assert "·" in line
            app.use_theme("ascii")
            await settle(pilot, app, lambda: is_ascii(str(app.screen.query_one("#continue-info", Static).content)))
            line = str(app.screen.query_one("#continue-info", Static).content)
            assert "Shanghai rummy | hand 1 | 0 moves" in line, line
            start = app.screen
            for key in ("l", "v"):
                await pilot.press(key)
                await settle(pilot, app, lambda: app.screen is not start and app.screen.query(OptionList))
                rows = [str(option.prompt) for option in app.screen.query_one(OptionList).options]
                assert any("mine.json" in row for row in rows) and all(is_ascii(row) for row in rows), rows
                await pilot.press("escape")
                await settle(pilot, app, lambda: app.screen is start)

    run(scenario)


def test_switching_to_the_ascii_theme_rewrites_the_start_screen():
    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.2)
            assert "3–7 players" in screen_text(app)
            app.use_theme("ascii")
            await pilot.pause(0.2)
            assert is_ascii(screen_text(app))

    run(scenario)


# ----------------------------------------------------------------- event log
@pytest.mark.parametrize("preset, seats", [("tonk-classic", "Ann,bot:simple"),
                                           ("president-classic", "Ann,bot:simple,bot:simple,bot:simple")])
def test_a_long_log_line_does_not_hide_the_newest(preset, seats):
    async def scenario():
        app = make_app(seats, preset=preset, seed=2)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await at_table(pilot, app)
            log = screen.query_one(EventLog)
            height = log.content_size.height
            log.lines = tuple(f"line {i}" for i in range(height - 2)) + (
                "a very long line that cannot fit in the log box " * 3, "the newest line")
            await pilot.pause(0.2)
            shown = region_text(app, log)
            assert "the newest line" in shown, shown
            assert shown.count("log box") == 3  # the long line wraps and reads whole
            assert re.search(rf"\bline {height - 3}\b", shown) and not re.search(r"\bline 0\b", shown)  # the oldest make room

    run(scenario)


def test_ascii_theme_cuts_a_long_log_line_without_an_ellipsis():
    async def scenario():
        app = make_app("Ann,bot:simple", preset="tonk-classic", seed=2, theme="ascii")
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await at_table(pilot, app)
            log = screen.query_one(EventLog)
            log.lines = ("a very long line that cannot fit in the log box " * 3, "the newest line")
            await pilot.pause(0.2)
            shown = region_text(app, log)
            assert "the newest line" in shown and "a very long line" in shown and is_ascii(shown), shown

    run(scenario)


def test_the_forseti_rules_name_the_titles_it_gives_and_what_its_exchange_is():
    """P10/P14: Forseti (top_positions 2) never gives Secretary or Clerk, so its rules
    list the five titles it does, in its own names; the exchange knob says what each
    choice does (a play-tester read "exchange: forseti" and learned nothing)."""
    async def scenario():
        async with rules_of("forseti", size=(100, 30)) as (pilot, app):
            titles = str(app.screen.query_one("#rules-titles", Static).content)
            assert titles == "Titles: Forseti, Vara-forseti, Borgari, Vara-skítur, Skítur"
            exchange = next(row for row in app.screen.query(".rules-row").exclude(".-heading")
                            if str(row.query_one(".rules-knob", Static).content) == "exchange")
            meaning = str(exchange.query_one(".rules-meaning", Static).content)
            assert "\"forseti\" (Scum's 2 best for the President's 2 worst, Vice-Scum 1 for 1)" in meaning

    async def at_four():  # (at a table of four, the titles given at four: no Borgari)
        async with rules_of("forseti", players=4) as (_pilot, app):
            titles = str(app.screen.query_one("#rules-titles", Static).content)
            assert titles == "Titles: Forseti, Vara-forseti, Vara-skítur, Skítur"

    run(scenario)
    run(at_four)


def test_help_lists_every_key_of_the_hand_off_screen():
    """The hand-off screen takes enter, ctrl+s and r (the README says so); the help
    listed only enter."""
    from cardtable.tui.screens.handoff import HandoffScreen

    rows = help_rows(None)
    start = next(i for i, (where, _key, _what) in enumerate(rows) if where == "Hand-off")
    end = next(i for i in range(start + 1, len(rows)) if rows[i][0])
    keys = {part for _where, key, _what in rows[start:end] for part in key.split(" / ")}
    assert {binding.key for binding in HandoffScreen.BINDINGS} <= keys


def test_the_continue_line_at_80x24_wraps_between_its_parts():
    """A designer's check: at 80x24 the autosave's line beside Continue ended on a dangling
    separator ("… | saved 27 Nov 21:20 |"), its last part cut away. It wraps between its
    parts only, so no row of it ends on a separator."""
    from cardtable import new_game
    from cardtable.store import AutoSaver

    game = new_game(load_variant("shanghai-classic"), 5, seed=4)
    seats = ["Annabelle", "Bartholomew", {"name": "Dagny", "kind": "bot", "level": "simple"},
             {"name": "Evangeline", "kind": "bot", "level": "simple"},
             {"name": "Fridtjof", "kind": "bot", "level": "simple"}]
    AutoSaver(game, seats).detach()

    async def scenario():
        app = CardtableApp(theme="ascii", bot_delay=0, save_settings=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.2)
            info = app.screen.query_one("#continue-info", Static)
            rows = screen_text(app).splitlines()[info.region.y:info.region.bottom]
            shown = [row[info.region.x:info.region.right].strip() for row in rows]
            assert shown and shown[0].startswith("Shanghai rummy | hand 1"), shown
            assert not any(row.endswith("|") for row in shown), shown

    asyncio.run(scenario())


@pytest.mark.parametrize("theme", ["felt", "ascii"])
def test_ascii_theme_draws_scrollbars_without_block_glyphs(theme):
    """(A visual check found Textual's eighth blocks ▁ … ▇ at a scrollbar thumb's ends under
    the ASCII theme.) A long list scrolled through shows no such glyph under ASCII; under
    felt it does (what makes the check worth having)."""
    async def scenario():
        app = CardtableApp(theme=theme, bot_delay=0, save_settings=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.2)
            app.push_screen(MoveListDialog("Pick", "Pick one.", [(f"choice {n}", None) for n in range(47)]))
            await pilot.pause(0.3)
            options = app.screen.query_one(OptionList)
            seen = ""
            for _ in range(24):
                await pilot.press("down", "down")
                seen += region_text(app, options)
            blocks = set("▁▂▃▄▅▆▇▉▊▋▌▍▎▏") & set(seen)
            assert bool(blocks) == (theme == "felt"), blocks
            if theme == "ascii":
                assert is_ascii(seen)

    run(scenario)
    # the choice is the running app's: outside it (another app, or none) Textual's glyphs stay
    from textual.scrollbar import ScrollBar

    bar = ScrollBar.renderer.render_bar(size=10, virtual_size=35, window_size=10, position=3)
    assert set("▁▂▃▄▅▆▇") & set("".join(segment.text for segment in bar.segments))


def test_help_and_theme_keys_work_on_the_start_screen_s_menus_and_rewrite_them():
    """(A new user's `t` and `?` did nothing over Load game, Replays, Statistics and the
    house-rules menu, whose header offers them: a modal screen keeps the app's keys.)
    There, `t` turns the theme and the menu is written again in its characters, the row
    chosen kept; `?` opens the help."""
    from cardtable.tui.screens.dialogs import HelpScreen

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            for key in "lvih":
                await pilot.press(key)
                await pilot.pause()
                menu = app.screen
                lists = menu.query(OptionList)
                if lists:
                    await pilot.press("down")
                    row = lists.first().highlighted
                for _ in range(3):  # felt, dark, four-colour, ascii
                    await pilot.press("t")
                    await pilot.pause()
                assert app.screen is menu and app.card_theme == "ascii"
                drawn = screen_text(app)
                assert is_ascii(drawn), (key, sorted(set(c for c in drawn if not c.isascii())))
                if lists:
                    assert menu.query(OptionList).first().highlighted == row
                await pilot.press("question_mark")
                await pilot.pause()
                assert isinstance(app.screen, HelpScreen)
                await pilot.press("escape")
                await pilot.pause()
                await pilot.press("t")  # (back to felt for the next menu)
                await pilot.pause()
                assert app.screen is menu and app.card_theme == "felt"
                await pilot.press("escape")
                await pilot.pause()

    run(scenario)


def test_a_menu_s_note_survives_a_theme_switch():
    """(A review found `t` put a failed action's reason back to the usual note: the menu is
    composed anew in the new theme.) The house-rules menu's and Load game's last words stay,
    in the new theme's characters."""
    from cardtable.tui.screens.preset_dialogs import PresetMenu
    from cardtable.tui.screens.store_menu import LoadDialog

    async def scenario():
        app = CardtableApp(theme="four-colour", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            for key, kind, note, say in (("h", PresetMenu, "#menu-note", lambda menu: menu._note("no — not that")),
                                         ("l", LoadDialog, "#picker-note", lambda menu: menu.say("no — not that"))):
                await pilot.press(key)
                await pilot.pause()
                menu = app.screen
                assert isinstance(menu, kind)
                say(menu)
                await pilot.press("t")  # four-colour -> ascii
                await pilot.pause()
                assert str(menu.query_one(note, Static).render()) == "no - not that"
                await pilot.press("t")  # ascii -> felt
                await pilot.pause()
                assert str(menu.query_one(note, Static).render()) == "no — not that"
                await pilot.press("t", "t")  # felt -> dark -> four-colour
                await pilot.press("escape")
                await pilot.pause()

    run(scenario)


@pytest.mark.parametrize(("colours", "headless", "glyphs"), [
    ("256", False, False), ("standard", False, False), ("truecolor", False, True), ("256", True, True),
])
def test_a_terminal_of_few_colours_draws_whole_cell_scrollbar_thumbs(colours, headless, glyphs):
    """A play-tester under tmux (256 colours) read a thumb's ▁▁ ends as stray marks in the
    help's text: the track's colour fell together with the background's. In a terminal of
    fewer than true colours the thumb is whole cells, as under the ASCII theme; a true-colour
    terminal, and a headless app (no terminal), keep Textual's smooth ends."""
    from types import SimpleNamespace

    from textual._context import active_app
    from textual.scrollbar import ScrollBar

    app = SimpleNamespace(is_headless=headless, console=SimpleNamespace(color_system=colours), card_ascii=False)
    token = active_app.set(app)
    try:
        bar = ScrollBar.renderer.render_bar(size=10, virtual_size=35, window_size=10, position=3)
    finally:
        active_app.reset(token)
    drawn = "".join(segment.text for segment in bar.segments)
    assert bool(set("▁▂▃▄▅▆▇") & set(drawn)) == glyphs, drawn


def test_the_helps_title_says_pgdn_while_rows_lie_below():
    """A play-tester read the help's first page at 80x24 as the whole help: while rows
    lie below, its title names pgdn; on a screen that shows it all, only escape."""
    from cardtable.tui.screens.dialogs import HelpScreen

    titles = []

    async def scenario():
        app = make_app("Ann,bot:simple", preset="tonk-classic", seed=2)
        async with app.run_test(size=(80, 24)) as pilot:
            await at_table(pilot, app)
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            titles.append(str(app.screen.query_one("#help-box").border_title))
            await pilot.resize_terminal(200, 100)
            await pilot.pause()
            await pilot.pause()
            titles.append(str(app.screen.query_one("#help-box").border_title))

    run(scenario)
    assert titles == ["keys — pgdn for more, escape closes", "keys — escape closes"]
