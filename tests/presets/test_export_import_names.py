"""Export and import, where the path or the name is not what it should be: the user's
presets folder is not an export's place (Duplicate is), a symbolic link's file is
written (the link kept), a file is not called a missing folder, and an imported file
whose name cannot be a preset's gets a cleaned name offered, never an empty box."""

from __future__ import annotations

import tomllib

import pytest

from cardtable.presets import load_variant
from cardtable.presets.files import export_preset, export_target
from cardtable.presets.writer import Draft, free_name, import_name


def test_an_export_into_the_presets_folder_is_refused_so_nothing_is_overridden(user_presets):
    """An export there named like a shipped preset became a user preset overriding it;
    one onto the preset's own file flattened its ``extends``."""
    Draft.new_from("forseti").save("ours")
    own = (user_presets / "ours.toml").read_text()
    (user_presets / "sub").mkdir()  # (a .toml file in a folder inside it is a preset too)
    for destination in (user_presets, user_presets / "president-classic.toml", user_presets / "ours.toml",
                        user_presets / ".." / "variants" / "new.toml", user_presets / "sub",
                        user_presets / "sub" / "president-classic.toml"):
        with pytest.raises(ValueError) as refused:
            export_preset("ours", destination)
        folder = destination if destination.is_dir() else destination.parent
        assert str(refused.value) == f"{folder}: your presets folder; use Duplicate to copy a preset there"
    assert sorted(p.name for p in user_presets.rglob("*")) == ["ours.toml", "sub"]
    assert (user_presets / "ours.toml").read_text() == own
    assert load_variant("president-classic").title == "President"


def test_an_export_onto_a_symbolic_link_writes_its_file_and_keeps_the_link(user_presets, tmp_path):
    Draft.new_from("forseti").save("ours")
    (tmp_path / "shared").mkdir()
    real = tmp_path / "shared" / "table.toml"
    real.write_text("old")
    link = tmp_path / "table.toml"
    link.symlink_to(real)
    assert export_preset("ours", link, overwrite=True) == real
    assert link.is_symlink() and tomllib.loads(link.read_text())["extends"] == "forseti"
    dangling = tmp_path / "gone.toml"
    dangling.symlink_to(tmp_path / "nowhere" / "x.toml")
    with pytest.raises(ValueError) as refused:
        export_target("ours", dangling)
    assert str(refused.value) == f"{dangling}: a symbolic link to {tmp_path / 'nowhere' / 'x.toml'}, in no such folder"
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "ours.toml").symlink_to(tmp_path / "nowhere" / "x.toml")
    with pytest.raises(ValueError) as refused:  # (the link named, not the folder it was found in)
        export_target("ours", tmp_path / "out")
    assert str(refused.value).startswith(f"{tmp_path / 'out' / 'ours.toml'}: a symbolic link to ")
    assert not (tmp_path / "nowhere").exists()
    looping = tmp_path / "loop.toml"
    looping.symlink_to(looping)
    with pytest.raises(ValueError) as refused:  # (told, on every Python: from 3.13 resolve() no longer refuses it)
        export_preset("ours", looping, overwrite=True)
    assert str(refused.value) == f"{looping}: a symbolic link that leads back to itself"
    assert looping.is_symlink()


def test_a_file_is_not_called_a_missing_folder(user_presets, tmp_path):
    (tmp_path / "notes").write_text("mine")
    with pytest.raises(ValueError) as refused:
        export_target("forseti", tmp_path / "notes")
    assert str(refused.value) == f"{tmp_path / 'notes'}: a file, not a folder or a .toml file"
    with pytest.raises(ValueError) as refused:
        export_target("forseti", tmp_path / "notes" / "forseti.toml")
    assert str(refused.value) == f"{tmp_path / 'notes'}: a file, not a folder"
    assert (tmp_path / "notes").read_text() == "mine"


@pytest.mark.parametrize("wanted, offered", [
    ("Our table!", "Our-table"),
    ("Tölvuspil á föstudögum", "Tolvuspil-a-fostudogum"),
    ("-_-", "preset"),
    ("x" * 60, "x" * 40),
    ("forseti", "forseti-2"),
])
def test_a_free_name_is_as_near_the_wanted_one_as_names_allow(user_presets, wanted, offered):
    assert free_name(wanted) == offered


def test_a_long_name_that_is_taken_is_cut_to_leave_room_for_its_number(user_presets):
    Draft.new_from("forseti").save("x" * 40)
    assert free_name("x" * 45) == "x" * 38 + "-2"


def test_an_ending_is_kept_whole_and_the_name_cut_before_it(user_presets):
    """A long preset's "-house" / "-imported" was cut to "-impo", or lost behind "-2"."""
    assert free_name("y" * 40, "-house") == "y" * 34 + "-house"
    assert import_name("z" * 35) == "z" * 31 + "-imported"
    Draft.new_from("forseti").save("y" * 34 + "-house")
    assert free_name("y" * 40, "-house") == "y" * 32 + "-house-2"


def test_an_import_is_offered_a_name_it_can_have(user_presets):
    """A file called "our table.toml" was asked for a name with an empty box."""
    assert import_name("our table") == "our-table"
    assert import_name("forseti") == "forseti-imported"
    Draft.new_from("forseti").save("our-table")
    assert import_name("our table") == "our-table-imported"  # (taken: as a taken clean name is)
