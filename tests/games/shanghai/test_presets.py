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
