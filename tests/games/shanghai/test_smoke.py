from cardtable import new_game


def test_new_game_deals_and_offers_draws(classic):
    game = new_game(classic, 4, seed=3)
    assert game.family == "shanghai" and game.to_act == (1,)
    assert [m.kind for m in game.legal_moves(1)] == ["draw_stock", "take_upcard"]


def test_public_view_shows_no_hand():
    """view(None) is the table as a watcher sees it: hand sizes, melds, no card of anyone."""
    from cardtable import load_variant, new_game

    game = new_game(load_variant("shanghai-classic"), 3, seed=4)
    public = game.view(None)
    assert public.hand == () and public.hand_sizes == tuple(len(h) for h in game.hands)
    assert public.upcard == game.view(0).upcard
