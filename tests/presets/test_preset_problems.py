"""Preset problems a reviewer found: values of the wrong type were converted, messages
named Python classes, only the first problem was told, a missing ``extends`` file was
not named, the unknown-name hint listed broken presets, and the tables of a loaded
preset could be changed through the game."""

from __future__ import annotations

import copy
import json
import pickle
from pathlib import Path

import pytest

from cardtable import Game, VariantError, list_variants, load_variant, new_game
from cardtable.presets.loader import preset_files
from cardtable.presets.writer import Draft, toml_value


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def refused(folder: Path, text: str, name: str = "house") -> VariantError:
    write(folder, name, text)
    with pytest.raises(VariantError) as caught:
        load_variant(name)
    return caught.value


def knob_refused(folder: Path, parent: str, line: str) -> VariantError:
    """The error of a preset extending ``parent`` with the one ``[rules]`` ``line``."""
    return refused(folder, f'extends = "{parent}"\n[rules]\n{line}\n')


# ---------------------------------------------------------------------- 1. strict types
@pytest.mark.parametrize(("parent", "line", "field", "reason"), [
    ("forseti", "pass_locks_out = 1", "rules.pass_locks_out", "should be true or false (got 1)"),
    ("forseti", 'play_on_own = "off"', "rules.play_on_own", "should be true or false (got 'off')"),
    ("forseti", 'decks = "2"', "rules.decks", "should be a whole number (got '2')"),
    ("forseti", "decks = true", "rules.decks", "should be a whole number (got true)"),
    ("forseti", "match_target = 7.0", "rules.match_target", "should be a whole number (got 7.0)"),
    ("forseti", 'wilds = ["2", 3]', "rules.wilds", 'entry 2 should be text in "quotes" (got 3)'),
    ("forseti", 'title_points = {president = "2"}', "rules.title_points",
     "the value for 'president' should be a whole number (got '2')"),
    ("tonk-classic", 'stake = "5"', "rules.stake", "should be a whole number (got '5')"),
    ("tonk-classic", 'broke_ends_match = "no"', "rules.broke_ends_match", "should be true or false (got 'no')"),
    ("tonk-classic", 'card_points = {K = 10.5}', "rules.card_points",
     "the value for 'K' should be a whole number (got 10.5)"),
    ("shanghai-classic", "buys_per_hand = [3, 3, 3, 3, 3, 3, 3, 3, 4, true]", "rules.buys_per_hand",
     "entry 10 should be a whole number (got true)"),
    ("shanghai-classic", 'decks_by_players = {3 = "2"}', "rules.decks_by_players",
     "the value for 3 should be a whole number (got '2')"),
    ("shanghai-classic", "decks_by_players = {three = 2}", "rules.decks_by_players",
     "the key 'three' should be a whole number"),
    ("shanghai-classic", 'contracts = [[["pair", 3]]]', "rules.contracts",
     "entry 1.1.1 should be 'set' or 'run' (got 'pair')"),
    ("shanghai-classic", "go_out_in_one_bonus = false", "rules.go_out_in_one_bonus",
     "should be a whole number (got false)"),
])
def test_a_value_of_the_wrong_type_is_refused_in_toml_words(user_presets, parent, line, field, reason):
    error = knob_refused(user_presets, parent, line)
    assert (error.field, error.reason) == (field, reason)


@pytest.mark.parametrize(("text", "field", "reason"), [
    ('extends = "forseti"\nplayers = {min = "3", max = 6}\n', "players.min", "should be a whole number (got '3')"),
    ('extends = "forseti"\n[titles]\nscum = 5\n', "titles.scum", 'should be text in "quotes" (got 5)'),
])
def test_players_and_titles_are_strict_too(user_presets, text, field, reason):
    error = refused(user_presets, text)
    assert (error.field, error.reason) == (field, reason)


def test_arrays_and_tables_still_fill_list_and_table_knobs(user_presets):
    write(user_presets, "lists", 'extends = "shanghai-classic"\nplayers = {min = 3, max = 4}\n[rules]\n'
          'contracts = [[["set", 3], ["run", 4]], [["run", 4], ["run", 4]]]\nbuys_per_hand = [3, 4]\n'
          'wilds = ["JK", "2"]\ndecks_by_players = {3 = 2, 4 = 3}\ncard_points = {A = 20}\n')
    rules = load_variant("lists").rules
    assert rules.contracts == ((("set", 3), ("run", 4)), (("run", 4), ("run", 4)))
    assert rules.buys_per_hand == (3, 4) and rules.wilds == ("JK", "2")
    assert rules.decks_by_players == {3: 2, 4: 3} and rules.card_points["A"] == 20


def test_every_preset_that_ships_still_loads_strictly():
    assert len(list_variants()) == len(preset_files()) >= 14
    for name in preset_files():
        assert load_variant(name).name == name


# ---------------------------------------------------------------------- 2. no class names
@pytest.mark.parametrize(("text", "field", "reason"), [
    ('family = "president"\nplayers = 4\n', "players",
     "should be a table, e.g. players = {min = 3, max = 6} (got 4)"),
    ('extends = "forseti"\ntitles = "x"\n', "titles", "should be a table: write [titles] on a line of its own"),
    ('extends = "forseti"\nrules = 5\n', "rules", "should be a table: write [rules] on a line of its own"),
])
def test_messages_speak_toml_not_python_classes(user_presets, text, field, reason):
    error = refused(user_presets, text)
    assert error.field == field and error.reason.startswith(reason)
    assert not any(word in str(error) for word in ("PlayerRange", "PresidentTitles", "PresidentRules",
                                                   "dictionary", "instance", "Input should"))


def test_players_written_under_rules_is_said_to_belong_at_the_top(user_presets):
    error = refused(user_presets, 'family = "president"\n[rules]\nburn = true\nplayers = {min = 3, max = 6}\n')
    assert error.field == "players" and "top level" in error.reason and "rules.players" in error.reason
    assert "Field required" not in str(error) and len(error.problems) == 1


def test_players_under_rules_of_a_preset_that_inherits_players(user_presets):
    error = refused(user_presets, 'extends = "forseti"\n[rules]\nplayers = {min = 3, max = 6}\n')
    assert error.field == "rules.players"
    assert error.reason.startswith("'players' is not a knob") and "above the [rules] line" in error.reason


# ---------------------------------------------------------------------- 3. every problem
def test_every_problem_of_the_file_is_told_at_once(user_presets):
    path = write(user_presets, "two", 'extends = "forseti"\n[rules]\ntwos = "always"\nmatch_target = "seven"\n')
    with pytest.raises(VariantError) as caught:
        load_variant("two")
    error = caught.value
    assert (error.file, error.field) == (str(path.resolve()), "rules.twos") and "'always'" in error.reason
    assert [p.field for p in error.problems] == ["rules.twos", "rules.match_target"]
    assert error.problems[1].reason == "should be a whole number (got 'seven')"
    assert "\n" not in str(error.problems[0]) and "match_target" not in str(error.problems[0])  # each alone
    lines = str(error).splitlines()
    assert lines[0] == f"{path.resolve()}: rules.twos: {error.reason}"
    assert lines[1] == "  and rules.match_target: should be a whole number (got 'seven')"


def test_problems_in_several_files_name_each_file(user_presets):
    parent = write(user_presets, "parent", 'extends = "forseti"\n[rules]\ntwos = "always"\n')
    child = write(user_presets, "child", 'extends = "parent"\n[rules]\nburn = "yes"\n')
    with pytest.raises(VariantError) as caught:
        load_variant("child")
    assert [(p.file, p.field) for p in caught.value.problems] == [
        (str(parent.resolve()), "rules.twos"), (str(child.resolve()), "rules.burn")]
    assert f"  and {child.resolve()}: rules.burn: should be true or false" in str(caught.value)


# ---------------------------------------------------------------------- 4. missing parent file
def test_a_missing_parent_file_is_named_with_the_path_looked_for(user_presets):
    error = refused(user_presets, 'extends = "nothere.toml"\n')
    assert error.field == "extends"
    assert error.reason == f"no such preset file: {user_presets.resolve() / 'nothere.toml'}"


# ---------------------------------------------------------------------- 5. the name hint
def test_the_unknown_name_hint_lists_only_presets_that_load(user_presets):
    write(user_presets, "forsetti", 'extends = "forseti"\n[rules]\nburn = 1\n')
    with pytest.raises(VariantError) as caught:
        load_variant("forsettii")
    reason = caught.value.reason
    known = reason.split("known presets: ")[1].split(";")[0]
    assert "forseti" in known.split(", ") and "forsetti" not in known.split(", ")
    assert "did you mean 'forseti'?" in reason and reason.endswith("; forsetti does not load)")


def test_a_broken_preset_with_an_unknown_parent_does_not_loop_the_hint(user_presets):
    write(user_presets, "orphan", 'extends = "no-parent"\n')
    with pytest.raises(VariantError, match="known presets: .*forseti.*; orphan does not load"):
        load_variant("nope")
    with pytest.raises(VariantError) as caught:
        load_variant("orphan")
    assert caught.value.field == "extends" and "no preset named 'no-parent'" in caught.value.reason
    assert "known presets" not in caught.value.reason  # (an unknown parent: only the closest names)


# ---------------------------------------------------------------------- 6. read-only tables
@pytest.mark.parametrize(("preset", "knob", "key"), [
    ("tonk-classic", "card_points", "K"),
    ("shanghai-classic", "card_points", "K"),
    ("shanghai-classic", "decks_by_players", 3),
    ("president-classic", "title_points", "president"),
])
def test_a_loaded_presets_tables_cannot_be_changed(preset, knob, key):
    variant = load_variant(preset)
    game = new_game(variant, players=3, seed=7)
    table = getattr(game.view(1).rules, knob)
    before = dict(table)
    for change in (lambda: table.__setitem__(key, 0), lambda: table.pop(key), lambda: table.update({key: 0}),
                   lambda: table.clear(), lambda: table.setdefault("x", 1), lambda: table.popitem(),
                   lambda: table.__delitem__(key)):
        with pytest.raises(TypeError):
            change()
    assert getattr(variant.rules, knob) == before
    assert Game.from_json(game.to_json()).variant == variant


@pytest.mark.parametrize("preset", ["tonk-classic", "shanghai-classic", "president-classic"])
def test_a_loaded_presets_knobs_and_fields_cannot_be_set(preset):
    """Setting a knob or a field is a TypeError in words, as for the tables (not
    pydantic's "Instance is frozen"); ``model_copy(update=...)`` makes a changed copy."""
    variant = load_variant(preset)
    for owner, name in ((variant.rules, "jokers"), (variant, "title"), (variant.players, "min")):
        with pytest.raises(TypeError, match=f"a loaded preset is read-only: {name} cannot be set"):
            setattr(owner, name, 1)
        with pytest.raises(TypeError, match="read-only"):
            delattr(owner, name)
    assert variant == load_variant(preset)
    changed = variant.model_copy(update={"title": "Ours"})
    assert (changed.title, variant.title) == ("Ours", load_variant(preset).title)


def test_changed_makes_a_checked_copy_with_other_knobs():
    """``variant.changed(knob=value)`` is checked as a preset file is: the copy deals by
    its knobs, the preset stays as it was, and a wrong name or value names the knob."""
    variant = load_variant("president-classic")
    with_jokers = variant.changed(jokers=2)
    assert (with_jokers.rules.jokers, variant.rules.jokers) == (2, 0)
    assert sum(len(hand) for hand in new_game(with_jokers, players=4, seed=1).hands) == 54
    assert with_jokers.changed(jokers=0) == variant == load_variant("president-classic")
    for knobs, field, reason in (
            ({"jokers": 99}, "rules.jokers", "should be 0–4 (got 99)"),
            ({"jokers": "2"}, "rules.jokers", "should be a whole number (got '2')"),
            ({"jokerz": 1}, "rules.jokerz", "unknown knob 'jokerz' for president — did you mean 'jokers'?"),
            ({"buy_penalty": 0}, "rules.buy_penalty", "'buy_penalty' is a shanghai knob, not a president one")):
        with pytest.raises(VariantError) as caught:
            variant.changed(**knobs)
        assert (caught.value.file, caught.value.field, caught.value.reason) == \
            ("president-classic (changed)", field, reason)
    with pytest.raises(TypeError, match=r"variant\.changed\(jokers=\.\.\.\) makes a checked copy"):
        variant.rules.jokers = 2  # type: ignore[misc]


@pytest.mark.parametrize("preset", ["tonk-classic", "shanghai-classic", "president-classic"])
def test_read_only_tables_still_dump_copy_compare_and_write(preset, user_presets):
    variant = load_variant(preset)
    dumped = variant.model_dump()
    assert all(type(v) is dict for v in dumped["rules"].values() if isinstance(v, dict))
    json.dumps(variant.model_dump(mode="json"))
    assert copy.deepcopy(variant) == variant == pickle.loads(pickle.dumps(variant)) == load_variant(preset)
    assert hash(variant.rules) == hash(load_variant(preset).rules)
    for value in dumped["rules"].values():
        if isinstance(value, dict):
            toml_value(value)
    draft = Draft.new_from(preset)
    draft.values["title"] = "Ours"
    draft.save("ours")
    assert load_variant("ours").rules == variant.rules


def test_a_save_with_a_preset_value_of_the_wrong_type_is_refused():
    game = new_game(load_variant("tonk-classic"), players=2, seed=3)
    data = json.loads(game.to_json())
    data["variant"]["rules"]["stake"] = "5"
    from cardtable.engine.errors import SaveError

    with pytest.raises(SaveError, match="rules.stake: should be a whole number"):
        Game.from_data(data)


def test_a_titles_table_outside_president_says_the_game_has_no_titles(user_presets):
    error = refused(user_presets, 'family = "tonk"\nextends = "tonk-classic"\n[titles]\nscum = "x"\n')
    assert (error.field, error.reason) == ("titles", "tonk has no titles (only President names its places)")
    error = refused(user_presets, 'family = "tonk"\nextends = "tonk-classic"\n[rules]\ntitles = 3\n')
    assert (error.field, error.reason) == ("rules.titles", "tonk has no titles (only President names its places)")
    error = refused(user_presets, 'family = "shanghai"\nextends = "shanghai-classic"\ncolour = 1\n')
    assert error.reason.startswith("unknown key 'colour': the top level holds only family, extends, "
                                   "title, description and players;")


def test_a_mistyped_title_key_gets_the_closest_and_the_keys_there_are(user_presets):
    """(A new user's `scumm` under [titles] got only "unknown key", where a mistyped knob
    gets "did you mean".)"""
    keys = "president, vice_president, secretary, neutral, clerk, vice_scum, scum"
    error = refused(user_presets, 'family = "president"\nextends = "president-classic"\n[titles]\nscumm = "Bum"\n')
    assert (error.field, error.reason) == ("titles.scumm", f"unknown key 'scumm' — did you mean 'scum'? ([titles] holds {keys})")
    error = refused(user_presets, 'family = "president"\nextends = "president-classic"\n[titles]\nzzz = "Bum"\n')
    assert (error.field, error.reason) == ("titles.zzz", f"unknown key 'zzz' ([titles] holds {keys})")


def test_a_preset_that_extends_its_own_name_is_told_so(user_presets):
    error = refused(user_presets, 'family = "tonk"\nextends = "t"\n', name="t")
    assert error.field == "extends" and error.reason.startswith("'t' is this preset itself")


@pytest.mark.parametrize("content, reason", [
    ("x = " + "[" * 2000 + "]" * 2000 + "\n", "not a preset: lists or tables nested too deeply to read"),
    ("# " + "x" * (1 << 20) + "\n", "larger than 1 MiB: too large to be a preset"),
], ids=["nested", "huge"])
def test_a_crafted_preset_file_is_refused_in_words(tmp_path, content, reason):
    """(A tester's 1 KB of nested lists crashed the start screen and `presets list` with a
    RecursionError; a huge file was read whole.) A preset error, naming the file."""
    path = tmp_path / "crafted.toml"
    path.write_text(content)
    with pytest.raises(VariantError) as error:
        load_variant(str(path))
    assert str(error.value) == f"{path}: {reason}"


def test_a_byte_order_mark_an_editor_put_first_is_skipped(tmp_path):
    path = tmp_path / "marked.toml"
    path.write_text('extends = "tonk-classic"\ntitle = "Ours"\n', encoding="utf-8-sig")
    assert load_variant(str(path)).title == "Ours"


def test_a_pipe_in_the_presets_folder_is_told_not_a_file_and_never_waited_on(user_presets):
    """(A tester's FIFO named like a preset made `presets list` hang.)"""
    import os

    from cardtable.presets.loader import read_toml

    os.mkfifo(user_presets / "pipe.toml")
    with pytest.raises(VariantError, match="not a file"):
        read_toml(user_presets / "pipe.toml")


def test_a_preset_symlinked_to_itself_is_a_preset_error(user_presets):
    """(Python 3.11's pathlib raised RuntimeError "Symlink loop" through `play --preset`.)"""
    (user_presets / "loop.toml").symlink_to(user_presets / "loop.toml")
    with pytest.raises(VariantError, match="cannot be read"):
        load_variant("loop")
    # (given as a path, or as a parent, it was "no such preset file": it is there, and loops)
    with pytest.raises(VariantError, match="a symbolic link that leads back to itself$"):
        load_variant(str(user_presets / "loop.toml"))
    (user_presets / "child.toml").write_text('extends = "./loop.toml"\n')
    with pytest.raises(VariantError, match="extends: a symbolic link that leads back to itself"):
        load_variant("child")


def test_a_file_whose_name_holds_a_control_character_is_no_preset(user_presets):
    """(A tester's file named with an escape was printed raw by `presets list`.)"""
    (user_presets / "ev\x1b[2Jil.toml").write_text('extends = "tonk-classic"\n')
    (user_presets / "fine.toml").write_text('extends = "tonk-classic"\n')
    names = set(preset_files())
    assert "fine" in names and not any("\x1b" in name for name in names)
