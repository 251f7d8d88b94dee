"""Tonk texts a player reads at 80×24: every card of a spread apart (a 10 ran into the
card before it), the payments of a hand one line per payer and payee, one minus sign
per theme on the show-down and the match-over table, and the spades pot in chips."""

from __future__ import annotations

import asyncio
import re

import pytest

from cardtable import load_variant, new_game
from cardtable.tui.screens.summary import MatchEndScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.tonk.showdown import ShowdownScreen

from .helpers import make_app, screen_text, settle, table_screen


def run(scenario):
    asyncio.run(scenario())


def spreads_with_tens():
    """Dag (the bot) spread JK 10♥ J♥ (the joker stands for 9♥) and Ann 9♠ 10♠ J♠; Ann is to
    discard (the table waits for her)."""
    variant = load_variant("tonk-classic")
    variant = variant.model_copy(update={"rules": variant.rules.model_copy(update={"jokers": 2})})
    game = new_game(variant, 2, seed=1,
                    hands=[["9S", "10S", "JS", "4C", "5C"], ["JK", "10H", "JH", "10C", "2C"]],
                    stock=["10D", "AD", "3D", "8D", "9D"], upcard="8C")
    for seat, move in [(1, "draw_stock"), (1, "spread JK 10H JH"), (1, "discard 2C"),
                       (0, "draw_stock"), (0, "spread 9S 10S JS")]:
        game.apply(seat, move)
    return game


@pytest.mark.parametrize("theme, ann, dag", [
    ("felt", "9♠ 10♠ J♠", "JK=9♥ 10♥ J♥"),
    ("ascii", "9-S 10-S J-S", "JK=9-H 10-H J-H"),
])
def test_every_card_of_a_spread_stays_apart(theme, ann, dag):
    """The spreads panel read "Ann   9♠10♠ J♠" (and "JK=9♥10♥") at 80×24."""
    async def scenario():
        app = make_app("Ann,bot:simple", preset="tonk-classic", theme=theme, game=spreads_with_tens())
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: (isinstance(app.screen, TableScreen) and not app.screen.busy
                                              and app.screen.table.state.phase == "act"))
            text = screen_text(app)
            assert re.search(rf"Ann\s+{re.escape(ann)}\s", text), text
            assert re.search(rf"Dag\s+{re.escape(dag)}\s", text), text

    run(scenario)


def caught_dropper(starting_chips: int = 100, match_hands: int = 0):
    """Ann (seat 0) drops with 20 against Dag's 39 and Eve's 13: caught (caught = "seed"),
    she pays Eve once as the dropper above her and once as a non-winner; Dag pays Eve."""
    variant = load_variant("tonk-classic")
    rules = variant.rules.model_copy(update={"starting_chips": starting_chips, "match_hands": match_hands})
    game = new_game(variant.model_copy(update={"rules": rules}), 3, seed=1,
                    hands=[["2C", "3D", "4H", "AS", "QD"], ["KS", "KH", "9C", "9H", "QH"],
                           ["AC", "2D", "3H", "5S", "KC"]],
                    stock=["AD", "2H", "JS", "10D", "7C", "8D", "6C", "6D"], upcard="8H")
    for seat, move in [(1, "draw_stock"), (1, "discard KS"), (2, "draw_stock"), (2, "discard KC"),
                       (0, "draw_stock"), (0, "discard JS"), (1, "draw_stock"), (1, "discard 10D"),
                       (2, "draw_stock"), (2, "discard 7C"), (0, "drop")]:
        game.apply(seat, move)
    return game


def test_the_show_down_pays_each_seat_once_with_the_total():
    """A caught dropper's two payments to one seat showed as two identical lines
    ("Ann pays Eve 1 chip" twice), which read as a double charge."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.showdown import showdown

    game = caught_dropper()
    assert showdown(game, parse_seats("Ann,Dag,Eve")).payments == ("Ann pays Eve 2 chips", "Dag pays Eve 1 chip")

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="tonk-classic", game=caught_dropper())
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, ShowdownScreen))
            text = screen_text(app)
            assert "Ann pays Eve 2 chips" in text and "Dag pays Eve 1 chip" in text, text
            assert "Ann pays Eve 1 chip" not in text, text
            log = "\n".join(table_screen(app).table.state.log)  # the table's log (and a replay's)
            assert "Eve catches the dropper — you pay Eve 2 chips, Dag pays Eve 1 chip" in log, log  # (told to Ann)

    run(scenario)


@pytest.mark.parametrize("theme, minus", [("felt", "−"), ("ascii", "-")])
def test_one_minus_sign_on_the_show_down_and_the_match_over_table(theme, minus):
    """Chips below zero and chips lost are written alike: "−1  −2" under a felt theme,
    "-1  -2" under ASCII (the chips column wrote "-1" next to "−2")."""
    other = "-" if minus == "−" else "−"

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="tonk-classic", theme=theme,
                       game=caught_dropper(starting_chips=1, match_hands=1))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, ShowdownScreen))
            text = screen_text(app)
            assert re.search(rf"Ann\s.*\s20\s+{minus}2\s+{minus}1\s", text), text
            assert not re.search(rf"{other}\d", text), text
            await pilot.press("enter")
            await settle(pilot, app, lambda: isinstance(app.screen, MatchEndScreen))
            text = screen_text(app)
            assert re.search(rf"Ann\s+{minus}1\s+{minus}2\s", text), text
            assert not re.search(rf"{other}\d", text), text

    run(scenario)


def test_the_count_line_has_no_dangling_bar_before_the_draw():
    """Before the draw there is nothing to say after "count … · … chips": no "│" after it."""
    async def scenario():
        game = new_game(load_variant("tonk-classic"), 2, seed=1,
                        hands=[["9S", "10S", "JS", "4C", "5C"], ["KH", "10H", "JH", "10C", "2C"]],
                        stock=["10D", "AD", "3D", "8D", "9D"], upcard="8C", dealer=1)
        app = make_app("Ann,bot:simple", preset="tonk-classic", game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            line = str(app.screen.query_one("#selection").render())
            assert line.startswith("count ") and line.rstrip().endswith("chips"), line

    run(scenario)


def test_counted_says_one_chip_either_way():
    from cardtable.tui.text import counted

    assert [counted(n, "chip") for n in (1, -1, 0, -2, 3)] == ["1 chip", "−1 chip", "0 chips", "−2 chips",
                                                              "3 chips"]
    assert counted(-1, "chip", ascii=True) == "-1 chip"


def test_the_hint_line_names_a_second_spread_of_other_cards():
    """T3: with 9♣ 9♦ 9♥ and 3♠ 4♠ 5♠ in hand, the line under the hand names both (it
    named only the longest, as if the other were not there)."""
    from cardtable import load_variant, new_game
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.present import present

    seven = load_variant("tonk-classic").changed(deal_size=7)  # (two cards more beside the spreads)
    game = new_game(seven, 2, seed=1, hands=["2C 5D 7H 8H KD 2H 6D", "9C 9D 9H 3S 4S JC QD"],
                    stock="5S 6C 7C 8C", upcard="KC")
    game.apply(1, "draw_stock")
    assert present(game, 1, parse_seats("Ann,Bob"), False).hint == "you can spread 9♣ 9♦ 9♥ or 3♠ 4♠ 5♠"
    game = new_game(load_variant("tonk-classic"), 2, seed=1, hands=["2C 5D 7H 8H KD", "9C 9D 9H 3S 4S"],
                    stock="5S 6C 7C 8C", upcard="KC")
    game.apply(1, "draw_stock")  # (five dealt: the two spreads are every card, T8)
    assert present(game, 1, parse_seats("Ann,Bob"), False).hint == \
        "you can go out without a discard, a Tonk: spread 9♣ 9♦ 9♥ and 3♠ 4♠ 5♠"


def test_the_hint_line_names_a_second_spread_sharing_a_card():
    """T3: 5♣ 5♦ 5♠ and 4♦ 5♦ 6♦ share the 5♦ (only one can be laid): the line names
    both as choices (it named the set alone); three of a four-set are not another."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.present import present

    game = new_game(load_variant("tonk-classic"), 2, seed=1, hands=["2C 7D 7H 8H KD", "5C 4D 5D 6D 5S"],
                    stock="QS 6C 7C 8C", upcard="KC")
    game.apply(1, "draw_stock")
    assert present(game, 1, parse_seats("Ann,Bob"), False).hint == "you can spread 5♣ 5♦ 5♠ or 4♦ 5♦ 6♦"
    game = new_game(load_variant("tonk-classic"), 2, seed=1, hands=["2C 7D 7H 8H KD", "5C 5H 5D 9C 5S"],
                    stock="QS 6C 7C 8C", upcard="KC")
    game.apply(1, "draw_stock")
    assert present(game, 1, parse_seats("Ann,Bob"), False).hint == "you can spread 5♣ 5♦ 5♥ 5♠"


def test_the_hint_line_says_what_a_joker_in_a_spread_stands_for():
    """T3: the line under the hand wrote "you can spread JK 3♥ 4♥" (a play-tester: the
    joker first, standing for what?); it writes the spread as the list m opens does."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.present import present

    jokers = load_variant("tonk-classic").changed(jokers=2)
    game = new_game(jokers, 2, seed=1, hands=["2C 7D 8S 8H KD", "JK 3H 4H 9C QS"], stock="6C 7C 8C",
                    upcard="KC")
    game.apply(1, "draw_stock")
    assert present(game, 1, parse_seats("Ann,Bob"), False).hint == "you can spread JK=2♥ 3♥ 4♥"


@pytest.mark.parametrize(("answers", "marks"), [
    # seats answer in deal order 1, 2, 0: Bob (Q♠), Cy (no spade), Ann (K♠)
    (("bet", "decline", "bet"), ["bet K♠: won", "bet Q♠: lost", ""]),
    (("bet", "decline", "decline"), ["", "bet Q♠: stake back", ""]),
    (("decline", "bet", "decline"), ["", "", "bet no ♠: stake back"]),
])
def test_a_spades_bettors_panel_says_how_the_bet_came_out(answers, marks):
    """T12: once the side pot is settled, each bettor's panel says whether the bet won,
    lost or came back (a lone bettor's stake, or nobody showed a spade): "bet Q♠" alone
    read as a stake still riding on the hand."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.present import present

    game = new_game(load_variant("tonk-spades"), 3, seed=1, hands=["KS 2D 5C", "QS 3D 6C", "AH 4D 7C"],
                    stock="2C 3C 4C 8C", upcard="KD")

    def bet_marks():
        return [re.sub(r"( · )?▶ to play", "", info.lines[2])
                for info in present(game, None, parse_seats("Ann,Bob,Cy")).seats]

    game.apply(1, answers[0])
    game.apply(2, answers[1])
    assert bet_marks() == ["", "bet Q♠" if answers[0] == "bet" else "",   # the pot still open
                           "bet no ♠" if answers[1] == "bet" else ""]
    game.apply(0, answers[2])
    assert bet_marks() == marks
    to_play = present(game, None, parse_seats("Ann,Bob,Cy")).seats[game.to_act[0]].lines[2]
    assert to_play == " · ".join(part for part in (marks[game.to_act[0]], "▶ to play") if part)  # (bet first)


def test_the_show_down_says_why_a_tonk_is_paid_double():
    """T8: "Bob says Tonk!" and each player paying 2 chips at stake 1 read as a mistake
    without the reason; the payments' heading gives it (and a plain lowest hand says one
    stake, T7)."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.showdown import payments_text, showdown

    game = new_game(load_variant("tonk-classic"), 3, seed=1,
                    hands=[["KS", "KH", "9C", "9H", "QH"], ["3C", "4C", "5C", "7D", "7H"],
                           ["AC", "2D", "3H", "5S", "KC"]], stock=["7S", "2H", "JS"], upcard="8H")
    for text in ("draw_stock", "spread 3C 4C 5C", "spread 7D 7H 7S"):
        game.apply(1, text)
    data = showdown(game, parse_seats("Ann,Bob,Cy"))
    assert data.story == ("Bob says Tonk!",) and data.payments == ("Ann pays Bob 2 chips", "Cy pays Bob 2 chips")
    assert payments_text(data.payments, data.why).plain.splitlines()[0] == \
        "Payments — a Tonk, out without a discard: double stakes (T8)"
    assert payments_text(data.payments, data.why, ascii=True).plain.splitlines()[0] == \
        "Payments - a Tonk, out without a discard: double stakes (T8)"  # (the ASCII theme's dash)


@pytest.mark.parametrize("needs_six", [False, True])
def test_the_hint_line_says_when_every_card_can_be_spread(needs_six):
    """T8: with spreads that use every card the line under the hand says so: out without a
    discard, a Tonk — under ``tonk_needs_six`` too, when the cards spread earlier in the
    turn and those left make all six (it said no Tonk once three were down, and the engine
    paid one); a hit this turn rules it out."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.present import present

    game = new_game(load_variant("tonk-classic").changed(tonk_needs_six=needs_six), 3, seed=1,
                    hands=[["KS", "KH", "9C", "9H", "QH"], ["3C", "4C", "5C", "7D", "7H"],
                           ["AC", "2D", "3H", "5S", "KC"]], stock=["7S", "2H", "JS"], upcard="8H")
    seats = parse_seats("Ann,Bob,Cy")
    game.apply(1, "draw_stock")
    assert present(game, 1, seats).hint == "you can go out without a discard, a Tonk: spread 7♦ 7♥ 7♠ and 3♣ 4♣ 5♣"
    assert present(game, 1, seats).status.endswith(  # (the status line no longer says a discard is a must)
        "your turn: spread (m) if you like, then discard one card (d), or spread every card to go out")
    game.apply(1, "spread 3C 4C 5C")
    assert present(game, 1, seats).hint == "you can go out without a discard, a Tonk: spread 7♦ 7♥ 7♠"
    game.apply(1, "spread 7D 7H 7S")
    assert game.events[-2].how == "tonk"  # (the engine's word: all six went down this turn)


def test_many_payments_stand_in_two_even_columns_only_when_two_fit():
    """T7/T12 at 80 columns with five players: the show-down ran past 24 rows (the spades
    bet's lines, each "(spades bet)", a line each): more than two payments stand two to a
    line, in columns as wide as the longest; the spades bet's come under a heading of their
    own; payments too long for two side by side take a line each."""
    from cardtable.tui.tonk.showdown import PAYMENTS_ROOM, payments_text

    short = tuple(f"{payer} pays Ann 1 chip" for payer in ("Bob", "Cy", "Dag", "Eve", "Finn"))
    lines = payments_text(short).plain.splitlines()[1:]
    assert lines == ["  Bob pays Ann 1 chip    Cy pays Ann 1 chip", "  Dag pays Ann 1 chip    Eve pays Ann 1 chip",
                     "  Finn pays Ann 1 chip"]
    assert payments_text(short[:2]).plain.splitlines()[1:] == ["  Bob pays Ann 1 chip", "  Cy pays Ann 1 chip"]
    bets = tuple(f"{payer} pays Finn 1 chip" for payer in ("Bob", "Cy", "Dag", "Eve"))
    lines = payments_text(("Ann pays Bob 2 chips",), side=bets).plain.splitlines()[1:]
    assert lines == ["  Ann pays Bob 2 chips", "Spades bet", "  Bob pays Finn 1 chip   Cy pays Finn 1 chip",
                     "  Dag pays Finn 1 chip   Eve pays Finn 1 chip"]
    long = tuple(f"{payer} pays Maximiliana 12 chips" for payer in ("Bartholomew", "Christabella", "Dag"))
    lines = payments_text(long).plain.splitlines()[1:]
    assert lines == ["  " + line for line in long] and max(map(len, lines)) <= PAYMENTS_ROOM


def test_the_status_line_finds_a_way_out_past_the_longest_spread():
    """T8: with 3♣ 4♣ 5♣ 6♣ 6♦ and the 6♥ taken, the longest spread (3♣ to 6♣) leaves
    two 6s; 3♣ 4♣ 5♣ and the three 6s take every card, and both lines say so."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.present import present

    game = new_game(load_variant("tonk-classic"), 3, seed=1, hands=["KS QH", "3C 4C 5C 6C 6D", "KC KH"],
                    stock="2D 7D 8D 9D", upcard="6H")
    game.apply(1, "take_upcard")
    state = present(game, 1, parse_seats("Ann,Bob,Cy"))
    assert state.status.endswith("or spread every card to go out")
    assert state.hint == "you can go out without a discard, a Tonk: spread 6♣ 6♦ 6♥ and 3♣ 4♣ 5♣"


@pytest.mark.parametrize("drop_when, after_the_draw", [("before_draw", (0, "")),
                                                       ("any_time", (1, "no drop this turn (hit)"))])
def test_a_hit_bars_the_drop_only_for_turns_that_could_drop(drop_when, after_the_draw):
    """T6: Ann hits Bob's sixes, so Bob may not drop on his next turn. Before his draw
    the status and his panel say so; after it, where a drop comes only before the draw
    (tonk-classic), the turn's chance has gone and nothing is said (a play-tester read "no
    drop for 1 turn" there as the turn after); where a drop may come any time (as at
    tonk-house) it still holds for this turn."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.present import present

    variant = load_variant("tonk-classic")
    variant = variant.model_copy(update={"rules": variant.rules.model_copy(update={"drop_when": drop_when})})
    game = new_game(variant, 2, seed=1,
                    hands=[["3S", "4S", "5S", "6S", "9H"], ["6D", "6C", "6H", "KS", "QH"]],
                    stock=["AD", "2D", "3D", "8D", "9D"], upcard="8C")
    for seat, move in [(1, "draw_stock"), (1, "spread 6C 6D 6H"), (1, "discard KS"), (0, "draw_stock"),
                       (0, "hit 6S @1,0"), (0, "discard 9H")]:
        game.apply(seat, move)
    seats = parse_seats("Ann,Bob")

    def told() -> tuple[int, str]:
        state = present(game, 1, seats)
        note = state.status.partition(" · ")[2]
        return (int(state.seats[1].lock[-1]) if state.seats[1].lock else 0), note

    assert told() == (1, "no drop this turn (hit)")  # (Bob's own turn: "for 1 turn" read as one more)
    game.apply(1, "draw_stock")
    assert told() == after_the_draw
    game.apply(1, "discard QH")
    assert game.view(1).drop_locks == (0, 0) and told() == (0, "")


def test_after_the_draw_the_key_bar_lists_spread_and_hit_only_when_one_is_possible():
    """As in Shanghai, the bar names the moves that may be made now (a play-tester read
    "m spread · l hit" beside "no spread or hit: select a card and discard it")."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.present import present

    game = new_game(load_variant("tonk-classic"), 2, seed=1,
                    hands=[["3S", "4S", "5S", "6S", "9H"], ["6D", "6C", "6H", "KS", "QH"]],
                    stock=["AD", "2D", "3D", "8D", "9D"], upcard="8C")
    seats = parse_seats("Ann,Bob")
    game.apply(1, "draw_stock")  # (three sixes: a spread; nothing on the table to hit)
    assert present(game, 1, seats).keys.startswith("? help · space/1-9 select · m spread · d discard · o sort")
    game.apply(1, "spread 6C 6D 6H")  # (a spread of Bob's own now takes no card of his: nothing more)
    assert present(game, 1, seats).keys.startswith("? help · space/1-9 select · d discard · o sort")
    game.apply(1, "discard KS")
    game.apply(0, "draw_stock")  # (Ann: her spades spread, and 6♠ hits Bob's sixes)
    assert present(game, 0, seats).keys.startswith("? help · space/1-9 select · m spread · l hit · d discard")


def test_m_and_l_with_nothing_to_spread_or_hit_say_so_at_once():
    """With m and l off the key bar (no spread in the hand, no card that hits), pressing
    them said to select cards first, then refused them: they say why at once, and Enter
    no longer offers a spread."""
    game = new_game(load_variant("tonk-classic"), 2, seed=1,
                    hands=[["3S", "4S", "5S", "6S", "9H"], ["6D", "6C", "6H", "KS", "QH"]],
                    stock=["AD", "2D", "3D", "8D", "9D"], upcard="8C")
    game.apply(1, "draw_stock")
    game.apply(1, "spread 6C 6D 6H")  # (Bob holds K♠ Q♥ A♦: no spread, no hit)
    app = make_app("bot:simple,Bob", preset="tonk-classic", game=game)

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and app.screen.table.state is not None
                         and app.screen.table.state.phase == "act")
            table = app.screen.table
            await pilot.press("m")
            assert table.notice == "no spread in your hand now (3 or 4 of a kind, or 3+ in a row of one suit)"
            await pilot.press("l")
            assert table.notice == "no card of yours hits a spread on the table now"
            await pilot.press("enter")
            assert table.notice == "select a card to discard"

    run(scenario)


@pytest.mark.parametrize("drop_when", ["before_draw", "any_time"])
def test_the_first_turns_status_says_why_there_is_no_drop_and_a_spread_is_a_choice(drop_when):
    """T7: under ``drop_when = "before_draw"`` nobody drops on their first turn; a new
    player missed D there with no word why: the status says it. After the draw, a spread
    is the player's choice, not a must ("spread (m) if you like, then discard")."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.present import present

    game = new_game(load_variant("tonk-classic").changed(drop_when=drop_when), 3, seed=1,
                    hands=[["KS", "KH", "9C", "9H", "QH"], ["3C", "4C", "5C", "7D", "8H"],
                           ["AC", "2D", "3H", "5S", "KC"]], stock=["7S", "2H", "JS"], upcard="8D")
    seats = parse_seats("Ann,Bob,Cy")
    status = present(game, 1, seats).status
    if drop_when == "before_draw":
        assert status == "Bob — your turn: draw from the stock (s) or take 8♦ (u) · no drop on your first turn"
    else:
        assert status == "Bob — your turn: draw from the stock (s), take 8♦ (u) or drop (D)"
    game.apply(1, "draw_stock")
    assert present(game, 1, seats).status.startswith("Bob — your turn: spread (m) if you like, then discard one card (d)")


def test_the_status_says_when_the_last_stock_card_makes_this_the_last_turn():
    """T9: the hand stops at the end of the turn that drew the stock's last card; a
    play-tester chose a discard with no word of it. The drawer and the others are told."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.present import present

    game = new_game(load_variant("tonk-classic"), 2, seed=1,
                    hands=[["KS", "KH", "9C", "9H", "QH"], ["3C", "4C", "5C", "7D", "8H"]],
                    stock=["7S", "2H"], upcard="8D")
    seats = parse_seats("Ann,Bob")
    game.apply(1, "draw_stock")
    assert not present(game, 1, seats).status.endswith("after this turn")   # (one card still in the stock)
    game.apply(1, "discard 7D")
    game.apply(0, "draw_stock")
    assert game.view(0).stock_size == 0
    assert present(game, 0, seats).status == ("Ann — your turn: discard one card (d) · the stock is used up: "
                                              "the hand ends after this turn")
    assert present(game, 1, seats).status == "Bob — waiting for Ann · the stock is used up: the hand ends after this turn"
    game.apply(0, "discard QH")
    assert game.round_over


def test_l_over_the_show_down_opens_the_hands_log_where_one_human_plays():
    """A play-tester pressed L on the show-down to see how the hand ended and was told "L
    is no key here": with one human the hand's whole log opens over it (escape comes
    back); at a hot-seat table, whose show-down everyone reads, the log as the whole table
    saw it (a play-tester could not see how a hot-seat round ended): no one's own draws."""
    from cardtable.tui.screens.dialogs import LogScreen

    async def scenario(seats, hot_seat):
        app = make_app(seats, preset="tonk-classic", game=caught_dropper())
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, ShowdownScreen))
            showdown = app.screen
            await pilot.press("L")
            await pilot.pause()
            assert isinstance(app.screen, LogScreen)
            assert any("catches the dropper" in line for line in app.screen.lines)
            assert str(app.screen.query_one("#log-box").border_title) == "The hand — newest last (escape closes)"
            if hot_seat:  # (the table's log, not the last viewer's: no "You")
                draws = [line for line in app.screen.lines if " draws" in line or line.startswith("You ")]
                assert draws and all(line.endswith(" draws from the stock") for line in draws)
            else:
                assert app.screen.lines == table_screen(app).table.state.log
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is showdown

    asyncio.run(scenario("Ann,bot:simple,bot:simple", hot_seat=False))
    asyncio.run(scenario("Ann,Dag,bot:simple", hot_seat=True))


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
def test_a_long_hint_under_the_hand_wraps_whole(size):
    """T8 (a play-tester at 80 columns read "… a Tonk: spread 6♣ 6♦" without its 6♥): a
    hint longer than its row takes the key bar's row too, as a notice does, and after a
    resize that leaves it too long still."""
    game = new_game(load_variant("tonk-classic"), 2, seed=1, hands=["2C 5D 7H 8H KD", "9C 9D 9H 3S 4S"],
                    stock="5S 6C 7C 8C", upcard="KC")

    async def scenario():
        app = make_app("bot:simple,Bob", preset="tonk-classic", seed=1, game=game)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                         and app.screen.game.to_act == (1,))
            screen = app.screen
            await pilot.press("s")
            await settle(pilot, app, lambda: screen.game.view(1).phase == "act")
            await pilot.pause()
            hint = "you can go out without a discard, a Tonk: spread 9♣ 9♦ 9♥ and 3♠ 4♠ 5♠"
            assert " ".join(screen_text(app).split()).count(hint) == 1, screen_text(app)
            row = screen.query_one("#selection")
            assert row.size.height == (2 if size[0] == 80 else 1)
            await pilot.resize_terminal(82 if size[0] == 80 else 90, size[1])  # (measured again on a resize)
            await pilot.pause()
            await pilot.pause()
            assert " ".join(screen_text(app).split()).count(hint) == 1, screen_text(app)
            assert row.size.height == 2

    asyncio.run(scenario())


def test_after_the_draw_a_lock_out_of_two_turns_is_told_as_the_next_turn():
    """T6/T7: Ann hits Bob's run twice, barring his drop this turn and the next. Before his
    draw the status says so; after it, at a table where drops come only before the draw,
    only his next turn is barred, and the status says "next turn" (a play-tester read "no
    drop this turn" there, when no drop could come this turn anyway)."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.tonk.present import present

    game = new_game(load_variant("tonk-classic"), 2, seed=1,
                    hands=[["7H", "8H", "KC", "QC", "2S"], ["4H", "5H", "6H", "KS", "QH"]],
                    stock=["AD", "2D", "3D", "8D", "9D", "10D"], upcard="8C")
    for seat, move in [(1, "draw_stock"), (1, "spread 4H 5H 6H"), (1, "discard KS"), (0, "draw_stock"),
                       (0, "hit 7H @1,0"), (0, "hit 8H @1,0"), (0, "discard KC")]:
        game.apply(seat, move)
    seats = parse_seats("Ann,Bob")

    def note() -> str:
        return present(game, 1, seats).status.partition(" · ")[2]

    assert note() == "no drop this turn or your next turn (hit)"
    game.apply(1, "draw_stock")
    assert note() == "no drop on your next turn (hit)"


def test_m_with_nothing_selected_lays_the_one_spread_or_lists_them():
    """T3: the line under the hand offers "you can spread 6♣ 6♦ 6♥"; m with no card
    selected lays that one spread (a play-tester pressed m for it and was told to select
    its cards); with several, m lists them, the longest first."""
    from cardtable.tui.screens.choose import MoveListDialog

    def table_after_draw(hand):
        game = new_game(load_variant("tonk-classic"), 2, seed=1,
                        hands=[["3S", "4S", "5S", "6S", "9H"], hand],
                        stock=["4H", "2D", "3D", "8D", "9D"], upcard="8C")
        game.apply(1, "draw_stock")
        return game, make_app("bot:simple,Bob", preset="tonk-classic", game=game)

    async def scenario(hand, then):
        await after_key(*table_after_draw(hand), "m", then)

    async def laid(pilot, app, game):
        await settle(pilot, app, lambda: game.spreads[1])
        assert [list(map(str, spread)) for spread in game.spreads[1]] == [["6C", "6D", "6H"]]

    async def listed_longest_first(pilot, app, game):
        dialog = app.screen
        assert isinstance(dialog, MoveListDialog)
        labels = [label for label, move in dialog.options if move is not None]
        assert labels[0] == "4♥ 5♥ 6♥ 7♥" and set(labels[1:]) == {"4♥ 5♥ 6♥", "5♥ 6♥ 7♥"}
        assert not game.spreads[1]  # (nothing laid before the choice)

    asyncio.run(scenario(["6D", "6C", "6H", "KS", "QH"], laid))
    asyncio.run(scenario(["5H", "6H", "7H", "KS", "QH"], listed_longest_first))


def test_l_with_nothing_selected_hits_with_the_one_card_or_lists_the_hits():
    """T6: "you can hit with 6♠" and l said to select a card (a play-tester); with no card
    selected, l makes the one hit, or lists every hit with its card and spread."""
    from cardtable.tui.screens.choose import MoveListDialog

    def table(hands, stock):
        game = new_game(load_variant("tonk-classic"), len(hands), seed=1, hands=hands, stock=stock, upcard="8C")
        for seat, spread, throw in ((1, "6C 6D 6H", "KS"), (2, "8D 9D 10D", "KC"))[:len(hands) - 1]:
            game.apply(seat, "draw_stock")
            game.apply(seat, f"spread {spread}")
            game.apply(seat, f"discard {throw}")
        game.apply(0, "draw_stock")
        seats = ",".join(["Ann", "bot:simple", "bot:simple"][:len(hands)])
        return game, make_app(seats, preset="tonk-classic", game=game)

    async def press_l(game, app, then):
        await after_key(game, app, "l", then)

    async def hit_once(pilot, app, game):
        await settle(pilot, app, lambda: len(game.spreads[1][0]) == 4)
        assert sorted(map(str, game.spreads[1][0])) == ["6C", "6D", "6H", "6S"]

    async def listed(pilot, app, game):
        dialog = app.screen
        assert isinstance(dialog, MoveListDialog)
        assert sorted(label for label, move in dialog.options if move is not None) == [
            "6♠ on Dag's spread 6♣ 6♦ 6♥", "7♦ on Eve's spread 8♦ 9♦ 10♦"]

    two = [["3S", "4S", "6S", "9H", "QD"], ["6D", "6C", "6H", "KS", "QH"]]
    asyncio.run(press_l(*table(two, ["AD", "2D", "JS", "8S", "9S"]), hit_once))
    three = [["3S", "4S", "6S", "7D", "9H"], ["6D", "6C", "6H", "KS", "QH"], ["8D", "9D", "10D", "KC", "QC"]]
    asyncio.run(press_l(*table(three, ["AH", "2H", "JS", "8S", "9S"]), listed))


async def after_key(game, app, key: str, then) -> None:
    """At the table of ``app``, once the viewer is to spread, hit or discard: press
    ``key``, then ``then(pilot, app, game)``."""
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and app.screen.table.state is not None
                     and app.screen.table.state.phase == "act")
        await pilot.press(key)
        await pilot.pause()
        await then(pilot, app, game)


def test_m_lists_the_spreads_the_line_under_the_hand_names_first():
    """T8: the line said "go out without a discard: spread J♣ J♦ JK and JK J♠ Q♠", and m
    listed fourteen spreads, longest first, those two at rows 8 and 13 (a play-tester):
    the spreads the line names come first, in its order, then the longest."""
    from cardtable.tui.screens.choose import MoveListDialog

    variant = load_variant("tonk-classic")
    variant = variant.model_copy(update={"rules": variant.rules.model_copy(update={"jokers": 2})})
    game = new_game(variant, 2, seed=1, hands=[["3S", "4S", "5S", "6S", "9H"], ["JC", "JD", "JK", "JS", "QS"]],
                    stock=["JK", "2D", "3D", "8D", "9D"], upcard="8C")
    game.apply(1, "draw_stock")
    app = make_app("bot:simple,Bob", preset="tonk-classic", game=game)

    async def listed(pilot, app, game):
        hinted = [sorted(spread) for spread in app.screen_stack[1].table.state.hinted]
        assert len(hinted) == 2
        dialog = app.screen
        assert isinstance(dialog, MoveListDialog)
        moves = [move for _label, move in dialog.options if move is not None]
        assert len(moves) > 4
        firsts = [sorted(moves[0].cards)] + [sorted(m.cards) for m in moves[1:] if sorted(m.cards) != hinted[0]][:1]
        assert firsts == hinted

    asyncio.run(after_key(game, app, "m", listed))
