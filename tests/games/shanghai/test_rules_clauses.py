"""Scenario tests for clauses of S6, S8, S9 and S11 that the rule-by-rule tests leave
out: a lay-off on another player's meld, a down seat taking an unbought upcard, the
buys of every hand of a match, and who wins a whole match."""

from __future__ import annotations

from cardtable import load_variant, new_game
from cardtable.engine.cards import Card
from cardtable.games.shanghai.events import CardLaidOff, UpcardTaken

from .helpers import cards, deal, decline_all, mv

GOER = "7C 7D 7H 9C 9H 9S"
"""Two sets of 3, and with the drawn 9D a card to lay off: down and out in one turn."""


def _quick_match():
    """shanghai-classic for three players with every contract two sets of 3, so each of
    its ten hands can be stacked for the first player to go out at once."""
    classic = load_variant("shanghai-classic")
    rules = classic.rules.model_copy(update={"contracts": ((("set", 3), ("set", 3)),) * 10})
    return classic.model_copy(update={"rules": rules})


LEFT = {0: "2C 3C", 1: "KC QC", 2: "AC"}
"""What each seat holds when it is not the one going out: 10, 20 and 15 points (S11)."""


def _hands_after(dealer: int) -> list[str]:
    """The seat after ``dealer`` holds GOER (and will draw 9D); the others hold LEFT."""
    first = (dealer + 1) % 3
    return [GOER if seat == first else LEFT[seat] for seat in range(3)]


STOCK, UPCARD = "9D 4S 5S 6S", "KS"


def _start():
    return new_game(_quick_match(), 3, seed=2, hands=_hands_after(0), stock=STOCK, upcard=UPCARD)


def _deal_next(game) -> None:
    game.next_round(hands=_hands_after((game.dealer + 1) % 3), stock=STOCK, upcard=UPCARD)


def _go_out(game, buyer: int | None = None):
    """The first player draws 9D; the upcard is bought by ``buyer`` (or by nobody); then
    the first player goes down and lays off 9D: out."""
    first = game.to_act[0]
    game.apply(first, "draw_stock")
    while game.phase == "buy":
        seat = game.to_act[0]
        game.apply(seat, "buy" if seat == buyer else "decline")
    game.apply(first, "meld 7C 7D 7H | 9C 9H 9S")
    game.apply(first, f"lay_off 9D @{first},1")
    assert game.round_over


def test_S11_after_ten_hands_the_lowest_total_wins():
    """S11: ten hands, then the match is over and the lowest total wins — here seat 0,
    though seat 1 went out most often (4 hands to 3): out of the other hands seat 0
    kept 10 points a hand, seat 1 20 and seat 2 15."""
    game = _start()
    for number in range(1, 11):
        assert game.round == number and not game.is_over
        _go_out(game)
        if number < 10:
            _deal_next(game)
    assert game.is_over
    assert game.scores == (7 * 10, 6 * 20, 7 * 15)
    assert game.winners() == (0,) and game.places() == (1, 3, 2)


def test_S9_every_hand_starts_with_its_own_buys():
    """S9: a buy made in one hand does not carry over; every seat starts hands 1–8 with
    3 buys and hands 9 and 10 with 4 (shanghai-classic's buys_per_hand)."""
    game = _start()
    at_start = []
    for number in range(1, 11):
        at_start.append([game.buys_left(seat) for seat in range(3)])
        buyer = (game.dealer + 2) % 3                 # the seat after the first player
        _go_out(game, buyer=buyer)
        assert game.buys_left(buyer) == at_start[-1][buyer] - 1
        if number < 10:
            _deal_next(game)
    assert at_start == [[3] * 3] * 8 + [[4] * 3] * 2


def test_S6_lay_off_on_another_players_meld():
    """S6: once down, a player lays off on any player's melds — seat 2 puts 7S on seat 1's
    set of 7s, and it lies there in seat 1's meld."""
    game = deal(["2C 3D 4D 5D", "7C 7D 7H 9H 9S JK KD QD", "4C 4D 4H 5D 5H 5S 7S 8C"],
                stock="10C 6D 2S 3S", upcard="QH")
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK")
    game.apply(1, "discard KD")
    game.apply(2, "draw_stock"); decline_all(game)
    game.apply(2, "meld 4C 4D 4H | 5D 5H 5S")
    assert mv("lay_off 7S @1,0") in game.legal_moves(2)
    assert game.apply(2, "lay_off 7S @1,0") == [CardLaidOff(2, Card.parse("7S"), 1, 0, None)]
    assert game.melds[1][0].cards == cards("7C 7D 7H 7S") and game.hands[2] == list(cards("6D 8C"))


def test_S8_a_down_seat_takes_the_upcard_nobody_bought():
    """S8 (settled reading): a seat that is down has no first claim, so the window opens
    before its draw; when every eligible seat declines, the down seat may still take
    the upcard as its draw."""
    game = deal(["2C 3D 4D 5D", "7C 7D 7H 9H 9S JK 4C KD", "8C 8D 9D 10H"], stock="5C 6D 2S 3S 4S",
                upcard="QH")
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK"); game.apply(1, "discard KD")
    game.apply(2, "draw_stock"); decline_all(game); game.apply(2, "discard 10H")
    game.apply(0, "draw_stock")
    game.apply(0, "discard 2C")
    assert game.phase == "buy" and decline_all(game) == [2]     # before seat 1 (down) draws
    assert game.to_act == (1,) and game.legal_moves(1) == [mv("draw_stock"), mv("take_upcard")]
    assert game.apply(1, "take_upcard") == [UpcardTaken(1, Card.parse("2C"))]
    assert game.hands[1] == list(cards("2C 4C 5C"))
