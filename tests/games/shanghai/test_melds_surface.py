"""``game.melds`` (API: a Shanghai family extra) is an immutable snapshot: tuples per
owner of (immutable) Melds, so code outside the game cannot change the table through it."""

from __future__ import annotations

import pytest

from cardtable import Game

from .helpers import deal


def ready_to_meld():
    game = deal(["2C 3D 4D 5D", "7C 7D 7H 9H 9S JK 4C 5C KD", "8C 8D 9D 10H"],
                stock="10C 6D 2S 3S", upcard="QS")
    while game.to_act != (1,) or game.phase != "draw":
        game.apply(game.to_act[0], "decline" if game.phase == "buy" else "draw_stock")
    game.apply(1, "draw_stock")
    while game.phase == "buy":
        game.apply(game.to_act[0], "decline")
    return game


def down_game():
    game = ready_to_meld()
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK")
    return game


def test_melds_are_tuples_all_the_way_down():
    game = down_game()
    melds = game.melds
    assert isinstance(melds, tuple) and all(isinstance(owned, tuple) for owned in melds)
    assert [str(m) for m in melds[1]] == ["7C 7D 7H", "9H 9S JK"]
    assert melds == game.view(0).melds


def test_outside_code_cannot_change_the_game_through_melds():
    game = down_game()
    before = Game.from_json(game.to_json())
    with pytest.raises((TypeError, AttributeError)):
        game.melds[1].append(game.melds[1][0])  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        game.melds[1][0] = game.melds[1][1]  # type: ignore[index]
    assert game == before and len(game.melds[1]) == 2


def test_the_snapshot_follows_the_game():
    game = ready_to_meld()
    first = game.melds
    assert game.melds is first and first == ((), (), ())  # cached until the melds change
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK")
    assert first == ((), (), ())  # an old snapshot never changes
    assert [len(owned) for owned in game.melds] == [0, 2, 0]


def test_setting_melds_replaces_them_by_copy():
    """Samplers build a game from a view by setting ``melds``; the game keeps copies."""
    game = down_game()
    table = [list(owned) for owned in game.melds]
    table[2] = [game.melds[1][0]]
    game.melds = table
    table[2].clear()
    assert [str(m) for m in game.melds[2]] == ["7C 7D 7H"]
