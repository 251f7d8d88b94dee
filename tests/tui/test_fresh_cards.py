"""Cards just come into a hand are tagged "new" over them (a play-test missed a Scum's
automatic exchange, told only on the status line; a Tonk or Shanghai draw is sorted in
among the others): the cards got in a President exchange until the first play, a rummy
draw or buy until the discard. The tag only ever names the viewer's own cards."""

from __future__ import annotations

import asyncio
from collections import Counter

from cardtable import load_variant, new_game
from cardtable.bots import make_bot
from cardtable.engine.cards import Card, parse_cards
from cardtable.engine.rng import Rng
from cardtable.tui.president.present import present as present_president
from cardtable.tui.seats import parse_seats
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.shanghai.present import present as present_shanghai
from cardtable.tui.tonk.present import present as present_tonk
from cardtable.tui.widgets.hand import Hand

from ..games.shanghai.helpers import deal
from .helpers import bots_play_until, make_app, settle
from .test_hand import HandApp


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def tag_row(cards_in_hand, fresh, width: int = 60, keys=()) -> str:
    """The hand's top row (over the cards) with ``fresh`` tagged."""
    async def scenario():
        app = HandApp(cards_in_hand)
        async with app.run_test(size=(width, 8)) as pilot:
            hand = app.query_one(Hand)
            hand.fresh = fresh
            hand.focus()
            await pilot.press(*keys)
            await pilot.pause()
            return hand.render_line(0).text

    return asyncio.run(scenario())


def test_the_tag_stands_over_the_fresh_card_each_copy_once():
    hand = cards("3C 7D 7D QS")          # (two decks: twin 7♦s)
    row = tag_row(hand, cards("7D QS"))
    # cards five columns wide: the tag over the first 7♦ (columns 5–9) and the Q♠ (15–19)
    assert row[5:10] == " new " and row[15:20] == " new "
    assert row[:5].strip() == "" and row[10:15].strip() == ""


def test_a_lifted_fresh_card_has_the_tag_in_its_edge_and_a_covered_one_a_dot():
    """A selected card, lifted onto the tag's row, shows the tag in its top edge (it lost
    it: a play-tester grouping cards for a go-down could not tell which had just come in)."""
    hand = cards("3C 7D QS")
    assert tag_row(hand, cards("7D"), keys=("2",))[5:10] == "┌new┐"   # selected: the card's edge, tagged
    assert tag_row(hand, cards("QS"), keys=("2",))[5:10] == "┌───┐"   # (a lifted card not fresh: its edge)
    long = tuple(parse_cards("3C 3D 4H 4S 5C 5D 6H 6S 7C 7D 8H 8S 9C 9D JC JD QH QS KC KD AH AS"))
    row = tag_row(long, cards("4H"), width=50)                      # overlapped: two columns a card
    assert row[4:6] == "• " and "new" not in row
    lifted = tag_row(long, cards("4H"), width=50, keys=("3",))
    assert lifted[4:6] == "┌•" and "new" not in lifted


def _president_round_two(seed: int = 5):
    """President-classic for four, played by simple bots into round 2 up to the Scum's
    (or whoever got cards') first turn, with that seat."""
    rng = Rng(seed)
    game = bots_play_until(new_game(load_variant("president-classic"), 4, seed=seed),
                           lambda game: game.round >= 2 and not game.round_over and game.phase == "play", rng)
    return game, make_bot("president", "simple"), rng


def test_P_exchange_the_cards_got_are_fresh_until_the_first_play_on_ones_own_turn():
    """P exchange (Scum gives its best cards unasked): the cards a player got are tagged
    until they play on their own turn."""
    game, bot, rng = _president_round_two()
    seats = parse_seats("Ann,Bob,Cy,Di")
    scum = game.titles.index("scum")
    view = game.view(scum)
    assert view.received and view.given
    state = present_president(game, scum, seats)
    assert sorted(state.fresh) == sorted(view.received) and set(state.fresh) <= set(state.hand)
    assert f"got {' '.join(card.pretty() for card in view.received)}" in state.note
    while scum not in game.to_act or game.view(scum).window:
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    assert present_president(game, scum, seats).fresh == state.fresh   # still, on its turn
    game.apply(scum, next(m for m in game.legal_moves(scum) if m.kind == "play"))
    assert present_president(game, scum, seats).fresh == ()
    # another seat's tags are its own cards only
    for other in set(range(4)) - {scum}:
        assert set(present_president(game, other, seats).fresh) <= set(game.view(other).hand)


def test_tonk_the_drawn_card_is_fresh_until_the_discard_and_only_for_the_drawer():
    game = new_game(load_variant("tonk-classic"), 2, seed=1, hands=["2C 5D 7H 8H KD", "9C 9D 3H 3S 4S"],
                    stock=parse_cards("9H 6C 10S 4C"), upcard="QC")
    seats = parse_seats("Ann,Bob")
    assert game.to_act == (1,) and present_tonk(game, 1, seats).fresh == ()
    game.apply(1, "draw_stock")
    assert present_tonk(game, 1, seats).fresh == cards("9H")
    assert present_tonk(game, 0, seats).fresh == ()
    game.apply(1, "spread 9C 9D 9H")                         # the drawn card spread: nothing to tag
    assert present_tonk(game, 1, seats).fresh == ()
    game.apply(1, "discard 4S")
    game.apply(0, "take_upcard")                             # Ann takes the 4♠ from the pile
    assert present_tonk(game, 0, seats).fresh == cards("4S")
    game.apply(0, "discard KD")
    assert present_tonk(game, 0, seats).fresh == ()


def test_S8_a_buy_tags_the_upcard_and_its_stock_cards_and_the_draw_after_it():
    """S8: the buyer gets the upcard and ``buy_penalty`` stock cards; all are fresh for
    the buyer (the others only learn a count) until the buyer's discard."""
    game = deal(["2C 3D 4D 5D", "6C 6D 7H 8S", "8C 8D 9D 10H", "AC AD AH KS"],
                stock="5C 6S 2S 3S 4S", upcard="QH", dealer=2)
    seats = parse_seats("Ann,Bob,Cy,Di")
    game.apply(3, "draw_stock")                               # (dealer Cy: Di plays first)
    game.apply(2, "decline")
    game.apply(0, "buy")
    assert sorted(present_shanghai(game, 0, seats).fresh) == sorted(cards("QH 6S 2S"))
    assert present_shanghai(game, 1, seats).fresh == ()
    assert present_shanghai(game, 3, seats).fresh == cards("5C")    # Di's own draw
    game.apply(3, "discard 5C")
    while game.phase == "buy":
        game.apply(game.to_act[0], "decline")
    game.apply(0, "draw_stock")                               # (the stock's next card: 3♠)
    while game.phase == "buy":
        game.apply(game.to_act[0], "decline")
    assert sorted(present_shanghai(game, 0, seats).fresh) == sorted(cards("QH 6S 2S 3S"))
    game.apply(0, "discard QH")
    assert present_shanghai(game, 0, seats).fresh == ()


def test_S6_a_melded_draw_does_not_tag_its_twin():
    """S6 (two decks hold twins): a drawn 7♦ melded at once leaves the 7♦ held before
    untagged, and a drawn card laid off is not tagged either."""
    game = deal(["7D 7C 7H 4S 4H 4C 9H KD", "2C 3C 4D 5C 6C 8H 9S 10S", "2H 3H 5H 5S 6H 8C 9C 10C"],
                stock="7D 2D 3D", upcard="KS", dealer=2)
    seats = parse_seats("Ann,Bob,Cy")
    game.apply(0, "draw_stock")
    while game.phase == "buy":
        game.apply(game.to_act[0], "decline")
    assert present_shanghai(game, 0, seats).fresh == cards("7D")
    game.apply(0, "meld 4C 4H 4S | 7C 7D 7H")
    assert game.hands[0].count(Card.parse("7D")) == 1
    assert present_shanghai(game, 0, seats).fresh == ()


def test_P22_a_card_got_and_thrown_out_of_turn_is_no_longer_tagged():
    """P22/P24 (a throw out of turn before one's own first play): the exchange note still
    tells what was got, but the tags name only the cards still held (with two decks a
    thrown card's tag would have gone to its twin)."""
    from .test_president_exchange_note import chance_for_ann_before_her_turn

    game = chance_for_ann_before_her_turn()
    received = game.view(0).received
    throw = next(move for move in game.legal_moves(0) if move.kind != "decline" and set(move.cards) & set(received))
    game.apply(0, throw)
    state = present_president(game, 0, parse_seats("Ann,Bob,Cy,Di,Ed,Flo,Gus"))
    assert sorted(state.fresh) == sorted(card for card in received if card not in throw.cards)
    assert "got" in state.note


def test_tonk_a_spread_or_hit_drawn_joker_leaves_its_twin_untagged():
    """T1 (two jokers in tonk-spades): Ann holds a JK and draws the other; the one she
    spreads or hits with goes, the one held before is not "new"."""
    def drawn_joker():
        game = new_game(load_variant("tonk-spades"), 2, seed=1, hands=["JK 7H 7D 2C KD", "9C 9D 9H 3S 4S"],
                        stock=parse_cards("6C JK 10S 4C 5C"), upcard="QC")
        for seat, move in ((1, "decline"), (0, "decline"), (1, "draw_stock"), (1, "spread 9C 9D 9H"),
                           (1, "discard 6C"), (0, "draw_stock")):
            game.apply(seat, move)
        assert present_tonk(game, 0, parse_seats("Ann,Bob")).fresh == cards("JK")
        return game

    for move in ("spread 7D 7H JK", "hit JK @1,0"):
        game = drawn_joker()
        game.apply(0, move)
        assert game.view(0).hand.count(Card.parse("JK")) == 1
        assert present_tonk(game, 0, parse_seats("Ann,Bob")).fresh == (), move


def test_S7_a_joker_won_by_a_swap_is_tagged_and_a_laid_off_draw_is_not():
    """S7: Ann goes down with her own joker, then swaps her 9♥ for the joker in Bob's set
    of 9s: the joker she wins is "new" (the one she melded does not cancel it). S6: the
    5♥ she drew, laid off on Bob's 5s, leaves the 5♥ she held before untagged."""
    game = deal(["7C 7D JK 8C 8D 8H 9H 5H", "5C 5D 5S 9D 9S JK KD QC", "2H 3H 4H 6H 10H 10S JC QD"],
                stock="AS 2D 5H 4D 6S", upcard="KS", dealer=0)
    seats = parse_seats("Ann,Bob,Cy")

    def decline_all():
        while game.phase == "buy":
            game.apply(game.to_act[0], "decline")

    for seat, move in ((1, "draw_stock"), (1, "meld 5C 5D 5S | 9D 9S JK"), (1, "discard KD"),
                       (2, "draw_stock"), (2, "discard QD"), (0, "draw_stock")):
        game.apply(seat, move)
        decline_all()
    assert present_shanghai(game, 0, seats).fresh == cards("5H")
    game.apply(0, "meld 7C 7D JK | 8C 8D 8H")
    game.apply(0, "swap_joker 9H @1,1")
    assert sorted(present_shanghai(game, 0, seats).fresh) == sorted(cards("5H JK"))
    game.apply(0, "lay_off 5H @1,0")
    assert game.hands[0] == list(cards("5H JK"))
    assert present_shanghai(game, 0, seats).fresh == cards("JK")


def test_the_tag_at_each_overlap_and_in_ascii():
    """The tag at each width a card may show: "new" over a card four or five columns wide,
    a dot (ASCII "v", the joker being "*") over one the next overlaps to three columns or two."""
    hand = tuple(parse_cards("3C 4D 5H 6S 7C 8D 9H 10S JC QD KH AS 2C 3D 4H 5S 6C 7D"))

    async def second_card(width: int, ascii: bool) -> tuple[str, int]:
        app = HandApp(hand)
        app.card_ascii = ascii  # (what the ASCII theme sets on the app)
        async with app.run_test(size=(width, 8)) as pilot:
            widget = app.query_one(Hand)
            widget.fresh = cards("4D")
            await pilot.pause()
            layout = widget._layout(widget.size.width)
            first = layout.widths[0]
            return widget.render_line(0).text[first:first + layout.widths[1]], layout.widths[1]

    async def scenario():
        seen = {}
        for width, ascii in ((100, False), (80, False), (62, False), (45, False), (45, True)):
            tag, cell = await second_card(width, ascii)
            seen[cell, ascii] = tag
        return seen

    assert asyncio.run(scenario()) == {(5, False): " new ", (4, False): " new", (3, False): "•  ",
                                       (2, False): "• ", (2, True): "v "}


def test_the_table_tags_the_card_a_human_draws_in_tonk():
    async def scenario():
        game = new_game(load_variant("tonk-classic"), 2, seed=1, hands=["2C 5D 7H 8H KD", "9C 9D 3H 3S 4S"],
                        stock=parse_cards("9H 6C 10S 4C"), upcard="QC")
        app = make_app("Ann,bot:simple", preset="tonk-classic", game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: app.screen.query(Hand) and app.screen.query_one(Hand).active)
            hand = app.screen.query_one(Hand)
            assert "new" not in hand.render_line(0).text
            before = hand.cards
            await pilot.press("s")
            await settle(pilot, app, lambda: len(hand.cards) == len(before) + 1)
            top = hand.render_line(0).text
            (drawn,) = set(hand.cards) - set(before)
            at = hand.cards.index(drawn)
            assert top.count("new") == 1 and top.index("new") == 5 * at + 1

    asyncio.run(scenario())


def test_P_exchange_the_give_back_dialog_tags_the_cards_got():
    """P exchange: a President choosing the cards to give back sees the Scum's cards just
    got tagged in the dialog's hand (seed 4: Ann is President and got A♦ 2♠)."""
    from cardtable.tui.screens.choose import CardChoiceDialog

    game = bots_play_until(new_game(load_variant("president-classic"), 4, seed=4),
                           lambda game: game.round >= 2 and game.phase == "exchange" and game.to_act == (0,), Rng(4))
    assert game.view(0).received == cards("AD 2S")

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple", game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, CardChoiceDialog))
            await pilot.pause()
            hand = app.screen.query_one(Hand)
            top = hand.render_line(0).text
            tagged = [index for index in range(len(hand.cards)) if top[5 * index:5 * index + 5] == " new "]
            assert [hand.cards[index] for index in tagged] == list(cards("AD 2S"))

    asyncio.run(scenario())


def test_a_dialog_over_the_table_tags_the_cards_the_table_does():
    """S6: after her draw Ann opens the go-down list (m): the dialog's hand tags the drawn
    card as the table's does (here a Q♥ beside its twin: the tag is over the first)."""
    from cardtable.tui.screens.choose import MoveListDialog

    from .test_shanghai import _press_cards, hand_two_game
    from .test_shanghai_sort_order import HAND_TWO

    def tagged(hand: Hand) -> list[Card]:
        top = hand.render_line(0).text
        layout = hand._layout(hand.size.width)
        starts = [sum(layout.widths[:index]) for index in range(len(layout.widths))]
        return [hand.cards[layout.first + index] for index, at in enumerate(starts) if "new" in top[at:at + 5]]

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", seed=4, game=hand_two_game(HAND_TWO))
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                         and app.screen.game.to_act == (0,))
            table = app.screen
            before = table.game.view(0).hand
            await pilot.press("s")
            await settle(pilot, app, lambda: table.game.view(0).phase == "play")
            (drawn,) = Counter(table.game.view(0).hand) - Counter(before)
            assert tagged(table.query_one(Hand)) == [drawn]
            await pilot.press("m")
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog))
            await pilot.pause()
            shown = app.screen.query_one(Hand)
            assert shown.fresh == (drawn,)  # (the go-down under the cursor lifts its cards: a lifted card shows no tag)
            assert tagged(shown) == [drawn] or drawn in shown.selected_cards()
            await pilot.press("escape")
            await settle(pilot, app, lambda: app.screen is table)
            # S6: a Q♥ grouped for the go-down takes the tag with it, as going down will
            # count it (the twin left in the row was held before: a play-tester saw the
            # tag stay while composing, then go once down)
            await _press_cards(pilot, table, parse_cards("QC QD QH"))
            await pilot.press("g")
            await pilot.pause()
            assert drawn in table.query_one(Hand).cards and tagged(table.query_one(Hand)) == []

    asyncio.run(scenario())
