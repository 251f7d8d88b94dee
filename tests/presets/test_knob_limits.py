"""Numbers a preset may hold are bounded where a table could not use more (a match's
scores, seeds and chips are kept as 64-bit numbers in saves and the history), and a
Shanghai contract whose sets the decks cannot make is refused when it loads (S4, S5):
its hands could never be laid down."""

from __future__ import annotations

import pytest

from cardtable import load_variant, parse_cards

from .test_preset_problems import knob_refused, refused


@pytest.mark.parametrize(("parent", "line", "field", "reason"), [
    ("tonk-classic", "starting_chips = 99999999999999999999", "rules.starting_chips", "should be 0–1000000 (got"),
    ("tonk-classic", "match_hands = 10001", "rules.match_hands", "should be 0–10000 (got"),
    ("president-classic", "match_target = 1001", "rules.match_target", "should be 0–1000 (got"),
    ("president-classic", "match_rounds = 5000", "rules.match_rounds", "should be 0–1000 (got"),
    ("president-classic", "title_points = { president = 101 }", "rules.title_points",
     "president: a title scores -100 to 100 points, not 101"),
    ("shanghai-classic", "go_out_bonus = -1001", "rules.go_out_bonus", "should be -1000 to 1000 (got -1001)"),
    ("shanghai-classic", "go_out_in_one_bonus = 5000", "rules.go_out_in_one_bonus", "should be -1000 to 1000 (got"),
    ("shanghai-classic", "card_points = { K = 1001 }", "rules.card_points",
     "K: a card scores -1000 to 1000 points, not 1001"),
])
def test_a_number_past_its_limit_is_refused_naming_the_knob(user_presets, parent, line, field, reason):
    error = knob_refused(user_presets, parent, line)
    assert error.field == field and reason in error.reason, (error.field, error.reason)


def test_a_set_the_decks_cannot_make_is_refused(user_presets):
    """S4/S5: one deck holds four of a rank; with no wilds a set of 5 can never be made."""
    error = refused(user_presets, 'family = "shanghai"\nextends = "shanghai-classic"\nplayers = { min = 3, max = 4 }\n'
                                  '[rules]\ncontracts = [[["set", 3], ["set", 5]]]\nbuys_per_hand = [3]\n'
                                  'decks_by_players = { 3 = 1, 4 = 1 }\njokers = 0\nwilds = []\n')
    assert (error.field, error.reason) == (
        "rules.contracts", "hand 1's set of 5 needs 5 cards of one rank, but 1 deck (for 3 players) "
                           "holds 4, with no wilds")


def test_wilds_make_up_at_most_half_a_set(user_presets):
    """S5: a set of 9 holds at most 4 wilds, so it needs 5 naturals: one deck is short even
    with 6 wilds; two decks are enough."""
    text = ('family = "shanghai"\nextends = "shanghai-classic"\nplayers = {{ min = 3, max = 4 }}\n'
            '[rules]\ncontracts = [[["set", 9]]]\nbuys_per_hand = [3]\n'
            'decks_by_players = {{ 3 = {decks}, 4 = {decks} }}\nwilds = ["JK", "2"]\nhand_size = 11\n')
    error = refused(user_presets, text.format(decks=1))
    assert error.reason == ("hand 1's set of 9 needs 5 cards of one rank, but 1 deck (for 3 players) "
                            "holds 4 and 6 wilds")
    (user_presets / "house.toml").write_text(text.format(decks=2), encoding="utf-8")
    assert load_variant("house").rules.contracts == ((("set", 9),),)


@pytest.mark.parametrize(("hand", "reason"), [
    ('[["set", 3, 4]]', 'hand 1, meld 1: a meld is written ["set", 3] or ["run", 4], not ["set", 3, 4]'),
    ("[[]]", 'hand 1, meld 1: a meld is written ["set", 3] or ["run", 4], not []'),
    ('["set", 3]', 'hand 1, meld 1: a meld is written ["set", 3] or ["run", 4], not "set"'),
    ('"set 3"', 'hand 1: a hand is a list of melds, such as [["set", 3], ["run", 4]], not "set 3"'),
    ("1979-05-27", 'hand 1: a hand is a list of melds, such as [["set", 3], ["run", 4]], not "1979-05-27"'),
])
def test_a_contract_written_in_the_wrong_shape_is_told_in_the_presets_terms(user_presets, hand, reason):
    """S2: (the words were pydantic's: "entry 1.1 Tuple should have at most 2 items after
    validation, not 3", "entry 4.1.1 missing"), and the whole list is not repeated after."""
    error = refused(user_presets, 'family = "shanghai"\nextends = "shanghai-classic"\n[rules]\n'
                                  f"contracts = [{hand}]\nbuys_per_hand = [3]\n")
    assert (error.field, error.reason) == ("rules.contracts", reason)


def test_more_plays_than_a_turn_can_list_are_refused(user_presets):
    """P27: a turn lists every play; with 96 wild cards (3 decks, 8 wild ranks) at 3 players
    there were billions and the game hung. What counts is the plays of the fullest hand
    in 64 sample deals at the fewest players, wild cards and decks together: two decks
    with 2s and 3s wild are refused at 3 players (~24,000), not at 4 (~5,600); three decks
    with only 2s wild are refused (~12,000: twelve 2s, where counting wild cards let them
    by); one deck with jokers, 2s, 3s and 4s wild loads (~6,100)."""
    from cardtable.games.president.preset import lead_plays

    text = ('family = "president"\nextends = "president-classic"\nplayers = {{ min = {low}, max = 7 }}\n'
            '[rules]\ndecks = {decks}\njokers = {jokers}\nwilds = {wilds}\n')
    error = refused(user_presets, text.format(low=3, decks=3, jokers=0, wilds='["2", "3", "4", "5", "6", "7", "8", "9"]'))
    assert error.field == "rules.wilds" and error.reason.startswith(
        "with these wild cards in 3 decks, a hand at 3 players (players.min) can have ")
    assert error.reason.endswith(" plays to lead (in sample deals); more than 10,000 make every turn slow to "
                                 "list and the bots slow to weigh: name fewer wild ranks, use fewer decks, or "
                                 "raise players.min")
    for decks, wilds in ((2, '["2", "3"]'), (3, '["2"]')):
        assert refused(user_presets, text.format(low=3, decks=decks, jokers=0, wilds=wilds)).field == "rules.wilds"
    for low, decks, jokers, wilds in ((4, 2, 0, '["2", "3"]'), (3, 1, 2, '["JK", "2", "3", "4"]')):
        (user_presets / "house.toml").write_text(text.format(low=low, decks=decks, jokers=jokers, wilds=wilds),
                                                 encoding="utf-8")
        assert load_variant("house").rules.decks == decks
    # the count: per rank, the sets of its naturals (at least one, twins alike) times the sets of wilds
    hand = parse_cards("3S 3S 3H 4D 2C 2C")
    assert lead_plays(hand, frozenset({2})) == ((3 * 2 - 1) + (2 - 1)) * 3


def test_a_range_reads_the_same_in_a_preset_error_and_the_editor():
    """The range words a preset's error and the house-rules editor share: both ends, one
    end, or none; a negative low end written "to", not a dash that reads as a minus."""
    from cardtable.presets.groups import field_specs
    from cardtable.presets.model import range_words

    assert [range_words(2, 4), range_words(-1000, 1000), range_words(0, None), range_words(None, 9),
            range_words(None, None)] == ["2–4", "-1000 to 1000", "0 or more", "at most 9", ""]
    variant = load_variant("shanghai-classic")
    specs = {spec.name: spec for spec in field_specs(type(variant.rules))}
    assert specs["go_out_bonus"].range_text == "-1000 to 1000"


def test_a_player_count_out_of_range_is_told_the_range(user_presets):
    """The players' range reads as the rules' do ("should be 2–8 (got 30)"), not pydantic's
    "less than or equal to 8" (a play-tester's validate run had both wordings)."""
    error = refused(user_presets, 'family = "president"\nplayers = { min = 3, max = 30 }\n')
    assert (error.field, error.reason) == ("players.max", "should be 2–8 (got 30)")
