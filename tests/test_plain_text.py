"""Names and titles are plain text: a control character in a seat's name, a preset's
title or description or a title name is refused with which one, wherever it comes in
(``--seats``, the start screen, a save, a preset file), since a terminal would obey an
escape in it (a tester's name wiped the screen and retitled the window)."""

from __future__ import annotations

import json
import re

import pytest

from cardtable import VariantError, load_variant, new_game
from cardtable.engine.errors import SaveError
from cardtable.engine.words import control_character
from cardtable.store import load_game, save_game
from cardtable.store.saves import checksum, normalize_seats
from cardtable.tui.seats import parse_seats

ESCAPE = "Ann\x1b[2J\x1b]0;PWNED\x07"


def test_control_characters_are_named_in_words():
    assert [control_character(text) for text in (ESCAPE, "a\tb", "a\nb", "\x01", "a\u2028b")] == \
        ["ESC", "a tab", "a line break", "U+0001", "U+2028"]
    # (plain names of any script stay: accents, right-to-left, emoji joined by a zero-width joiner)
    assert [control_character(text) for text in ("Þór", "שרה", "👩\u200d🚀", "Bob [beta]", "می\u200cخواهم",
                                                 "\U0001F3F4\U000E0067\U000E0062\U000E0077\U000E006C\U000E0073\U000E007F",
                                                 "❤\ufe0f")] == [None] * 7


@pytest.mark.parametrize("name, said", [
    ("\u200b", "U+200B (zero width space)"),
    ("Ann\u200b", "U+200B (zero width space)"),
    ("Ann\u202eBob", "U+202E (right-to-left override)"),
    ("\ufeff", "U+FEFF (zero width no-break space)"),
    ("Ann\u061c", "U+061C (arabic letter mark)"),
    ("Ann\u00ad", "U+00AD (soft hyphen)"),
    ("\u3164", "U+3164 (hangul filler)"),
    ("\u2800", "U+2800 (braille pattern blank)"),
    ("Ann\u2063", "U+2063 (invisible separator)"),
])
def test_invisible_and_text_turning_characters_are_refused_in_names(name, said):
    """A tester seated a player named only a zero-width space, "Ann" beside "Ann" with
    one, and a name with a right-to-left override that turned the row after it around;
    a review found the soft hyphen, the Arabic letter mark and blank fillers let through."""
    assert control_character(name) == said
    with pytest.raises(ValueError, match=re.escape(f"holds {said}: a name is plain text") + "$"):
        parse_seats(f"{name},bot:easy")


def test_one_name_written_two_ways_is_one_name():
    """"é" composed, or as e and a combining accent, looks the same: two seats so named
    were taken as two players (while "Ann" and "ann" were refused)."""
    with pytest.raises(ValueError, match="two seats have the same name"):
        parse_seats("Jos\u00e9,Jose\u0301,bot:easy")
    with pytest.raises(ValueError, match="have the same name"):
        normalize_seats(["Jos\u00e9", "JOSE\u0301"], 2)


@pytest.mark.parametrize("name", ["Dag (bot, hard)", "ANN (bot)", "Eve ( Bot )", "Dag (bot"])
def test_a_name_marked_as_a_bot_is_refused_for_a_human(name):
    """The tables print a bot as "Dag (bot, hard)": a human so named passed as that bot in
    the statistics (``stats --name "Dag (bot, hard)"`` found the human)."""
    from cardtable.tui.seats import name_bots

    with pytest.raises(ValueError, match="ends as the tables mark a bot: give a player a name of their own$"):
        name_bots([(name, None), (None, "easy")])
    assert [seat.name for seat in name_bots([("Robot", None), ("Ann (bottle)", None)])] == ["Robot", "Ann (bottle)"]
    # (a save kept before the rule still loads and saves again: the rule is for new seats)
    assert normalize_seats([name, "Bob"])[0] == {"name": name, "kind": "human", "level": None}


def test_a_game_kept_before_invisible_characters_were_refused_still_loads(tmp_path):
    """A review: the wider rule for new names refused saves written the day before, whose
    names (or preset title) held a soft hyphen, as damaged. Kept text is refused only for
    what turns the row around or drives the terminal; new seats follow the wider rule."""
    game = new_game(load_variant("tonk-classic"), 2, seed=1)
    path = save_game(tmp_path / "old.json", game, ["Ann", "Bob"])
    document = json.loads(path.read_text())
    document["seats"][0]["name"] = "An\u00adn"
    document["game"]["variant"]["title"] = "Ton\u00adk"
    document["checksum"] = checksum(document)
    path.write_text(json.dumps(document))
    loaded, seats = load_game(path)
    assert seats[0]["name"] == "An\u00adn" and loaded.variant.title == "Ton\u00adk"
    assert load_game(save_game(tmp_path / "again.json", loaded, seats))[1] == seats
    with pytest.raises(ValueError, match="holds U\\+00AD \\(soft hyphen\\)"):
        parse_seats("An\u00adn,bot:easy")
    document["seats"][0]["name"] = "Ann\u202e"
    document["checksum"] = checksum(document)
    path.write_text(json.dumps(document))
    with pytest.raises(SaveError, match="right-to-left override"):
        load_game(path)
    president = save_game(tmp_path / "titles.json", new_game(load_variant("president-classic"), 4, seed=1),
                          ["Ann", "Bob", "Cy", "Di"])                # (a title name, in a model within the preset)
    document = json.loads(president.read_text())
    document["game"]["variant"]["titles"]["president"] = "Pre\u00adsident"
    document["checksum"] = checksum(document)
    president.write_text(json.dumps(document))
    assert load_game(president)[0].variant.titles.president == "Pre\u00adsident"
    (tmp_path / "soft.toml").write_text('extends = "president-classic"\ntitle = "Pre\u00adsident"\n', encoding="utf-8")
    with pytest.raises(VariantError, match="holds U\\+00AD"):        # (a preset file is new text: refused)
        load_variant(str(tmp_path / "soft.toml"))


def test_the_statistics_know_one_name_written_two_ways_as_one_player(tmp_path):
    """The seats took "José" composed and with a combining accent as one name, but the
    statistics counted two players (and ``stats --name`` found only one spelling)."""
    from cardtable.store.history import player_stats, record_match

    from .store.helpers import finished_game

    history = tmp_path / "history.sqlite"
    for seed, ann in enumerate(("Jos\u00e9", "JOSE\u0301")):
        record_match(finished_game(tmp_path, "tonk", seed), [ann, "Bob", "Cy"], path=history)
    players = {stats.name: stats.matches for stats in player_stats(path=history)}
    assert players == {"JOSE\u0301": 2, "Bob": 2, "Cy": 2}
    assert [stats.matches for stats in player_stats(path=history, name="jos\u00e9")] == [2]


def test_a_kept_human_named_like_a_bot_never_reads_like_the_bot_in_the_statistics(tmp_path):
    """A save kept before such names were refused may seat a human "Dag (bot, medium)"
    beside the bot Dag: the two rows read alike. The human's says "(human)"."""
    from cardtable.store.history import player_stats, record_match

    from .store.helpers import finished_game

    history = tmp_path / "history.sqlite"
    seats = [{"name": "Dag (bot, medium)", "kind": "human"}, {"name": "Dag", "bot": "medium"}, "Cy"]
    record_match(finished_game(tmp_path, "tonk", 1), seats, path=history)
    labels = sorted(stats.label for stats in player_stats(path=history))
    assert labels == sorted(["Cy", "Dag (bot, medium) (human)", "Dag (bot, medium)"])


def test_seats_with_a_control_character_are_refused_on_the_command_line_and_the_start_screen():
    with pytest.raises(ValueError, match=r"^the name 'Ann\\x1b\[2J\\x1b\]0;PWNED\\x07' holds ESC: a name is plain text$"):
        parse_seats(f"{ESCAPE},bot:easy")
    assert [seat.name for seat in parse_seats("Þór,bot:easy")] == ["Þór", "Dag"]


def test_a_save_with_such_a_name_is_refused_and_none_is_written(tmp_path):
    with pytest.raises(ValueError, match=r"^seat 2's name 'Bob\\tX' holds a tab: a name is plain text$"):
        normalize_seats(["Ann", "Bob\tX"])
    game = new_game(load_variant("tonk-classic"), 2, seed=1)
    path = save_game(tmp_path / "ok.json", game, ["Ann", "Bob"])
    document = json.loads(path.read_text())
    document["seats"][1]["name"] = "Bob\x1b[2J"
    document["checksum"] = checksum(document)  # (as an older cardtable would have written it)
    path.write_text(json.dumps(document))
    with pytest.raises(SaveError, match="holds ESC"):
        load_game(path)


@pytest.mark.parametrize("line, field", [('title = "Esc\\u001b[2J"', "title"),
                                         ('description = "two\\nlines"', "description")])
def test_a_preset_title_or_description_with_a_control_character_is_refused(user_presets, line, field):
    (user_presets / "ours.toml").write_text(f'extends = "tonk-classic"\n{line}\n')
    with pytest.raises(VariantError) as error:
        load_variant("ours")
    assert error.value.field == field and "write plain text" in error.value.reason


def test_a_title_name_with_a_control_character_is_refused(user_presets):
    (user_presets / "ours.toml").write_text('extends = "forseti"\n[titles]\nscum = "Sk\\u0007"\n')
    with pytest.raises(VariantError) as error:
        load_variant("ours")
    assert error.value.field == "titles.scum" and "holds a bell" in error.value.reason


def test_a_preset_given_by_a_path_whose_name_holds_a_control_character_is_refused(tmp_path):
    """(Its title, left out, would be the name: an escape shown wherever the title is.)"""
    path = tmp_path / "ours\x1b[2J.toml"
    path.write_text('extends = "tonk-classic"\n')
    with pytest.raises(VariantError) as error:
        load_variant(str(path))
    assert error.value.field is None and error.value.reason == "its file name holds ESC: rename the file"
    assert "\x1b" not in str(error.value)  # (the path in the message written out)


def test_a_title_of_only_spaces_is_refused(user_presets):
    """(A tester's three spaces left a blank line for the preset everywhere.)"""
    (user_presets / "ours.toml").write_text('extends = "tonk-classic"\ntitle = "   "\n')
    with pytest.raises(VariantError) as error:
        load_variant("ours")
    assert error.value.field == "title" and "not only spaces" in error.value.reason


def test_a_saves_preset_name_is_plain_text_too(tmp_path):
    """The preset's title was checked in a save, but not its name, which ``replay`` printed
    with its escape: "President (president, preset ESC[31mX)"."""
    game = new_game(load_variant("tonk-classic"), 2, seed=1)
    path = save_game(tmp_path / "n.json", game, ["Ann", "Bob"])
    document = json.loads(path.read_text())
    document["game"]["variant"]["name"] = "\x1b[31mX"
    document["checksum"] = checksum(document)
    path.write_text(json.dumps(document))
    with pytest.raises(SaveError, match=r"name: holds ESC: write plain text"):
        load_game(path)


def test_the_command_line_shows_a_typed_escape_as_a_picture_never_obeys_it(capsys):
    """A tester's ``presets show $'a\\e[2Jb'`` and ``replay $'x\\e[31mRED.json'`` cleared the
    screen and turned it red: the quoted name was escaped, the path before it not. Every
    line the command line prints shows a control character as its picture (␛)."""
    from cardtable.cli import main

    assert main(["presets", "show", "a\x1b[2Jb"]) == 2
    assert main(["replay", "x\x1b[31mRED.json"]) == 2
    assert main(["replay", "y\u202eRED.json"]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "Preset error a\\x1b[2Jb: no preset named 'a\\x1b[2Jb'" in err  # (escaped by the error)
    assert "cardtable replay: x␛[31mRED.json: no such file" in err
    assert "cardtable replay: y\ufffdRED.json: no such file" in err   # (a right-to-left override turned the line)


def test_a_preset_in_a_folder_whose_name_holds_an_escape_is_not_read(user_presets):
    from cardtable import list_variants

    folder = user_presets / "e\x1b]0;TITLE\x07z"
    folder.mkdir()
    (folder / "brk.toml").write_text('extends = "tonk-classic"\n')
    (user_presets / "fine").mkdir()
    (user_presets / "fine" / "ok.toml").write_text('extends = "tonk-classic"\n')
    assert "ok" in list_variants("tonk") and "brk" not in list_variants("tonk")


def test_seats_cut_at_a_comma_inside_a_bot_mark_are_refused():
    """A play-tester's ``--seats 'Dag (bot, hard),bot:easy,bot:easy'`` seated two humans,
    "Dag (bot" and "hard)", and Load game listed "Dag (bot, hard)" as if a hard bot: the
    first half of the mark is refused as the whole one is."""
    with pytest.raises(ValueError, match="the name 'Dag \\(bot' ends as the tables mark a bot"):
        parse_seats("Dag (bot, hard),bot:easy,bot:easy")


@pytest.mark.parametrize("seats", ["Ann,bot:,bot:easy", "Ann,bot: ,bot:easy", "Ann,BOT:,Bot:Hard"])
def test_a_bot_with_an_empty_level_is_refused(seats):
    """``bot:`` with nothing after it (a level half typed) became a medium bot unsaid,
    where ``simulate --bots "simple,,simple"`` and an unknown level are refused; ``bot``
    alone stays the short way to seat a medium bot."""
    with pytest.raises(ValueError, match="names no bot level: write bot:LEVEL \\(easy, medium, hard, expert, "
                                         "random, simple\\), or bot alone for a medium bot"):
        parse_seats(seats)
    assert [seat.bot for seat in parse_seats("Ann,bot,BOT")] == [None, "simple", "simple"]
