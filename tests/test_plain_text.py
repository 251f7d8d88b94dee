"""Names and titles are plain text: a control character in a seat's name, a preset's
title or description or a title name is refused with which one, wherever it comes in
(``--seats``, the start screen, a save, a preset file), since a terminal would obey an
escape in it (a tester's name wiped the screen and retitled the window)."""

from __future__ import annotations

import json

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
    assert [control_character(text) for text in ("Þór", "שרה", "👩\u200d🚀", "Bob [beta]")] == [None] * 4


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
