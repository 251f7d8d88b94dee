"""Play-test fixes: the Shanghai table's sort order (``o``) holds in every dialog over
the table — the buy prompt, the go-down list (m), the joker swaps (w) — which show the
hand as the table does."""

from __future__ import annotations

import asyncio

from cardtable.engine.cards import parse_cards
from cardtable.tui.screens.choose import MoveListDialog
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.shanghai.table import by_suit, wilds_last
from cardtable.tui.widgets.hand import Hand

from .helpers import make_app, settle, table_screen
from .test_shanghai import _changed, _key, _press_cards, hand_two_game, stacked_game


def test_by_suit_puts_an_ace_where_its_suit_would_run_with_it():
    """A play-tester looked for A♦ at the far end of a long hand holding 2♦ 3♦ 4♦: by suit,
    an ace sorts low when its suit's other cards are nearer the 2 than the king."""
    cards = parse_cards("AD 3D 2D 4D KS AS JS AH JK 9C")
    assert by_suit(cards) == parse_cards("9C AD 2D 3D 4D AH JS KS AS JK")


def test_wild_cards_sort_last_and_an_ace_keeps_its_place_while_composing():
    """S5 (a play-tester read A♦ 2♦ 3♦ as a natural run where 2s are wild): the wild
    cards go last in either order; an ace's place in its suit is read from the whole hand,
    so that it does not jump while cards go into go-down groups."""
    wild_twos = frozenset({2, 15})
    assert by_suit(parse_cards("AD 2S 3D 7D JK 2D"), wild_twos) == parse_cards("AD 3D 7D 2D 2S JK")
    assert by_suit(parse_cards("AD 2D 3D"), frozenset({15})) == parse_cards("AD 2D 3D")  # (2s not wild: a run)
    assert wilds_last(parse_cards("2C 4D 5S JK QH"), wild_twos) == parse_cards("4D 5S QH 2C JK")
    whole = parse_cards("AC 4C JC")  # (4 to J: the ace nearer the king, so last)
    assert by_suit(parse_cards("AC 4C"), whole=whole) == parse_cards("4C AC")
    assert by_suit(parse_cards("AC 4C")) == parse_cards("AC 4C")  # (alone with the 4, it would go first)


def test_a_wild_two_stands_with_the_jokers_in_the_hand_on_screen():
    """S5: at a table where 2s are wild the hand shows them after the naturals, by rank
    and by suit (o); here in the buy prompt Ann is offered first, which shows the hand as
    the table does."""
    from cardtable.tui.screens.choose import MoveListDialog

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-wild-twos", seed=5)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog) and bool(app.screen.query(Hand))
                         and bool(app.screen.query_one(Hand).cards))
            shown = []
            for _order in ("rank", "suit"):  # (the buy prompt shows the hand as the table does)
                cards = tuple(app.screen.query_one(Hand).cards)
                wild = [card.rank in (2, 15) for card in cards]
                assert any(wild) and wild == sorted(wild), cards  # (every wild after every natural)
                shown.append(cards)
                await pilot.press("o")
                await pilot.pause()
            assert shown[0] != shown[1]  # (o sorted it the other way)

    asyncio.run(scenario())


# Hand 2 (a set of 3 + a run of 4): Eve is down with a joker in her run (4♥ 5♥ JK=6♥ 7♥);
# Ann holds 6♥ for it, and queens and 8♠-J♠ to go down with.
HAND_TWO = [
    "QC QD QH 8S 9S 10S JS 3D 4D 6H KH",
    "2C 3C 6D 8H 10D JC QS AH 2D 4C 6S",
    "9C 9D 9S 4H 5H JK 7H KS KD 2H 3H",
]


def swap_game():
    return hand_two_game(HAND_TWO)


async def _dialog_hand(pilot, key: str) -> tuple:
    """Press ``key`` at the table; the hand the dialog it opens shows (then escape)."""
    app = pilot.app
    table = app.screen
    await pilot.press(key)
    await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog) and bool(app.screen.query(Hand))
                 and bool(app.screen.query_one(Hand).cards))
    shown = tuple(app.screen.query_one(Hand).cards)
    await pilot.press("escape")
    await settle(pilot, app, lambda: app.screen is table)
    return shown


async def _ann_drawn(pilot) -> TableScreen:
    """The table once Ann (seat 0) has drawn from the stock on her turn."""
    app = pilot.app
    await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                 and app.screen.game.to_act == (0,))
    screen = app.screen
    await pilot.press("s")
    await settle(pilot, app, lambda: screen.game.view(0).phase == "play")
    return screen


def test_go_down_and_swap_lists_show_the_hand_sorted_by_suit():
    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", seed=4, game=swap_game())
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await _ann_drawn(pilot)
            hand = screen.game.view(0).hand
            assert by_suit(hand) != hand
            assert await _dialog_hand(pilot, "m") == hand          # by rank, as the table shows it
            await pilot.press("o")
            await pilot.pause()
            assert tuple(screen.query_one(Hand).cards) == by_suit(hand)
            assert await _dialog_hand(pilot, "m") == by_suit(hand)
            assert await _dialog_hand(pilot, "w") == by_suit(hand)

    asyncio.run(scenario())


def test_the_buy_prompt_shows_the_hand_sorted_by_suit():
    """Ann sorts by suit on her turn; the next buy prompt (S8) shows her hand so."""
    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", seed=11, game=stacked_game())
        async with app.run_test(size=(100, 30)) as pilot:
            sorted_yet = False
            for _step in range(400):
                screen = app.screen
                if isinstance(screen, MoveListDialog):
                    await settle(pilot, app, lambda: bool(screen.query(Hand)) and bool(screen.query_one(Hand).cards))
                    hand = table_screen(app).game.view(0).hand
                    shown = tuple(screen.query_one(Hand).cards)
                    if sorted_yet:
                        assert shown == by_suit(hand) != hand
                        return
                    assert shown == hand
                    before = _key(app)
                    await pilot.press("escape")                   # decline (this offer only)
                    await _changed(pilot, app, before)
                    continue
                game = screen.game
                if screen.busy or game.to_act != (0,):
                    await _changed(pilot, app, _key(app))
                    continue
                before = _key(app)
                if game.view(0).phase == "draw":
                    await pilot.press("s")
                else:
                    if not sorted_yet:
                        await pilot.press("o")
                        sorted_yet = True
                    await pilot.press("1", "d")
                await _changed(pilot, app, before)
            raise AssertionError("no buy prompt after the sort")

    asyncio.run(scenario())


def test_o_keeps_the_picked_card_and_d_discards_it():
    """A play-tester let the hint pick Q♣ to discard, sorted, and found nothing picked:
    sorting keeps the selection, so d discards the card picked before the sort."""
    from cardtable.engine.cards import parse_cards

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", seed=4, game=swap_game())
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await _ann_drawn(pilot)
            hand = screen.query_one(Hand)
            king = parse_cards("KH")[0]
            hand.select_cards([king])
            await pilot.press("o")
            await pilot.pause()
            assert tuple(hand.cards) == by_suit(screen.game.view(0).hand)
            assert hand.selected_cards() == (king,)
            assert screen.table.notice == "hand sorted by suit"
            before = len(screen.game.events)
            await pilot.press("d")
            await settle(pilot, app, lambda: len(screen.game.events) > before)
            assert screen.game.events[before].card == king

    asyncio.run(scenario())


def test_backspace_with_no_go_down_group_says_so():
    """Backspace with no go-down group to take back said nothing (the last word stayed)."""
    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", seed=4, game=swap_game())
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await _ann_drawn(pilot)
            await pilot.press("backspace")
            await pilot.pause()
            assert screen.table.notice == "no go-down group to take back: g makes one"
            await pilot.press("1")  # (any change of the selection retires a word)
            await pilot.pause()
            assert screen.table.notice == ""

    asyncio.run(scenario())


def test_d_after_a_joker_swap_with_groups_built_says_only_to_finish_the_go_down():
    """S7: after taking a joker Ann must go down this turn. With a group built, d said
    "finish the go-down (g) or undo its groups (backspace) before you discard", but
    undoing them leads to no discard; it says to finish, and why."""
    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", seed=4, game=swap_game())
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await _ann_drawn(pilot)
            await _press_cards(pilot, screen, parse_cards("6H"))
            await pilot.press("w")                            # put 6♥ in Eve's run, take its joker (its one swap)
            await settle(pilot, app, lambda: screen.game.view(0).must_go_down)
            await _press_cards(pilot, screen, parse_cards("QC QD QH"))
            await pilot.press("g")
            await settle(pilot, app, lambda: bool(screen.table.groups))
            await _press_cards(pilot, screen, parse_cards("KH"))
            before = len(screen.game.events)
            await pilot.press("d")
            await pilot.pause()
            assert len(screen.game.events) == before
            assert screen.table.notice == ("finish the go-down (g): after taking a joker you must lay down your "
                                           "contract before you discard (S7)")

    asyncio.run(scenario())
