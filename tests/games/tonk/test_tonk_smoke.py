"""Smoke: every Tonk preset loads and a seeded game starts."""

from cardtable import list_variants, load_variant, new_game


def test_every_tonk_preset_starts() -> None:
    names = list_variants("tonk")
    assert {"tonk-classic", "texas-tonk", "tonk-house", "tonk-spades"} <= set(names)
    for name in names:
        game = new_game(load_variant(name), players=3, seed=1)
        assert game.family == "tonk"
        # seat 1 (left of the dealer) acts first: to bet in tonk-spades, else to draw or drop
        assert game.to_act == (1,) and not game.round_over, name
        assert game.view(1).phase == ("bet" if game.variant.rules.spades_side_bet else "start"), name


def test_public_view_shows_no_hand():
    """view(None) is the table as a watcher sees it: counts of cards, no card of anyone."""
    from cardtable import load_variant, new_game

    game = new_game(load_variant("tonk-classic"), 3, seed=4)
    public = game.view(None)
    assert public.hand == () and public.hand_sizes == tuple(len(h) for h in game._hands)
    assert all(c is None for c in public.counts)
