"""Shanghai presets: knobs by rule-book name, and bad values refused with their field."""

from __future__ import annotations

import pytest

from cardtable import VariantError, list_variants, load_variant


def test_every_shanghai_preset_loads_with_a_description():
    names = list_variants("shanghai")
    assert {"shanghai-classic", "shanghai-next-in-turn", "shanghai-wild-twos"} <= set(names)
    for name in names:
        variant = load_variant(name)
        assert variant.description and len(variant.rules.contracts) == len(variant.rules.buys_per_hand)


@pytest.mark.parametrize("body, field", [
    ('players = { min = 2, max = 4 }', "players.min"),
    ('[rules]\nbuys_per_hand = [3, 3]', "rules.buys_per_hand"),
    ('[rules]\nwilds = ["JK", "Z"]', "rules.wilds"),
    ('[rules]\njokers = 0', "rules.wilds"),
    ('[rules]\ncontracts = [[["run", 3]]]\nbuys_per_hand = [3]', "rules.contracts"),
    ('[rules]\nstake = 3', "rules.stake"),
])
def test_bad_presets_name_the_field(tmp_path, body, field):
    path = tmp_path / "bad.toml"
    path.write_text(f'extends = "shanghai-classic"\n{body}\n')
    with pytest.raises(VariantError) as error:
        load_variant(str(path))
    assert error.value.field == field


def test_S5_jokers_in_the_deck_are_wild(tmp_path):
    """S5: a joker is wild; a preset that leaves JK out of ``wilds`` while the deck has
    jokers would make them an ordinary rank ("JK JK JK" a set), so it is refused."""
    path = tmp_path / "twos.toml"
    path.write_text('extends = "shanghai-classic"\n[rules]\nwilds = ["2"]\n')
    with pytest.raises(VariantError) as error:
        load_variant(str(path))
    assert error.value.field == "rules.wilds"
    assert error.value.reason == ("leaves out JK, but the deck has 2 jokers: a joker is always wild (S5): "
                                  "list JK, or set jokers = 0")
    path.write_text('extends = "shanghai-classic"\n[rules]\nwilds = ["2"]\njokers = 0\n')
    assert load_variant(str(path)).rules.wild_ranks == {2}


def test_S6_a_go_down_past_the_listed_ways_says_so():
    """S6 with many wilds: 13 cards with six wilds make more than 50,000 ways to lay down
    three runs of 4; only the first 50,000 are listed (and legal), and a go-down past
    them is refused in words that say so, not as "not in canonical form"."""
    from cardtable import IllegalMove, new_game
    from cardtable.engine.cards import parse_cards
    from cardtable.games.shanghai.godown import MAX_GO_DOWN_OPTIONS

    variant = load_variant("shanghai-wild-twos")
    rules = variant.rules.model_copy(update={"contracts": ((("run", 4),) * 3,) * 10, "hand_size": 12})
    variant = variant.model_copy(update={"rules": rules})
    hands = ["3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "2C 2D 2H 2S 5C 6C 7C 8C 9C 10C JC JK",
             "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"]
    game = new_game(variant, 3, seed=1, hands=hands, stock=parse_cards("JK 3S"), upcard="4S", dealer=0)
    game.apply(1, "draw_stock")
    while game.phase == "buy":
        game.apply(game.to_act[0], "decline")
    assert sum(move.kind == "meld" for move in game.legal_moves(1)) == MAX_GO_DOWN_OPTIONS
    with pytest.raises(IllegalMove) as refused:
        game.apply(1, "meld 2H 2S 9C 10C | 5C 2C 2D 8C | 6C 7C JK JK")
    assert refused.value.reason == ("that go-down is not among the first 50,000 ways listed for this hand "
                                    "(choose one of the listed ways: the same cards, the wilds placed as listed)")


def test_preset_problems_count_in_words(tmp_path):
    """"1 deck", "1 hand": a count of one is not written as a plural."""
    path = tmp_path / "few.toml"
    path.write_text('extends = "shanghai-classic"\nplayers = {min = 3, max = 8}\n[rules]\n'
                    'decks_by_players = {3 = 1, 4 = 1, 5 = 1, 6 = 1, 7 = 1, 8 = 1}\n')
    with pytest.raises(VariantError, match=r"1 deck cannot deal 11 cards to 5 players with a stock"):
        load_variant(str(path))
    path.write_text('extends = "shanghai-classic"\n[rules]\ncontracts = [[["set", 3], ["set", 3]]]\n')
    with pytest.raises(VariantError, match=r"has 10 numbers but contracts has 1 hand \("):
        load_variant(str(path))
