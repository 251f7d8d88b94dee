from cardtable import new_game


def test_new_game_deals_and_offers_draws(classic):
    game = new_game(classic, 4, seed=3)
    assert game.family == "shanghai" and game.to_act == (1,)
    assert [m.kind for m in game.legal_moves(1)] == ["draw_stock", "take_upcard"]
