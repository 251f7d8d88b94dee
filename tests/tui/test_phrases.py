"""Lists of players and scores wrap between entries, never inside one: at 80 columns the
Replays list showed "chips won: Annabelle −100, Bartholomew" / "+37, Dagny +63 · won:" /
"Dagny" (a name parted from its score, "won:" from the winner)."""

from __future__ import annotations

import asyncio

from rich.console import Console
from rich.text import Text

from cardtable.cli import main
from cardtable.store import record_match
from cardtable.store.history import score_entries, scores_text
from cardtable.tui.app import CardtableApp
from cardtable.tui.phrases import Phrases
from cardtable.tui.screens.stats import statistics
from cardtable.tui.text import asciify, score_phrases

from .helpers import screen_text
from .test_replay_ui import play

NAMES = ["Annabelle", "Bartholomew", {"name": "Dagny", "kind": "bot", "level": "simple"}]


def printed(renderable, width: int) -> list[str]:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return [line.rstrip() for line in console.export_text().splitlines()]


def test_phrases_break_only_between_phrases_and_drop_a_free_standing_separator():
    phrases = Phrases(["P President", "VP Vice-President", "Sec Secretary"], " · ")
    assert printed(phrases, 80) == ["P President · VP Vice-President · Sec Secretary"]
    assert printed(phrases, 31) == ["P President · VP Vice-President", "Sec Secretary"]
    assert printed(phrases, 30) == ["P President", "VP Vice-President", "Sec Secretary"]


def test_a_comma_stays_at_the_end_of_the_line_it_breaks_and_fits_in_it():
    scores = Phrases(["Ann 12", "Bob 3", "Cy 40"], ", ")
    assert printed(scores, 14) == ["Ann 12, Bob 3,", "Cy 40"]
    # at 13 columns "Ann 12, Bob 3," (14) does not fit with its comma: Bob goes down a line
    assert printed(scores, 13) == ["Ann 12,", "Bob 3, Cy 40"]


def test_nested_phrases_keep_their_own_separators():
    line = Phrases([Text("#3 27 Nov", style="bold"), "Tonk", Phrases(["chips won: Ann −3", "Bob +3"], ", "),
                    "won: Bob"])
    assert line.plain == "#3 27 Nov · Tonk · chips won: Ann −3, Bob +3 · won: Bob"
    assert printed(line, 80) == [line.plain]
    assert printed(line, 40) == ["#3 27 Nov · Tonk · chips won: Ann −3,", "Bob +3 · won: Bob"]


def test_a_phrase_wider_than_the_line_still_wraps_by_its_words():
    assert printed(Phrases(["one two three four", "five"]), 10) == ["one two", "three four", "five"]


def test_a_phrase_wider_than_the_line_keeps_its_comma_after_its_last_word():
    """A Tonk winner's "went out: spread J♣ J♦ J♥," wider than its column lost its comma."""
    assert printed(Phrases(["one two three", "five"], ", "), 10) == ["one two", "three,", "five"]


def test_score_phrases_are_scores_text_with_each_name_kept_with_its_score():
    names, scores = ["Ann", "Bob"], [-3, 3]
    assert score_entries("tonk", names, scores, minus="−") == ["Ann −3", "Bob +3"]
    assert score_phrases("tonk", names, scores, minus="-").plain == scores_text("tonk", names, scores)
    assert score_phrases("shanghai", names, [-20, 45]).plain == "Ann −20, Bob 45"
    assert printed(score_phrases("tonk", names, scores), 14) == ["chips won:", "Ann −3, Bob +3"]
    assert printed(score_phrases("tonk", names, scores, fix=asciify), 80) == ["chips won: Ann -3, Bob +3"]


def finished(preset: str, seed: int) -> None:
    record_match(play(preset, seed), NAMES)


def each_name_with_its_score(lines: list[str], minus: str = "−") -> None:
    for entry in ("Annabelle +52", f"Bartholomew {minus}100", "Dagny (bot) +48"):
        assert any(entry in line for line in lines), (entry, lines)


def test_the_replays_list_at_80_columns_keeps_names_with_scores_and_the_winner():
    finished("tonk-classic", 3)

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("v")
            await pilot.pause()
            lines = [line.partition("▊")[2].partition("▎")[0].strip() for line in screen_text(app).splitlines()]
            first = next(i for i, line in enumerate(lines) if line.startswith("#1 "))
            assert lines[first].endswith("· Tonk · chips won: Annabelle +52,"), lines[first]
            assert lines[first + 1] == "Bartholomew −100, Dagny (bot) +48 · won: Annabelle", lines[first + 1]

    asyncio.run(scenario())


def test_the_statistics_and_cardtable_stats_keep_each_name_with_its_score(capsys, monkeypatch):
    finished("tonk-classic", 3)
    each_name_with_its_score(printed(statistics(), 70))
    shown = printed(statistics(), 90)
    assert any("chips won: Annabelle +52, Bartholomew −100,  " in line for line in shown), shown
    monkeypatch.setenv("COLUMNS", "90")
    assert main(["stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    each_name_with_its_score(out, minus="-")
    assert any("chips won: Annabelle +52, Bartholomew -100,  │" in line for line in out), out


def test_a_phrase_that_fills_its_line_drops_the_comma_rather_than_part_from_its_score():
    """A review: "Bartholomew +37" exactly 15 wide, at 15 columns, got its comma after it
    and was wrapped as "Bartholomew" / "+37,". A table sizes the column for the phrase
    with its comma."""
    from rich.table import Table

    assert printed(Phrases(["Bartholomew +37", "Ann 1"], ", "), 15) == ["Bartholomew +37", "Ann 1"]
    table = Table()
    table.add_column("scores")
    table.add_row(score_phrases("shanghai", ["Bartholomew", "Annabelle"], [120, 35]))
    assert printed(table, 19)[3:5] == ["│ Bartholomew 120 │", "│ Annabelle 35    │"]  # (it was "Bartholomew" / "120,")


def test_a_comma_after_a_wrapped_phrase_never_stands_alone_on_a_line():
    """A phrase wrapped by its words whose last line is full drops its comma rather than
    put it on a line of its own."""
    assert printed(Phrases(["one two three four", "five"], ", "), 10) == ["one two", "three four", "five"]
