"""The hand row: every card readable however long the hand (President with two decks
deals 27 cards each), at any width: overlapping down to two columns a card, then a
stretch around the cursor with ‹ › where cards are left out."""

from __future__ import annotations

import asyncio
import re

from textual.app import App, ComposeResult

from cardtable.engine.cards import parse_cards
from cardtable.tui.widgets.hand import Hand

TWO_DECKS = parse_cards("3C 3D 4H 4S 5C 5D 6H 6S 7C 7D 8H 8S 9C 9D 10H 10S JC JD QH QS KC KD AH AS 2C 2D JK JK")


class HandApp(App[None]):
    def __init__(self, cards) -> None:
        super().__init__()
        self.cards = cards

    def compose(self) -> ComposeResult:
        yield Hand()

    def on_mount(self) -> None:
        self.query_one(Hand).cards = self.cards


def rows(width: int, cards=TWO_DECKS, keys=()) -> list[str]:
    async def scenario():
        app = HandApp(cards)
        async with app.run_test(size=(width, 8)) as pilot:
            await pilot.pause()
            hand = app.query_one(Hand)
            hand.focus()
            await pilot.press(*keys)
            await pilot.pause()
            return [hand.render_line(y).text for y in range(6)]

    return asyncio.run(scenario())


def test_a_28_card_hand_fits_78_columns_rank_over_suit():
    _lift, top, ranks, suits, _bottom, numbers = rows(78)
    assert ranks.startswith("3 3 4 4 5 5 6 6 7 7 8 8 9 9 10 10 J J Q Q K K A A 2 2 JK │JK │")
    assert suits.startswith("♣ ♦ ♥ ♠ ♣ ♦ ♥ ♠ ♣ ♦ ♥ ♠ ♣ ♦ ♥  ♠  ♣ ♦ ♥ ♠ ♣ ♦ ♥ ♠ ♣ ♦ ★  │ ★ │")
    # two columns a card, three for the 10s and the covered joker
    assert numbers.split() == [str(n) for n in range(1, 11)] + ["28"] and len(top.rstrip()) == 2 * 27 + 3 + 5


def test_the_cursors_number_never_runs_into_the_one_before():
    """At 80 columns the number row read "1 2 … 9 1011" with the cursor on card 11: a
    number that would touch the next gives way to the cursor's, so every number reads alone."""
    for keys, cursor in ((("0", "right"), "11"), (("home",), "1"), (("end",), "28"), (("0",), "10")):
        numbers = rows(78, keys=keys)[5]
        words = numbers.split()
        assert cursor in words and all(word.isdigit() and 1 <= int(word) <= 28 for word in words), (keys, numbers)
        assert words == sorted(words, key=int) and len(set(words)) == len(words)


RANKS = {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "JK"}
BOMBS = parse_cards("3C 3D 3H 3S 4C 4D 7C 7D 8C 8D 8H 9C 9D 10C 10D JC JD QC QD AC AD 2C 2D 2H 2S 2C JK")


def test_every_rank_stays_readable_however_tight_the_row():
    """At 80 columns a President hand read "9 9 1010J J" and "8 9 10J Q": a two-column
    "10" (or "JK") keeps a column of gap before the next rank, at every width."""
    for cards in (TWO_DECKS, BOMBS, parse_cards("8C 9C 10C JC QC QD KC"), parse_cards("JK JK JK 3C")):
        for width in (80, 78, 70, 60, 45, 30, 24):
            ranks = rows(width, cards)[2]
            words = ranks.replace("│", " ").replace("‹", " ").replace("›", " ").split()
            assert words and set(words) <= RANKS, (width, ranks)


def test_a_click_on_a_wider_10_picks_it_and_the_next_column_the_next_card():
    # 78 columns: cards 0-13 take two columns each (0-27), the 10s three (28-30, 31-33)
    picked, _ = clicks(78, [30, 31, 33, 34, 34])
    assert picked == [[14], [14, 15], [14], [14, 16], [14]]


def test_a_hand_too_long_for_the_row_shows_the_cards_around_the_cursor():
    _lift, _top, ranks, _suits, _bottom, numbers = rows(30)
    assert numbers.split()[0] == "1" and ranks.rstrip().endswith("›")  # more to the right
    _lift, _top, ranks, _suits, _bottom, numbers = rows(30, keys=("end",))
    assert ranks.startswith("‹") and numbers.split()[-1] == "28"  # the cursor's end is in sight


def clicks(width: int, xs, padding: int = 0) -> tuple[list[int], list[int]]:
    """Click the hand at each x (screen column); the selections after each click and
    the first card number shown after each."""
    async def scenario():
        app = HandApp(TWO_DECKS)
        async with app.run_test(size=(width, 8)) as pilot:
            hand = app.query_one(Hand)
            hand.styles.padding = (0, padding)
            await pilot.pause()
            picked, firsts = [], []
            for x in xs:
                await pilot.click(Hand, offset=(x, 3))
                await pilot.pause()
                picked.append(sorted(hand.selected))
                firsts.append(int(hand.render_line(5).text.split()[0]))
            return picked, firsts

    return asyncio.run(scenario())


def test_a_click_selects_the_card_drawn_under_it_even_inside_padding():
    # 28 cards in 76 content columns, two columns a card: with the padding, screen x 11
    # and 12 are content x 10 and 11, both halves of card index 5
    picked, _ = clicks(78, [11, 12], padding=1)
    assert picked == [[5], []]


def test_clicking_in_a_windowed_hand_does_not_move_the_cards_under_the_mouse():
    picked, firsts = clicks(40, [26, 26])
    assert picked[0] and picked[1] == []  # the same card, selected then unselected
    assert firsts[0] == firsts[1]


def test_a_new_hand_starts_its_window_at_the_first_card():
    async def scenario():
        app = HandApp(TWO_DECKS)
        async with app.run_test(size=(30, 8)) as pilot:
            hand = app.query_one(Hand)
            hand.focus()
            await pilot.press("end")
            await pilot.pause()
            assert hand.render_line(5).text.split()[-1] == "28"  # scrolled to the end
            hand.cards = TWO_DECKS[:20]
            hand.cursor = 4
            await pilot.pause()
            return hand.render_line(5).text.split()[0]

    assert asyncio.run(scenario()) == "1"


def test_a_drawn_card_takes_the_cursor_wherever_the_sort_put_it():
    """X: cards that came into the hand (a draw, a bought upcard), none gone, take the
    cursor to the first of them; a re-sort keeps it on its card, a play where it was."""
    async def scenario():
        class One(App):
            def compose(self):
                yield Hand()

        app = One()
        async with app.run_test() as pilot:
            hand = app.query_one(Hand)
            hand.cards = tuple(parse_cards("3C 7D 9H KS"))
            hand.cursor = 3
            hand.cards = tuple(parse_cards("3C 5S 7D 9H KS"))        # drew 5♠: it sorts second
            await pilot.pause()
            assert hand.cursor == 1
            hand.cards = tuple(parse_cards("3C 5S 6S 7D 9H JD KS"))  # bought 6♠ with J♦ from the stock
            assert hand.cursor == 2
            hand.cursor = 6
            hand.cards = tuple(parse_cards("5S 6S KS 3C 7D 9H JD"))  # re-sorted: nothing came in
            assert hand.cursor == 2                                   # (on K♠ still)
            hand.cursor = 6
            hand.cards = tuple(parse_cards("5S 6S KS 3C 7D JD"))     # one played
            assert hand.cursor == 5

    asyncio.run(scenario())


def test_the_last_cards_number_sits_where_the_overlapped_cards_have_theirs():
    """18 cards at 78 columns overlap four columns a card; the last one, drawn whole, had
    its number a column further right than every other ("  17   18"): each number now
    ends under its card's rank, the last one's too."""
    cards = TWO_DECKS[:18]
    _lift, _top, ranks, _suits, _bottom, numbers = rows(78, cards=cards)
    assert ranks.startswith("│ 3 │ 3 │ 4 ")                      # (four columns a card)
    ends = [match.end() - 1 for match in re.finditer(r"\d+", numbers)]
    rank_columns = [match.end() - 1 for match in re.finditer(r"10|[2-9JQKA]", ranks)]
    assert len(ends) == len(rank_columns) == 18
    assert ends == rank_columns


def test_on_two_column_cards_the_numbers_start_under_the_ranks():
    """Two columns a card (28 cards at 78): a rank sits at its card's left edge and its
    number starts there; the last card, drawn whole, has its number ending under its rank
    ("│JK │"), as on wider rows."""
    _lift, _top, ranks, _suits, _bottom, numbers = rows(78)
    starts = [match.start() for match in re.finditer(r"\d+", numbers)]
    rank_starts = [match.start() for match in re.finditer(r"10|JK|[2-9JQKA]", ranks)]
    assert len(starts) == 11 and len(rank_starts) == 28
    assert starts[:10] == rank_starts[:10]
    last = re.search(r"\d+", numbers[starts[10]:])
    assert numbers[starts[10]:starts[10] + last.end()] == "28"
    assert starts[10] + last.end() == rank_starts[27] + 2  # ("28" under "JK")


def test_a_re_sort_keeps_the_selected_cards_selected():
    """``o`` sorts the hand: the cards picked (by hand or by a hint) stay picked, twins
    too, and the cursor stays on its card (a play-tester's hint card was dropped)."""
    async def scenario():
        app = HandApp(tuple(parse_cards("3C 3C 7D 9H QC KS")))
        async with app.run_test() as pilot:
            await pilot.pause()
            hand = app.query_one(Hand)
            hand.select(frozenset({1, 4}))  # the second 3♣ and Q♣
            hand.cursor = 2
            hand.cards = tuple(parse_cards("7D 9H 3C 3C QC KS"))  # by suit
            await pilot.pause()
            assert sorted(hand.selected_cards()) == sorted(parse_cards("3C QC"))
            assert hand.cards[hand.cursor] == parse_cards("7D")[0]
            hand.cards = tuple(parse_cards("7D 9H 3C QC KS"))  # one 3♣ played: a new hand
            assert hand.selected_cards() == ()

    asyncio.run(scenario())


def test_a_cards_number_past_the_hand_is_told_not_ignored():
    """``8`` with six cards (or ``0``, card 10, with nine) selected nothing and said
    nothing: the hand posts :class:`Hand.NoCard`, which says so in words."""
    told = []

    class Telling(HandApp):
        def on_hand_no_card(self, event: Hand.NoCard) -> None:
            told.append(event.words)

    async def scenario():
        app = Telling(tuple(parse_cards("3C 5D 7D 9H QC KS")))
        async with app.run_test() as pilot:
            await pilot.pause()
            app.query_one(Hand).focus()
            await pilot.press("8", "6", "0")
            await pilot.pause()
            assert told == ["no card 8: the row shows 6 cards", "no card 10: the row shows 6 cards"]
            assert app.query_one(Hand).selected_cards() == parse_cards("KS")

    asyncio.run(scenario())


def test_the_cursor_goes_round_the_hand_at_its_ends():
    """→ on the last card goes to the first, ← on the first to the last (as the README
    says); home / end go to the ends and stay."""
    async def scenario():
        app = HandApp(parse_cards("3C 4D 5H"))
        async with app.run_test(size=(40, 8)) as pilot:
            await pilot.pause()
            hand = app.query_one(Hand)
            hand.focus()
            seen = []
            for key in ("end", "right", "left", "home", "left", "home"):
                await pilot.press(key)
                seen.append(hand.cursor)
            return seen

    assert asyncio.run(scenario()) == [2, 0, 2, 0, 2, 0]



def picked(cards, keys) -> tuple[list[int], int, str]:
    """The card numbers selected (1-based), the cursor's number and the number row
    after ``keys``."""
    async def scenario():
        app = HandApp(cards)
        async with app.run_test(size=(100, 8)) as pilot:
            await pilot.pause()
            hand = app.query_one(Hand)
            hand.focus()
            await pilot.press(*keys)
            await pilot.pause()
            return sorted(i + 1 for i in hand.selected), hand.cursor + 1, hand.render_line(5).text

    return asyncio.run(scenario())


def test_plus_then_a_digit_picks_a_card_past_the_tenth():
    """A Shanghai hand after buys holds 14–21 cards, a three-player President hand 17:
    ``+ 2`` picks card 12, ``+ 0`` card 20, ``+ + 8`` card 28 (``=`` for ``+`` too); the
    digits typed alone still pick cards 1 and 2."""
    assert picked(TWO_DECKS, ("plus", "2"))[:2] == ([12], 12)
    assert picked(TWO_DECKS, ("plus", "0"))[:2] == ([20], 20)
    assert picked(TWO_DECKS, ("plus", "plus", "8"))[:2] == ([28], 28)
    assert picked(TWO_DECKS, ("equals_sign", "4"))[:2] == ([14], 14)
    assert picked(TWO_DECKS, ("1", "2", "plus", "1", "plus", "2"))[:2] == ([1, 2, 11, 12], 12)


def test_after_plus_the_number_row_shows_the_digit_that_picks_each_card():
    """The row under cards 11–20 reads 1 … 9, 0 (the cursor on card 11) until the digit."""
    fourteen = TWO_DECKS[:14]
    _selected, cursor, row = picked(fourteen, ("plus",))
    assert cursor == 11 and row.split() == ["1", "2", "3", "4"]
    assert picked(TWO_DECKS, ("plus",))[2].split() == [str(n % 10) for n in range(1, 11)]
    assert picked(fourteen, ("plus", "3"))[2].split() == [str(n) for n in range(1, 15)]


def test_plus_is_let_go_by_escape_or_another_key_and_told_past_the_last_card():
    """Escape after ``+`` lets it go and keeps the selection; another key (→) too, and
    the digit after it picks a card from 1 on. Past the last card (``+`` of 10 cards,
    ``+ 7`` of 14) the hand says so, as for ``8`` of six cards."""
    fourteen = TWO_DECKS[:14]
    assert picked(fourteen, ("1", "plus", "escape", "2"))[:2] == ([1, 2], 2)
    assert picked(fourteen, ("plus", "right", "2"))[:2] == ([2], 2)
    told = []

    class Telling(HandApp):
        def on_hand_no_card(self, event: Hand.NoCard) -> None:
            told.append(event.words)

    async def scenario(cards, keys):
        app = Telling(cards)
        async with app.run_test() as pilot:
            await pilot.pause()
            app.query_one(Hand).focus()
            await pilot.press(*keys)
            await pilot.pause()
            return app.query_one(Hand).selected

    assert asyncio.run(scenario(TWO_DECKS[:10], ("plus", "2"))) == {1}
    assert asyncio.run(scenario(fourteen, ("plus", "7"))) == frozenset()
    assert told == ["no card 11: the row shows 10 cards", "no card 17: the row shows 14 cards"]


def test_plus_is_let_go_by_a_click_and_when_the_hand_goes_inactive():
    """A click on a card after ``+`` picks that card and lets the ``+`` go (2 then picks
    card 2, not 12); a hand that stops taking cards (another player's turn) lets it go
    too, its number row back to the cards' numbers."""
    async def scenario():
        app = HandApp(TWO_DECKS[:14])
        async with app.run_test(size=(100, 8)) as pilot:
            await pilot.pause()
            hand = app.query_one(Hand)
            hand.focus()
            await pilot.press("plus")
            await pilot.click(Hand, offset=(hand.styles.padding.left + 1, 3))  # (card 1)
            await pilot.press("2")
            await pilot.pause()
            clicked = sorted(hand.selected)
            await pilot.press("plus")
            hand.active = False
            await pilot.pause()
            return clicked, hand.tens, hand.render_line(5).text.split()

    clicked, tens, numbers = asyncio.run(scenario())
    assert clicked == [0, 1] and tens == 0
    assert numbers == [str(n) for n in range(1, 15)]
