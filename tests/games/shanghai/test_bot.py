"""The simple Shanghai bot: sensible choices from its view and the legal moves only."""

from __future__ import annotations

import random

import pytest

from cardtable import load_variant, new_game
from cardtable.bots.base import make_bot
from cardtable.engine.cards import JOKER_CARD as JOKER, Card, make_deck
from cardtable.engine.rng import Rng
from cardtable.games.shanghai.bot import SimpleBot
from cardtable.games.shanghai.plan import plan
from cardtable.games.shanghai import godown
from cardtable.games.shanghai.preset import STANDARD_CONTRACTS

from .helpers import deal, decline_all, mv


def _choose(game, seat, bot=None):
    bot = bot or SimpleBot(shake=0)
    move = bot.choose(game.view(seat), game.legal_moves(seat), Rng(1))
    assert move in game.legal_moves(seat)
    return move


def _next_player(down: bool):
    """Seat 0 (the bot, not down) holds 2-2-2, pairs of 7s and 5s and KD; seat 1, next
    after it, goes down with 9-9-9 and K-K-K (or, with ``down`` false, just discards)."""
    game = deal(["2C 2D 5S 5H KD 7H 7S", "KC KH KS 9H 9S 9D 4C", "3C 4D 6H 8S JD QC"],
                stock="3H 10C 2H QD", upcard="AS")
    game.apply(1, "draw_stock")                     # 3H
    decline_all(game)
    if down:
        game.apply(1, "meld 9D 9H 9S | KC KH KS")
    game.apply(1, "discard 3H")
    game.apply(2, "draw_stock")                     # 10C
    decline_all(game)
    game.apply(2, "discard 10C")
    game.apply(0, "draw_stock")                     # 2H
    decline_all(game)
    return game


def test_goes_down_as_soon_as_it_can():
    game = deal(["2C 3D 4D 5D", "7C 7D 7H 9H 9S JK 4C KD", "8C 8D 9D 10H"],
                stock="5C 6D 2S 3S 4S", upcard="QH")
    game.apply(1, "draw_stock")
    decline_all(game)
    move = _choose(game, 1)
    assert move.kind == "meld"
    assert set(move.groups) == {tuple(Card.parse(c) for c in "7C 7D 7H".split()),
                                tuple(Card.parse(c) for c in "9H 9S JK".split())}


def test_lays_off_what_it_can_after_going_down():
    game = deal(["2C 3D 4D 5D", "7C 7D 7H 9H 9S 9D 7S 4C", "8C 8D 9D 10H"],
                stock="5C 6D 2S 3S 4S", upcard="QH")
    game.apply(1, "draw_stock")
    decline_all(game)
    game.apply(1, _choose(game, 1))
    assert game.is_down(1)
    move = _choose(game, 1)
    assert move.kind == "lay_off" and move.cards[0].rank == 7      # the fourth seven


def test_does_not_feed_a_down_next_player():
    game = _next_player(down=True)
    assert game.is_down(1) and not game.is_down(0) and game.phase == "play"
    move = _choose(game, 0)
    # KD is its least useful card, but seat 1 could take it and lay it off on its kings.
    assert move.kind == "discard" and move.cards[0] in (Card.parse("5S"), Card.parse("5H"))
    quiet = _next_player(down=False)
    assert _choose(quiet, 0) == mv("discard KD")     # nobody to feed: the useless king goes


def test_down_keeps_the_card_that_can_be_laid_off():
    # Seat 1 goes down with two cards left: KD (fits its kings) and 4C (fits nowhere).
    game = deal(["2C 3D 4D 5D", "KC KH KS 9H 9S 9D 4C", "8C 8D 9D 10H"],
                stock="KD 6D 2S 3S 4S", upcard="QH")
    game.apply(1, "draw_stock")
    decline_all(game)
    game.apply(1, "meld 9D 9H 9S | KC KH KS")
    assert mv("lay_off KD @1,1") not in game.legal_moves(1)   # S10: 4C would be stuck
    assert _choose(game, 1) == mv("discard 4C")


def test_takes_the_upcard_only_when_it_helps():
    helps = deal(["2C 3D 4D 5D", "7C 7D 9H 9S 4C KD 2S", "8C 8D 9D 10H"], stock="5C 6D", upcard="7H")
    assert _choose(helps, 1) == mv("take_upcard")
    useless = deal(["2C 3D 4D 5D", "7C 7D 9H 9S 4C KD 2S", "8C 8D 9D 10H"], stock="5C 6D", upcard="QS")
    assert _choose(useless, 1) == mv("draw_stock")


def test_buys_a_card_that_completes_its_contract_and_declines_others():
    # Dealer 0 is offered the dealt upcard first when seat 1 draws from the stock.
    game = deal(["7C 7D 9H 9S 9D KD 2C 4H", "2D 3D 4D 5D 6H", "8C 8D JD 10H"],
                stock="5C 6D 2S 3S 4S 6C 8H 10C JC", upcard="7H")
    game.apply(1, "draw_stock")
    assert game.to_act == (0,)
    assert _choose(game, 0) == mv("buy")
    other = deal(["7C 7D 9H 9S 9D KD 2C 4H", "2D 3D 4D 5D 6H", "8C 8D JD 10H"],
                 stock="5C 6D 2S 3S 4S 6C 8H 10C JC", upcard="QS")
    other.apply(1, "draw_stock")
    assert _choose(other, 0) == mv("decline")


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_hand_between_simple_bots_ends(players, seed):
    game = new_game(load_variant("shanghai-classic"), players, seed=seed)
    bot, rng = SimpleBot(), Rng(seed)
    for _move in range(400):
        if game.round_over:
            break
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    assert game.round_over, "hand 1 did not end within 400 moves"
    assert any(event.kind == "went_out" for event in game.events)


def test_quick_go_down_check_agrees_with_the_full_search(monkeypatch):
    quick = godown.can_go_down
    monkeypatch.setattr(godown, "can_go_down", lambda *args: True)      # the full search alone
    rng = random.Random(5)
    deck = make_deck(2, 2)
    contracts = [*STANDARD_CONTRACTS, (("set", 3), ("set", 4)), (("set", 4), ("run", 4), ("set", 3))]
    for number in range(600):
        contract = contracts[number % len(contracts)]
        wild = frozenset({15}) if number % 2 else frozenset({15, 2})
        hand = sorted(rng.sample(deck, rng.choice([11, 12, 14, 17])))
        assert quick(hand, contract, wild) == bool(godown.go_down_options(hand, contract, wild, limit=1)), \
            (contract, hand)


def _no_jokers(wilds):
    variant = load_variant("shanghai-classic")
    rules = variant.rules.model_copy(update={"jokers": 0, "wilds": wilds})
    return variant.model_copy(update={"rules": rules})


@pytest.mark.parametrize("wilds", [("2",), ()])
def test_plays_without_jokers(wilds):
    """A deck without jokers (2s wild, or no wilds at all): the bots play hand 1 out."""
    variant = _no_jokers(wilds)
    game = new_game(variant, 4, seed=3)
    assert JOKER not in game.view(0).hand
    bot, rng = SimpleBot(), Rng(3)
    for _move in range(600):
        if game.round_over:
            break
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    assert game.round_over
    fresh = new_game(variant, 4, seed=4)
    hard = make_bot("shanghai", "hard", variant, seed=4)
    seat = fresh.to_act[0]
    assert hard.choose(fresh.view(seat), fresh.legal_moves(seat), Rng(4)) in fresh.legal_moves(seat)


def test_plan_takes_the_highest_rank_on_a_tie():
    hand = [Card.parse(c) for c in "5C 5D 9C 9D KS".split()]
    assert plan(hand, (("set", 3),), frozenset({15})) == (2, [Card.parse("9C"), Card.parse("9D")])


def test_a_hand_worked_out_from_the_last_one_is_the_hand_from_scratch():
    """The bot works a seat's hand out from its last one (a spare card discarded, a card
    drawn): the same bit layers and the same cover as the hand analysed afresh."""
    from cardtable.games.shanghai.plan import CARD_RUN_BITS, HandPlan

    def same(worked, fresh):
        assert (worked.run_layers, worked.rank_layers, worked.wilds) == \
               (fresh.run_layers, fresh.rank_layers, fresh.wilds)
        assert worked.covered() == fresh.covered()

    rng = random.Random(11)
    deck = make_deck(2, 2)
    contracts = [*STANDARD_CONTRACTS, (("set", 3), ("set", 4))]
    discards = 0
    for number in range(300):
        contract = contracts[number % len(contracts)]
        wild = frozenset({15}) if number % 2 else frozenset({15, 2})
        cards = rng.sample(deck, rng.choice([8, 11, 14]))
        hand = tuple(sorted(cards[:-1]))
        before = HandPlan.of(hand, contract, wild)
        spare = before.discard_facts()[0]
        for card in sorted(set(hand)):
            if card.rank not in wild and spare & CARD_RUN_BITS[card]:
                at = hand.index(card)
                same(before.without(card), HandPlan.of(hand[:at] + hand[at + 1:], contract, wild))
                discards += 1
        drawn = tuple(sorted(hand + (cards[-1],)))
        same(before.drawn(drawn, cards[-1]), HandPlan.of(drawn, contract, wild))
    assert discards > 300
