"""Named scenarios for the go-down listing (S4/S5/S6) and the S10 last-card check of
lay-offs. Expected values checked against the listing before the speed-ups (9304f4c)."""

from __future__ import annotations

import pytest

from cardtable.games.shanghai.contract_check import can_go_down
from cardtable.games.shanghai.godown import go_down_options
from cardtable.games.shanghai.melds import make_run, make_set

from .helpers import cards, deal, decline_all, mv

JK = frozenset({15})


@pytest.mark.parametrize("hand, runs, size, expected, options", [
    ("5H 6H 7H 8H 9H" + " JK" * 7, 3, 4, False, 0),     # S5: two runs would be more wild than natural
    ("5H 6H 7H 8H KS AS" + " JK" * 6, 3, 4, True, 16),
    ("5H 5H 5H JK JK JK", 2, 4, False, 0),                # S4: a run holds one card of each value
    ("5H 5H 6H 6H JK JK JK JK", 2, 4, True, 6),
    ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH JK", 1, 13, True, 2),   # the ace low, or high
])
def test_S4_S5_runs_alone_with_jokers(hand, runs, size, expected, options):
    """S4/S5/S6: a contract of runs only, jokers wild: whether it can be laid, and how many ways."""
    contract = (("run", size),) * runs
    assert can_go_down(cards(hand), contract, JK) is expected
    assert len(go_down_options(cards(hand), contract, JK)) == options


def _down_with(kept: str, drawn: str):
    """Seat 1, dealt two sets and ``kept``, draws ``drawn`` and goes down with the sets:
    two cards left, out_by_discard off (S10 holds)."""
    game = deal(["2C 3D 4D 5D", f"7C 7D 7H 9H 9S JK {kept}", "8C 8D 9D 10H"], stock=f"{drawn} 6D 2S",
                upcard="QH")
    assert not game.rules.out_by_discard
    game.apply(1, "draw_stock")
    decline_all(game)
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK")
    assert game.hands[1] == list(cards(f"{kept} {drawn}"))
    return game


def test_S10_a_lay_off_that_makes_room_for_the_last_card():
    """S10/S6: with 6H 7H left and only the run 2H 3H 4H 5H on the table, 6H may go on its
    high end: 7H then fits the new end, so it can still be played."""
    game = _down_with("6H", drawn="7H")
    game.melds = [[], [make_run(cards("2H 3H 4H 5H"), JK)], []]
    lay = [move for move in game.legal_moves(1) if move.kind == "lay_off"]
    assert lay == [mv("lay_off 6H @1,0,1")]


def test_S10_S5_no_joker_lay_off_that_leaves_a_joker_without_room():
    """S10/S5: with JK JK left and only the set 7C 7D JK on the table, one joker would
    fit, but the other would then be a third wild beside two naturals: it could not be
    played, so no joker lay-off is listed."""
    game = _down_with("JK", drawn="JK")
    game.melds = [[], [make_set(cards("7C 7D JK"), JK)], []]
    assert not [move for move in game.legal_moves(1) if move.kind == "lay_off"]


def test_S6_a_go_down_may_hold_two_sets_of_one_rank():
    """S6 (the book is silent; README's reading): the contract asks for two sets of 3, and
    the two decks' sevens make two: 7♣ 7♣ 7♦ and 7♦ 7♥ 7♠ go down as the two melds."""
    game = deal(["2C 3D 4D 5D", "7C 7C 7D 7D 7H 7S 2H 9S KD", "8C 8D 9D 10H"], stock="4S 6D 2S", upcard="QH")
    game.apply(1, "draw_stock")
    decline_all(game)
    melds = [str(move) for move in game.legal_moves(1) if move.kind == "meld"]
    assert melds == ["meld 7C 7C 7D | 7D 7H 7S", "meld 7C 7C 7H | 7D 7D 7S", "meld 7C 7C 7S | 7D 7D 7H",
                     "meld 7C 7D 7D | 7C 7H 7S", "meld 7C 7D 7H | 7C 7D 7S"]  # (the ways to part six sevens)
    game.apply(1, "meld 7C 7C 7D | 7D 7H 7S")
    assert [[str(card) for card in meld.cards] for meld in game.melds[1]] == [["7C", "7C", "7D"], ["7D", "7H", "7S"]]


def test_S6_a_go_down_may_hold_two_runs_of_one_suit_that_touch():
    """S6 (README's reading): two runs of 4 from 2♥ to 9♥ are 2♥–5♥ and 6♥–9♥, two melds."""
    contract = (("run", 4), ("run", 4))
    options = go_down_options(cards("2H 3H 4H 5H 6H 7H 8H 9H"), contract, JK)
    assert [[" ".join(map(str, group)) for group in option] for option in options] == [["2H 3H 4H 5H", "6H 7H 8H 9H"]]


def _stranded():
    """Hand 1 (two sets of 3): seat 1 holds its two sets and draws K♠, which fits no meld:
    every way down would leave it as a last card (S10, out_by_discard off)."""
    game = deal(["2C 3D 4D 5D", "7C 7D 7H 9H 9S 9D", "8C 8D 10D 10H"], stock="KS 6D 2S", upcard="QH")
    game.apply(1, "draw_stock")
    decline_all(game)
    return game


def test_S10_a_go_down_that_strands_a_last_card_is_refused_saying_so():
    """S10: the two sets are melds, in whatever order they are written; the go-down is
    refused for the last card it would leave (it said "not in canonical form … or would
    leave a last card", and for a low-ace run written A last, "a run is consecutive")."""
    from cardtable import IllegalMove
    from cardtable.engine.moves import Move

    game = _stranded()
    assert not [move for move in game.legal_moves(1) if move.kind == "meld"]
    for groups in (("7C 7D 7H", "9D 9H 9S"), ("7H 7C 7D", "9S 9D 9H"), ("9D 9H 9S", "7C 7D 7H")):
        split = tuple(cards(group) for group in groups)
        move = Move("meld", tuple(card for group in split for card in group), split)
        with pytest.raises(IllegalMove) as refused:
            game.apply(1, move)
        assert refused.value.reason == ("going down so would leave K♠, a last card you could neither "
                                        "meld nor discard (S10)")


def test_S10_the_view_says_why_cards_that_make_the_contract_cannot_go_down():
    """S10: ``last_card_refusal`` tells the seat whose cards make the contract why it may
    not go down (the card each way would leave); None when they do not make it, or may."""
    from cardtable.games.shanghai.rules import last_card_refusal

    game = _stranded()
    assert last_card_refusal(game.view(1)) == ("your cards make the contract, but going down now would leave K♠, a "
                                               "last card you could neither meld nor discard (S10): go down on a "
                                               "later turn")
    short = deal(["2C 3D 4D 5D", "7C 7D 7H 9H 9S 5C", "8C 8D 10D 10H"], stock="KS 6D 2S", upcard="QH")
    short.apply(1, "draw_stock")
    decline_all(short)
    assert last_card_refusal(short.view(1)) is None  # (no second set: nothing to explain here)
    fits = deal(["2C 3D 4D 5D", "7C 7D 7H 9H 9S 9D", "8C 8D 10D 10H"], stock="7S 6D 2S", upcard="QH")
    fits.apply(1, "draw_stock")
    decline_all(fits)
    assert last_card_refusal(fits.view(1)) is None and any(m.kind == "meld" for m in fits.legal_moves(1))


def test_S4_a_run_written_out_of_order_is_told_to_be_written_in_order(tmp_path):
    """S4/S6: A♣ 2♣ 3♣ 4♣ is a run; written 2♣ 3♣ 4♣ A♣ the move is refused for its order,
    not as "a run is consecutive cards" (it is one, written otherwise)."""
    from cardtable import IllegalMove
    from cardtable.engine.moves import Move

    one_run = tmp_path / "one-run.toml"
    one_run.write_text('extends = "shanghai-classic"\n[rules]\ncontracts = [[["run", 4]]]\nbuys_per_hand = [3]\n')
    game = deal(["2D 3D 4D 5D", "AC 2C 3C 4C 9H 9S", "8C 8D 10D 10H"], stock="9D 6D 2S", upcard="QH",
                preset=str(one_run))
    game.apply(1, "draw_stock")
    decline_all(game)
    assert mv("meld AC 2C 3C 4C") in game.legal_moves(1)
    run = cards("2C 3C 4C AC")
    with pytest.raises(IllegalMove) as refused:
        game.apply(1, Move("meld", run, (run,)))
    assert refused.value.reason == "meld 1: list a run's cards in rank order, each wild where it stands"
