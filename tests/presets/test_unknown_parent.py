"""An unknown ``extends`` names the closest presets, not every preset: its message (in
the start screen's note, `presets list` and `presets validate`) stays a line or two,
and still names the file, the field and why."""

from __future__ import annotations

import pytest

from cardtable import VariantError, list_variants, load_variant
from cardtable.cli import main

from .test_preset_problems import refused


def test_an_unknown_parent_names_the_closest_presets_only(user_presets):
    error = refused(user_presets, 'family = "shanghai"\nextends = "shanghai-nope"\n')
    assert error.file == str((user_presets / "house.toml").resolve()) and error.field == "extends"
    assert error.reason == ("no preset named 'shanghai-nope' (did you mean 'shanghai-next-in-turn', "
                            "'shanghai-wild-twos' or 'shanghai-family'?)")
    assert not {"forseti", "tonk-classic", "shanghai-classic"} & set(error.reason.replace("'", " ").split())


def test_a_name_in_other_case_is_suggested_as_it_is_written(user_presets):
    """"FORSETI" (caps lock on) was told no preset is close to it."""
    error = refused(user_presets, 'family = "president"\nextends = "FORSETI"\n')
    assert error.reason == "no preset named 'FORSETI' (did you mean 'forseti'?)"
    with pytest.raises(VariantError, match=r"^FORSETI: no preset named 'FORSETI' \(did you mean 'forseti'\? known presets"):
        load_variant("FORSETI")
    (user_presets / "Forseti.toml").write_text('extends = "forseti"\n')  # (two names in case only: both told)
    assert refused(user_presets, 'family = "president"\nextends = "FORSETI"\n').reason == \
        "no preset named 'FORSETI' (did you mean 'Forseti' or 'forseti'?)"


def test_an_unknown_parent_near_nothing_points_to_the_list(user_presets):
    error = refused(user_presets, 'family = "tonk"\nextends = "zzz"\n')
    assert error.field == "extends"
    assert error.reason == "no preset named 'zzz' (none is close; `cardtable presets list` names every preset)"


def test_an_unknown_parent_that_is_part_of_names_gets_those(user_presets):
    error = refused(user_presets, 'family = "tonk"\nextends = "tonk"\n')
    assert error.reason == "no preset named 'tonk' (did you mean 'texas-tonk', 'tonk-classic' or 'tonk-house'?)"


def test_an_unknown_name_asked_for_still_lists_every_preset():
    with pytest.raises(VariantError) as caught:
        load_variant("shanghai-nope")
    assert caught.value.reason.endswith(f"known presets: {', '.join(list_variants())})")


def test_presets_validate_and_list_give_the_short_reason(user_presets, capsys):
    (user_presets / "orphan.toml").write_text('family = "shanghai"\nextends = "shanghai-nope"\n')
    assert main(["presets", "validate", str(user_presets / "orphan.toml")]) == 2
    said = " ".join(capsys.readouterr().err.split())
    assert said == (f"Preset error {(user_presets / 'orphan.toml').resolve()}: extends: no preset named "
                    "'shanghai-nope' (did you mean 'shanghai-next-in-turn', 'shanghai-wild-twos' or "
                    "'shanghai-family'?)")
    assert main(["presets", "list"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Does not load: orphan: " in out and "extends: no preset named 'shanghai-nope' (did you mean" in out
    assert "known presets" not in out


@pytest.mark.parametrize("command", [["play", "--preset", "child"], ["presets", "show", "child"],
                                     ["presets", "validate", "CHILD"], ["simulate", "--preset", "child"]])
def test_a_preset_whose_parent_is_broken_is_named_beside_the_parents_problem(user_presets, capsys, command):
    """X4: the problem is the parent's (its file, field and reason are named), but the
    player asked for the child: the message says the child extends a preset that does
    not load, naming it as written in ``extends`` (a play-tester read only the broken
    file's name: with a chain, not the parent's)."""
    (user_presets / "wrongtype.toml").write_text('extends = "tonk-classic"\n[rules]\nupcard = 1\n')
    (user_presets / "child.toml").write_text('extends = "wrongtype"\n')
    command = [str(user_presets / "child.toml") if word == "CHILD" else word for word in command]
    assert main(command) == 2
    said = " ".join(capsys.readouterr().err.split())
    asked = command[-1]
    assert said.startswith(f"Preset error {asked} extends wrongtype, which does not load: "
                           f"{(user_presets / 'wrongtype.toml').resolve()}: rules.upcard: "), said
    assert main(["play", "--preset", "wrongtype"]) == 2  # (asked for itself: no "extends")
    assert " ".join(capsys.readouterr().err.split()).startswith(
        f"Preset error {(user_presets / 'wrongtype.toml').resolve()}: rules.upcard: ")


def test_the_parent_is_blamed_by_the_file_at_fault_not_by_its_name(tmp_path, capsys):
    """X4: a link to a broken file is the broken file (no parent to blame), while a file
    of the same name in another folder that extends it is told as extending it (the two
    were told the other way round when the names were compared)."""
    broken = tmp_path / "broken.toml"
    broken.write_text('extends = "tonk-classic"\n[rules]\nupcard = 1\n')
    (tmp_path / "link.toml").symlink_to(broken)
    (tmp_path / "s2").mkdir()
    (tmp_path / "s2" / "broken.toml").write_text('extends = "../broken.toml"\n')
    assert main(["play", "--preset", str(tmp_path / "link.toml")]) == 2
    assert " ".join(capsys.readouterr().err.split()).startswith(f"Preset error {broken}: rules.upcard: ")
    child = str(tmp_path / "s2" / "broken.toml")
    assert main(["play", "--preset", child]) == 2
    assert " ".join(capsys.readouterr().err.split()).startswith(
        f"Preset error {child} extends ../broken.toml, which does not load: {broken}: rules.upcard: ")
