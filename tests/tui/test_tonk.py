"""The Tonk table through key presses: a stacked hot-seat hand with a spread, a hit
(target chosen in the dialog), a refused drop (hit lock-out shown), a drop and the
show-down; whole hands against bots with every preset; hand-offs hide every hand (X1)."""

from __future__ import annotations

import asyncio
import re

import pytest

from cardtable import load_variant, new_game
from cardtable.engine.cards import Card
from cardtable.engine.moves import Move
from cardtable.tui.screens.choose import MoveListDialog
from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.screens.start import StartScreen
from cardtable.tui.screens.summary import MatchEndScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.app import CardtableApp
from cardtable.tui.tonk.showdown import ShowdownScreen
from cardtable.tui.tonk.widgets import SpreadsPanel
from cardtable.tui.widgets.hand import Hand

from .conftest import ARMED
from .helpers import make_app, screen_text, settle, table_screen
from .tonk_driver import Advisor, pick_option, press_move

CARD_FACE = re.compile(r"[│|] ?(10|[2-9JQKA]) ?[│|]")


def run(scenario):
    asyncio.run(scenario())


def stacked_game():
    """Bob (seat 1) plays first. Bob spreads three sixes; Ann spreads 3-4-5 of spades
    and hits 6♠ on Bob's sixes (it would fit her run too), so Bob may not drop on his
    next turn; then Ann drops with 2 against Bob's 4."""
    return new_game(load_variant("tonk-classic"), 2, seed=1,
                    hands=[["3S", "4S", "5S", "6S", "9H"], ["6D", "6C", "6H", "KS", "QH"]],
                    stock=["AD", "2D", "3D", "8D", "9D"], upcard="8C")


async def hand_off(pilot, app, name: str) -> None:
    for _ in range(100):
        if isinstance(app.screen, HandoffScreen):
            break
        await pilot.pause(0.01)
    assert isinstance(app.screen, HandoffScreen) and app.screen.player == name
    text = screen_text(app)
    assert not CARD_FACE.search(text) and "count" not in text, text
    assert table_screen(app).table.state.hand == ()
    await pilot.press("enter")
    await pilot.pause()


def test_hot_seat_hand_with_spread_hit_lock_out_drop_and_show_down():
    async def scenario():
        game = stacked_game()
        app = make_app("Ann,Bob", preset="tonk-classic", game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = table_screen(app)

            async def move(seat, text):
                await press_move(pilot, app, seat, Move.parse(text))

            await hand_off(pilot, app, "Bob")
            assert "draw from the stock (s)" in screen.table.state.status
            for key in ("d", "m", "l", "enter"):  # discard, spread, hit: not before the draw (Enter said "select")
                await pilot.press(key)
                assert screen.table.notice == "draw first: s from the stock or u the upcard"
            await pilot.press("1", "2")  # cards may be picked before the draw (a key did nothing, unsaid)
            await pilot.pause()
            hand = screen.query_one(Hand)
            assert hand.selected_cards() == hand.cards[:2]
            await pilot.press("d")
            assert screen.table.notice == "draw first: s from the stock or u the upcard"
            picked, held = hand.selected_cards(), len(hand.cards)
            await pilot.press("s")  # the draw keeps the cards picked before it, and says nothing more
            await pilot.pause()
            assert len(hand.cards) == held + 1 and hand.selected_cards() == picked and not screen.table.notice
            await pilot.press("escape")
            await pilot.press("1", "2", "3", "l")  # (nothing to hit: it asked for exactly one card)
            assert screen.table.notice == "there is no spread on the table to hit"
            await pilot.press("escape")
            await move(1, "spread 6C 6D 6H")
            await move(1, "discard KS")
            screen.table.notice = "select a card to discard"  # (Bob's stray Enter after his discard)
            await hand_off(pilot, app, "Ann")
            assert screen.table.notice == ""  # (not Ann's to read)
            await move(0, "draw_stock")
            await move(0, "spread 3S 4S 5S")
            # 6♠ fits Ann's own run and Bob's sixes: the table asks which
            hand = screen.query_one(Hand)
            await pilot.press(str(hand.cards.index(Card.parse("6S")) + 1))
            await pilot.pause()
            screen.table.notice = "hint: hit 6♠ (press l)"  # the spreads it fits stay marked under a notice
            await pilot.pause()
            assert screen.query_one(SpreadsPanel).targets == {(0, 0), (1, 0)}
            await pilot.press("h")
            await pilot.pause()
            assert isinstance(app.screen, MoveListDialog)
            labels = [label for label, _m in app.screen.options]
            assert len(labels) == 3 and "Bob's" in labels[0] + labels[1] and labels[2] == "Cancel (escape)"
            await pilot.press("escape")  # cancels: nothing is played, the 6♠ stays selected
            await pilot.pause()
            assert not isinstance(app.screen, MoveListDialog) and game.spreads[1][0][-1] == Card.parse("6H")
            await pilot.press("h")
            await pilot.pause()
            assert isinstance(app.screen, MoveListDialog)
            from .tonk_driver import pick_option
            await pick_option(pilot, app, Move("hit", (Card.parse("6S"),), (), (1, 0)))
            assert game.spreads[1][0] == tuple(Card.parse(c) for c in ("6C", "6D", "6H", "6S"))
            assert game.view(0).drop_locks == (0, 1)
            await move(0, "discard 9H")
            await hand_off(pilot, app, "Bob")
            text = screen_text(app)
            assert "no drop ×1" in text and "6♣" in text and "3♠" in text
            assert screen.table.state.status.endswith(" · no drop this turn (hit)")  # (his own turn counts)
            assert screen.table.state.status_short.endswith(" · no drop (hit)")  # (said why, as 80 columns say it)
            await pilot.press("D")  # locked out by the hit: the engine's reason is shown
            await pilot.pause()
            assert "may not drop" in screen.table.notice
            assert "may not drop" in screen_text(app)
            await move(1, "draw_stock")
            await move(1, "discard QH")
            await hand_off(pilot, app, "Ann")
            assert "drop (D)" in screen.table.state.status
            await pilot.press("D")
            await pilot.pause()
            await pilot.press("n")  # the confirmation: keep playing
            await pilot.pause()
            assert not game.round_over
            await move(0, "drop")
            await settle(pilot, app, lambda: isinstance(app.screen, ShowdownScreen), limit=1000)
            text = screen_text(app)
            assert "Ann drops with 2" in text and "Ann wins the drop" in text
            assert "Bob pays Ann 1 chip" in text
            assert re.search(r"Ann\s+2♦\s+2\s+\+1\s+101", text), text
            assert re.search(r"Bob \(?.*A♦ 3♦\s+4\s+−1\s+99", text), text
            assert game.chips == (101, 99)
            await pilot.press("enter")
            await pilot.pause()
            assert game.round == 2 and not game.round_over

    run(scenario)


def play_hand(preset: str, seed: int, size=(100, 30), seats="Ann,bot:simple,bot:simple"):
    async def scenario():
        app = make_app(seats, preset=preset, seed=seed)
        advise = Advisor(seed)
        seen: set[str] = set()
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for _step in range(600):
                screen = app.screen
                if isinstance(screen, ShowdownScreen):
                    break
                if isinstance(screen, HandoffScreen):
                    await pilot.press("enter")
                    await pilot.pause()
                    continue
                table = table_screen(app)
                game = table.game
                if isinstance(screen, MoveListDialog) and game.to_act and game.to_act[0] in table.humans:
                    seat = game.to_act[0]
                    move = advise(game, seat)
                    seen.add(move.kind)
                    await press_move(pilot, app, seat, move)
                    continue
                if screen is not table or table.busy or not game.to_act or game.to_act[0] not in table.humans:
                    await pilot.pause(0.01)
                    continue
                seat = game.to_act[0]
                before = len(game.events)
                move = advise(game, seat)
                seen.add(move.kind)
                await press_move(pilot, app, seat, move)
                assert len(game.events) > before, (move, table.table.notice)
            else:
                raise AssertionError("the hand did not end")
            text = screen_text(app)
            assert "Hand 1" in text and "chips" in text
            table = table_screen(app)
            assert sum(table.game.chips) == 100 * table.game.players
        return seen

    return asyncio.run(scenario())


@pytest.mark.parametrize("preset,seed", [("tonk-classic", 2), ("texas-tonk", 5), ("tonk-house", 7),
                                         ("tonk-spades", 4)])
def test_a_whole_hand_against_bots_by_keys(preset, seed):
    seen = play_hand(preset, seed)  # (each of Ann's moves made by keys changed the game)
    assert seen & {"draw_stock", "take_upcard"}, seen  # she drew, and then ended a turn:
    assert seen & {"discard", "drop", "declare"}, seen
    if preset == "tonk-spades":
        assert seen & {"bet", "decline"}


def test_a_hand_at_80x24():
    play_hand("tonk-classic", 3, size=(80, 24))


def test_start_screen_offers_tonk():
    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False, family="tonk")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, StartScreen) and app.screen.family == "tonk"
            text = screen_text(app)
            assert "Tonk" in text and "to come" not in text.split("Tonk")[1][:20]
            await pilot.press("s")  # (a random deal: a bot may go out, or drop, before Player's turn)
            await settle(pilot, app, lambda: table_screen(app) is not None)
            assert table_screen(app).game.family == "tonk"

    run(scenario)


def test_match_end_after_the_last_hand():
    async def scenario():
        variant = load_variant("tonk-classic")
        rules = variant.rules.model_copy(update={"match_hands": 1})
        variant = variant.model_copy(update={"rules": rules})
        game = new_game(variant, 2, seed=1,
                        hands=[["3S", "4S", "5S", "6S", "9H"], ["6D", "6C", "6H", "KS", "QH"]],
                        stock=["AD", "2D", "3D", "8D", "9D"], upcard="8C")
        for seat, text in [(1, "draw_stock"), (1, "discard KS"), (0, "draw_stock"), (0, "discard 9H"),
                           (1, "drop")]:
            game.apply(seat, text)
        app = make_app("Ann,Bob", preset="tonk-classic", game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, ShowdownScreen))
            text = " ".join(screen_text(app).split())
            assert "│ Bob drops with 29 │ │ Ann catches the dropper │" in text, text  # (Ann holds 20)
            assert "Bob pays Ann 2 chips" in text
            await pilot.press("enter")
            await settle(pilot, app, lambda: isinstance(app.screen, MatchEndScreen))
            # (why it ended, in words: not "…: the last of 1 hand", nor nothing at all)
            assert "Ann won the match after 1 hand: that is the match's length." in screen_text(app)

    run(scenario)


def test_the_match_end_counts_the_paid_hands_after_a_voided_one():
    """T9/T13: a tie for lowest voids a hand, which the match's hands do not count; the
    match end says so when it played more hands than the match has."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.ui import TonkUI

    variant = load_variant("tonk-classic").changed(match_hands=1)
    game = new_game(variant, 3, seed=1, hands=[["KS", "QS"], ["AS", "3D"], ["AH", "2H"]], stock=["2C"], upcard="KD")
    game.apply(1, "draw_stock")
    game.apply(1, "discard 3D")                     # the stock is used up: 20, 3, 3 (voided)
    assert game.round_over and not game.is_over
    game.next_round(hands=[["KS", "QS"], ["AS", "3D"], ["AH", "5H"]], stock=["2C"], upcard="KD")
    game.apply(1, "draw_stock")                     # (the same dealer deals again: Bob first)
    game.apply(1, "discard 3D")                     # 20, 3, 6: Bob is lowest, the hand is paid
    assert game.is_over and game.round == 2 and game.hands_paid == 1
    assert TonkUI().match_over_reason(game, parse_seats("Ann,Bob,Cy")) == \
        "1 of them paid, the match's length (a voided hand is dealt again)"


def test_the_match_end_says_it_ran_its_length():
    """T13: a match that ends on its number of hands says so (a play-tester read "Eve won
    the match after 3 hands." as an ending unexplained)."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.ui import TonkUI

    variant = load_variant("tonk-classic").changed(match_hands=1)
    game = new_game(variant, 2, seed=1, hands=[["3S", "4S", "5S", "6S", "9H"], ["6D", "6C", "6H", "KS", "QH"]],
                    stock=["AD", "2D", "3D", "8D", "9D"], upcard="8C")
    for seat, text in [(1, "draw_stock"), (1, "discard KS"), (0, "draw_stock"), (0, "discard 9H"), (1, "drop")]:
        game.apply(seat, text)
    assert game.is_over and game.hands_paid == 1 and not game.broke()
    assert TonkUI().match_over_reason(game, parse_seats("Ann,Bob")) == "that is the match's length"


def test_the_match_end_says_who_went_broke():
    """T13: a match that ends on a broke player says so ("Bob is broke"), not only who won."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.ui import TonkUI

    variant = load_variant("tonk-classic").changed(starting_chips=2)
    game = new_game(variant, 2, seed=1, hands=[["3S", "4S", "5S", "6S", "9H"], ["6D", "6C", "6H", "KS", "QH"]],
                    stock=["AD", "2D", "3D", "8D", "9D"], upcard="8C")
    for seat, text in [(1, "draw_stock"), (1, "discard KS"), (0, "draw_stock"), (0, "discard 9H"), (1, "drop")]:
        game.apply(seat, text)
    assert game.is_over and tuple(game.chips) == (4, 0)  # (Bob, caught, paid his 2 chips)
    assert TonkUI().match_over_reason(game, parse_seats("Ann,Bob")) == "Bob is broke"


def test_declare_a_dealt_49_and_sort_the_hand():
    async def scenario():
        game = new_game(load_variant("tonk-house"), 2, seed=1, dealer=1,
                        hands=[["KS", "QH", "JD", "10C", "9H"], ["2C", "5D", "8H", "JC", "QC"]],
                        stock=["AD", "2D", "3D"], upcard="8C")
        app = make_app("Ann,bot:simple", preset="tonk-house", game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
            screen = app.screen
            state = screen.table.state
            assert "declare your dealt 49 (c)" in state.status and "c declare 49" in state.keys
            hand = screen.query_one(Hand)
            assert [str(c) for c in hand.cards] == ["10C", "JD", "9H", "QH", "KS"]  # by suit
            await pilot.press("o")
            assert [str(c) for c in hand.cards] == ["9H", "10C", "JD", "QH", "KS"]  # by rank
            await pilot.press("7")  # (it said nothing)
            await pilot.pause()
            assert screen.table.notice == "no card 7: the row shows 5 cards"
            await pilot.press("c")
            await settle(pilot, app, lambda: isinstance(app.screen, ShowdownScreen))
            text = screen_text(app)
            assert "Ann declares a dealt 49" in text and "Ann wins with a dealt 49" in text
            assert "Dag pays Ann 1 chip" in text

    run(scenario)


@pytest.mark.parametrize("width", [80, 120])
def test_a_long_status_is_said_shorter_never_cut(width):
    """T10 (a dealt 49 to declare) with every start choice open: at 80 columns the whole
    sentence does not fit, so the status names just the keys; at 120 it is said in full.
    Neither is cut."""
    async def scenario():
        game = new_game(load_variant("tonk-house"), 2, seed=1, dealer=1,
                        hands=[["KS", "QH", "JD", "10C", "9H"], ["2C", "5D", "8H", "JC", "QC"]],
                        stock=["AD", "2D", "3D"], upcard="8C")
        app = make_app("Annabel,bot:simple", preset="tonk-house", game=game)
        async with app.run_test(size=(width, 24)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
            state = app.screen.table.state
            full = "Annabel — your turn: draw from the stock (s), take 8♣ (u), drop (D) or declare your dealt 49 (c)"
            short = "Annabel — your turn: s stock, u 8♣, D drop or c declare 49"
            assert (state.status, state.status_short) == (full, short)
            status_line = next(line.strip() for line in screen_text(app).splitlines() if "your turn" in line)
            assert status_line == (short if width == 80 else full)

    run(scenario)


def test_a_joker_in_a_spread_says_what_it_stands_for():
    """T1 / T3: the spread picker and the spreads panel show JK=Q♥ (run) or JK=7 (set)."""
    from cardtable.engine.cards import parse_cards
    from cardtable.games.tonk.spreads import jokers_stand_for
    from cardtable.tui.widgets.card import meld_label

    def label(text, ascii=False):
        cards = parse_cards(text)
        return meld_label(cards, jokers_stand_for(cards), ascii)

    assert label("JK QH KH") == "JK=J♥ Q♥ K♥"
    assert label("QH KH JK") == "Q♥ K♥ JK=A♥"
    assert label("7C 7S JK") == "7♣ 7♠ JK=7"
    assert label("JK 2D 3D", ascii=True) == "JK=A-D 2-D 3-D"


def test_the_show_down_lists_the_spades_bet_among_the_payments():
    """T12: the spades pot shows as payments too (each other bettor's stake to the seat
    that took it), so every chip in the ledger can be traced."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.showdown import showdown

    game = new_game(load_variant("tonk-spades"), 3, seed=1,
                    hands=[["3S", "4S", "5D", "6H", "9H"], ["AS", "KD", "QH", "2C", "3C"],
                           ["KS", "7D", "8C", "9C", "10H"]],
                    stock=["AD", "2D", "3D", "8D", "9D"], upcard="8H")
    for seat, text in [(1, "bet"), (2, "bet"), (0, "bet"), (1, "draw_stock"), (1, "discard AS"),
                       (2, "draw_stock"), (2, "discard KS"), (0, "draw_stock"), (0, "discard 3S"), (1, "drop")]:
        game.apply(seat, text)
    data = showdown(game, parse_seats("Ann,Bob,Cy"))
    assert data.payments == ("Ann pays Bob 1 chip", "Cy pays Bob 1 chip")
    assert data.side == ("Ann pays Bob 1 chip", "Cy pays Bob 1 chip")  # (the spades bet's, apart)
    assert [row.net for row in data.rows] == [-2, 4, -2]


def test_the_hand_end_says_what_the_winner_laid_down_to_go_out():
    """T8 / T5: a play-tester saw "Dag says Tonk!" and never the spreads it was made with
    (the table was gone at once): the winner's row tells the turn it went out on, and a
    player out by a discard has it said too."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.showdown import showdown

    def bob_goes_out(bobs_hand, drawn, *moves):
        game = new_game(load_variant("tonk-classic"), 2, seed=1, hands=[["2C", "5D", "9H", "KS", "QH"], bobs_hand],
                        stock=[drawn, "2H", "3H", "7C", "8D"], upcard="8H")
        game.apply(1, "draw_stock")
        for move in moves:
            game.apply(1, move)
        return [(row.name, row.hand) for row in showdown(game, parse_seats("Ann,Bob")).rows]

    assert bob_goes_out(["JC", "JD", "JH", "4S", "5S"], "6S", "spread JC JD JH", "spread 4S 5S 6S") == [
        ("Ann", "not shown"), ("Bob", "went out: spread J♣ J♦ J♥, spread 4♠ 5♠ 6♠")]
    assert bob_goes_out(["4S", "5S", "6S", "7S", "KD"], "8S", "spread 4S 5S 6S 7S 8S", "discard KD")[1] == (
        "Bob", "went out: spread 4♠ 5♠ 6♠ 7♠ 8♠, discarded K♦")


def test_the_hand_end_says_what_a_joker_laid_down_stood_for():
    """T3: the log says "Bob spreads J♦ JK=Q♦ K♦"; the winner's row at the hand end said
    "spread J♦ JK K♦" (a play-tester): it says what the joker stood for, in a spread and in
    a hit (where the spread it made holds no other joker)."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.showdown import showdown

    variant = load_variant("tonk-classic")
    variant = variant.model_copy(update={"rules": variant.rules.model_copy(update={"jokers": 2})})

    def bob_goes_out(bobs_hand, drawn, *moves):
        game = new_game(variant, 2, seed=1, hands=[["2C", "5D", "9H", "KS", "QH"], bobs_hand],
                        stock=[drawn, "2H", "3H", "7C", "8D"], upcard="8H")
        game.apply(1, "draw_stock")
        for move in moves:
            game.apply(1, move)
        assert game.round_over
        bob = showdown(game, parse_seats("Ann,Bob")).rows[1]
        assert bob.hand == "went out: " + ", ".join(bob.plays) and len(bob.plays) == len(moves)  # (the table wraps these)
        return bob.hand

    assert bob_goes_out(["JD", "JK", "KD", "4S", "5S"], "6S", "spread JD JK KD", "spread 4S 5S 6S") == \
        "went out: spread J♦ JK=Q♦ K♦, spread 4♠ 5♠ 6♠"
    text = bob_goes_out(["4S", "5S", "6S", "7S", "JK"], "9D", "spread 4S 5S 6S 7S", "hit JK @1,0", "discard 9D")
    assert text == "went out: spread 4♠ 5♠ 6♠ 7♠, hit JK=8♠, discarded 9♦"  # (a hit joker goes high)
    text = bob_goes_out(["4S", "JK", "6S", "JK", "9D"], "8S", "spread 4S JK 6S", "hit JK @1,0", "hit 8S @1,0",
                        "discard 9D")  # (the hit joker beside another: the engine says which it is)
    assert text == "went out: spread 4♠ JK=5♠ 6♠, hit JK=7♠, hit 8♠, discarded 9♦"


@pytest.mark.parametrize("ends", [True, False])
def test_the_match_summary_calls_broke_only_the_seats_whose_chips_ended_the_match(ends):
    """T13: "broke" beside a seat out of chips where that ends the match; a preset that
    plays on (``broke_ends_match = false``) calls nobody broke, its chips say the rest."""
    from rich.console import Console

    from cardtable.tui.screens.summary import match_table
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.ui import TonkUI

    variant = load_variant("tonk-classic")
    variant = variant.model_copy(update={"rules": variant.rules.model_copy(update={
        "starting_chips": 3, "stake": 3, "broke_ends_match": ends, "drop_when": "any_time"})})
    game = new_game(variant, 3, seed=1, hands=[["10S", "JC"], ["AC", "2D"], ["KS", "QH"]], stock=["3C", "4C"],
                    upcard="5C")
    game.apply(1, Move("drop"))
    assert game.chips == (0, 9, 0) and game.is_over == ends
    _heading, rows = TonkUI().round_summary(game, parse_seats("Ann,Bob,Cy"))
    assert [(row.name, row.title, row.total) for row in rows] == [
        ("Bob", "", 9), ("Ann", "broke" if ends else "", 0), ("Cy", "broke" if ends else "", 0)]
    console = Console(width=80, record=True, color_system=None)
    console.print(match_table(rows, "tonk"))
    lines = [line.split() for line in console.export_text().splitlines()]
    assert lines == [["place", "player", "chips", "chips", "won"], ["1st", "Bob", "9", "+6"],
                     *([["2nd", "Ann", "0", "−3", "broke"], ["3rd", "Cy", "0", "−3", "broke"]] if ends else
                       [["2nd", "Ann", "0", "−3"], ["3rd", "Cy", "0", "−3"]])]


def test_the_hand_end_wraps_a_winners_last_turn_between_its_plays():
    """A play-tester saw the winner's row wrap inside a play ("went out: spread J♣" / "J♦ J♥,
    hit" / "5♠"): the row breaks only between the plays, each keeping its comma."""
    from rich.console import Console

    from cardtable.tui.tonk.showdown import Showdown, ShowdownRow, showdown_table

    plays = ("spread J♣ J♦ J♥", "hit 5♠", "spread 3♣ 4♣ 5♣ 6♣", "discarded 9♦")
    rows = (ShowdownRow("Maximilian (bot)", "went out: " + ", ".join(plays), "0", 12, 112, True, plays),
            ShowdownRow("Bartholomew (bot)", "K♠ Q♠ J♠ T♠ 9♠ 8♠ 7♠", "63", -12, 88))

    def hands(width: int) -> list[str]:
        console = Console(width=width, record=True, color_system=None)
        console.print(showdown_table(Showdown("Hand 3", (), rows, ())))
        return [line[22:].split("  ")[0] for line in console.export_text().splitlines()[1:]]

    assert hands(68) == ["went out:", "spread J♣ J♦ J♥,", "hit 5♠,", "spread 3♣ 4♣ 5♣ 6♣,", "discarded 9♦",
                         "K♠ Q♠ J♠ T♠ 9♠ 8♠ 7♠"]
    assert hands(80) == ["went out: spread J♣ J♦ J♥,", "hit 5♠, spread 3♣ 4♣ 5♣ 6♣,", "discarded 9♦",
                         "K♠ Q♠ J♠ T♠ 9♠ 8♠ 7♠"]


def test_the_one_human_sees_their_own_hand_at_a_hand_end_without_a_show_down():
    """T8: when a hand ends by going out, the losers' hands stay hidden ("not shown"); the
    one human at the table still sees their own cards and count in their row (a play-tester
    saw "not shown" beside their own name). In hot seat no viewer is passed: all hidden."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.showdown import showdown

    game = new_game(load_variant("tonk-classic"), 3, seed=1,
                    hands=[["2C", "5D", "9H", "KS", "QH"], ["JC", "JD", "JH", "4S", "5S"], ["3C", "4D", "6H", "7S", "8C"]],
                    stock=["6S", "2H", "3H", "7C", "8D"], upcard="8H")
    for move in ["draw_stock", "spread JC JD JH", "spread 4S 5S 6S"]:
        game.apply(1, move)
    seats = parse_seats("Ann,Bob,Cy")
    rows = [(row.name, row.hand, row.count) for row in showdown(game, seats, viewer=0).rows]
    assert rows[0] == ("Ann", "2♣ 5♦ 9♥ Q♥ K♠ (your hand)", "36")
    assert rows[2] == ("Cy", "not shown", "—")
    assert [row.hand for row in showdown(game, seats).rows][0] == "not shown"


def test_at_a_table_of_bots_the_show_down_shows_the_human_their_own_hand():
    """T8: the table passes its one human to the show-down: when a bot goes out, Ann's row
    shows her cards, "(your hand)", and her count."""
    game = new_game(load_variant("tonk-classic"), 2, seed=1, hands=[["2C", "5D", "9H", "KS", "QH"],
                                                                    ["JC", "JD", "JH", "4S", "5S"]],
                    stock=["6S", "2H", "3H", "7C", "8D"], upcard="8H")
    app = make_app("Ann,bot:simple", preset="tonk-classic", game=game)

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, ShowdownScreen))
            rows = {row.name: (row.hand, row.count) for row in app.screen.data.rows}
            assert rows["Ann"] == ("2♣ 5♦ 9♥ Q♥ K♠ (your hand)", "36")

    asyncio.run(scenario())


def test_the_spread_dialog_shows_the_hand_as_the_table_does():
    """The hand in the "Lay a spread" dialog (and the spades bet) is the hand below:
    same order, same numbers, the selected cards lifted (it showed the deal order)."""
    async def scenario():
        game = new_game(load_variant("tonk-spades"), 2, seed=1,
                        hands=[["JC", "3H", "JK", "AD", "4H"], ["6D", "6C", "9H", "KS", "QH"]],
                        stock=["2C", "10D", "3D", "8D", "9D"], upcard="8C")
        app = make_app("Ann,bot:simple", preset="tonk-spades", game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog))
            await pilot.pause()
            screen = table_screen(app)
            table_hand = screen.query_one(Hand)
            assert app.screen.query_one(Hand).cards == table_hand.cards  # the spades bet
            await pick_option(pilot, app, Move("decline"))
            await settle(pilot, app, lambda: app.screen is screen and screen.table.state.phase == "start")
            await pilot.press("o")  # by rank, then back by suit: the dialog follows the table
            await pilot.press("o")
            await pilot.press("s")
            await pilot.pause()
            shown = [str(c) for c in table_hand.cards]
            assert shown == ["JC", "AD", "10D", "3H", "4H", "JK"], shown
            await pilot.press("4", "5", "6", "m")
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, MoveListDialog) and dialog.title_text == "Lay a spread"
            hand = dialog.query_one(Hand)
            assert hand.cards == table_hand.cards
            assert hand.selected == table_hand.selected == frozenset({3, 4, 5})
            text = screen_text(app)
            assert text.count("▲") == 6, text  # three lifted in the dialog, three below

    run(scenario)


def test_enter_with_two_cards_says_what_enter_does():
    """Enter discards one selected card or lays three or more as a spread: with two
    selected it says so (it sent them as a spread and showed "not a spread: …")."""
    async def scenario():
        game = stacked_game()
        app = make_app("Ann,bot:simple", preset="tonk-classic", game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: (isinstance(app.screen, TableScreen) and not app.screen.busy
                                              and app.screen.table.state.phase == "start"))
            screen = app.screen
            await pilot.press("s")
            await settle(pilot, app, lambda: screen.table.state.phase == "act")
            before = len(game.events)
            shown = [str(c) for c in screen.query_one(Hand).cards]
            assert shown[:5] == ["2D", "9H", "3S", "4S", "5S"], shown
            await pilot.press("3", "4", "enter")
            await pilot.pause()
            assert screen.table.notice == "Enter discards 1 card or lays 3+ as a spread"
            assert "Enter discards 1 card or lays 3+ as a spread" in screen_text(app)
            assert len(game.events) == before
            await pilot.press("5", "enter")  # 3♠ 4♠ 5♠: Enter lays the spread
            await pilot.pause()
            assert game.spreads[0] and len(game.events) > before

    run(scenario)


def test_one_hand_one_chip_are_singular():
    """The header, the seat panels and the chips line say "1 hand", "1 chip" (they said
    "1 hands", "1 chips")."""
    from cardtable.tui.tonk.present import match_text

    async def scenario():
        variant = load_variant("tonk-classic")
        rules = variant.rules.model_copy(update={"match_hands": 1, "starting_chips": 1})
        variant = variant.model_copy(update={"rules": rules})
        game = new_game(variant, 2, seed=1,
                        hands=[["3S", "4S", "5S", "6S", "9H"], ["6D", "6C", "6H", "KS", "QH"]],
                        stock=["AD", "2D", "3D", "8D", "9D"], upcard="8C")
        app = make_app("Ann,bot:simple", preset="tonk-classic", game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: (isinstance(app.screen, TableScreen) and not app.screen.busy
                                              and app.screen.table.state.phase == "start"))
            text = screen_text(app)
            assert re.search(r"\b1 hands?\b", text) and re.search(r"\b1 chips?\b", text), text
            assert not re.search(r"\b1 (hands|chips|cards|turns)\b", text), text
            assert "1 hand or until one is broke" in text and "count 27 · 1 chip " in text, text

    run(scenario)
    assert match_text(type("R", (), {"match_hands": 1, "broke_ends_match": False})()) == "1 hand"
    assert match_text(type("R", (), {"match_hands": 3, "broke_ends_match": True})()) == "3 hands or until one is broke"


def test_match_end_shows_chips_and_chips_won_without_titles():
    """The match-over table says what its numbers are: the chips each player ends with
    and the chips won (the net result the statistics and replays record); it has no
    President "title" column (it showed "title —" and an unlabelled "total")."""
    async def scenario():
        variant = load_variant("tonk-classic")
        rules = variant.rules.model_copy(update={"match_hands": 1, "starting_chips": 3})
        variant = variant.model_copy(update={"rules": rules})
        game = new_game(variant, 2, seed=1,
                        hands=[["3S", "4S", "5S", "6S", "9H"], ["6D", "6C", "6H", "KS", "QH"]],
                        stock=["AD", "2D", "3D", "8D", "9D"], upcard="8C")
        for seat, text in [(1, "draw_stock"), (1, "discard KS"), (0, "draw_stock"), (0, "discard 9H"),
                           (1, "drop")]:
            game.apply(seat, text)
        app = make_app("Ann,Bob", preset="tonk-classic", game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, ShowdownScreen))
            await pilot.press("enter")
            await settle(pilot, app, lambda: isinstance(app.screen, MatchEndScreen))
            text = screen_text(app)
            chips, won = game.chips, game.scores
            assert sorted(chips) != sorted(won) and sum(won) == 0
            assert re.search(r"place\s+player\s+chips\s+chips won", text), text
            assert "title" not in text and "—" not in text and "total" not in text, text
            for seat, name in enumerate(("Ann", "Bob")):  # (the show-down's signs: +2, −2)
                net = f"+{won[seat]}" if won[seat] > 0 else f"−{-won[seat]}"
                assert re.search(rf"{name}\s+{chips[seat]}\s+{re.escape(net)}\s", text), text

    run(scenario)


def test_statistics_say_a_tonk_score_is_chips_won():
    """Statistics: a recorded Tonk match's scores are the chips won ("chips won: Ann +3,
    Bob -3"), and the Tonk table adds the chips won in all next to the chips per hand."""
    from cardtable.store.history import FamilyStats, PlayerStats, scores_text
    from cardtable.tui.screens.stats import family_table

    assert scores_text("tonk", ("Ann", "Bob", "Dag"), (3, -2, -1)) == "chips won: Ann +3, Bob -2, Dag -1"
    assert scores_text("shanghai", ("Ann", "Bob"), (35, 80)) == "Ann 35, Bob 80"
    player = PlayerStats(name="Ann", kinds=("human",), matches=1, wins=1, last_played="",
                         families={"tonk": FamilyStats(matches=1, wins=1, total_score=3, hands=2)})
    table = family_table("tonk", [player])
    assert [c.header for c in table.columns][-2:] == ["chips won", "chips per hand"]
    assert [list(c.cells)[0] for c in table.columns][-2:] == ["+3", "+1.50"]
    # losses with the table's minus sign, as the show-down and the match's end write them
    loser = PlayerStats(name="Bob", kinds=("human",), matches=1, wins=0, last_played="",
                        families={"tonk": FamilyStats(matches=1, wins=0, total_score=-3, hands=2)})
    assert [list(c.cells)[0] for c in family_table("tonk", [loser]).columns][-2:] == ["−3", "−1.50"]
    assert [list(c.cells)[0] for c in family_table("tonk", [loser], ascii=True).columns][-2:] == ["-3", "-1.50"]
    from cardtable.tui.text import signed_decimal
    assert [signed_decimal(x) for x in (-0.001, 0.004, 0.25, -2.0)] == ["0.00", "0.00", "+0.25", "−2.00"]


@pytest.mark.parametrize("ascii, minus", [(False, "−"), (True, "-")])
def test_the_recent_matches_write_a_loss_with_the_tables_minus_sign(ascii, minus):
    """The statistics' Tonk table wrote "−6" and the recent match under it "Eve -6": both
    now write a loss as the theme does (the true minus sign; "-" in ASCII)."""
    from rich.console import Console

    from cardtable.bots import make_bot
    from cardtable.engine.rng import Rng
    from cardtable.store import record_match
    from cardtable.store.history import scores_text
    from cardtable.tui.screens.stats import statistics

    assert scores_text("tonk", ("Ann", "Bob"), (3, -3), minus="−") == "chips won: Ann +3, Bob −3"
    assert scores_text("shanghai", ("Ann", "Bob"), (-25, 40), minus="−") == "Ann −25, Bob 40"
    assert scores_text("tonk", ("Ann", "Bob"), (0, -1), labelled=False) == "Ann 0, Bob -1"
    game = new_game(load_variant("tonk-sitting"), 3, seed=2)
    bot, rng = make_bot("tonk", "simple"), Rng(2)
    while not game.is_over:
        while not game.round_over:
            seat = game.to_act[0]
            game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
        if not game.is_over:
            game.next_round()
    assert min(game.scores) < 0
    record_match(game, [{"name": name, "kind": "bot", "level": "simple"} for name in ("Ann", "Bob", "Cy")])
    console = Console(width=200, record=True)
    console.print(statistics(ascii=ascii))
    row = next(line for line in console.export_text().splitlines() if "chips won: Ann" in line)
    losses = [f"{name} (bot) {minus}{-score}" for name, score in zip(("Ann", "Bob", "Cy"), game.scores) if score < 0]
    assert losses and all(loss in row for loss in losses), row
    assert ("−" in row) is not ascii


@pytest.mark.parametrize("order", ["rank", "suit"])
def test_the_show_down_lists_hands_in_the_tables_order(order):
    """The show-down writes each shown hand as the table sorts hands (``o``): by rank,
    A♦ 3♣ 4♠ …, or by suit, 3♣ 5♣ … A♦."""
    from cardtable.games.tonk.order import by_rank, by_suit
    from cardtable.tui.widgets.card import cards_label

    variant = load_variant("tonk-classic")
    game = new_game(variant, 2, seed=1, hands=[["AD", "3C", "4S", "5C", "8C"], ["6D", "6C", "6H", "KS", "QH"]],
                    stock=["9D", "2D", "3D", "8D", "9S"], upcard="10C")
    for seat, text in [(1, "draw_stock"), (1, "discard KS"), (0, "draw_stock"), (0, "discard 2D"), (1, "drop")]:
        game.apply(seat, text)
    assert game.round_over
    hand = ["AD", "3C", "4S", "5C", "8C"]
    key = by_rank if order == "rank" else by_suit
    shown = cards_label(sorted((Card.parse(c) for c in hand), key=key))
    assert shown == ("A♦ 3♣ 4♠ 5♣ 8♣" if order == "rank" else "3♣ 5♣ 8♣ A♦ 4♠")

    async def scenario(seats: str) -> str:
        app = make_app(seats, preset="tonk-classic", game=game)
        app.settings.hand_order["tonk"] = order
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, ShowdownScreen))
            return screen_text(app)

    assert shown in asyncio.run(scenario("Ann,bot:simple"))
    # in hot seat the show-down is everyone's: one order (by suit), not the last viewer's (a play-tester)
    assert cards_label(sorted((Card.parse(c) for c in hand), key=by_suit)) in asyncio.run(scenario("Ann,Bob"))


def test_the_side_bet_dialog_says_which_spade_a_bet_shows():
    """T12: the bet names the spade it would show (the hand's highest), the bets so far
    name theirs; a hand without a spade is told so."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.ui import TonkUI

    from ..games.tonk.tonk_helpers import stacked

    game = stacked(["KS 2D 3S", "QS 3D", "AH 4D"], preset="tonk-spades", drop_when="any_time")
    seats = parse_seats("Ann,Bob,Cy")
    game.apply(1, Move("bet"))
    dialog = TonkUI().dialog(game, 2, seats)
    assert dialog.options[0][0] == "Bet 1 chip (you hold no spade)"
    assert dialog.options[dialog.first][0] == "Stay out (escape)"  # (highlighted first: Enter costs no chip)
    assert dialog.on_escape == dialog.first  # (and escape stays out)
    assert "Bets so far: Bob Q♠." in dialog.prompt
    game.apply(2, Move("decline"))
    dialog = TonkUI().dialog(game, 0, seats)
    assert dialog.options[0][0] == "Bet 1 chip (show K♠)"
    # who stayed out is said too (a play-tester bet, not knowing the others had declined)
    assert "Bets so far: Bob Q♠. Stayed out: Cy." in dialog.prompt
    assert "can win nothing" not in dialog.prompt
    # the last to answer, after everyone else stayed out, is told a lone bet comes back
    alone = stacked(["KS 2D 3S", "QS 3D", "AH 4D"], preset="tonk-spades", drop_when="any_time")
    alone.apply(1, Move("decline"))
    alone.apply(2, Move("decline"))
    dialog = TonkUI().dialog(alone, 0, seats)
    assert dialog.prompt.endswith("takes the pot. Everyone else stayed out: a lone bet is returned, "
                                  "so it can win nothing.")


def test_a_locked_dealer_panel_shows_the_lock_out_alone_on_its_border():
    """T6: the bottom border of a locked panel reads "no drop ×2", alone there so that a
    narrow border keeps it whole (it is what the table needs to see; "dealer" goes
    with the cards, where a narrow panel drops it first)."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.present import present

    from ..games.tonk.tonk_helpers import discard, draw_and_throw, hit, spread, stacked

    game = stacked(["4H 5H 6H AS", "9C 2S", "7H 8H KS QS"], stock="2C 3C 4C 5C 6C 7C 8C 10C JC QC 2D 3D 4D 5D")
    draw_and_throw(game, 1)
    draw_and_throw(game, 2)
    game.apply(0, Move("draw_stock"))
    game.apply(0, spread("4H 5H 6H"))
    game.apply(0, discard("AS"))
    draw_and_throw(game, 1)
    game.apply(2, Move("draw_stock"))
    game.apply(2, hit("7H", 0, 0))
    game.apply(2, hit("8H", 0, 0))
    assert game.dealer == 0
    state = present(game, 1, parse_seats("Ann,Bob,Cy"), False)
    [ann] = [info for info in state.seats if info.title.startswith("Ann")]
    assert ann.lock == "no drop ×2"
    assert ann.lines[0] == "1 card · dealer"


def test_five_seats_at_80_columns_keep_the_dealer_in_sight():
    """Five panels at 80 columns have 12 cells a line: the dealer's "5 cards · dealer"
    becomes "5 c · dealer", and the row writes "5 c" alike (Tonk's header names no dealer)."""
    from cardtable.tui.widgets.seat import SeatPanel

    async def scenario():
        app = make_app("Me," + ",".join(["bot:simple"] * 4), preset="tonk-classic", seed=28)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
            await pilot.pause()
            game = app.screen.game
            panels = [panel for panel in app.screen.query(SeatPanel) if panel.display]
            firsts = [str(panel.render()).splitlines()[0] for panel in panels]
            assert len(panels) == 5 and panels[0].content_size.width == 12
            sizes = game.view(None).hand_sizes
            assert firsts == [f"{sizes[seat]} c" + (" · dealer" if seat == game.dealer else "") for seat in range(5)]

    run(scenario)


@pytest.mark.parametrize(("size", "mark"), [((100, 30), "▶ to play"), ((80, 24), "▶")])
def test_a_bettors_panel_keeps_its_turn_mark(size, mark):
    """T12: the spades bet and "▶ to play" share a panel's last line; where both do not fit
    whole, the bet says "K♠: won" and the mark "▶", rather than the mark giving way (it
    vanished for the whole hand from every bettor's panel)."""
    from cardtable.tui.widgets.seat import SeatPanel

    game = new_game(load_variant("tonk-spades"), 4, seed=1, dealer=3,
                    hands=[["KS", "2D", "5C", "7H", "9H"], ["QS", "3D", "6C", "8H", "10H"],
                           ["AH", "4D", "7C", "JH", "QH"], ["2S", "5D", "8C", "KH", "3H"]])
    for seat in range(4):
        game.apply(seat, "bet")                       # Ann (K♠) wins the pot; Ann plays first

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple", preset="tonk-spades", game=game)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                         and app.screen.game.to_act == (0,))
            await pilot.pause()
            panels = [panel for panel in app.screen.query(SeatPanel) if panel.display]
            lines = [str(panel.render()).splitlines()[2] for panel in panels]
            assert lines == [f"K♠: won · {mark}", "Q♠: lost", "no ♠: lost", "2♠: lost"]  # (a row alike)

    run(scenario)


def test_the_enter_that_leaves_the_last_show_down_does_not_start_another_match(armed_screens):
    """A review: at "Press Enter for the match result." an Enter pressed twice took the
    show-down away and pressed the match-end screen's focused Play again: the result was
    never seen and a new match opened. The match's end takes no key in its first moments."""
    from cardtable.tui.screens.summary import MatchEndScreen
    from cardtable.tui.tonk.showdown import ShowdownScreen

    variant = load_variant("tonk-classic")
    variant = variant.model_copy(update={"rules": variant.rules.model_copy(update={"match_hands": 1})})
    game = new_game(variant, 2, seed=1, hands=[["3S", "4S", "5S", "6S", "9H"], ["6D", "6C", "6H", "KS", "QH"]],
                    stock=["AD", "2D", "3D", "8D", "9D"], upcard="8C")
    for seat, text in [(1, "draw_stock"), (1, "discard KS"), (0, "draw_stock"), (0, "discard 9H"), (1, "drop")]:
        game.apply(seat, text)

    async def scenario():
        app = make_app("Ann,Bob", preset="tonk-classic", game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, ShowdownScreen))
            await pilot.pause(ARMED + 0.1)                      # a player reads the show-down
            await pilot.press("enter", "enter")
            await pilot.pause(0.1)
            assert isinstance(app.screen, MatchEndScreen) and game.is_over
            await pilot.press("a")                              # still too early for any key
            await pilot.pause(0.1)
            assert isinstance(app.screen, MatchEndScreen)
            await pilot.pause(ARMED + 0.1)
            await pilot.press("enter")                          # Play again, when meant
            await settle(pilot, app, lambda: not isinstance(app.screen, MatchEndScreen))

    asyncio.run(scenario())
