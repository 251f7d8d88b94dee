"""Smoke: every Tonk preset loads and a seeded game starts."""

from cardtable import list_variants, load_variant, new_game


def test_every_tonk_preset_starts() -> None:
    names = list_variants("tonk")
    assert {"tonk-classic", "texas-tonk", "tonk-house", "tonk-spades"} <= set(names)
    for name in names:
        game = new_game(load_variant(name), players=3, seed=1)
        assert game.family == "tonk"
        assert game.to_act == (1,) or game.round_over
