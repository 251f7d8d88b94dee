"""The start of a round after the first: exchanges, redeal, market, talk (P13–P19)."""

from __future__ import annotations

from cardtable import Card, Move, parse_cards
from cardtable.engine.moves import DECLINE, PASS

from .helpers import finish_round, kinds, president

ROUND_ONE = ["3C", "KC", "AC", "4C 5C"]
"""Seat 1 finishes first, then 2, 3, 0: President 1, Vice-President 2, Vice-Scum 3, Scum 0."""
ROUND_TWO = ["3D 4D 2S AS", "5H 6H 7H 8H", "9C 9D TS JS", "QC KC 5S 6S"]


def second_round(**knobs):
    game = president(hands=ROUND_ONE, **knobs)
    finish_round(game)
    assert game.titles == ("scum", "president", "vice_president", "vice_scum")
    events = game.next_round(hands=[h.split() for h in ROUND_TWO])
    return game, [e for e in events if e.kind == "cards_exchanged"]


def hand(game, seat):
    return game.hands[seat]


def test_P13_classic_scum_gives_its_best_and_the_president_returns_its_choice():
    game, exchanged = second_round(exchange="classic")
    assert [(e.seat, e.to, e.cards, e.forced) for e in exchanged] == [
        (0, 1, parse_cards("AS 2S"), True), (3, 2, parse_cards("KC"), True)]
    assert game.to_act == (1,) and game.phase == "exchange"
    assert game.view(1).give_to == (0, 2) and game.view(2).give_to is None
    gives = game.legal_moves(1)
    assert {m.kind for m in gives} == {"give"} and len(gives) == 15  # 2 of 6 cards
    assert Move("give", parse_cards("5H AS")) in gives  # a received card may be given back
    game.apply(1, Move("give", parse_cards("5H 6H")))
    assert game.to_act == (2,)
    game.apply(2, Move("give", parse_cards("9C")))
    assert game.phase == "play" and game.to_act == (1,)
    assert sorted(hand(game, 0)) == sorted(parse_cards("3D 4D 5H 6H"))
    assert sorted(hand(game, 3)) == sorted(parse_cards("QC 5S 6S 9C"))
    assert game.view(0).received == parse_cards("5H 6H")
    assert game.view(0).given == parse_cards("AS 2S")


def test_P13_three_titles_exchange_three_two_one():
    game = president(players=6, hands=["3C", "KC", "AC", "QC", "JC", "4C 5C"], top_positions=3)
    finish_round(game)
    assert game.finish_order == (1, 2, 3, 4, 5, 0)
    events = game.next_round()
    exchanged = [e for e in events if e.kind == "cards_exchanged"]
    assert [(e.seat, e.to, len(e.cards)) for e in exchanged] == [(0, 1, 3), (5, 2, 2), (4, 3, 1)]
    for seat, count in ((1, 3), (2, 2), (3, 1)):
        assert game.to_act == (seat,)
        move = game.legal_moves(seat)[0]
        assert len(move.cards) == count
        game.apply(seat, move)
    assert game.phase == "play"


def test_P13_fewer_than_four_players_swap_one_card_scum_and_president():
    game = president(players=3, hands=["3C", "KC", "4C 5C"])
    finish_round(game)
    assert game.titles == ("scum", "president", "neutral")
    events = game.next_round(hands=[["6D", "AD"], ["8D", "9D"], ["TD", "7D"]])
    exchanged = [e for e in events if e.kind == "cards_exchanged"]
    assert [(e.seat, e.to, e.cards) for e in exchanged] == [(0, 1, parse_cards("AD"))]
    assert game.legal_moves(1) == [Move("give", (c,)) for c in parse_cards("8D 9D AD")]


def test_P14_forseti_best_for_worst_from_the_hands_as_dealt():
    game, exchanged = second_round(exchange="forseti")
    assert [(e.seat, e.to, e.cards) for e in exchanged] == [
        (0, 1, parse_cards("AS 2S")), (1, 0, parse_cards("5H 6H")),
        (3, 2, parse_cards("KC")), (2, 3, parse_cards("9C"))]
    assert game.phase == "play" and game.to_act == (1,)
    assert sorted(hand(game, 0)) == sorted(parse_cards("3D 4D 5H 6H"))
    assert sorted(hand(game, 1)) == sorted(parse_cards("7H 8H AS 2S"))
    # the log says why the cards went (a play-tester lost a 2 and a king unexplained):
    # which ones is public, the cards only to the two seats
    names = "Ann Bob Cy Di".split().__getitem__
    assert [e.which for e in exchanged] == ["best", "worst", "best", "worst"]
    assert exchanged[0].describe(names, 0) == "Ann gives A♠ 2♠ to Bob (the hand's best)"
    assert exchanged[1].describe(names, 0) == "Bob gives 5♥ 6♥ to Ann (the hand's worst)"
    assert exchanged[0].describe(names, 2) == "Ann gives 2 cards to Bob (the hand's best)"


def test_P15_president_first_gives_its_choice_from_the_hand_as_dealt_then_gets_scums_best():
    """P15: the President gives first, so it chooses from the 4 cards it was dealt (not
    from Scum's best, which arrive only as the answer)."""
    game, exchanged = second_round(exchange="president_first")
    assert exchanged == []  # nothing moves before the President gives
    assert game.to_act == (1,) and sorted(hand(game, 1)) == sorted(parse_cards("5H 6H 7H 8H"))
    assert len(game.legal_moves(1)) == 6  # 2 of its own 4 cards
    assert Move("give", parse_cards("AS 2S")) not in game.legal_moves(1)
    events = game.apply(1, Move("give", parse_cards("7H 8H")))
    assert [(e.seat, e.to, e.cards, e.forced) for e in events if e.kind == "cards_exchanged"] == [
        (1, 0, parse_cards("7H 8H"), False), (0, 1, parse_cards("AS 2S"), True)]
    assert game.to_act == (2,) and len(hand(game, 2)) == 4
    events = game.apply(2, Move("give", parse_cards("TS")))
    assert [(e.seat, e.to, e.cards, e.forced) for e in events if e.kind == "cards_exchanged"] == [
        (2, 3, parse_cards("TS"), False), (3, 2, parse_cards("KC"), True)]
    assert sorted(hand(game, 0)) == sorted(parse_cards("3D 4D 7H 8H"))
    assert sorted(hand(game, 1)) == sorted(parse_cards("5H 6H AS 2S"))
    assert sorted(hand(game, 3)) == sorted(parse_cards("QC 5S 6S TS"))
    assert game.view(0).given == parse_cards("AS 2S") and game.view(0).received == parse_cards("7H 8H")


def test_P15_scums_answer_is_its_best_as_dealt_even_when_the_gift_is_higher():
    """Readings settled: forced cards come from the hand as dealt, so a 2 the President
    gives stays with Scum."""
    game = president(hands=ROUND_ONE, exchange="president_first")
    finish_round(game)
    game.next_round(hands=[h.split() for h in ["3D 4D 5D 6D", "2H 2C 7H 8H", "9C 9D TS JS", "QC KC 5S 6S"]])
    game.apply(1, Move("give", parse_cards("2H 2C")))
    assert sorted(hand(game, 0)) == sorted(parse_cards("3D 4D 2H 2C"))  # gave 5D 6D, its best as dealt
    assert sorted(hand(game, 1)) == sorted(parse_cards("7H 8H 5D 6D"))


def test_P16_no_exchange():
    game, exchanged = second_round(exchange="none")
    assert exchanged == []
    assert game.phase == "play" and game.to_act == (1,)


def test_P17_scum_without_a_face_card_gets_a_new_deal():
    game = president(hands=ROUND_ONE, scum_redeal=True, exchange="none", seed=11)
    finish_round(game)
    events = game.next_round(hands=[h.split() for h in ROUND_TWO])
    redeals = [e for e in events if e.kind == "redealt"]
    assert redeals and all(e.seat == 0 for e in redeals)
    assert any(c.rank in (11, 12, 13) for c in game.hands[0])
    assert [len(h) for h in game.hands] == [13] * 4  # the redeal uses the whole deck


def test_P17_scum_with_a_face_card_keeps_the_deal():
    game = president(hands=ROUND_ONE, scum_redeal=True, exchange="none")
    finish_round(game)
    hands = [["JD", "4D"], ["5H"], ["9C"], ["QC"]]
    events = game.next_round(hands=hands)
    assert "redealt" not in kinds(events)
    assert game.hands[0] == list(parse_cards("4D JD"))


def test_P18_black_market_swaps_one_for_one():
    game, _ = second_round(exchange="none", black_market=True)
    assert game.phase == "market_open" and game.to_act == (1,)
    assert game.legal_moves(1) == [Move("open_market"), DECLINE]
    game.apply(1, Move("open_market"))
    offer = Move("offer", parse_cards("5H"), target=(0,))
    assert offer in game.legal_moves(1)
    game.apply(1, offer)
    assert game.to_act == (0,)
    assert game.view(0).offer == (1, Card.parse("5H"))
    assert game.view(2).offer is None
    game.apply(0, Move("accept", parse_cards("2S")))
    assert Card.parse("2S") in game.hands[1] and Card.parse("5H") in game.hands[0]
    for seat in (2, 3, 0):
        assert game.to_act == (seat,)
        said = game.apply(seat, PASS)[0].describe(lambda s: "ABCD"[s])
        assert said == f"{'ABCD'[seat]} makes no offer"  # (it read a bare "declines"; each player offers once)
    assert game.phase == "play" and game.to_act == (1,)


def test_P18_the_president_may_decline_to_open_the_market():
    """P18: after the exchange the President MAY open the black market; declined, nobody
    swaps and play begins with the President's lead (P11)."""
    game, _ = second_round(exchange="none", black_market=True)
    before = [list(h) for h in game.hands]
    assert [game.legal_moves(seat) for seat in (0, 2, 3)] == [[], [], []]  # only the President is asked
    events = game.apply(1, DECLINE)
    assert [(e.kind, e.seat, e.what) for e in events] == [("declined", 1, "market")]
    assert events[0].describe(lambda s: "ABCD"[s]) == "B does not open the black market"
    assert game.phase == "play" and game.to_act == (1,)
    assert game.hands == before
    assert all(game.view(seat).offer is None and game.view(seat).received == () for seat in range(4))


def test_P18_a_refused_offer_swaps_nothing_and_the_market_moves_on():
    """P18: a swap needs both players to agree: the offered seat may decline, and then no
    card moves; the offerer's one offer is spent and the next seat may offer."""
    game, _ = second_round(exchange="none", black_market=True)
    game.apply(1, Move("open_market"))
    before = [list(h) for h in game.hands]
    game.apply(1, Move("offer", parse_cards("5H"), target=(0,)))
    assert game.legal_moves(0) == [Move("accept", (card,)) for card in parse_cards("3D 4D AS 2S")] + [DECLINE]
    events = game.apply(0, DECLINE)
    assert [(e.kind, e.seat, e.what) for e in events] == [("declined", 0, "swap")]
    assert events[0].describe(lambda s: "ABCD"[s]) == "A declines the swap"
    assert game.hands == before
    assert game.view(0).offer is None and game.view(0).received == () and game.view(1).given == ()
    assert game.phase == "market" and game.to_act == (2,)


def test_P18_any_two_players_may_swap_not_only_the_president():
    """P18: in the market ANY two players may agree a 1-for-1 swap: each seat in turn from
    the President may offer one of its cards to any other seat (here Vice-President to
    Vice-Scum, then Vice-Scum to Scum), the President not taking part."""
    game, _ = second_round(exchange="none", black_market=True)
    game.apply(1, Move("open_market"))
    game.apply(1, PASS)  # the President makes no offer
    assert game.to_act == (2,)
    assert game.legal_moves(2) == [Move("offer", (card,), target=(other,))
                                   for card in parse_cards("9C 9D TS JS") for other in (0, 1, 3)] + [PASS]
    events = game.apply(2, Move("offer", parse_cards("9C"), target=(3,)))
    assert [(e.kind, e.seat, e.to, e.cards) for e in events] == [("swap_offered", 2, 3, parse_cards("9C"))]
    assert game.to_act == (3,) and game.view(3).offer == (2, Card.parse("9C"))
    assert game.view(1).offer is None and game.view(0).offer is None
    events = game.apply(3, Move("accept", parse_cards("QC")))
    assert [(e.kind, e.seat, e.to, e.cards) for e in events] == [
        ("cards_exchanged", 2, 3, parse_cards("9C")), ("cards_exchanged", 3, 2, parse_cards("QC"))]
    assert sorted(hand(game, 2)) == sorted(parse_cards("9D TS JS QC"))
    assert sorted(hand(game, 3)) == sorted(parse_cards("9C KC 5S 6S"))
    assert game.to_act == (3,)  # now Vice-Scum's own offer
    game.apply(3, Move("offer", parse_cards("5S"), target=(0,)))
    game.apply(0, Move("accept", parse_cards("4D")))
    assert sorted(hand(game, 3)) == sorted(parse_cards("9C KC 4D 6S"))
    assert sorted(hand(game, 0)) == sorted(parse_cards("3D 5S 2S AS"))
    assert sorted(hand(game, 1)) == sorted(parse_cards("5H 6H 7H 8H"))  # the President's hand is untouched
    assert game.to_act == (0,)
    game.apply(0, PASS)
    assert game.phase == "play" and game.to_act == (1,)


def test_P19_table_talk_shows_partners_their_hands():
    game, _ = second_round(exchange="none", table_talk=True)
    assert game.phase == "talk" and game.to_act == (1,)
    game.apply(1, Move("offer_talk", target=(2,)))
    assert game.to_act == (2,) and game.view(2).offer == (1, None) and game.view(3).offer is None
    events = game.apply(2, Move("accept"))
    assert kinds(events) == ["hands_shared"]
    assert game.view(1).shared == ((2, tuple(game.hands[2])),)
    assert game.view(2).shared == ((1, tuple(game.hands[1])),)
    assert game.view(3).shared == ()
    said = [event.describe(lambda seat: "ABCD"[seat]) for event in game.apply(2, DECLINE)]
    assert said == ["C offers no table talk"]  # (the log said a bare "C declines")
    game.apply(3, DECLINE)
    assert game.phase == "play" and game.view(0).shared == ()


def test_P19_a_partner_who_declines_sees_nothing_and_shows_nothing():
    """P19: table talk needs both players to agree: when the partner declines the offer,
    neither sees the other's hand, and the next pair of adjacent titles is asked."""
    game, _ = second_round(exchange="none", table_talk=True)
    game.apply(1, Move("offer_talk", target=(2,)))
    assert game.legal_moves(2) == [Move("accept"), DECLINE]
    events = game.apply(2, DECLINE)
    assert [(e.kind, e.seat, e.what) for e in events] == [("declined", 2, "talk")]
    assert events[0].describe(lambda s: "ABCD"[s]) == "C declines table talk"
    assert "hands_shared" not in kinds(game.events)
    assert [game.view(seat).shared for seat in range(4)] == [(), (), (), ()]
    assert game.phase == "talk" and game.to_act == (2,)  # Vice-President and Vice-Scum are asked next
    assert game.legal_moves(2) == [Move("offer_talk", target=(3,)), DECLINE]
    game.apply(2, DECLINE)
    game.apply(3, DECLINE)
    assert game.phase == "play" and game.to_act == (1,)
    assert [game.view(seat).shared for seat in range(4)] == [(), (), (), ()]


def test_P19_two_neutrals_are_not_adjacent_titles():
    """P19 with six players: the pairs asked are President–Vice, Vice–Neutral,
    Neutral–Vice-Scum and Vice-Scum–Scum; the two Neutrals hold the same title."""
    game = president(players=6, hands=["3C", "KC", "AC", "QC", "4C", "5C"], table_talk=True, exchange="none")
    finish_round(game)
    assert game.titles == ("scum", "president", "vice_president", "neutral", "neutral", "vice_scum")
    game.next_round()
    asked = []
    while game.phase == "talk":
        seat = game.to_act[0]
        asked.append(game.titles[seat])
        game.apply(seat, DECLINE)
    assert asked == ["president", "vice_president", "neutral", "vice_scum"] and game.phase == "play"


def test_P13_titles_that_do_not_exist_exchange_nothing():
    """Five players with top_positions = 3: only two titled places exist at each end
    (P10), so Scum gives 2 and Vice-Scum 1."""
    game = president(players=5, hands=["3C", "KC", "AC", "QC", "4C 5C"], top_positions=3)
    finish_round(game)
    events = game.next_round()
    exchanged = [e for e in events if e.kind == "cards_exchanged"]
    assert [(e.seat, e.to, len(e.cards)) for e in exchanged] == [(0, 1, 2), (4, 2, 1)]


def test_P10_the_titles_a_preset_gives_by_its_top_positions_and_most_players():
    """P10: titled places at each end (``top_positions``; one below 4 players), Neutral
    between, in the preset's own names."""
    from cardtable import load_variant

    assert load_variant("president-classic").title_names() == (
        "President", "Vice-President", "Neutral", "Vice-Scum", "Scum")
    assert load_variant("scum-secretary").title_names() == (
        "President", "Vice-President", "Secretary", "Neutral", "Clerk", "Vice-Scum", "Scum")
    classic = load_variant("president-classic")
    assert classic.title_names(3) == ("President", "Neutral", "Scum")
    assert classic.title_names(4) == ("President", "Vice-President", "Vice-Scum", "Scum")
    assert load_variant("scum-secretary").title_names(6) == (
        "President", "Vice-President", "Secretary", "Clerk", "Vice-Scum", "Scum")


def _presidents_give(president_hand: str, **knobs) -> Move:
    """What the simple bot, as President in round two (it got Scum's A♠ 2♠), gives back."""
    from cardtable.engine.rng import Rng
    from cardtable.games.president.bot import SimpleBot

    game = president(hands=ROUND_ONE, **knobs)
    finish_round(game)
    game.next_round(hands=["3D 7D 2S AS", president_hand, "9C 9H TS JS", "QC KC 5S 7S"])
    assert game.to_act == (1,) and game.phase == "exchange"
    return SimpleBot().choose(game.view(1), game.legal_moves(1), Rng(1))


def test_P13_the_simple_bot_gives_low_singles_before_breaking_a_set_or_a_bomb():
    """P13/P23: the President gives back its worst cards without breaking up a set (a
    whole low pair may go), and a bomb stays whole (a play-tester's hint broke up four 6s)."""
    assert _presidents_give("3S 4C 4D 6H") == Move("give", parse_cards("4C 4D"))   # (not 3♠ 4♣)
    assert _presidents_give("3S 4C 4D 4H 5D 8H") == Move("give", parse_cards("3S 5D"))
    bomb = _presidents_give("3S 6C 6D 6H 6S 9D 10C", bomb="four_of_a_kind")
    assert bomb == Move("give", parse_cards("3S 9D"))
    high = _presidents_give("6C 6D 6H 6S KD QH", bomb="four_of_a_kind")  # (all else high: the bomb stays)
    assert high == Move("give", parse_cards("QH KD"))
