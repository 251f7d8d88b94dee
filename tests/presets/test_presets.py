"""Presets (X4): shipped files load; user presets override and extend; every bad preset
is refused with the file, the field and the reason."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardtable import VariantError, list_variants, load_variant, new_game
from cardtable.engine.cards import JACK, JOKER
from cardtable.engine.registry import available_families
from cardtable.presets import describe_rules
from cardtable.presets.loader import preset_files

SHIPPED_PRESIDENT = {"president-classic", "forseti", "west-coast", "president-bombs", "red-threes",
                     "scum-secretary"}


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_shipped_preset_loads_with_its_family():
    names = list_variants()
    assert SHIPPED_PRESIDENT <= set(names)
    for name in names:
        variant = load_variant(name)
        assert variant.name == name and variant.family in available_families()
        assert variant.title and variant.description


def test_forseti_reads_as_the_rule_book_says():
    forseti = load_variant("forseti")
    rules = forseti.rules
    assert (rules.leftover, rules.equal_rank, rules.pass_locks_out, rules.exchange) == \
        ("aside", "allowed", True, "forseti")
    assert forseti.titles.president == "Forseti" and forseti.titles.scum == "Skítur"
    assert (forseti.players.min, forseti.players.max) == (3, 6)
    assert rules.rank_order == "two_high"  # inherited from president-classic


def test_the_kitchen_table_plays_its_social_house_rules():
    """president-kitchen: P29 the others' hand counts are hidden from a seat's view; after
    round 1's exchange, P18 the President is asked to open the black market, then P19 the
    table-talk offers; P11 round 2's first turn is the President's."""
    from cardtable.bots import make_bot
    from cardtable.engine.rng import Rng

    game = new_game(load_variant("president-kitchen"), 4, seed=5)
    view = game.view(0)
    assert view.hand_sizes == (len(view.hand), None, None, None)
    bot, rng = make_bot("president", "simple"), Rng(5)
    while not game.round_over:
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    president = game.titles.index("president")
    game.next_round()
    phases = []
    while game.view(game.to_act[0]).phase != "play":
        seat = game.to_act[0]
        phases.append((game.view(seat).phase, seat))
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    kinds = [phase for phase, _seat in phases]
    assert "market_open" in kinds and "talk" in kinds and kinds.index("market_open") < kinds.index("talk")
    assert ("market_open", president) in phases
    assert game.to_act == (president,)


@pytest.mark.parametrize(("preset", "rule"), [("president-classic", "P"), ("shanghai-classic", "S"),
                                              ("tonk-classic", "T")])
def test_every_knob_has_a_one_line_description_with_its_rule_id(preset, rule):
    """A knob's description is shown as one line (the rules dialog, ``presets show``, the
    editor): a line break in it showed as a broken line."""
    for name, _value, description, _default in describe_rules(load_variant(preset).rules):
        assert description.startswith(rule) and "\n" not in description, name


def test_user_preset_extends_a_shipped_one(user_presets):
    write(user_presets, "our-table", 'family = "president"\nextends = "forseti"\ntitle = "Ours"\n'
          'players = { min = 4, max = 6 }\n[rules]\ntwos = "single_beats_any"\n')
    variant = load_variant("our-table")
    assert variant.rules.twos == "single_beats_any" and variant.rules.equal_rank == "allowed"
    assert variant.titles.president == "Forseti" and variant.players.min == 4
    assert "our-table" in list_variants("president")
    assert preset_files()["our-table"][1] == "user"


def test_user_preset_of_the_same_name_overrides_and_may_extend_the_shipped_one(user_presets):
    write(user_presets, "forseti", 'extends = "forseti"\n[rules]\nmatch_target = 5\n')
    variant = load_variant("forseti")
    assert variant.rules.match_target == 5 and variant.rules.exchange == "forseti"


def test_house_rules_with_no_description_of_their_own_are_not_told_in_their_parents_words(user_presets):
    """A play-tester's preset on shanghai-classic with two contracts showed the parent's
    "Ten hands, ten contracts; …" on the start screen and in the rules. A preset that
    changes rules and says nothing of its own is "House rules on <parent's title>."; one
    that only renames keeps the parent's words (still true), and one with its own keeps them."""
    write(user_presets, "quick", 'extends = "shanghai-classic"\ntitle = "Quick"\n[rules]\n'
          'contracts = [[["set", 3], ["set", 3]], [["set", 3], ["run", 4]]]\nbuys_per_hand = [3, 3]\n')
    write(user_presets, "renamed", 'extends = "shanghai-classic"\ntitle = "Ours"\n')
    write(user_presets, "said", 'extends = "shanghai-classic"\ndescription = "Two hands."\n[rules]\n'
          'contracts = [[["set", 3], ["set", 3]], [["set", 3], ["run", 4]]]\nbuys_per_hand = [3, 3]\n')
    write(user_presets, "quicker", 'extends = "quick"\n[rules]\nbuy_penalty = 1\n')  # (on house rules: said once)
    classic = load_variant("shanghai-classic")
    assert classic.description.startswith("Ten hands")
    assert load_variant("quick").description == f"House rules on {classic.title}."
    assert load_variant("renamed").description == classic.description
    assert load_variant("said").description == "Two hands."
    assert load_variant("quicker").description == f"House rules on {classic.title}."


def test_house_rules_on_a_preset_with_no_title_name_it_by_its_file(user_presets):
    """A parent with no title is titled by its file's name; house rules on it say that
    name, not what their ``extends`` wrote ("./base.toml")."""
    write(user_presets, "base", 'family = "tonk"\ndescription = "Our base words."\nplayers = {min = 2, max = 5}\n')
    write(user_presets, "child", 'extends = "./base.toml"\n[rules]\ndeal_size = 7\n')
    assert load_variant("base").title == "base"
    assert load_variant("child").description == "House rules on base."


def test_extends_a_relative_path(tmp_path):
    folder = tmp_path / "house"
    folder.mkdir()
    write(folder, "base", 'family = "president"\nplayers = { min = 3, max = 5 }\n[rules]\nburn = true\n')
    child = write(folder, "child", 'extends = "base.toml"\n[rules]\nbomb = "four_of_a_kind"\n')
    variant = load_variant(str(child))
    assert variant.rules.burn and variant.rules.bomb == "four_of_a_kind" and variant.name == "child"


@pytest.mark.parametrize(("text", "field", "reason"), [
    ('family = "president"\nplayers = {min = 3, max = 5}\n[rules]\nequal_ranks = "no"\n',
     "rules.equal_ranks", "unknown knob 'equal_ranks' for president — did you mean 'equal_rank'?"),
    ('family = "president"\nplayers = {min = 3, max = 5}\n[rules]\ndecks = "two"\n',
     "rules.decks", "should be a whole number (got 'two')"),
    ('family = "president"\nplayers = {min = 3, max = 5}\n[rules]\ndecks = 5\n',
     "rules.decks", "should be 1–3 (got 5)"),
    ('family = "president"\nplayers = {min = 3, max = 5}\n[rules]\nbuy_penalty = 1\n',
     "rules.buy_penalty", "is a shanghai knob, not a president one"),
    ('family = "president"\nplayers = {min = 3, max = 5}\n[rules]\nequal_rank = "sometimes"\n',
     "rules.equal_rank", "'no', 'allowed' or 'skip'"),
    ('family = "president"\nplayers = {min = 3, max = 5}\n[rules]\nwilds = ["JK"]\n',
     "rules.wilds", "no jokers"),
    ('family = "president"\nplayers = {min = 3, max = 5}\n[rules]\njokers = 1\n'
     'wilds = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]\n',
     "rules.wilds", "every rank from 2 to A"),  # P27: it crashed at the deal
    ('extends = "west-coast"\n[rules]\ntwo_any_time = true\n',
     "rules.two_any_time", 'it needs rank_order "two_high"'),  # P22 could never be used
    ('extends = "president-classic"\n[rules]\nwilds = ["2"]\ntwo_any_time = true\n',
     "rules.two_any_time", "and 2 not wild"),  # P22: a wild 2 is no top card to throw in
    ('extends = "west-coast"\n[rules]\ntwos = "single_beats_any"\n',
     "rules.twos", '"single_beats_any" lets natural 2s, the top rank, top other plays (P20), so it needs '
     'rank_order "two_high"'),  # P20: it was ignored
    ('extends = "president-classic"\n[rules]\nwilds = ["2"]\ntwos = "pair_beats_single"\n',
     "rules.twos", "and 2 not wild"),
    ('extends = "president-classic"\n[rules]\ntitle_points = {}\nmatch_target = 3\n',
     "rules.match_target", "no title scores points (title_points), so nobody reaches 3"),  # P30: endless
    ('extends = "president-classic"\n[rules]\ntitle_points = {scum = -1}\n',
     "rules.match_target", "so nobody reaches 11"),
    ('family = "president"\nplayers = {min = 3, max = 5}\n[rules]\ntop_positions = 3\n',
     "rules.top_positions", "need 6 players"),
    ('family = "president"\nplayers = {min = 6, max = 3}\n', "players", "min (6) is more than max (3)"),
    ('family = "poker"\nplayers = {min = 3, max = 5}\n', "family", "unknown family 'poker'"),
    ('players = {min = 3, max = 5}\n', "family", "missing"),
    ('family = "president"\nplayers = {min = 3, max = 5}\nstake = 2\n', "stake", "knobs go in [rules]"),
    ('family = "president"\nextends = "no-such-preset"\n', "extends", "no preset named 'no-such-preset'"),
    # the child's own change is named, not the shipped parent that set the other field
    ('extends = "president-classic"\nplayers = {min = 6, max = 4}\n', "players", "min (6) is more than max (4)"),
    ('family = "tonk"\nextends = "president-classic"\n', "family",
     "is 'tonk', but it extends 'president-classic', a president preset"),
    ('extends = "shanghai-classic"\nplayers = {min = 3, max = 8}\n', "rules.decks_by_players",
     "no entry for 7 players (players is 3–8) (rules.decks_by_players is set in shanghai-classic.toml)"),
    ('extends = "shanghai-classic"\n[rules]\ncontracts = [[["set", 3], ["set", 3]]]\n', "rules.buys_per_hand",
     "(rules.buys_per_hand is set in shanghai-classic.toml)"),
])
def test_bad_presets_name_file_field_and_reason(user_presets, text, field, reason):
    path = write(user_presets, "broken", text)
    with pytest.raises(VariantError) as caught:
        load_variant("broken")
    error = caught.value
    assert error.file == str(path.resolve()) and error.field == field
    assert reason in error.reason
    assert str(error).startswith(f"{path.resolve()}: {field}: ")


def test_the_file_that_set_a_bad_value_is_named(user_presets):
    parent = write(user_presets, "parent", 'family = "president"\nplayers = {min = 3, max = 5}\n'
                   '[rules]\ntwos = "always"\n')
    write(user_presets, "child", 'extends = "parent"\n[rules]\nburn = true\n')
    with pytest.raises(VariantError) as caught:
        load_variant("child")
    assert caught.value.file == str(parent.resolve()) and caught.value.field == "rules.twos"


def test_extends_cycle_is_refused(user_presets):
    """The error names the file loaded when it is in the loop (validating a.toml names
    a.toml, not b.toml); a preset extending into a loop names where the loop begins."""
    a = write(user_presets, "a", 'extends = "b"\n')
    b = write(user_presets, "b", 'extends = "a"\n')
    write(user_presets, "x", 'extends = "a"\n')
    for name, file, loop in (("a", a, "a -> b -> a"), ("b", b, "b -> a -> b"), ("x", a, "x -> a -> b -> a")):
        with pytest.raises(VariantError, match=f"cycle: {loop}$") as caught:
            load_variant(name)
        assert (caught.value.file, caught.value.field) == (str(file.resolve()), "extends")


def test_a_cycle_through_a_user_file_with_a_shipped_name_says_so(user_presets):
    """A tester's president-classic.toml extended forseti, which extends president-classic:
    now the user's file, so every shipped President preset was "in a cycle", with no word
    of why. The message names the user's file that takes the shipped one's place."""
    ours = write(user_presets, "president-classic", 'extends = "forseti"\ntitle = "Our President"\n')
    with pytest.raises(VariantError) as caught:
        load_variant("forseti")
    assert caught.value.reason == ("presets extend each other in a cycle: forseti -> president-classic (yours) -> "
                                   f"forseti; your {ours.resolve()} takes the place of the shipped president-classic")
    # a user file named like the shipped one it extends: in the chain both are named, yours
    # marked (a play-tester read "tonk-sitting -> tonk-sitting" as a preset extending itself)
    write(user_presets, "tonk-classic", 'extends = "tonk-sitting"\n')
    sitting = write(user_presets, "tonk-sitting", 'extends = "tonk-sitting"\n')
    with pytest.raises(VariantError) as caught:
        load_variant(str(sitting))
    assert caught.value.reason.startswith("presets extend each other in a cycle: tonk-sitting (yours) -> tonk-sitting "
                                          "-> tonk-classic (yours) -> tonk-sitting (yours); your ")
    write(user_presets, "a", 'extends = "b"\n')
    write(user_presets, "b", 'extends = "a"\n')
    with pytest.raises(VariantError, match="cycle: a -> b -> a$"):  # (no shipped name: nothing more to say)
        load_variant("a")


def test_a_long_chain_of_extends_loads_and_lists(user_presets):
    """A tester's 1,500 presets, each extending the one before, crashed ``presets list``
    and the start screen with Python's RecursionError past about a thousand (and took
    minutes short of it: each preset looked every parent up and resolved its whole chain
    again). The chain is walked, each file read once in a listing."""
    write(user_presets, "c0", 'family = "tonk"\nextends = "tonk-classic"\ntitle = "Deep"\n')
    for number in range(1, 1500):
        write(user_presets, f"c{number}", f'extends = "c{number - 1}"\n' + ("[rules]\nstake = 3\n" if number == 700 else ""))
    deep = load_variant("c1499")
    assert (deep.title, deep.rules.stake) == ("Deep", 3) and load_variant("c699").rules.stake != 3
    names = list_variants("tonk")
    assert {"c0", "c700", "c1499"} <= set(names) and len(names) >= 1500
    write(user_presets, "c0", 'extends = "c1499"\n')  # (the chain closed into a loop: every one refused)
    with pytest.raises(VariantError) as caught:
        load_variant("c1499")
    assert caught.value.reason == ("presets extend each other in a cycle through 1500 presets: "
                                   "c1499 -> c1498 -> c1497 -> c1496 -> … -> c2 -> c1 -> c0 -> c1499")
    assert not {"c0", "c700", "c1499"} & set(list_variants("tonk"))


def test_bad_toml_is_refused_with_the_line(user_presets):
    path = write(user_presets, "typo", 'family = "president\n')
    with pytest.raises(VariantError, match="not valid TOML") as caught:
        load_variant("typo")
    assert caught.value.file == str(path.resolve())


@pytest.mark.parametrize(("text", "said"), [
    ('family = "president\n', "Illegal character '\\n' (at line 1, column 20): a string not closed on its line?"),
    ('family = "president"\nfamily = "tonk"\n', "Cannot overwrite a value (at line 2, column 16): a key given twice?"),
    ('family = \n', "Invalid value (at line 1, column 10): a key with no value, or a list not closed?"),
    ('[rules\n', "Expected ']' at the end of a table declaration (at line 1, column 7)"),  # (plain enough)
])
def test_bad_toml_says_what_slip_it_looks_like(user_presets, text, said):
    """tomllib's "Illegal character '\\n'" left a writer guessing: the usual slips are named."""
    write(user_presets, "typo", text)
    with pytest.raises(VariantError) as caught:
        load_variant("typo")
    assert caught.value.reason == f"not valid TOML: {said}"


def test_unknown_preset_name_lists_the_known_ones():
    with pytest.raises(VariantError, match="no preset named 'nope'.*president-classic"):
        load_variant("nope")


def test_a_broken_user_preset_does_not_hide_the_others(user_presets):
    write(user_presets, "broken", "family = 3\n")
    assert SHIPPED_PRESIDENT <= set(list_variants("president"))


def test_presets_are_found_outside_the_source_tree(tmp_path):
    """After ``pip install .`` the shipped presets come from inside the package."""
    code = ("import cardtable; from cardtable.paths import shipped_dir; "
            "v = cardtable.load_variant('forseti'); print(v.title, shipped_dir('variants').is_dir())")
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["Forseti", "True"]


def test_a_preset_that_is_not_utf8_is_refused_with_its_file(user_presets):
    path = user_presets / "latin.toml"
    path.write_bytes(b'family = "president"\ntitle = "Pr\xe4sident"\n')
    with pytest.raises(VariantError) as caught:
        load_variant("latin")
    assert caught.value.file == str(path.resolve())
    assert caught.value.reason == "not UTF-8 text (byte 0xe4 at offset 32); save it as UTF-8"
    assert "latin" not in list_variants("president")


def test_a_list_knob_given_a_single_value_says_list_not_tuple(user_presets):
    write(user_presets, "onewild", 'family = "president"\nextends = "president-classic"\n[rules]\nwilds = "JK"\n')
    with pytest.raises(VariantError) as error:
        load_variant("onewild")
    assert error.value.field == "rules.wilds"
    assert error.value.reason == "should be a list, written in [ ] (got 'JK')"


@pytest.mark.parametrize(("parent", "knob", "written", "read"), [
    ("president-classic", "wilds", '["t", "joker"]', ("10", "JK")),
    ("shanghai-classic", "wilds", '["t", "1", "joker"]', ("10", "A", "JK")),
])
def test_rank_names_are_read_alike_in_every_family(tmp_path, parent, knob, written, read):
    """A preset may write a rank as the rule book does or as "t" (ten), "1" (ace),
    "joker"; every family reads them the same way, into the rule book's spelling."""
    jokers = "jokers = 2\n" if parent.startswith("president") else ""
    (tmp_path / "p.toml").write_text(f'extends = "{parent}"\n[rules]\n{jokers}{knob} = {written}\n')
    assert load_variant(tmp_path / "p.toml").rules.wilds == read


def test_card_points_rank_aliases_in_tonk_and_shanghai(tmp_path):
    """``card_points`` keys: "t" is the ten, "joker" the joker, in Tonk as in Shanghai."""
    (tmp_path / "t.toml").write_text('extends = "tonk-classic"\n[rules.card_points]\nt = 7\n')
    assert load_variant(tmp_path / "t.toml").rules.card_points == {"10": 7}
    (tmp_path / "s.toml").write_text('extends = "shanghai-classic"\n[rules.card_points]\nt = 7\njoker = 40\n')
    points = load_variant(tmp_path / "s.toml").rules.card_points
    assert (points["10"], points["JK"]) == (7, 40)


@pytest.mark.parametrize(("parent", "rules"), [
    ("president-classic", 'wilds = ["11"]'),
    ("shanghai-classic", 'wilds = ["11"]'),
    ("shanghai-classic", '[rules.card_points]\n11 = 5'),
    ("tonk-classic", '[rules.card_points]\n11 = 5'),
])
def test_a_rank_no_family_knows_is_refused_alike_with_the_names_that_are_ranks(tmp_path, parent, rules):
    """P27/S5/S11/T4: every family says the same of a rank that is none (an "11" for a jack)."""
    (tmp_path / "p.toml").write_text(f'extends = "{parent}"\n[rules]\n{rules}\n')
    with pytest.raises(VariantError) as error:
        load_variant(tmp_path / "p.toml")
    assert error.value.reason == "'11' is not a rank (use 2 … 10, J, Q, K, A, JK)"


def test_tonk_counts_a_card_by_the_rank_its_alias_names(tmp_path):
    """T4 with ``card_points``: "t" and "joker" set the ten's and the joker's count."""
    (tmp_path / "t.toml").write_text('extends = "tonk-classic"\n[rules]\njokers = 2\n'
                                     '[rules.card_points]\nt = 7\njoker = 25\n')
    table = load_variant(tmp_path / "t.toml").rules.points_table()
    assert (table[10], table[JOKER], table[JACK]) == (7, 25, 10)


def test_P30_no_title_points_loads_when_the_match_ends_by_rounds(user_presets):
    """P30: a match nobody can win on points is refused only when it has a target."""
    path = write(user_presets, "rounds", 'extends = "president-classic"\n[rules]\ntitle_points = {}\n'
                                         'match_target = 0\nmatch_rounds = 5\n')
    rules = load_variant(path).rules
    assert rules.title_points == {} and rules.match_rounds == 5


def test_of_two_files_of_one_name_the_one_nearer_the_top_is_read_and_the_list_says_so(user_presets, capsys):
    """A tester's ``dup.toml`` and ``sub/dup.toml``: ``presets validate`` read the first,
    every other command the second, and nothing said so; a backup kept in a folder below
    replaced the preset."""
    from cardtable.cli import main

    write(user_presets, "dup", 'extends = "forseti"\ntitle = "top one"\n')
    (user_presets / "sub").mkdir()
    below = write(user_presets / "sub", "dup", 'extends = "forseti"\ntitle = "sub one"\n')
    assert load_variant("dup").title == "top one"
    assert main(["presets", "list"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert f"Not read: {below}: the dup preset is {user_presets / 'dup.toml'} (nearer the top of your presets folder)" \
        in out


def test_a_description_of_only_spaces_is_none(user_presets):
    """The house-rules editor saved ``description = "   "`` and the start screen showed an
    empty line for it (a play-tester): only spaces say nothing, so the preset has none."""
    write(user_presets, "blank", 'extends = "tonk-classic"\ntitle = "Blank"\ndescription = "   "\n')
    assert load_variant("blank").description == ""
