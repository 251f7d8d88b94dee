"""The preset writer: drafts checked by the loader's models, only changed knobs written
with a comment each, atomic writes, round trips, and the preset menu's file chores."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib

import pytest

from cardtable.engine.errors import VariantError
from cardtable.engine.registry import FAMILIES, variant_model
from cardtable.presets import load_variant
from cardtable.presets.groups import GROUPS, field_specs, format_text, knob_groups, parse_text
from cardtable.presets.loader import preset_files
from cardtable.presets.files import (
    ExportExists, delete_preset, dependents, duplicate_preset, export_preset, import_preset, rename_preset,
)
from cardtable.presets.writer import Draft, name_problem, toml_value, write_atomic

SHIPPED = sorted(preset_files())


def _rules_model(family):
    return variant_model(family).model_fields["rules"].annotation


@pytest.mark.parametrize("family", FAMILIES)
def test_every_knob_is_in_a_group(family):
    grouped = [spec.name for _group, specs in knob_groups(family, _rules_model(family)) for spec in specs]
    assert sorted(grouped) == sorted(_rules_model(family).model_fields)
    assert "other" not in dict(knob_groups(family, _rules_model(family)))
    assert set(sum(GROUPS[family].values(), ())) <= set(_rules_model(family).model_fields)


def test_specs_carry_kind_range_and_description():
    specs = {spec.name: spec for spec in field_specs(_rules_model("president"))}
    assert specs["top_positions"].kind == "int" and specs["top_positions"].range_text == "1–3"
    assert specs["exchange"].kind == "choice" and "forseti" in specs["exchange"].choices
    assert specs["pass_locks_out"].kind == "bool" and specs["pass_locks_out"].description.startswith("P6")
    assert specs["wilds"].kind == "words" and specs["title_points"].kind == "table"
    shanghai = {spec.name: spec for spec in field_specs(_rules_model("shanghai"))}
    assert shanghai["contracts"].kind == "contracts" and shanghai["go_out_in_one_bonus"].kind == "optional_int"
    assert shanghai["decks_by_players"].key_type is int


@pytest.mark.parametrize("family", FAMILIES)
def test_text_forms_read_back_what_they_show(family):
    rules = _rules_model(family)()
    for spec in field_specs(type(rules)):
        if spec.kind in ("words", "numbers", "table", "contracts", "int", "optional_int"):
            value = getattr(rules, spec.name)
            assert parse_text(spec, format_text(spec.kind, value)) == value, spec.name


def test_text_forms_are_forgiving_and_explain_mistakes():
    specs = {spec.name: spec for spec in field_specs(_rules_model("shanghai"))}
    assert parse_text(specs["contracts"], "set 3, run 4\n\n3 set; 4 run\n") == (
        (("set", 3), ("run", 4)), (("set", 3), ("run", 4)))
    assert parse_text(specs["wilds"], "jk 2") == ("JK", "2")
    assert parse_text(specs["decks_by_players"], "3=2, 4 = 3") == {3: 2, 4: 3}
    assert parse_text(specs["go_out_in_one_bonus"], " ") is None
    with pytest.raises(ValueError, match="hand 2: 'three of a kind' is not like"):
        parse_text(specs["contracts"], "set 3\nthree of a kind")
    with pytest.raises(ValueError, match=r"hand 1 \(line 2\): 'run 2set 3' is not like"):
        parse_text(specs["contracts"], "\nrun 2set 3")  # (the box's gutter numbers lines)
    president = {spec.name: spec for spec in field_specs(_rules_model("president"))}
    with pytest.raises(ValueError, match="write name=number, e.g. president=2"):  # (not a rank's A=15)
        parse_text(president["title_points"], "3")
    with pytest.raises(ValueError, match="write name=number, e.g. 5=3"):
        parse_text(specs["decks_by_players"], "garbage")
    # (a tester's 5,000 pasted digits were echoed whole, over the form, and called "not a whole number")
    with pytest.raises(ValueError, match=r"^999999999999… is too long a number \(5000 digits\)$"):
        parse_text(specs["hand_size"], "9" * 5000)
    with pytest.raises(ValueError, match=r"^'xxxxxxxxxxxxxxxxxxxxxxxx'… is not a whole number$"):
        parse_text(specs["hand_size"], "x" * 500)
    assert parse_text(specs["hand_size"], "0000000000011") == 11   # (leading zeros are no length: it is 11)
    with pytest.raises(ValueError, match=r"^'²²²²²²²²²²²²²' is not a whole number$"):  # (no "too long a number")
        parse_text(specs["hand_size"], "²" * 13)
    # a number outside the range its row shows says that range (the players' range is the
    # one these rules seat, narrower than the model's 2-8: a play-tester read both)
    from dataclasses import replace

    players_min = replace(president["decks"], name="min", low=3, high=6)
    with pytest.raises(ValueError, match="should be 3–6 \\(got 0\\)"):
        parse_text(players_min, "0")
    assert parse_text(players_min, "6") == 6
    with pytest.raises(ValueError, match="whole number"):
        parse_text(specs["buys_per_hand"], "3, x")
    with pytest.raises(ValueError, match="A is given twice"):
        parse_text(specs["card_points"], "A=1, J=10, a=2")  # (one value a rank; the case is the reader's)


def test_only_changed_knobs_are_written_each_with_its_description(user_presets):
    draft = Draft.new_from("forseti")
    draft.set("rules.burn", True)
    draft.set("titles.scum", "Bum")
    text = draft.render("ours")
    data = tomllib.loads(text)
    assert data["extends"] == "forseti" and data["family"] == "president"
    assert data["rules"] == {"burn": True} and data["titles"] == {"scum": "Bum"}
    assert "players" not in data
    # a new preset says it is not its parent any more, and nothing of the parent's words
    # that a changed knob could make untrue ("2s high" after rank_order = "ace_high")
    assert data["description"] == "House rules on Forseti."
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("burn ="))
    assert lines[at - 1].startswith("# P25:") and "was false" in lines[at]
    assert text.startswith("# ")


def test_a_value_set_back_to_the_parents_is_not_written(user_presets):
    draft = Draft.new_from("forseti")
    draft.set("rules.burn", True)
    draft.set("rules.burn", False)
    draft.set("rules.leftover", "aside")  # what forseti already says
    assert "[rules]" not in draft.render("ours")


def test_a_description_set_back_to_the_parents_words_is_kept_with_changed_rules(user_presets):
    """House rules that change rules and have no description are described "House rules
    on …" when they load; a description the player set back to the parent's words is
    written, so that it loads as they left it (a review's case)."""
    parent = load_variant("tonk-classic")
    draft = Draft.new_from("tonk-classic")
    draft.set("description", parent.description)
    draft.set("rules.deal_size", 7)
    draft.save("ours")
    assert load_variant("ours").description == parent.description
    plain = Draft.new_from("tonk-classic")
    plain.set("rules.deal_size", 7)
    plain.save("plain")
    assert load_variant("plain").description == f"House rules on {parent.title}."


@pytest.mark.parametrize("family,preset,path,value", [
    ("president", "president-classic", "rules.top_positions", 3),
    ("shanghai", "shanghai-classic", "rules.contracts", ((("set", 3), ("set", 3)), (("run", 5),))),
    ("tonk", "tonk-classic", "rules.deal_size", 7),
])
def test_round_trip_saved_file_loads_to_the_same_model(user_presets, family, preset, path, value):
    draft = Draft.new_from(preset)
    draft.set(path, value)
    if family == "shanghai":
        draft.set("rules.buys_per_hand", (2, 2))
        draft.set("rules.card_points", {**draft.get("rules.card_points"), "A": 20})
        draft.set("rules.go_out_in_one_bonus", -50)
    if family == "president":
        draft.set("players.max", 7)
        draft.set("rules.wilds", ("2",))
        draft.set("rules.title_points", {"president": 3})
    draft.set("description", 'Our "table" — with quotes\\and a backslash')
    variant, problems = draft.check("ours")
    assert problems == {} and variant is not None
    path_written = draft.save("ours")
    assert path_written == user_presets / "ours.toml"
    assert load_variant("ours") == variant
    edited = Draft.of_user_preset("ours")
    assert edited.extends == preset and edited.get(path) == variant.model_dump()["rules"][path.split(".")[1]]
    assert edited.check("ours")[0] == variant


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_preset_round_trips_through_a_flat_draft(user_presets, name):
    variant = load_variant(name)
    draft = Draft.from_variant(variant, None, None)
    draft.save(name + "-flat")
    again = load_variant(name + "-flat")
    assert again.model_dump(exclude={"name", "source"}) == variant.model_dump(exclude={"name", "source"})


def test_impossible_combinations_are_reported_by_field():
    draft = Draft.new_from("president-classic")
    draft.set("players.max", 4)
    draft.set("rules.top_positions", 3)
    variant, problems = draft.check()
    assert variant is None and "need 6 players" in problems["rules.top_positions"]
    tonk = Draft.new_from("tonk-classic")
    tonk.set("rules.deal_size", 12)
    assert "the deck has 52" in tonk.check()[1]["rules.deal_size"]
    shanghai = Draft.new_from("shanghai-classic")
    shanghai.set("rules.buys_per_hand", (3, 3))
    assert "contracts has 10 hands" in shanghai.check()[1]["rules.buys_per_hand"]
    with pytest.raises(ValueError, match="buys_per_hand"):
        shanghai.render("x")


def test_an_inherited_optional_knob_cannot_be_emptied(user_presets):
    parent = Draft.new_from("shanghai-classic")
    parent.set("rules.go_out_in_one_bonus", -50)
    parent.save("bonus")
    child = Draft.new_from("bonus")
    child.set("rules.go_out_in_one_bonus", None)
    assert "cannot be emptied" in child.check()[1]["rules.go_out_in_one_bonus"]


def test_write_atomic_leaves_the_old_file_when_the_new_one_is_broken(user_presets):
    target = user_presets / "keep.toml"
    target.write_text('extends = "forseti"\n')
    with pytest.raises(VariantError):
        write_atomic(target, 'extends = "forseti"\n[rules]\nburn = 3\n', check=True)
    assert target.read_text() == 'extends = "forseti"\n'
    assert sorted(p.name for p in user_presets.iterdir()) == ["keep.toml"]


def test_write_atomic_goes_through_a_temp_file_and_os_replace(user_presets, monkeypatch):
    seen = []
    real = os.replace

    def spy(src, dst):
        seen.append((os.path.basename(src), os.path.basename(dst), open(src).read()))
        real(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    write_atomic(user_presets / "x.toml", "title = 'x'\n")
    (temp, final, text), = seen
    assert final == "x.toml" and temp.startswith(".x.toml.") and temp.endswith(".tmp")
    assert text == "title = 'x'\n" and not temp.endswith(".toml")


def test_toml_values():
    assert toml_value({"10": 10, "JK": 50, "a b": 1}) == '{ 10 = 10, JK = 50, "a b" = 1 }'
    assert toml_value(((("set", 3),),)) == '[[["set", 3]]]'
    assert tomllib.loads("x = " + toml_value('Skítur "\\ \n'))["x"] == 'Skítur "\\ \n'


def test_file_chores(user_presets, tmp_path):
    assert name_problem("forseti") and name_problem("a b") and name_problem("ours") is None
    Draft.new_from("forseti").save("ours")
    Draft.new_from("ours").save("kids")
    assert dependents("ours") == ["kids"]
    with pytest.raises(ValueError, match="^kids extends 'ours'; a rename would break it$"):
        rename_preset("ours", "theirs")
    rename_preset("kids", "children")
    assert not (user_presets / "kids.toml").exists() and load_variant("children").rules.pass_locks_out
    duplicate_preset("forseti", "copy")
    assert load_variant("copy").rules == load_variant("forseti").rules
    with pytest.raises(ValueError):
        rename_preset("forseti", "mine")  # shipped presets are not renamed
    out = export_preset("children", tmp_path)
    assert out == tmp_path / "children.toml"
    assert tomllib.loads(out.read_text())["extends"] == "forseti"  # portable: no user parent
    with pytest.raises(ValueError, match="exists"):
        export_preset("children", tmp_path)
    assert export_preset("children", tmp_path, overwrite=True) == out
    assert delete_preset("children") == "ours"  # (what it extended: the menu selects it)
    name, placed = import_preset(out)
    assert name == "children" and load_variant("children").rules == load_variant("ours").rules
    with pytest.raises(ValueError, match="already called"):
        import_preset(out)
    bad = tmp_path / "bad.toml"
    bad.write_text('extends = "forseti"\n[rules]\nbrun = true\n')
    with pytest.raises(VariantError, match="did you mean 'burn'"):
        import_preset(bad)


def test_an_imported_file_with_a_relative_parent_is_made_portable(user_presets, tmp_path):
    (tmp_path / "base.toml").write_text('extends = "forseti"\n[rules]\nburn = true\n')
    (tmp_path / "top.toml").write_text('extends = "base.toml"\n[rules]\nbomb = "four_of_a_kind"\n')
    import_preset(tmp_path / "top.toml")
    data = tomllib.loads((user_presets / "top.toml").read_text())
    assert data["extends"] == "forseti" and data["rules"] == {"burn": True, "bomb": "four_of_a_kind"}


def test_saved_preset_is_listed_and_simulates(user_presets):
    draft = Draft.new_from("tonk-classic")
    draft.set("rules.deal_size", 6)
    draft.save("our-tonk")
    env = dict(os.environ)
    listing = subprocess.run([sys.executable, "-m", "cardtable", "presets", "list"], env=env,
                             capture_output=True, text=True, timeout=60)
    assert "our-tonk" in listing.stdout
    sim = subprocess.run([sys.executable, "-m", "cardtable", "simulate", "--game", "tonk", "--preset", "our-tonk", "--games", "2"],
                         env=env, capture_output=True, text=True, timeout=120)
    assert sim.returncode == 0, sim.stderr


@pytest.mark.parametrize("blank", ["", "   "])
def test_an_empty_title_name_is_refused_by_the_editor_and_the_loader(user_presets, tmp_path, blank):
    draft = Draft.new_from("forseti")
    draft.set("titles.president", blank)
    assert draft.check("ours") == (None, {"titles.president": "give a name (or leave it out for the default)"})
    with pytest.raises(ValueError, match="titles.president: give a name"):
        draft.save("ours")
    assert not (user_presets / "ours.toml").exists()
    file = tmp_path / "blank.toml"
    file.write_text(f'extends = "forseti"\n[titles]\nscum = "{blank}"\n')
    with pytest.raises(VariantError) as refused:
        load_variant(file)
    assert refused.value.field == "titles.scum"
    assert refused.value.reason.startswith("give a name (or leave it out for the default)")


def test_a_wild_rank_named_twice_is_written_once(user_presets):
    draft = Draft.new_from("forseti")
    draft.set("rules.jokers", 1)
    draft.set("rules.wilds", parse_text(next(s for s in field_specs(_rules_model("president"))
                                             if s.name == "wilds"), "JK,jk, 2, JK"))
    assert draft.check("ours")[0].rules.wilds == ("JK", "2")
    draft.save("ours")
    assert tomllib.loads((user_presets / "ours.toml").read_text())["rules"]["wilds"] == ["JK", "2"]


@pytest.mark.parametrize(("preset", "seats"), [("forseti", (2, 8)), ("tonk-classic", (2, 5)),
                                               ("shanghai-classic", (3, 6))])
def test_the_seat_range_is_what_the_familys_model_allows(preset, seats):
    """Shanghai-classic deals decks for 3 to 6 players (decks_by_players): 7 and 8 have
    no entry, so the range stops at 6."""
    draft = Draft.new_from(preset)
    assert draft.seat_range() == seats
    draft.set("rules.jokers", -1)
    assert draft.seat_range() is None  # rules that do not read: the model never gets to the players


def test_the_seat_range_is_the_longest_run_of_counts_the_decks_deal():
    draft = Draft.new_from("shanghai-classic")
    draft.set("rules.decks_by_players", {3: 2, 4: 2, 5: 3, 6: 3, 8: 4})
    assert draft.seat_range() == (3, 6)
    draft.set("rules.decks_by_players", {3: 2, 5: 3, 6: 3, 7: 3, 8: 4})
    assert draft.seat_range() == (5, 8)


def test_export_names_a_missing_folder_and_replaces_a_file_only_when_asked(user_presets, tmp_path):
    Draft.new_from("forseti").save("ours")
    for missing in (tmp_path / "nowhere", f"{tmp_path / 'nowhere'}/", tmp_path / "nowhere" / "ours.toml"):
        with pytest.raises(ValueError) as refused:
            export_preset("ours", missing)
        assert str(refused.value) == f"{tmp_path / 'nowhere'}: no such folder"
    assert not (tmp_path / "nowhere").exists()
    with pytest.raises(ValueError, match=r"ours\.txt: give a \.toml file name \(or a folder\)"):
        export_preset("ours", tmp_path / "ours.txt")
    (tmp_path / "ours.toml").write_text("old")
    with pytest.raises(ExportExists) as exists:
        export_preset("ours", tmp_path)
    assert str(exists.value) == f"{tmp_path / 'ours.toml'} already exists"
    assert (tmp_path / "ours.toml").read_text() == "old"
    export_preset("ours", tmp_path, overwrite=True)
    assert tomllib.loads((tmp_path / "ours.toml").read_text())["extends"] == "forseti"


def test_house_rules_on_house_rules_name_their_parent_and_do_not_stack_the_default_names(user_presets):
    first = Draft.new_from("tonk-classic")
    classic = load_variant("tonk-classic")
    assert first.values["title"] == f"{classic.title} (house rules)"
    assert first.values["description"] == f"House rules on {classic.title}."
    first.set("rules.stake", 5)
    first.save("kitchen")
    second = Draft.new_from("kitchen")  # (its own title: the statistics tell matches apart by title)
    assert second.values["title"] == f"{classic.title} (house rules on kitchen)"
    assert second.values["description"] == first.values["description"]
    second.set("rules.stake", 7)
    second.save("kitchen-2")
    text = (user_presets / "kitchen-2.toml").read_text()
    assert tomllib.loads(text)["title"] == "Tonk (house rules on kitchen)" and "(house rules) (house rules)" not in text
    third = Draft.new_from("kitchen-2")  # (a third level names its own parent, once)
    assert third.values["title"] == "Tonk (house rules on kitchen-2)"


def test_a_written_preset_is_a_file_to_share_and_a_replaced_one_keeps_its_permissions(tmp_path):
    """(An exported preset came out readable by its owner only, the temp file's mode: a
    file meant for a friend.) A new file gets what ``open`` would give it; a file replaced
    keeps its own."""
    import stat

    from cardtable.presets.files import export_preset

    mask = os.umask(0)
    os.umask(mask)
    written = export_preset("forseti", tmp_path / "ours.toml")
    assert stat.S_IMODE(written.stat().st_mode) == 0o666 & ~mask
    written.chmod(0o640)  # (neither the temp file's 0o600 nor a new file's)
    export_preset("forseti", written, overwrite=True)
    assert stat.S_IMODE(written.stat().st_mode) == 0o640


def test_changed_contracts_say_what_each_hand_was(user_presets):
    """Every other changed rule says "# was …"; the contracts, a hand a line, said
    nothing of what they were. Now a changed hand says what it was, an added one "new",
    and hands taken off the end are listed; the file loads as the contracts edited."""
    draft = Draft.new_from("shanghai-classic")
    hands = list(draft.inherited("rules", "contracts"))
    edited = [*hands[:1], (("run", 4), ("set", 3)), *hands[2:8]]
    draft.set("rules.contracts", tuple(edited))
    draft.set("rules.buys_per_hand", (3,) * 8)
    path = draft.save("short")
    text = path.read_text()
    assert "  [[\"set\", 3], [\"set\", 3]],\n" in text  # (unchanged: no comment)
    assert "  [[\"run\", 4], [\"set\", 3]],   # was set 3, run 4\n" in text
    assert "  # was also set 3, set 3, set 3, run 5\n  # was also run 5, run 5, run 5\n]" in text
    assert load_variant("short").rules.contracts == tuple(edited)

    draft = Draft.new_from("shanghai-classic")
    draft.set("rules.contracts", (*hands, (("set", 3),) * 4))
    draft.set("rules.buys_per_hand", (3,) * 11)
    text = draft.save("long").read_text()
    assert "  [[\"set\", 3], [\"set\", 3], [\"set\", 3], [\"set\", 3]],   # new\n]" in text
    assert text.count("# was") == 1  # (the buys' line alone: no hand of the ten changed)
    assert len(load_variant("long").rules.contracts) == 11
