"""Play-test fixes: a go-down group (g) that cannot be the contract meld it would fill is
refused at once with the engine's reason (S4, S5, S6), the selection left as it was;
a group goes down as the first open contract meld it can be (a run before the set)."""

from __future__ import annotations

import asyncio

import pytest

from cardtable import Move, load_variant, new_game
from cardtable.engine.cards import Card, parse_cards
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.hand import Hand

from ..games.shanghai.helpers import decline_all
from .helpers import make_app, screen_text, settle
from .test_shanghai import HAND_TWO, _ann_draws, _press_cards, hand_two_game

# Hand 1 (2 sets of 3): Ann holds 5♣ 5♦ 6♣ — no set — besides her sevens and nines.
HANDS = [
    "5C 5D 6C 7C 7D 7H 9S 9H 9D KS 2H",
    "2C 3C 6D 8H 10S JC QD AH 2D 4H 6S",
    "3D 5C 8C 10H JD QH KD AS 3H 5S 8D",
]


def ann_to_play(game):
    """Dag and Eve draw and discard; Ann draws: her turn to go down, lay off, discard."""
    for seat in (1, 2):
        game.apply(seat, "draw_stock")
        decline_all(game)
        game.apply(seat, Move("discard", (game.view(seat).hand[0],)))
    game.apply(0, "draw_stock")
    decline_all(game)
    assert game.to_act == (0,) and game.view(0).phase == "play"
    return game


def _app(game):
    return make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", seed=11, game=game)


async def _ready(pilot):
    app = pilot.app
    await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and app.screen.table.state is not None
                 and app.screen.table.state.my_turn and app.screen.game.view(0).phase == "play")
    return app.screen


def test_a_group_that_is_no_set_is_refused_at_g_with_the_engines_reason():
    """The play-tester's case: 5♣ 5♦ 6♣ as group 1 of "2 sets of 3" was taken, and only
    the last group said "meld 1: a set is cards of one rank"; now g says it at once."""
    game = ann_to_play(new_game(load_variant("shanghai-classic"), 3, seed=11, hands=HANDS, upcard="QS"))

    async def scenario():
        async with _app(game).run_test(size=(100, 30)) as pilot:
            screen = await _ready(pilot)
            table, hand = screen.table, screen.query_one(Hand)
            picked = parse_cards("5C 5D 6C")
            await _press_cards(pilot, screen, picked)
            events = len(game.events)
            await pilot.press("g")
            await pilot.pause()
            assert table.notice == "[5♣ 5♦ 6♣] is not a set of 3: a set is cards of one rank"
            assert "is not a set of 3: a set is cards of one rank" in screen_text(pilot.app)
            assert table.groups == [] and sorted(hand.selected_cards()) == sorted(picked)  # as it was
            assert len(game.events) == events
            await pilot.press("escape")                         # the sets go down as before
            for group in ("7C 7D 7H", "9D 9H 9S"):
                await _press_cards(pilot, screen, parse_cards(group))
                await pilot.press("g")
                await pilot.pause()
            await settle(pilot, pilot.app, lambda: game.is_down(0))

    asyncio.run(scenario())


def test_four_suited_cards_in_a_row_go_down_as_the_run_even_first():
    """Hand 2, "1 set of 3 + 1 run of 4": the run grouped first is the run (the set is
    then asked for); a 4-card group that is no run is refused with the run's reason."""
    game = hand_two_game()  # Ann: QC QD QH 8S 9S 10S JS 3D 4D 6C KH

    async def scenario():
        async with _app(game).run_test(size=(100, 30)) as pilot:
            await settle(pilot, pilot.app, lambda: isinstance(pilot.app.screen, TableScreen)
                         and not pilot.app.screen.busy and game.to_act == (0,))
            await pilot.press("s")
            screen = await _ready(pilot)
            table, hand = screen.table, screen.query_one(Hand)
            # the guide names every contract meld still open: any may come first
            assert "to go down: select a set of 3 or a run of 4, press g" in screen_text(pilot.app)
            await _press_cards(pilot, screen, parse_cards("8S 9S 10S KH"))
            await pilot.press("g")
            await pilot.pause()
            assert table.notice == "[8♠ 9♠ 10♠ K♥] is not a run of 4: a run is cards of one suit"
            assert table.groups == [] and len(hand.selected_cards()) == 4
            await pilot.press("escape")
            await _press_cards(pilot, screen, parse_cards("8S 9S 10S JS"))
            await pilot.press("g")
            await pilot.pause()
            assert table.groups == [tuple(parse_cards("8S 9S 10S JS"))] and table.places == [1]
            assert "go-down: [8♠ 9♠ 10♠ J♠] + a set of 3: select, g" in screen_text(pilot.app)
            await pilot.press("backspace")                      # taken back, then again
            await pilot.pause()
            assert table.groups == [] and table.places == []
            await _press_cards(pilot, screen, parse_cards("8S 9S 10S JS"))
            await pilot.press("g")
            await _press_cards(pilot, screen, parse_cards("QC QD QH"))
            await pilot.press("g")
            await settle(pilot, pilot.app, lambda: game.is_down(0))
            assert [str(meld) for meld in game.melds[0]] == ["QC QD QH", "8S 9S 10S JS"]

    asyncio.run(scenario())


async def _group(pilot, screen, cards: str) -> None:
    await _press_cards(pilot, screen, parse_cards(cards))
    await pilot.press("g")
    await pilot.pause()


def test_escape_where_the_wilds_stand_takes_back_only_the_last_group():
    """S5/S6: the last group completes the contract and its joker may stand at either end
    of the run, so the table asks; escape takes back only that group (its cards selected
    again, the set kept) and nothing is played; g asks again, and a choice goes down."""
    game = hand_two_game(["QC QD QH 6C 7C 8C JK 3D 4D 9S KH", *HAND_TWO[1:]])

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", seed=4, game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await _ann_draws(pilot)
            screen = await _ready(pilot)
            table, hand = screen.table, screen.query_one(Hand)
            await _group(pilot, screen, "QC QD QH")
            events = len(game.events)
            await _group(pilot, screen, "6C 7C 8C JK")
            await settle(pilot, app, lambda: app.screen.__class__.__name__ == "TableChoiceDialog")
            labels = [label for label, _move in app.screen.options]
            assert labels == ["Q♣ Q♦ Q♥  |  JK=5♣ 6♣ 7♣ 8♣", "Q♣ Q♦ Q♥  |  6♣ 7♣ 8♣ JK=9♣", "Cancel (escape)"]
            await pilot.press("escape")
            await settle(pilot, app, lambda: app.screen is screen)
            assert table.groups == [parse_cards("QC QD QH")] and len(game.events) == events
            assert sorted(hand.selected_cards()) == sorted(parse_cards("6C 7C 8C JK"))
            assert "go-down: [Q♣ Q♦ Q♥] + a run of 4" in screen_text(app)
            await pilot.press("g")
            await settle(pilot, app, lambda: app.screen.__class__.__name__ == "TableChoiceDialog")
            await pilot.press("enter")
            await settle(pilot, app, lambda: game.is_down(0))
            assert [str(meld) for meld in game.melds[0]] == ["QC QD QH", "JK 6C 7C 8C"]

    asyncio.run(scenario())


def test_where_the_wilds_stand_lists_each_real_choice_once():
    """S5 (2s wild): a go-down whose two wild 2s could swap places is one choice, as in
    the go-down list (m): 2♣ and 2♥ beside 6♣ 7♣ make three runs, not six choices; a
    waiting set shows its wild with the rank it stands for."""
    game = hand_two_game(["AD AH 2S 2C 6C 7C 2H 3D 4D 9S KH", *HAND_TWO[1:]], preset="shanghai-wild-twos")

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-wild-twos", seed=4, game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await _ann_draws(pilot)
            screen = await _ready(pilot)
            await _group(pilot, screen, "AD AH 2S")
            assert "go-down: [A♦ A♥ 2♠=A] + a run of 4" in screen_text(app)
            await _group(pilot, screen, "2C 6C 7C 2H")
            await settle(pilot, app, lambda: app.screen.__class__.__name__ == "TableChoiceDialog")
            labels = [label for label, _move in app.screen.options]
            assert len(labels) == 4 and labels[-1] == "Cancel (escape)", labels
            assert len({label.split("|")[1].replace("2♥", "2♣") for label in labels[:-1]}) == 3

    asyncio.run(scenario())


def test_a_waiting_run_shows_its_wild_in_place_when_it_has_one_place_only():
    """S4/S5: a run being composed (J♦ Q♦ A♦ JK, picked in any order) reads as it will be
    melded, "J♦ Q♦ JK=K♦ A♦"; a wild that could stand at either end (J♦ Q♦ K♦ JK: 10♦ or
    A♦) waits after the naturals, its place chosen with the go-down; two wild 2s that
    could only trade places have one place."""
    from cardtable.engine.cards import JOKER
    from cardtable.tui.shanghai.compose import waiting_group_label

    jokers, twos = frozenset({JOKER}), frozenset({JOKER, 2})
    assert waiting_group_label("run", parse_cards("AD JK JD QD"), jokers, False) == "J♦ Q♦ JK=K♦ A♦"
    assert waiting_group_label("run", parse_cards("JK JD QD KD"), jokers, False) == "J♦ Q♦ K♦ JK"
    assert waiting_group_label("run", parse_cards("5D 3D 2D 6D"), twos, False) == "3♦ 2♦=4♦ 5♦ 6♦"
    # (two wild 2s that could only swap places stand in one place: which 2 is where is no choice)
    assert waiting_group_label("run", parse_cards("3D 2D 2H 6D"), twos, False) == "3♦ 2♦=4♦ 2♥=5♦ 6♦"  # (card order)
    assert waiting_group_label("run", parse_cards("AD JK JD QD"), jokers, True) == "J-D Q-D JK=K-D A-D"
    assert waiting_group_label("set", parse_cards("QD JK QD"), jokers, False) == "Q♦ Q♦ JK=Q"


@pytest.mark.parametrize("group, place, reason", [
    ("2C 3C 4C 6C JK", 1, "the contract's run goes down at exactly 4 cards, not 5 (more follow as lay-offs)"),
    ("7C 7C 7D 7S", 0, "the contract's set goes down at exactly 3 cards, not 4 (more follow as lay-offs)"),
    ("3C 4C 5C 6C", 1, None),
    ("5C 6D 7H", 0, "a set is cards of one rank"),
])
def test_S6_the_table_tells_a_group_against_the_contract_meld_of_its_kind(group, place, reason):
    """In "1 set of 3 + 1 run of 4" a play-tester's five-card run was refused as "not a
    set of 3: a set is cards of one rank": a group that makes a run at its size is told
    as the run (too long), one that makes a set as the set."""
    from cardtable.tui.shanghai.compose import group_place

    assert group_place((("set", 3), ("run", 4)), (), parse_cards(group), frozenset({15})) == (place, reason)


def test_two_wild_twos_stand_where_the_waiting_group_showed_them():
    """A play-tester's group 2♣ 2♥ K♠ A♠ (2s wild) waited as "2♥=J♠ 2♣=Q♠ K♠ A♠" and was
    laid as "2♣=J♠ 2♥=Q♠ K♠ A♠": of go-downs that differ only in which wild 2 stands
    where, the one first in card order is shown and laid, whatever order they come in."""
    from cardtable.engine.cards import JOKER
    from cardtable.games.shanghai.godown import go_down_options
    from cardtable.tui.shanghai.compose import (distinct_go_downs, go_down_label, matching_go_downs,
                                                waiting_group_label)

    wilds = frozenset({2, JOKER})
    contract = (("set", 3), ("run", 4))
    run, threes = parse_cards("2H 2C KS AS"), parse_cards("3C 3C 3S")
    options = go_down_options([*run, *threes], contract, wilds, limit=200)
    moves = [Move("meld", tuple(card for group in groups for card in group), groups) for groups in options]
    assert waiting_group_label("run", run, wilds, False) == "2♣=J♠ 2♥=Q♠ K♠ A♠"
    for listed in (moves, moves[::-1]):
        [laid] = distinct_go_downs(matching_go_downs(listed, contract, [threes, run]), wilds)
        assert go_down_label(laid, contract, wilds, False) == "3♣ 3♣ 3♠  |  2♣=J♠ 2♥=Q♠ K♠ A♠"


def test_the_key_bar_names_plus_for_cards_past_the_tenth_while_the_row_holds_more_than_ten():
    """Ann's 12 cards after her draw: the bar says "+1 card 11"; a go-down group (g) takes
    three out of the row, so the 9 left need no + and the bar drops it; backspace puts
    the group back, and the bar says it again. A dialog over the table (a buy offer that
    comes while Ann waits) lets a + typed go: the hand keeps the focus under it."""
    game = ann_to_play(new_game(load_variant("shanghai-classic"), 3, seed=11, hands=HANDS, upcard="QS"))

    async def scenario():
        async with _app(game).run_test(size=(120, 30)) as pilot:
            screen = await _ready(pilot)
            table, hand = screen.table, screen.query_one(Hand)

            def bar() -> str:
                return str(table.query_one("#keys").render())

            assert len(hand.cards) == 12 and "+1 card 11" in bar()
            await _press_cards(pilot, screen, parse_cards("7C 7D 7H"))
            await pilot.press("g")
            await pilot.pause()
            assert len(hand.cards) == 9 and "+2" not in bar()
            await pilot.press("backspace")
            await pilot.pause()
            assert len(hand.cards) == 12 and "+1 card 11" in bar()
            await pilot.press("plus")  # (a dialog that comes over the table lets the + go)
            assert hand.tens == 10
            table.covered = True
            await pilot.pause()
            assert hand.tens == 0 and hand.has_focus

    asyncio.run(scenario())


def test_cards_that_make_the_contract_but_strand_a_last_card_are_told_so():
    """S10: Ann's two sets make the contract, but her drawn K♠ would be a last card that
    fits no meld: g said "your cards do not make 2 sets of 3 yet"; it says why she may not
    go down (a rule-audit finding: the table worked the reason out itself, wrongly)."""
    hands = ["7C 7D 7H 9S 9H 9D", "2C 3C 6D 8H 10S JC QD AH 2D 4H 6S", "3D 5C 8C 10H JD QH KD AS 3H 5S 8D"]
    game = ann_to_play(new_game(load_variant("shanghai-classic"), 3, seed=11, hands=hands,
                                stock=parse_cards("4C 4D KS"), upcard="QS"))
    assert Card.parse("KS") in game.hands[0]

    async def scenario():
        async with _app(game).run_test(size=(100, 30)) as pilot:
            screen = await _ready(pilot)
            await _press_cards(pilot, screen, parse_cards("7C 7D 7H"))
            await pilot.press("g")
            await pilot.pause()
            assert screen.table.notice == ("your cards make the contract, but going down now would leave K♠, a "
                                           "last card you could neither meld nor discard (S10): go down on a later "
                                           "turn")
            await pilot.press("escape", "m")
            await pilot.pause()
            assert screen.table.notice.startswith("your cards make the contract, but going down now would leave K♠")

    asyncio.run(scenario())
