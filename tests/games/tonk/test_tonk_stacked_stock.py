"""new_game(..., stock=..., upcard=...) without ``hands=``: the hands are dealt from the
seeded deck minus the given cards (as in Shanghai), the given upcard is the upcard and
the given stock is drawn first; a seeded game without them deals as it always did."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable import Card, Game, load_variant, new_game
from tonk_helpers import DRAW, last, variant


def every_card(game) -> Counter:
    return Counter([c for hand in game._hands for c in hand] + list(game._stock) + list(game._discard))


def test_a_seeded_game_turns_the_given_upcard() -> None:
    game = new_game(load_variant("tonk-classic"), players=2, seed=1, upcard="9S")
    assert game.view(0).discard_top == Card.parse("9S")
    cards = every_card(game)
    assert sum(cards.values()) == 52 and cards[Card.parse("9S")] == 1
    assert game.view(0).hand_sizes == (5, 5)


def test_a_seeded_game_draws_the_given_stock_first() -> None:
    game = new_game(load_variant("tonk-classic"), players=3, seed=4, stock=["9S", "9H", "2C"], upcard="KD")
    assert game.view(0).discard_top == Card.parse("KD")
    seat = game.to_act[0]
    game.apply(seat, DRAW)
    assert last(game, "stock_drawn").card == Card.parse("9S")
    assert game.view(0).stock_size == 2
    assert last(game, "cards_set_aside").count == 52 - 15 - 1 - 3


def test_the_given_cards_are_never_dealt_to_a_hand() -> None:
    for seed in range(20):
        game = new_game(load_variant("tonk-classic"), players=4, seed=seed, stock=["AS", "2S"], upcard="3S")
        dealt = {c for hand in game._hands for c in hand}
        assert not dealt & {Card.parse("AS"), Card.parse("2S"), Card.parse("3S")}


def test_the_same_seed_and_cards_give_the_same_deal_and_survive_a_save() -> None:
    def make():
        return new_game(load_variant("tonk-classic"), players=3, seed=9, upcard="QH")
    game = make()
    assert make() == game
    assert Game.from_json(game.to_json()) == game


def test_a_seeded_game_without_given_cards_deals_as_before() -> None:
    """Pinned: these hands are what seed 3 dealt before stock/upcard were honoured."""
    game = new_game(load_variant("tonk-classic"), players=2, seed=3)
    again = new_game(load_variant("tonk-classic"), players=2, seed=3, hands=None, stock=None, upcard=None)
    assert again == game
    assert [" ".join(map(str, h)) for h in game._hands] == PINNED_SEED_3


def test_an_upcard_in_a_preset_without_one_is_refused() -> None:
    with pytest.raises(ValueError, match="upcard"):
        new_game(variant(upcard=False), players=2, seed=1, upcard="9S")


PINNED_SEED_3 = ["4H 8D 2H JD QC", "2D 5C 5H AS QH"]


def test_a_stock_of_one_card_and_no_upcard_says_the_upcard_is_turned_from_it() -> None:
    """T2: the upcard is turned from the stock given when no upcard is: a stock of one card
    was told "the stock needs at least one card", which it had."""
    with pytest.raises(ValueError, match=r"^stock: the stock needs at least one card besides the upcard, "
                                         r"which is turned from it \(or give upcard=…\)$"):
        new_game(load_variant("tonk-classic"), players=2, seed=1, stock=["KD"])
    game = new_game(load_variant("tonk-classic"), players=2, seed=1, stock=["KD"], upcard="2C")
    assert game.view(0).stock_size == 1 and game.view(0).discard_top == Card.parse("2C")
