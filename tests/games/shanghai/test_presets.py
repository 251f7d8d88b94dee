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
