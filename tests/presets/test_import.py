"""Importing a preset never changes its rules: the file is copied as it is only when the
copy loads from the user's folder as the very preset that was checked; otherwise (a
relative ``extends`` that would find another parent there) its portable text is written."""

from __future__ import annotations

import tomllib

from cardtable.presets import load_variant
from cardtable.presets.files import import_preset
from cardtable.presets.writer import same_preset


def test_a_relative_parent_is_not_replaced_by_the_users_own(user_presets, tmp_path):
    friend = tmp_path / "friend"
    friend.mkdir()
    (friend / "base.toml").write_text('extends = "tonk-classic"\ntitle = "Friend base"\n[rules]\nstake = 5\n')
    (friend / "table.toml").write_text('extends = "base.toml"\ntitle = "Friend table"\n[rules]\njokers = 2\n')
    (user_presets / "base.toml").write_text('extends = "tonk-classic"\ntitle = "My base"\n[rules]\nstake = 1\n')
    checked = load_variant(friend / "table.toml")
    name, placed = import_preset(friend / "table.toml")
    imported = load_variant(name)
    assert (imported.rules.stake, imported.rules.jokers) == (5, 2)
    assert same_preset(imported, checked)
    assert tomllib.loads(placed.read_text())["extends"] == "tonk-classic"
    assert load_variant("base").rules.stake == 1  # the user's own base is untouched


def test_a_file_that_loads_the_same_is_copied_as_it_is(user_presets, tmp_path):
    text = ('# our rules\nfamily = "tonk"\nplayers = { min = 2, max = 4 }\n'
            '[rules]\njokers = 2\n')
    (tmp_path / "plain.toml").write_text(text)
    _name, placed = import_preset(tmp_path / "plain.toml", "ours")
    assert placed.read_text() == text  # comments kept; the untitled preset is still untitled
    assert load_variant("ours").title == "ours"


def test_same_preset_ignores_where_a_preset_was_read(tmp_path):
    (tmp_path / "a.toml").write_text('extends = "tonk-classic"\n[rules]\nstake = 2\n')
    (tmp_path / "b.toml").write_text('extends = "tonk-classic"\n[rules]\nstake = 2\n')
    (tmp_path / "c.toml").write_text('extends = "tonk-classic"\n[rules]\nstake = 3\n')
    (tmp_path / "d.toml").write_text('extends = "tonk-classic"\ntitle = "D"\n[rules]\nstake = 2\n')
    a, b, c, d = (load_variant(tmp_path / f"{x}.toml") for x in "abcd")
    assert same_preset(a, b) and not same_preset(a, c) and not same_preset(a, d)
