"""Twos, jokers, wilds, bombs and scoring: P20–P30."""

from __future__ import annotations

import pytest

from cardtable import Card, IllegalMove, Move, parse_cards
from cardtable.engine.moves import DECLINE, PASS

from .helpers import finish_round, kinds, play, president


def test_P20_same_count_a_single_two_cannot_beat_a_pair():
    game = president(hands=["3C", "5C 5D 8C", "2C 9C", "4C"])
    game.apply(1, play("5C 5D"))
    assert game.legal_moves(2) == [PASS]


def test_P20_pair_beats_single_a_pair_of_twos_tops_a_single_two():
    game = president(hands=["3C", "6C 8C", "2C 9C", "2D 2H 4C"], twos="pair_beats_single")
    game.apply(1, play("6C"))
    assert kinds(game.apply(2, play("2C"))) == ["cards_played"]  # does not clear at once
    assert play("2D 2H") in game.legal_moves(3)
    events = game.apply(3, play("2D 2H"))
    assert kinds(events) == ["cards_played", "trick_cleared"]


def test_P20_single_beats_any_one_two_beats_three_of_a_kind():
    game = president(hands=["3C", "6C 6D 6H 8C", "2C 9C", "4C"], twos="single_beats_any")
    game.apply(1, play("6C 6D 6H"))
    assert play("2C") in game.legal_moves(2)
    assert kinds(game.apply(2, play("2C"))) == ["cards_played", "trick_cleared"]


def test_P21_no_lead_with_a_two_while_other_cards_remain():
    game = president(hands=["3C", "2C 5D", "4C", "6C"])
    assert game.legal_moves(1) == [play("5D")]
    with pytest.raises(IllegalMove, match=r"^you may not lead 2s while you hold other cards \(P21\)$"):
        game.apply(1, play("2C"))
    game = president(hands=["3C", "2C 2D", "4C", "6C"])
    assert game.legal_moves(1) == [play("2C"), play("2D"), play("2C 2D")]
    game = president(hands=["3C", "2C 5D", "4C", "6C"], no_lead_with_top=False)
    assert play("2C") in game.legal_moves(1)


def test_P21_a_hand_of_only_a_bomb_and_twos_may_lead_them():
    """P21 with P23: "unless their hand holds nothing else" — a bomb and 2s are all the
    hand holds, so the bomb and the 2 may be led (the bomb's smaller parts too); one card
    more of another rank and neither may."""
    game = president(hands=["3C", "5C 5D 5H 5S", "7C", "8C"], bomb="four_of_a_kind")
    assert play("5C 5D 5H 5S") in game.legal_moves(1)
    assert kinds(game.apply(1, play("5C 5D 5H 5S"))) == ["cards_played", "player_out", "trick_cleared"]
    game = president(hands=["3C", "5C 5D 5H 5S 2C", "7C", "8C"], bomb="four_of_a_kind")
    leads = game.legal_moves(1)
    assert play("5C 5D 5H 5S") in leads and play("2C") in leads and play("5C") in leads
    game = president(hands=["3C", "5C 5D 5H 5S 2C 9D", "7C", "8C"], bomb="four_of_a_kind")
    leads = game.legal_moves(1)
    assert play("5C 5D 5H 5S") not in leads and play("2C") not in leads and play("9D") in leads
    with pytest.raises(IllegalMove, match=r"^you may not lead a bomb while you hold other cards \(P21\)$"):
        game.apply(1, play("5C 5D 5H 5S"))


def test_P21_wild_cards_count_with_a_bomb_they_complete_not_as_a_spare():
    """P21 with P23 and P27 wilds: three 5s and a wild joker are a bomb and nothing
    else; four 5s and a spare wild joker hold a card that is neither (the wild alone is
    a low card), so the bomb waits; a spare wild beside a 2 joins the top cards."""
    knobs = dict(bomb="four_of_a_kind", jokers=1, wilds=["JK"])
    game = president(hands=["3C", "5C 5D 5H JK", "4C", "6C"], **knobs)
    assert play("5C 5D 5H JK") in game.legal_moves(1)
    game = president(hands=["3C", "5C 5D 5H 5S JK", "4C", "6C"], **knobs)
    assert play("5C 5D 5H 5S") not in game.legal_moves(1) and play("5C 5D 5H JK") not in game.legal_moves(1)
    game = president(hands=["3C", "5C 5D 5H 5S 2C JK", "4C", "6C"], **knobs)
    assert play("5C 5D 5H 5S") in game.legal_moves(1) and play("2C JK") in game.legal_moves(1)


def test_P21_P23_the_lead_prompt_names_what_may_not_be_led():
    """P21/P23: a seat on lead is told what it may lead, in words the table shows: the
    2s and the bomb it may not lead while it holds other cards; nothing barred, any card."""
    game = president(hands=["3C", "2C 5C 5D 5H 5S 9D", "4C", "6C"], bomb="four_of_a_kind")
    assert game.to_act == (1,)
    assert game.lead_prompt(1) == "lead a card or set of one rank (not 2s, a 4-of-a-kind bomb)"
    free = president(hands=["3C", "5C 9D", "4C", "6C"])
    assert free.lead_prompt(1) == "lead any card or set of one rank"
    with pytest.raises(ValueError, match="seat 0 is not on lead"):  # (another seat leads: no answer)
        free.lead_prompt(0)
    free.apply(1, play("5C"))
    with pytest.raises(ValueError, match="seat 2 is not on lead"):  # (on turn, but to follow 5♣)
        free.lead_prompt(2)


def test_P22_a_two_out_of_turn():
    game = president(hands=["3C 4C", "5C 6C", "7C 8C", "2D 9C"], two_any_time=True)
    game.apply(1, play("5C"))
    assert game.to_act == (3,)  # seat 3 is offered the chance before seat 2 moves
    assert game.view(3).window and game.view(3).to_act == (3,)
    assert game.view(2).to_act == (2,) and not game.view(2).window  # nobody else learns of it
    public = game.view(None)
    assert public.to_act == (2,) and public.hand == () and public.hand_sizes == (2, 1, 2, 2)
    assert game.legal_moves(3) == [play("2D"), DECLINE]
    events = game.apply(3, play("2D"))
    assert kinds(events) == ["cards_played", "trick_cleared"] and events[0].out_of_turn
    assert game.to_act == (3,)


@pytest.mark.parametrize("knob, chance, blank", [
    ("two_any_time", "2D 9C", "4D 9C"),
    ("quick_clear", "5D 5H 5S 9C", "4D 4H 4S 9C"),
])
def test_X2_X3_a_chance_shows_only_in_the_view_of_the_seat_asked(knob, chance, blank):
    """X2 / X3: a window opens only when a seat can act, so a view that showed it would
    tell everyone else that somebody holds a 2 (P22) or the cards completing four (P24).
    Every other seat's view, and the public one, is the same as in a deal where nobody
    could act."""
    hands = ["3C 4C", "5C 6C", "7C 8C 9D", chance]
    asked = president(hands=hands, **{knob: True})
    quiet = president(hands=hands[:3] + [blank], **{knob: True})
    for game in (asked, quiet):
        game.apply(1, play("5C"))
    assert asked.to_act == (3,) and quiet.to_act == (2,)
    for seat in (0, 1, 2, None):
        assert asked.view(seat) == quiet.view(seat)


def test_P22_declining_the_chance_returns_the_turn():
    game = president(hands=["3C 4C", "5C 6C", "7C 8C", "2D 9C"], two_any_time=True)
    game.apply(1, play("5C"))
    events = game.apply(3, DECLINE)
    assert game.to_act == (2,)
    assert game.legal_moves(2) == [play("7C"), play("8C"), PASS]
    # X3: only seat 3 is told it let a chance go; nobody else learns it had one
    assert kinds(events) == ["chance_declined"]
    names = "ABCD".__getitem__
    assert events[0].describe(names, 3) == "D lets the out-of-turn chance go"
    assert [events[0].describe(names, viewer) for viewer in (0, 1, 2, None)] == ["", "", "", ""]
    from cardtable.tui.text import round_log

    assert not any("chance" in line or "D " in line for line in round_log(game.events, 2, names, str))
    assert "You let the out-of-turn chance go" in round_log(game.events, 3, names, str)  # (told to D)


def test_P23_a_bomb_goes_on_anything_clears_and_its_player_leads():
    hands = ["3C", "KC KD 4C", "6C 6D 6H 6S 7C 7D 7H 7S 9C", "5C"]
    game = president(hands=hands, bomb="four_of_a_kind", no_lead_with_top=False)
    game.apply(1, play("KC KD"))
    with pytest.raises(IllegalMove, match=r"^play 2 cards to follow a pair of kings, or a 4-of-a-kind bomb \(P23\)$"):
        game.apply(2, play("9C"))  # (the refusal names the bomb the seat could play instead)
    events = game.apply(2, play("6C 6D 6H 6S"))
    assert kinds(events) == ["cards_played", "trick_cleared"] and events[1].reason == "bomb"
    assert game.to_act == (2,)
    assert play("7C 7D 7H 7S") not in game.legal_moves(2)  # one bomb per turn
    with pytest.raises(IllegalMove, match="one bomb per turn"):
        game.apply(2, play("7C 7D 7H 7S"))


def test_P24_quick_clear_completes_four_out_of_turn():
    game = president(hands=["3C", "7C 7D 9C", "8C", "7H 7S 4C"], quick_clear=True)
    game.apply(1, play("7C 7D"))
    assert game.to_act == (3,)
    assert game.legal_moves(3) == [Move("quick_clear", parse_cards("7H 7S")), DECLINE]
    events = game.apply(3, Move("quick_clear", parse_cards("7S 7H")))
    assert kinds(events) == ["cards_played", "trick_cleared"]
    assert events[1].reason == "quick_clear" and game.to_act == (3,)


@pytest.mark.parametrize("window", ["quick_clear", "two_any_time"])
def test_P6_P22_P24_a_play_that_ends_the_trick_opens_no_window(window):
    """P6 (Forseti locks) with an X3 window knob: when everyone else is locked out or
    out of cards, the play clears the trick at once and its player leads; no window
    is opened on an empty pile."""
    game = president(4, ["8H 9S", "5S 7S 9D", "8S 9H", "6S"], pass_locks_out=True, **{window: True})
    game.apply(1, play("5S"))
    game.apply(2, PASS)
    game.apply(3, play("6S"))       # seat 3 goes out
    game.apply(0, PASS)
    events = game.apply(1, play("7S"))
    assert kinds(events) == ["cards_played", "trick_cleared"]
    assert game.to_act == (1,) and game.legal_moves(1) == [play("9D")]


def test_P5_P22_an_equal_play_that_skips_the_last_rival_opens_no_window():
    """P5 ``skip`` with P22: the equal play skips the only other seat, the trick goes
    back to its player, and no window opens on the cleared pile."""
    game = president(3, ["6S", "4D 5S 7S 9D", "5H 9H"], equal_rank="skip", two_any_time=True)
    for seat, move in [(1, play("4D")), (2, PASS), (0, play("6S")), (1, PASS), (2, PASS)]:
        game.apply(seat, move)
    game.apply(game.to_act[0], play("5S"))
    events = game.apply(2, play("5H"))
    assert "trick_cleared" in kinds(events)
    assert game.to_act == (2,) and game.hands[2] == [Card.parse("9H")]


def test_P25_burn_matching_the_top_rank_with_natural_cards():
    game = president(hands=["3C", "8C 8D 4C", "8H 8S 9C", "5C"], burn=True)
    game.apply(1, play("8C 8D"))
    events = game.apply(2, play("8H 8S"))
    assert kinds(events) == ["cards_played", "trick_cleared"] and events[1].reason == "burn"
    assert game.to_act == (2,)


def test_P25_a_wild_card_cannot_burn():
    """P25: matching the top rank burns the pile only with natural cards. With equal ranks
    allowed (P5), an 8 and a wild joker may match a pair of 8s, but that burns nothing:
    the pile stays, the turn moves on, and the trick ends only when all others pass (P7).
    By default (no equal ranks) the wild pair is no legal play at all."""
    hands = ["3C", "8C 8D 4C", "8H JK 9C", "5C"]
    game = president(hands=hands, burn=True, jokers=1, wilds=["JK"])
    game.apply(1, play("8C 8D"))
    assert play("8H JK") not in game.legal_moves(2)
    natural = president(hands=["3C", "8C 8D 4C", "8H 8S 9C", "5C"], burn=True, jokers=1, wilds=["JK"],
                        equal_rank="allowed")
    natural.apply(1, play("8C 8D"))
    assert kinds(natural.apply(2, play("8H 8S"))) == ["cards_played", "trick_cleared"]  # (natural: a burn)
    game = president(hands=hands, burn=True, jokers=1, wilds=["JK"], equal_rank="allowed")
    game.apply(1, play("8C 8D"))
    assert play("8H JK") in game.legal_moves(2)
    events = game.apply(2, play("8H JK"))
    assert kinds(events) == ["cards_played"]
    assert game.to_act == (3,) and game.view(3).top == parse_cards("8H JK")
    game.apply(3, PASS)
    game.apply(0, PASS)
    events = game.apply(1, PASS)
    assert kinds(events) == ["passed", "trick_cleared"]
    assert (events[1].seat, events[1].leader, events[1].reason) == (2, 2, "all_passed")
    assert "burn" not in [e.reason for e in game.events if e.kind == "trick_cleared"]


def test_P26_going_out_on_a_two_makes_scum():
    game = president(hands=["3C 4C", "5C 9C", "2C", "6C 7C"], no_finish_on_top=True)
    assert not game.makes_scum(1, play("5C"))  # (cards stay in hand)
    game.apply(1, play("5C"))
    assert game.makes_scum(2, play("2C")) and not game.makes_scum(2, PASS)  # (told before, at the table)
    plain = president(hands=["3C 4C", "5C", "9C", "6C 7C"], no_finish_on_top=True)
    plain.apply(1, play("5C"))
    assert not plain.makes_scum(2, play("9C"))  # (out on a plain card: 1st, not Scum)
    burn = president(hands=["3C 4C", "9D 5C", "9C", "6C 7C"], no_finish_on_top=True, burn=True)
    burn.apply(1, play("9D"))
    assert burn.makes_scum(2, play("9C"))  # (a burn clears the pile: Scum)
    events = game.apply(2, play("2C"))
    assert kinds(events) == ["cards_played", "made_scum", "trick_cleared"]
    assert events[1].describe("ABCD".__getitem__) == \
        "C went out on a top card or a clearing play and becomes Scum (P26)"  # (a burn is no top card)
    finish_round(game)
    assert game.titles[2] == "scum"
    assert game.finish_order[-1] == 2


def test_P26_under_ace_high_a_natural_two_is_the_lowest_card_not_a_top_one():
    """P26 (our reading): a 2 counts as a top card where 2s rank high or are wild; under
    ``ace_high`` (West coast) a natural 2 is the lowest card, and going out on it is no
    going out on top (it made the player Scum)."""
    game = president(players=3, hands=["5C 6C", "2D", "KS QS"], rank_order="ace_high", no_finish_on_top=True)
    assert game.to_act == (1,) and not game.makes_scum(1, play("2D"))
    events = game.apply(1, play("2D"))
    assert kinds(events) == ["cards_played", "player_out"] and game.finish_order == (1,)
    joker = president(players=3, hands=["5C 6C", "JK", "KS QS"], rank_order="ace_high", jokers=1,
                      no_finish_on_top=True)
    assert joker.makes_scum(1, play("JK"))  # (a joker that is not wild still ranks above an ace)
    wild = president(players=3, hands=["5C 6C", "2D 4D", "KS QS"], rank_order="ace_high", wilds=["2"],
                     no_finish_on_top=True)
    assert wild.makes_scum(1, play("4D 2D"))  # (a wild 2, standing as a 4, is a top card)


def test_P27_a_wild_joker_makes_a_pair_but_never_plays_alone():
    game = president(hands=["3C", "7C JK 4D", "8C 8D", "5C"], jokers=1, wilds=["JK"])
    moves = game.legal_moves(1)
    assert play("7C JK") in moves and play("JK") not in moves
    with pytest.raises(IllegalMove, match="all wild"):
        game.apply(1, play("JK"))
    game.apply(1, play("7C JK"))
    assert game.view(2).to_beat == "a pair of 7s"
    assert play("8C 8D") in game.legal_moves(2)


RED_THREES = dict(rank_order="ace_high", wilds=["2"], red_threes=True, first_lead="three_of_spades")


def test_P28_red_threes_beat_aces_and_black_threes_are_lowest():
    game = president(hands=["4C", "AC 5D", "3H 6C", "3C 2D 8C 3S"], **RED_THREES)
    assert game.to_act == (3,)  # the 3♠ holder leads the first round
    assert play("3C 2D") in game.legal_moves(3)  # a wild 2 stands as a black 3
    assert play("3C 3S") in game.legal_moves(3)
    game.apply(3, play("8C"))
    game.apply(0, PASS)
    game.apply(1, play("AC"))
    events = game.apply(2, play("3H"))
    assert kinds(events) == ["cards_played", "trick_cleared"]  # nothing beats a red 3


def test_P21_P28_under_red_threes_the_red_threes_are_the_top_cards_not_aces():
    """P21 with P28: red 3s are the highest cards, so they wait to be led last; aces lead
    like any rank (a play-tester was refused a pair of aces as "a top card")."""
    game = president(hands=["4C", "AC AD 5D 3H", "6C", "3S 8C"], **RED_THREES)
    game.apply(3, play("8C"))
    game.apply(0, PASS)
    game.apply(1, play("3H"))  # (nothing beats a red 3: the pile clears, Bob leads)
    leads = game.legal_moves(1)
    assert game.to_act == (1,) and play("AC AD") in leads and play("AD") in leads
    game = president(hands=["4C", "3H 3D 5D", "6C", "3S 8C"], **RED_THREES)
    game.apply(3, play("8C"))
    game.apply(0, PASS)
    game.apply(1, play("3D"))  # (clears; Bob leads again)
    assert play("3H") not in game.legal_moves(1) and play("5D") in game.legal_moves(1)


def test_P21_P28_a_joker_or_high_2s_stay_top_cards_beside_red_threes():
    """P21 with P28 house rules that keep a joker natural or 2s ranking high: those still
    wait to be led last (the red 3s are not the only top cards then)."""
    def bob_to_lead(top: str, **knobs):
        """Bob (seat 1) holding ``top`` 5♦ 9♦ takes a trick with the 9♦ and leads."""
        game = president(hands=["4C", f"{top} 5D 9D", "6C", "3S 8C"], **{"first_lead": "three_of_spades", **knobs})
        game.apply(3, play("8C"))
        game.apply(0, PASS)
        game.apply(1, play("9D"))
        for seat in (2, 3, 0):
            game.apply(seat, PASS)
        assert game.to_act == (1,)
        return game.legal_moves(1)

    assert play("JK") not in bob_to_lead("JK", **dict(RED_THREES, jokers=1))
    leads = bob_to_lead("2C", rank_order="two_high", red_threes=True)
    assert play("2C") not in leads and play("5D") in leads


def test_P28_a_wild_cannot_stand_as_a_red_three():
    """A pair of 8s to beat: 3♥ with a wild 2 as the second red 3 would top it, but a
    wild may not stand as a red 3; a wild beside a natural 9 may follow."""
    game = president(hands=["4C", "3H 2D 9D 9C 5D", "6C", "3S 8C 8D"], **RED_THREES)
    game.apply(3, play("8C 8D"))
    game.apply(0, PASS)
    moves = game.legal_moves(1)
    assert play("3H 2D") not in moves and play("9D 2D") in moves
    with pytest.raises(IllegalMove, match=r"a wild card cannot stand as a red 3 \(P28\)"):
        game.apply(1, play("3H 2D"))


def test_P29_hidden_hand_counts():
    game = president(hands=["3C 4C", "5C", "6C 7C 8C", "9C"], show_hand_counts=False)
    assert game.view(0).hand_sizes == (2, None, None, None)
    assert president(hands=["3C 4C", "5C", "6C 7C 8C", "9C"]).view(0).hand_sizes == (2, 1, 3, 1)


def test_P30_title_points_and_the_match_target():
    game = president(hands=["3C", "KC", "AC", "4C 5C"], title_points={"president": 3, "scum": -1},
                     match_target=3)
    finish_round(game)
    assert game.scores == (-1, 3, 0, 0)
    assert game.is_over and game.winners() == (1,)
    assert game.events[-1].kind == "match_ended"
    with pytest.raises(IllegalMove, match="match is over"):
        game.next_round()


def test_P30_match_rounds():
    game = president(hands=["3C", "KC", "AC", "4C 5C"], match_target=0, match_rounds=2, exchange="none")
    finish_round(game)
    assert not game.is_over
    game.next_round(hands=[["3D"], ["KD"], ["AD"], ["4D", "5D"]])
    finish_round(game)
    assert game.is_over and game.round == 2 and game.scores == (0, 4, 2, 0)


def test_P30_endless_match_never_ends():
    game = president(hands=["3C", "KC", "AC", "4C 5C"], match_target=0, match_rounds=0, exchange="none")
    for _ in range(3):
        finish_round(game)
        assert not game.is_over
        game.next_round()
    assert game.round == 4


def test_X3_chance_possible_is_public_and_says_nothing_of_hands():
    """X3: ``chance_possible`` is True after any play that leaves cards on the pile while
    P22 / P24 are on, whether or not anybody can answer (so a table may let every human
    look), and False with the knobs off or an empty pile."""
    for bobs in ("2D 9C", "4D 9C"):  # seat 3 can, or cannot, answer with a 2
        game = president(hands=["3C 4C", "5C 6C", "7C 8C", bobs], two_any_time=True)
        assert not game.chance_possible  # nothing on the pile yet
        game.apply(1, play("5C"))
        assert game.chance_possible
    plain = president(hands=["3C 4C", "5C 6C", "7C 8C", "2D 9C"])
    plain.apply(1, play("5C"))
    assert not plain.chance_possible


def test_P25_P26_the_simple_bot_goes_out_on_an_equal_play_with_a_wild_which_is_no_burn():
    """P26 with P25: only an all-natural play of the top's rank burns, so going out on a
    pair of 8s made with a wild 9 is no clearing play and does not make Scum; the simple
    bot reads P26 from the same rule as the engine and goes out (it used to pass, taking
    the wild pair for a burn)."""
    from cardtable.engine.rng import Rng
    from cardtable.games.president.bot import SimpleBot

    game = president(hands=["3C", "8C 8D 4C", "8H 9S", "5C"], burn=True, equal_rank="allowed",
                     wilds=["9"], no_finish_on_top=True)
    game.apply(1, play("8C 8D"))
    assert game.legal_moves(2) == [play("8H 9S"), PASS]
    assert not game.makes_scum(2, play("8H 9S"))
    assert SimpleBot().choose(game.view(2), game.legal_moves(2), Rng(1)) == play("8H 9S")
    burn = president(hands=["3C", "8C 8D 4C", "8H 8S", "5C"], burn=True, no_finish_on_top=True)
    burn.apply(1, play("8C 8D"))
    assert burn.makes_scum(2, play("8H 8S"))
    assert SimpleBot().choose(burn.view(2), burn.legal_moves(2), Rng(1)) == PASS
