"""Stacked Shanghai deals and small helpers for scenario tests."""

from __future__ import annotations

from collections import Counter

from cardtable import Move, load_variant, new_game
from cardtable.engine.cards import make_deck, parse_cards


def deal(hands, stock="", upcard=None, preset="shanghai-classic", dealer=0, seed=1):
    """A stacked game: hands per seat, the whole stock (top first), the upcard."""
    return new_game(load_variant(preset), len(hands), seed=seed, hands=hands,
                    stock=parse_cards(stock), upcard=upcard, dealer=dealer)


def mv(text: str) -> Move:
    return Move.parse(text)


def cards(text: str):
    return tuple(parse_cards(text))


def decline_all(game) -> list:
    """Every seat offered the upcard declines; returns the seats that were asked."""
    asked = []
    while game.phase == "buy":
        seat = game.to_act[0]
        asked.append(seat)
        game.apply(seat, "decline")
    return asked


def to_first_go_down_turn(game):
    """Seat 1 draws from the stock and throws 3♣, seat 2 draws and throws 3♠ (every buy
    declined), then seat 0 draws: ``game`` is at seat 0's first turn to go down."""
    for seat, discard in ((1, "discard 3C"), (2, "discard 3S"), (0, None)):
        game.apply(seat, "draw_stock")
        decline_all(game)
        if discard:
            game.apply(seat, discard)
    return game


def all_cards(game) -> Counter:
    """Every card of the hand in play: hands, stock, discard pile, melds (not set aside)."""
    found = Counter(c for hand in game.hands for c in hand)
    found.update(game.stock)
    found.update(game.discard)
    found.update(c for melds in game.melds for meld in melds for c in meld.cards)
    return found


def full_deck(game) -> Counter:
    rules = game.variant.rules
    return Counter(make_deck(rules.decks_by_players[game.players], rules.jokers))
