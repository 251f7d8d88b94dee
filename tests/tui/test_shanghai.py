"""Shanghai at the table (RULES S, X1, X3): a whole hand hot-seat — Ann and Bob with a
bot — played through key presses from a stacked deal: a buy prompt behind a hand-off,
a go-down composed group by group, lay-offs, discards, the score sheet."""

from __future__ import annotations

import asyncio
import re

import pytest

from cardtable import load_variant, new_game
from cardtable.bots import make_bot
from cardtable.engine.rng import Rng
from cardtable.engine.cards import Card, parse_cards
from cardtable.engine.moves import Move
from cardtable.games.shanghai.events import StockDrawn
from cardtable.tui.screens.choose import MoveListDialog
from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.shanghai.compose import go_down_label, matching_go_downs
from cardtable.games.shanghai.preset import contract_text
from cardtable.tui.shanghai.scores import ScoreSheetScreen
from cardtable.tui.widgets.card import card_label
from cardtable.tui.widgets.hand import Hand

from ..games.shanghai.helpers import decline_all, to_first_go_down_turn
from .conftest import ARMED
from .helpers import hold_bots, make_app, screen_text, settle, shanghai_buy_offer, table_screen

CARD_FACE = re.compile(r"[│|] ?(10|[2-9JQKA]|JK) ?[│|]")
SEATS = "Ann,bot:simple,Bob"

# Ann (seat 0, the dealer) can go down with her first draw (two sets of 3) and has
# sevens and nines to lay off; Dag (bot, seat 1) plays first; Bob (seat 2) is human.
# The stock is the rest of the decks, shuffled from the seed.
HANDS = [
    "7C 7D 7H 7S 9S 9H 9D 9C 4C 5D KS",
    "2C 3C 6D 8H 10S JC QD AH 2D 4H 6S",
    "3D 5C 8C 10H JD QH KD AS 3H 5S 8D",
]
UPCARD = "QS"


def stacked_game(seed: int = 11):
    return new_game(load_variant("shanghai-classic"), 3, seed=seed, hands=HANDS, upcard=UPCARD)


def test_contract_text():
    assert contract_text((("set", 3), ("run", 4))) == "1 set of 3 + 1 run of 4"
    assert contract_text((("set", 3), ("set", 3), ("run", 5))) == "2 sets of 3 + 1 run of 5"
    assert contract_text((("run", 4),) * 3) == "3 runs of 4"


@pytest.mark.parametrize(("preset", "banner"), [("shanghai-classic", "Hand 1 of 10 — 2 sets of 3"),
                                               ("shanghai-wild-twos", "Hand 1 of 10 — 2 sets of 3 · 2s wild")])
def test_the_banner_says_which_naturals_are_wild(preset, banner):
    """S5: a table where 2s are wild says so beside the contract (jokers go without saying)."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.shanghai.present import present

    game = new_game(load_variant(preset), 3, seed=1)
    assert present(game, 0, parse_seats("Ann,Bob,Cy"), False).banner == banner


def test_go_downs_differing_only_in_which_wild_two_goes_where_are_listed_once():
    """S5/S7 (wild twos): 7♦ 7♥ 2♦ | J♣ J♠ 2♠ and 7♦ 7♥ 2♠ | J♣ J♠ 2♦ lay the same melds (a
    2 played as a wild stays where it is), so the go-down list offers one of them; a
    joker in place of a 2 is another choice (it may be taken back)."""
    from cardtable.tui.shanghai.compose import distinct_go_downs

    JK = Card.parse("JK")

    game = new_game(load_variant("shanghai-wild-twos"), 3, seed=2, hands=[
        "7D 7H JC JS 2D 2S JK 4C 5D 8S KH", "3C 3D 6D 8H 10S JD QD AH 4D 4H 6S",
        "3S 5C 8C 10H QH KD AS 3H 5S 8D 9C"], upcard="QS")
    to_first_go_down_turn(game)
    wilds = game.wild
    melds = [m for m in game.legal_moves(0) if m.kind == "meld"]
    sevens_jacks = [m for m in melds if {c for c in m.cards if c.rank not in wilds} == set(parse_cards("7D 7H JC JS"))]
    shown = distinct_go_downs(sevens_jacks, wilds)
    two_twos = [m for m in sevens_jacks if sum(c.rank == 2 for c in m.cards) == 2]
    assert len(two_twos) == 2 and sum(m in shown for m in two_twos) == 1
    # six listed ways, three choices: two 2s; a 2 with the 7s and the joker with the jacks; the other way round
    assert len(sevens_jacks) == 6 and all(m in sevens_jacks for m in shown)
    assert sorted(tuple(JK in group for group in m.groups) for m in shown) == [(False, False), (False, True),
                                                                               (True, False)]


def test_the_go_down_list_offers_a_sets_choice_of_suits_once():
    """S6 (a play-tester's m list at "2 sets of 3" holding 10♦ 10♥ 10♠, four kings and
    A♦ A♦ A♥ read eight near-alike lines, which king each set left in hand): go-downs
    that differ only in which cards of a rank a set takes are offered once; sets of
    other ranks, and a set with a joker, stay choices of their own."""
    from cardtable.tui.shanghai.compose import distinct_go_downs, one_per_set_choice

    game = new_game(load_variant("shanghai-classic"), 3, seed=2, hands=[
        "10D 10H 10S KC KD KH KS AD AD AH JK", "3C 3D 6D 8H 10C JD QD AC 4D 4H 6S",
        "3S 5C 8C 10H QH KD AS 3H 5S 8D 9C"], upcard="QS")
    to_first_go_down_turn(game)
    wilds = game.wild
    listed = distinct_go_downs([m for m in game.legal_moves(0) if m.kind == "meld"], wilds)
    offered = one_per_set_choice(listed, wilds)
    ranks = lambda move: tuple(sorted(  # noqa: E731  (each set's rank and naturals, and its wilds)
        (min(c.rank for c in g if c.rank not in wilds), sum(c.rank not in wilds for c in g), sum(c.rank in wilds for c in g))
        for g in move.groups))
    assert len(offered) < len(listed)
    assert sorted(map(ranks, offered)) == sorted(set(map(ranks, listed)))  # (each choice once, none lost)
    assert offered == [m for m in listed if m in offered]                  # (in the list's own order)
    kings = [m for m in listed if ranks(m) == ((10, 3, 0), (13, 3, 0))]
    assert len(kings) == 4 and sum(m in offered for m in kings) == 1


def test_go_downs_that_spend_fewer_wild_cards_are_listed_first():
    """(A play-tester's m list began with 7♣ 7♦ JK | 9♦ 9♥ 9♠, a joker used up, ahead of
    the all-natural 9♦ 9♥ 9♠ | A♣ A♣ A♠.) Otherwise the engine's order stays."""
    from cardtable.engine.cards import JOKER
    from cardtable.tui.shanghai.compose import distinct_go_downs

    moves = [Move.parse(text) for text in ("meld 7C 7D JK | 9D 9H 9S", "meld 2C 7D JK | 9D 9H 9S",
                                           "meld 9D 9H 9S | AC AC AS", "meld 7C 7D 2D | AC AC AS")]
    assert distinct_go_downs(moves, frozenset({JOKER})) == [moves[i] for i in (2, 3, 0, 1)]
    assert distinct_go_downs(moves, frozenset({JOKER, 2})) == [moves[i] for i in (2, 0, 3, 1)]


def test_go_down_matching_ignores_order_and_shows_wild_places():
    contract = (("set", 3), ("run", 4))
    moves = [Move.parse("meld 9C 9D 9S | 4H 5H JK 7H"), Move.parse("meld 9C 9D 9S | JK 4H 5H 7H"),
             Move.parse("meld 9C 9D 9H | 4H 5H JK 7H"), Move("discard", parse_cards("9S"))]
    picked = [parse_cards("9S 9C 9D"), parse_cards("7H JK 5H 4H")]
    assert matching_go_downs(moves, contract, picked) == moves[:2]
    assert matching_go_downs(moves, contract, picked[::-1]) == []
    assert "JK=6♥" in go_down_label(moves[0], contract, frozenset({15}), False)


async def _press_cards(pilot, screen, cards) -> None:
    """Select ``cards`` in the table's hand by number keys or arrows and space."""
    hand = screen.query_one(Hand)
    shown = list(hand.cards)
    indices: list[int] = []
    for card in cards:
        indices.append(next(i for i, c in enumerate(shown) if c == card and i not in indices))
    for index in indices:
        if index < 10:
            await pilot.press(str((index + 1) % 10))
        else:
            await pilot.press("home", *["right"] * index, "space")
    # Hand.selected_cards lists the selection in the hand's shown order (not the order pressed)
    assert hand.selected_cards() == tuple(shown[i] for i in sorted(indices))


BOT = make_bot("shanghai", "simple")
RNG = Rng(5)


async def _pick_option(pilot, options, move) -> None:
    """In the open choice dialog, move to ``move`` among ``options`` and take it."""
    index = options.index(move)
    await pilot.press(*["down"] * index, "enter")


async def _human_move(pilot, screen, seat, log) -> None:
    """Ann and Bob play the simple bot's choice, entered by keys: s / u to draw, the
    go-down group by group with g, l for a lay-off (and its target in the dialog),
    w for a joker swap, d to discard."""
    game = screen.game
    moves = game.legal_moves(seat)
    move = BOT.choose(game.view(seat), moves, RNG)
    log.append(move.kind)
    if move.kind in ("draw_stock", "take_upcard"):
        await pilot.press("s" if move.kind == "draw_stock" else "u")
    elif move.kind == "meld":
        for group in move.groups:
            await _press_cards(pilot, screen, group)
            await pilot.press("g")
        await pilot.pause()
        if isinstance(pilot.app.screen, MoveListDialog):  # wilds could stand in more than one place
            await _pick_option(pilot, matching_go_downs(moves, game.contract, move.groups), move)
    elif move.kind in ("lay_off", "swap_joker"):
        await _press_cards(pilot, screen, move.cards)
        await pilot.press("l" if move.kind == "lay_off" else "w")
        await pilot.pause()
        options = [m for m in moves if m.kind == move.kind and m.cards == move.cards]
        if isinstance(pilot.app.screen, MoveListDialog):
            await _pick_option(pilot, options, move)
        else:
            assert len(options) == 1
    else:
        assert move.kind == "discard"
        await _press_cards(pilot, screen, move.cards)
        await pilot.press("d")


def _key(app):
    screen = app.screen
    if isinstance(screen, TableScreen):
        game = screen.game
        return (type(screen).__name__, screen.viewer, game.to_act, len(game.events), screen.busy)
    return (type(screen).__name__, id(screen))


async def _changed(pilot, app, before, limit=300):
    for _ in range(limit):
        await pilot.pause(0.01)
        if _key(app) != before:
            return
    raise AssertionError(f"nothing happened from {before}")


def test_whole_hand_hot_seat_with_buy_prompt_go_down_and_lay_off():
    async def scenario():
        app = make_app(SEATS, preset="shanghai-classic", seed=11, game=stacked_game())
        log: list[str] = []
        handoffs: list[str] = []
        buy_prompts: list[tuple[str, bool]] = []
        buys: list[str] = []
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            for _step in range(1500):
                screen = app.screen
                if isinstance(screen, ScoreSheetScreen):
                    break
                table = table_screen(app)
                if isinstance(screen, HandoffScreen):
                    text = screen_text(app)
                    assert not CARD_FACE.search(text), text  # X1: no cards behind a hand-off
                    assert table.viewer is None and table.table.state.hand == ()
                    handoffs.append(screen.player)
                    before = _key(app)
                    await pilot.press("enter")
                    await _changed(pilot, app, before)
                    continue
                if isinstance(screen, MoveListDialog):
                    seat = table.game.to_act[0]
                    assert table.viewer == seat and table.game.view(seat).phase == "buy"
                    text = screen_text(app)
                    assert "Buy" in text and "Decline" in text
                    drawer = next(e.seat for e in reversed(table.game.events) if isinstance(e, StockDrawn))
                    this_hand = table.game.events[max(i for i, e in enumerate(table.game.events)
                                                      if e.kind == "hand_started"):]
                    discarder = next((e.seat for e in reversed(this_hand) if e.kind == "card_discarded"), None)
                    others = [table.seats[s].name for s in table.humans if s not in (seat, drawer, discarder)]
                    prompt = str(screen.query_one("#dialog-prompt").render())
                    assert not any(name in prompt for name in others)  # X3: no other possible buyer named
                    if discarder is not None:  # (who threw the card and who drew instead: public, no buyers)
                        assert f"{table.seats[discarder].name} discarded" in prompt
                    # the dialog shows the asker's own hand only
                    assert tuple(screen.query_one(Hand).cards) == table.game.view(seat).hand
                    after_handoff = bool(handoffs) and handoffs[-1] == table.seats[seat].name
                    buy_prompts.append((table.seats[seat].name, after_handoff))
                    before = _key(app)
                    choice = BOT.choose(table.game.view(seat), table.game.legal_moves(seat), RNG)
                    buys.append(choice.kind)
                    await pilot.press(*([] if choice.kind == "buy" else ["down"]), "enter")
                    await _changed(pilot, app, before)
                    continue
                assert isinstance(screen, TableScreen)
                game = screen.game
                if screen.busy or not game.to_act or game.to_act[0] not in screen.humans:
                    await _changed(pilot, app, _key(app))
                    continue
                seat = game.to_act[0]
                assert screen.viewer == seat
                before = _key(app)
                await _human_move(pilot, screen, seat, log)
                await _changed(pilot, app, before)
            else:
                raise AssertionError(f"the hand did not end: {log}")
            game = table.game
            assert game.round_over and game.round == 1
            assert "meld" in log and "lay_off" in log and "discard" in log, log
            assert game.is_down(0)
            assert any(after for _name, after in buy_prompts), buy_prompts
            assert {"Ann", "Bob"} <= set(handoffs)
            text = screen_text(app)
            assert "score sheet" in text and "Hand 1 of 10 is over" in text
            await pilot.press("enter")
            await pilot.pause()
            assert game.round == 2 and not game.round_over

    asyncio.run(scenario())


# ----------------------------------------------------------------------------- snapshots
HAND_TWO = [
    "QC QD QH 8S 9S 10S JS 3D 4D 6C KH",
    "2C 3C 6D 8H 10D JC QS AH 2D 4C 6S",
    "9C 9D 9S 4H 5H JK 7H KS KD 2H 3H",
]


def hand_two_game(hands=HAND_TWO, preset="shanghai-classic"):
    """Hand 2 (a set of 3 + a run of 4) after hand 1 played by bots: Eve went down with a
    joker in her run; Ann is to draw. (``hands``: Ann's may differ; Eve's must be as here.)"""
    game = new_game(load_variant(preset), 3, seed=4)
    bot, rng = make_bot("shanghai", "simple"), Rng(4)
    while not game.round_over:
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    game.next_round(hands=hands, upcard="5C")
    for text in ("draw_stock", "decline", "decline", "meld 9C 9D 9S | 4H 5H JK 7H", "discard KS"):
        game.apply(game.to_act[0], text)
    assert game.to_act == (0,) and game.view(0).phase == "draw"
    return game


def _snapshot_app(theme: str = "felt"):
    return make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", seed=4, theme=theme,
                    game=hand_two_game())


async def _ann_draws(pilot) -> None:
    """Ann (seat 0) waits for her turn and draws from the stock."""
    app = pilot.app
    await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                 and app.screen.game.to_act == (0,))
    await pilot.press("s")
    await settle(pilot, app, lambda: app.screen.game.view(0).phase == "play")


async def _ann_composing(pilot) -> None:
    """Ann draws, puts her queens in group 1 and selects the start of her run."""
    await _ann_draws(pilot)
    screen = pilot.app.screen
    await _press_cards(pilot, screen, parse_cards("QC QD QH"))
    await pilot.press("g")
    await _press_cards(pilot, screen, parse_cards("8S 9S 10S"))
    await pilot.pause()


def test_snapshot_table_composing_a_go_down(snap_compare):
    assert snap_compare(_snapshot_app(), terminal_size=(100, 30), run_before=_ann_composing)


def test_snapshot_table_at_80x24_ascii(snap_compare):
    assert snap_compare(_snapshot_app("ascii"), terminal_size=(80, 24), run_before=_ann_composing)


def test_score_sheet_then_match_end_after_ten_hands():
    """S11: after the last hand the score sheet lists all ten hands, then the match-end
    screen ranks the players by total, lowest first."""
    from cardtable.tui.screens.summary import MatchEndScreen

    game = new_game(load_variant("shanghai-classic"), 3, seed=9)  # two players tie on 35
    bot, rng = make_bot("shanghai", "simple"), Rng(9)
    while True:
        while not game.round_over:
            seat = game.to_act[0]
            game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
        if game.is_over:
            break
        game.next_round()

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", seed=9, game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, ScoreSheetScreen))
            text = screen_text(app)
            assert "Hand 10 of 10 is over" in text and "final totals" in text
            assert all(f" {n} " in text for n in range(1, 11))
            await pilot.press("enter")
            await settle(pilot, app, lambda: isinstance(app.screen, MatchEndScreen))
            text = screen_text(app)
            names = ["Ann", "Dag", "Eve"]
            shown = [row.name for row in app.screen.rows]
            positions = [text.index(name, text.index("total")) for name in shown]
            assert positions == sorted(positions)  # the table lists the rows in this order
            winners = " and ".join(names[row.seat] for row in app.screen.rows if row.seat in game.winners())
            assert len(game.winners()) == 2 and f"{winners} won the match" in text  # (named in the table's order)
            # the places are the match's (by total, a shared total shares its place)
            totals = sorted(game.scores)
            places = [["1st", "2nd", "3rd"][totals.index(total)] for total in totals]
            assert [(row.place, row.total) for row in app.screen.rows] == list(zip(places, totals))
            await pilot.press("a")  # play again: a new match at a new table (it had crashed)
            await settle(pilot, app, lambda: any(isinstance(screen, TableScreen) and screen.game.moves_played
                                                 for screen in app.screen_stack))
            [table] = [screen for screen in app.screen_stack if isinstance(screen, TableScreen)]
            assert app.is_running and table.game is not game and table.game.round == 1
            assert table.game.moves_played > 0  # (the bots play on; Ann may be offered a buy)

    asyncio.run(scenario())


async def until_a_buy_prompt(pilot, app):
    """Play the humans' turns (draw, then discard) and hand the screen on until a buy
    prompt (S8) is open; the prompt."""
    await pilot.pause()
    for _step in range(400):
        screen = app.screen
        if isinstance(screen, MoveListDialog):
            return screen
        if isinstance(screen, HandoffScreen):
            before = _key(app)
            await pilot.press("enter")
            await _changed(pilot, app, before)
            continue
        table = app.screen
        assert isinstance(table, TableScreen)
        game = table.game
        if table.busy or not game.to_act or game.to_act[0] not in table.humans:
            await _changed(pilot, app, _key(app))
            continue
        before = _key(app)
        seat = game.to_act[0]
        await pilot.press("s" if game.view(seat).phase == "draw" else "d")
        await _changed(pilot, app, before)
    raise AssertionError("no buy prompt came")


def test_o_in_the_buy_prompt_sorts_the_hand_it_shows_as_the_table_would():
    """A play-tester, asked to buy a 5♣ while another player was on turn, pressed o to see
    the hand by suit (does it fit a run?) and was told the dialog's keys: o sorts the
    hand shown, the other way, and the table keeps that order for the player."""
    async def scenario():
        app = make_app(SEATS, preset="shanghai-classic", seed=11, game=stacked_game())
        async with app.run_test(size=(100, 30)) as pilot:
            dialog = await until_a_buy_prompt(pilot, app)
            table = table_screen(app)
            before = table.table.hand_order() or "rank"
            after = "suit" if before == "rank" else "rank"
            shown = dialog.query_one(Hand)
            events = len(table.game.events)
            await pilot.press("o")
            await pilot.pause()
            assert str(dialog.query_one("#dialog-note").render()) == f"hand sorted by {after}"
            assert table.table.hand_order() == after and app.screen is dialog
            assert shown.cards == table.table.in_order(shown.cards) == dialog.hand_cards
            assert sorted(shown.cards) == sorted(table.game.view(table.game.to_act[0]).hand)
            await pilot.press("o")
            await pilot.pause()
            assert table.table.hand_order() == before and len(table.game.events) == events

    asyncio.run(scenario())


def test_hint_in_the_buy_prompt_highlights_the_hard_bots_choice():
    """#7 hints: H in a move-list dialog (here the S8 buy prompt) asks the hard bot, from
    the asker's view only, and highlights its choice; the game does not move."""
    from textual.widgets import OptionList

    from cardtable.bots import suggest_move

    async def scenario():
        app = make_app(SEATS, preset="shanghai-classic", seed=11, game=stacked_game())
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await until_a_buy_prompt(pilot, app)
            table = table_screen(app)
            game = table.game
            seat = game.to_act[0]
            assert game.view(seat).phase == "buy"
            expected = suggest_move("shanghai", game.variant, game.view(seat), game.legal_moves(seat),
                                    seed=game.seed + len(game.events))
            events = len(game.events)
            await pilot.press("H")
            note = screen.query_one("#dialog-note")
            await settle(pilot, app, lambda: str(note.render()).startswith("hint:"), limit=3000)
            label, move = screen.options[screen.query_one(OptionList).highlighted]
            assert move == expected and str(note.render()) == f"hint: {label}"
            assert len(game.events) == events and app.screen is screen

    asyncio.run(scenario())


def test_why_a_go_down_or_lay_off_is_not_offered_is_said_in_the_games_words():
    """The table says why: draw first, already down, or the hand does not make the
    contract yet; S10 with two cards left is named when a lay-off is held back."""
    from dataclasses import replace

    from cardtable.tui.seats import parse_seats
    from cardtable.tui.shanghai.present import present
    from cardtable.tui.shanghai.table import ShanghaiTable

    game = stacked_game()
    state = present(game, 0, parse_seats(SEATS))
    why = ShanghaiTable._why_not_down
    assert why(replace(state, moves=(Move("draw_stock"), Move("take_upcard")))) == "draw first, then go down"
    assert why(replace(state, moves=(Move("discard", parse_cards("KS")),))) == \
        "your cards do not make 2 sets of 3 yet"
    # a swap is listed to a seat not down only if it leads to a go-down (S7): said so
    swap = Move("swap_joker", parse_cards("9S"), (), (1, 1))
    assert why(replace(state, moves=(swap, Move("discard", parse_cards("KS"))))) == \
        "your cards do not make 2 sets of 3 yet (take a melded joker first: w)"
    assert why(replace(state, down=True, moves=(Move("discard", parse_cards("KS")),))) == \
        "you are down this hand (no new melds): discard (d)"  # (what may be done: the key bar lists only d too)
    assert ShanghaiTable._why_no_group(state) == "no go-down group to take back: g makes one"
    assert ShanghaiTable._why_no_group(replace(state, down=True)) == \
        "no go-down group to take back: you are down this hand"  # (S6: g makes no group once down)
    lay_off = Move("lay_off", parse_cards("KS"), (), (1, 0))
    assert why(replace(state, down=True, moves=(lay_off, Move("discard", parse_cards("KS"))))) == \
        "you are down this hand (no new melds): lay off (l) or discard (d)"
    assert state.no_lay_off == {} and state.no_swap == {}             # not Ann's turn: nothing to say
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "discard 2C")
    game.apply(2, "draw_stock"); decline_all(game)
    game.apply(2, game.legal_moves(2)[-1])
    game.apply(0, "draw_stock"); decline_all(game)
    state = present(game, 0, parse_seats(SEATS))                     # Ann's turn, not down
    assert state.no_lay_off[Card.parse("KS")] == "you lay off once you are down (S6)"
    assert state.no_swap[Card.parse("KS")] == "no melded joker stands for it now"
    assert state.no_swaps == "no joker lies in a meld now"                 # S7, for w with nothing selected


def test_after_a_joker_swap_the_status_asks_for_what_leads_down():
    """S7: a player not down who took a melded joker must go down this turn; when the
    contract still needs a second joker the status asks for that swap (w), not for a
    go-down that ``g`` / ``m`` cannot make yet (a play-tester was told "go down now")."""
    from dataclasses import replace

    from cardtable.tui.seats import parse_seats
    from cardtable.tui.shanghai.present import _status

    view = replace(stacked_game().view(0), turn=0, phase="play", must_go_down=True)
    seats = parse_seats(SEATS)
    swap, meld = Move("swap_joker", parse_cards("9S"), (), (1, 1)), Move("meld", parse_cards("7C 7D 7H"))
    assert _status(view, 0, seats, (swap,), False) == \
        ("Ann — you took a joker: take another to go down (w swaps)", "Ann — you took a joker: another (w)")
    assert _status(view, 0, seats, (swap, meld), False)[0] == \
        "Ann — you took a joker: go down now (g adds a group, m lists go-downs)"


def test_a_key_right_after_a_card_number_keeps_its_notice():
    """Pressing 1, 2 and g at once (as fast typists do): the selection's message arrives
    after g has said "draw first"; it must not wipe that notice."""
    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", seed=11, game=stacked_game())
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(50):
                await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog) or (
                    isinstance(app.screen, TableScreen) and not app.screen.busy and app.screen.game.to_act == (0,)))
                if isinstance(app.screen, MoveListDialog):
                    await pilot.press("end", "enter")  # decline a buy
                    continue
                break
            table = app.screen.table
            hand = table.query_one(Hand)
            assert app.screen.game.view(0).phase == "draw"
            await pilot.press("1", "2", "g")
            await pilot.pause()
            assert table.notice == "draw first, then go down"
            # the race a real terminal shows: the message of the selection made before
            # g arrives only now; it must leave g's notice alone
            table.on_hand_selection_changed(Hand.SelectionChanged(hand, hand.selected, hand.changes))
            assert table.notice == "draw first, then go down"
            await pilot.press("3")  # a new selection clears it
            await pilot.pause()
            assert table.notice == ""

    asyncio.run(scenario())


def test_d_and_l_need_a_selected_card_a_stray_key_throws_nothing_away():
    """With nothing selected, d (discard) says to select a card first, and l (lay off)
    why there is no lay-off, changing nothing: the card under the cursor is never thrown
    away by a stray key."""
    async def scenario():
        app = _snapshot_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await _ann_draws(pilot)
            screen = app.screen
            before = len(screen.game.events)
            await pilot.press("d")
            await pilot.pause()
            assert len(screen.game.events) == before
            assert "select a card to discard (space or 1-9, 0), then d" in screen_text(app)
            await pilot.press("l")  # (no lay-off at all while not down: it says so at once)
            await pilot.pause()
            assert "no lay-off now: you lay off once you are down (S6)" in screen_text(app)
            await pilot.press("w")
            await pilot.pause()
            assert "no joker swap now: you hold no natural card that a melded joker stands for" in screen_text(app)
            await _press_cards(pilot, screen, parse_cards("KH"))
            await pilot.press("l")
            await pilot.pause()
            assert "no lay-off for K♥: you lay off once you are down (S6)" in screen_text(app)
            await pilot.press("d")
            await settle(pilot, app, lambda: len(screen.game.events) > before)
            discarded = screen.game.events[before]
            assert (discarded.seat, discarded.card) == (0, parse_cards("KH")[0])

    asyncio.run(scenario())


def _ann_drawn_app(hands: list[str], stock: str):
    """Ann's table in hand 1 (2 sets of 3) of a stacked three-seat deal, after her stock draw."""
    from ..games.shanghai.helpers import deal

    game = deal(hands, stock=stock, upcard="QS", dealer=2)
    game.apply(0, "draw_stock"); decline_all(game)
    return make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", game=game)


async def _g_on(pilot, cards: str):
    """Once the table waits on Ann, select ``cards`` and press g; the table screen."""
    app = pilot.app
    await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
    screen = app.screen
    await _press_cards(pilot, screen, parse_cards(cards))
    await pilot.press("g")
    await pilot.pause()
    return screen


def test_a_group_that_is_no_meld_is_told_even_when_the_hand_cannot_go_down():
    """After the draw, g on two cards says what is wrong with them (the contract's set
    goes down at exactly 3 cards) and that the hand does not make the contract yet."""
    async def scenario():
        app = _ann_drawn_app(["3D 3H 5C 5S 8C 8D 10H JD QH KD AS", "2C 3C 6D 8H 10S JC QD AH 2D 4H 6S",
                              "7C 7D 7H 7S 9S 9H 9D 9C 4C 5D KS"], stock="9D 6C 2S 3S")
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await _g_on(pilot, "3D 3H")
            assert screen.table.notice == ("[3♦ 3♥] is not a set of 3: the contract's set goes down at exactly "
                                           "3 cards, not 2; and your cards do not make 2 sets of 3 yet")
            assert screen.table.groups == []

    asyncio.run(scenario())


def test_a_meld_that_leaves_no_go_down_is_refused_at_its_g_not_at_the_last():
    """S6: a group that is a set of 3 but uses the joker the second set needs is refused at
    once (a play-tester learnt only at the last group, after a joker swap that obliged him
    to go down that turn): it stays selected; the set the contract can use is then taken."""
    async def scenario():
        app = _ann_drawn_app(["5C 5S 5D 9H 9D JK 2C 4H 7S JD KH", "2D 3C 6D 8H 10S JC QD AH 2H 4S 6S",
                              "7C 7D 7H 8S 9S 10H 3D 4C 5H KS AS"], stock="QC 6C 2S 3S")
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await _g_on(pilot, "5C 5S JK")
            table = screen.table
            assert table.notice == "with [5♣ 5♠ JK] your cards do not make 2 sets of 3 (m lists the go-downs)"
            assert table.groups == []
            assert sorted(table.query_one(Hand).selected_cards()) == sorted(parse_cards("5C 5S JK"))
            await pilot.press("escape")
            await _press_cards(pilot, screen, parse_cards("5C 5S 5D"))
            await pilot.press("g")
            await pilot.pause()
            assert [sorted(group) for group in table.groups] == [sorted(parse_cards("5C 5S 5D"))] and table.notice == ""

    asyncio.run(scenario())


def test_a_wrong_last_group_keeps_the_earlier_groups_and_says_why():
    """S6: a last group that is no meld is refused at g with the engine's reason; the
    groups before it stay, and its cards stay selected."""
    async def scenario():
        app = _snapshot_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await _ann_composing(pilot)  # group 1: Q♣ Q♦ Q♥; 8♠ 9♠ 10♠ selected
            screen = app.screen
            table = screen.table
            await pilot.press("escape")
            await _press_cards(pilot, screen, parse_cards("3D 4D 6C KH"))
            before = len(screen.game.events)
            await pilot.press("g")
            await settle(pilot, app, lambda: bool(table.notice))
            assert len(screen.game.events) == before
            assert table.groups == [parse_cards("QC QD QH")]
            assert sorted(table.query_one(Hand).selected_cards()) == sorted(parse_cards("3D 4D 6C KH"))
            assert table.notice == "[3♦ 4♦ 6♣ K♥] is not a run of 4: a run is cards of one suit"

    asyncio.run(scenario())


def test_a_wrong_first_group_is_refused_before_a_later_group():
    """A wrong first group is refused at g (it once went down as a group and was sent
    back only after the last one): it stays selected and nothing is grouped."""
    async def scenario():
        app = _snapshot_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await _ann_composing(pilot)
            screen = app.screen
            table = screen.table
            await pilot.press("backspace", "escape")  # take Q♣ Q♦ Q♥ back; a fresh start
            await pilot.pause()
            await _press_cards(pilot, screen, parse_cards("QC QD 3D"))
            await pilot.press("g")
            await settle(pilot, app, lambda: bool(table.notice))
            assert table.groups == []
            assert sorted(table.query_one(Hand).selected_cards()) == sorted(parse_cards("QC QD 3D"))
            assert table.notice == "[3♦ Q♣ Q♦] is not a set of 3: a set is cards of one rank"

    asyncio.run(scenario())


def test_the_buy_prompt_says_why_the_upcard_is_on_offer():
    """S8 (readings settled): a stock draw opens the window; when the seat to draw is down,
    the window opens at the discard, and the prompt says so instead of naming an old draw.
    It names who discarded the card (the upcard dealt face up has no discarder)."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.shanghai.ui import _window_cause

    seats = parse_seats("Ann,Dag,Eve")
    game = hand_two_game()  # Eve (seat 2) is down
    game.apply(0, "draw_stock")
    assert game.phase == "buy" and _window_cause(game, game.view(1).turn, 1, seats, "Q♠") == \
        "Eve discarded Q♠; Ann drew from the stock. "
    while game.phase == "buy":
        game.apply(game.to_act[0], "decline")
    game.apply(0, "discard KH")
    game.apply(1, "draw_stock")
    while game.phase == "buy":
        game.apply(game.to_act[0], "decline")
    game.apply(1, "discard 2C")
    assert game.to_act == (0,) and game.phase == "buy"
    assert _window_cause(game, game.view(0).turn, 0, seats, "2♣") == "Dag discarded 2♣; Eve, to draw next, is down. "
    while game.phase == "buy":
        game.apply(game.to_act[0], "decline")
    game.apply(2, "draw_stock")
    game.apply(2, "discard " + str(game.hands[2][0]))
    game.apply(0, "draw_stock")
    assert game.to_act == (1,) and game.phase == "buy"
    assert _window_cause(game, game.view(1).turn, 1, seats, "x") == "Eve discarded x; Ann drew from the stock. "


def test_the_status_line_names_the_card_you_drew_even_after_a_buy():
    """At 80x24 the log shows one line: after a buy it is the buy, and the drawn card is
    sorted into the hand, so the status line says which card the draw brought."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.shanghai.present import present

    game = stacked_game()
    while not (game.to_act == (0,) and game.phase == "draw"):
        seat = game.to_act[0]
        game.apply(seat, game.legal_moves(seat)[-1] if game.phase == "play" else Move("draw_stock")
                   if game.phase == "draw" else Move("decline"))
    game.apply(0, Move("draw_stock"))
    drawn = next(e for e in reversed(game.events) if isinstance(e, StockDrawn)).card
    bought = False
    while game.phase == "buy":
        seat = game.to_act[0]
        game.apply(seat, Move("buy"))
        bought = True
    assert bought and game.events[-1].kind != "stock_drawn"
    status = present(game, 0, parse_seats(SEATS)).status
    assert status.startswith(f"Ann — drew {drawn.pretty()} · ") and status.endswith("discard (d)")
    assert f"drew {drawn.pretty()}" not in present(game, 2, parse_seats(SEATS)).status  # only Ann's


def test_the_status_line_stops_naming_the_drawn_card_once_it_is_melded():
    """The status says "drew 9♣" while the card is in the hand; once it goes down in a
    meld (or is laid off) the line no longer names a card the hand does not hold."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.shanghai.present import present

    from ..games.shanghai.helpers import deal

    game = deal(["2C 3D 4D 5D", "7C 7D 7H 9H 9S JK 4C", "8C 8D 9D 10H"], stock="9C 6D 2S 3S", upcard="QH")
    game.apply(1, "draw_stock"); decline_all(game)
    seats = parse_seats("Ann,Bob,Cy")
    assert present(game, 1, seats).status.startswith("Bob — drew 9♣ · go down")
    game.apply(1, "meld 7C 7D 7H | 9C 9H 9S")
    status = present(game, 1, seats).status
    assert "9♣" not in status and status.startswith("Bob — your turn: ")


def test_the_status_line_stops_naming_a_drawn_joker_once_a_joker_goes_down():
    """A play-tester drew a joker while holding one, put a joker down and read "drew JK"
    on: the status cannot tell the two apart, so once the viewer melds or lays off a card
    like the one drawn, it no longer names the draw."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.shanghai.present import present

    from ..games.shanghai.helpers import deal

    game = deal(["2C 3D 4D 5D", "7C 7D 7H 9H 9S JK 4C", "8C 8D 9D 10H"], stock="JK 6D 2S 3S", upcard="QH")
    game.apply(1, "draw_stock"); decline_all(game)
    seats = parse_seats("Ann,Bob,Cy")
    assert present(game, 1, seats).status.startswith("Bob — drew JK · go down")
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK")
    assert game.hands[1].count(Card.parse("JK")) == 1
    status = present(game, 1, seats).status
    assert "drew" not in status and status.startswith("Bob — your turn: ")
    state = present(game, 1, seats)  # (S8: buys are for who is not down, so the banner drops them)
    assert (state.me, state.me_short) == ("you: down · 0 pts", ())
    assert present(game, 0, seats).me == "you: not down · 3 buys left · 0 pts"


def test_the_status_line_says_took_for_the_upcard():
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.shanghai.present import present

    game = stacked_game()
    seat = game.to_act[0]
    upcard = game.view(seat).upcard
    game.apply(seat, Move("take_upcard"))
    names = parse_seats(SEATS)
    assert present(game, seat, names).status.startswith(f"{names[seat].name} — took {upcard.pretty()} · ")


def test_d_while_a_go_down_is_being_built_keeps_the_turn():
    """A discard ends the turn, and the groups put together would be lost: with a group
    pending, d says to finish or undo the go-down first and throws nothing away."""
    async def scenario():
        app = _snapshot_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await _ann_composing(pilot)
            screen = app.screen
            before = len(screen.game.events)
            await pilot.press("escape")                       # clear the run's selection
            await _press_cards(pilot, screen, parse_cards("8S"))
            await pilot.press("d")
            await pilot.pause()
            assert len(screen.game.events) == before and screen.table.groups
            assert "finish the go-down (g) or undo its groups (backspace) before you discard" in screen_text(app)

    asyncio.run(scenario())


def ann_to_draw_game():
    """The stacked game after Dag and Bob have drawn and discarded: Ann to draw."""
    game = stacked_game()
    for seat in (1, 2):
        game.apply(seat, "draw_stock")
        decline_all(game)                                 # (nobody buys the upcard passed by)
        game.apply(seat, Move("discard", (game.view(seat).hand[0],)))
    return game


async def hint_after_the_draw(pilot, app, game):
    """Ann draws from the stock and asks for a hint at the table (H); the table screen."""
    await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and game.to_act == (0,), limit=2000)
    await pilot.press("s")
    await settle(pilot, app, lambda: game.view(0).phase == "play", limit=2000)
    table = app.screen
    await pilot.press("H")
    await settle(pilot, app, lambda: str(table.table.notice).startswith("hint:"), limit=2000)
    return table


def test_enter_on_a_whole_go_down_the_hint_selected_makes_it():
    """A play-tester pressed Enter after the hint had selected a whole go-down and was
    told "[7♣ … 9♥] is not a set of 3": cards that are exactly a legal go-down, selected
    before any group, are now laid down as it (when they could mean several, a list asks)."""
    game = ann_to_draw_game()

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", seed=11, game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            table = await hint_after_the_draw(pilot, app, game)
            assert sorted(map(str, table.table.query_one(Hand).selected_cards())) == sorted(
                "7C 7D 7H 9C 9D 9H".split())
            await pilot.press("enter")
            await settle(pilot, app, lambda: game.down[0], limit=2000)
            assert [str(meld) for meld in game.melds[0]] == ["7C 7D 7H", "9C 9D 9H"]

    asyncio.run(scenario())


def test_hint_in_a_dialog_the_table_opened_answers_from_the_players_view():
    """#7 hints in the table's own dialogs (here the go-down list, m): H asks the hard
    bot for the turn, from Ann's view only; its move is highlighted when it is one of the
    choices, else named ("none of these; …"). Escape then cancels: nothing is played."""
    from textual.widgets import OptionList

    from cardtable.bots import suggest_move

    game = ann_to_draw_game()

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", seed=11, game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            table = await hint_after_the_draw(pilot, app, game)
            assert str(table.table.notice) == "hint: go down 7♣ 7♦ 7♥  |  9♣ 9♦ 9♥ (press m)"
            await pilot.press("m")
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog), limit=2000)
            dialog = app.screen
            expected = suggest_move("shanghai", game.variant, game.view(0), game.legal_moves(0),
                                    seed=game.seed + len(game.events))
            events = len(game.events)
            await pilot.press("H")
            note = dialog.query_one("#dialog-note")
            await settle(pilot, app, lambda: str(note.render()).startswith("hint:"), limit=2000)
            assert expected.kind == "meld"                    # (sevens and nines: one of the choices)
            label, move = dialog.options[dialog.query_one(OptionList).highlighted]
            assert move == expected and str(note.render()) == f"hint: {label}"
            dialog.hint = lambda: Move("discard", (Card.parse("KS"),))  # a move the list lacks
            await pilot.press("H")
            await settle(pilot, app, lambda: "none of these" in str(note.render()), limit=2000)
            assert str(note.render()) == "hint: none of these; discard K♠ (escape, then choose it at the table)"
            assert len(game.events) == events
            await pilot.press("escape")
            await settle(pilot, app, lambda: app.screen is table, limit=2000)
            assert len(game.events) == events and game.to_act == (0,)

    asyncio.run(scenario())


def _crowded_table_game():
    """Hand 8 of a 5-player match (seed 3), played by simple bots until eight melds lie
    on the table and it is Ann's turn to draw: more melds than the box holds at 100x30."""
    game = new_game(load_variant("shanghai-classic"), 5, seed=3)
    bot, rng = make_bot("shanghai", "simple"), Rng(1)
    while not (game.round == 8 and sum(len(m) for m in game.melds) >= 8 and game.to_act == (0,)
               and game.view(0).phase == "draw"):
        if game.round_over:
            game.next_round()
            continue
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    return game


def _crowded_table_app(game):
    return make_app("Ann,bot:simple,bot:simple,bot:simple,bot:simple", preset="shanghai-classic", seed=3, game=game)


def test_long_melds_wrap_under_their_cards_and_the_box_says_what_is_out_of_sight():
    """A meld longer than the box goes on under its first card; a set shows its
    naturals sorted before its wilds (a card laid off later does not stand behind the
    jokers, nor apart from its suit: a play-tester's swapped-in K♣ stood after K♠);
    the box's foot counts the lines below and names pgdn, then pgup once scrolled; each
    meld's line names its owner (a play-tester scrolled to melds with no name)."""
    game = _crowded_table_game()

    async def scenario():
        app = _crowded_table_app(game)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and game.to_act == (0,), limit=2000)
            await pilot.pause(0.2)
            box = app.screen.query_one("#sh-melds-box")
            text = screen_text(app)
            assert "│ you  1 set 7♦ 7♦ 7♥ 7♠ 7♠ JK=7 JK=7    │" in text  # (Ann's, told to her)
            assert "│            JK=7 JK=7                   │" in text
            assert "│            9♥ 10♥ J♥ Q♥ K♥             │" in text
            assert box.border_subtitle == "1 more ↓ pgdn"
            await pilot.press("pagedown")
            await pilot.pause(0.2)
            assert box.border_subtitle == "↑ pgup"
            text = screen_text(app)
            assert "not down yet: Gro" in text
            # scrolled past Ann's first meld, her second still says whose it is (as every meld does)
            assert "│ you  2 run A♥ 2♥ 3♥" in text and "│ Dag  2 run 4♣ 5♣" in text

    asyncio.run(scenario())


def test_the_score_sheet_says_when_the_stock_ran_out():
    """S12: a hand that ends with the stock gone for good says so on the score sheet
    (it once read just "nobody went out")."""
    from cardtable.tui.shanghai import UI
    from cardtable.tui.seats import parse_seats

    from ..games.shanghai.helpers import deal

    game = deal(["2C 3D", "5H 6S", "8C 9D"], stock="KC", upcard="4H")
    game.apply(1, "draw_stock"); decline_all(game); game.apply(1, "discard 6S")
    game.apply(2, "take_upcard"); game.apply(2, "discard 9D")
    game.apply(0, "draw_stock"); decline_all(game); game.apply(0, "discard 4H")   # rebuild 1
    game.apply(1, "draw_stock"); decline_all(game); game.apply(1, "discard 9D")   # rebuild 2, then none
    assert game.round_over
    heading, _rows = UI.round_summary(game, parse_seats("Ann,Bob,Cai"))
    assert heading == "Hand 1 of 10 is over — the stock ran out after 2 rebuilds: nobody went out"
    empty = deal(["2C 3D", "5H 6S", "8C 9D"], stock="", upcard=None)
    assert UI.round_summary(empty, parse_seats("Ann,Bob,Cai"))[0] == (
        "Hand 1 of 10 is over — the stock ran out and could not be rebuilt: nobody went out")


def test_a_choice_asked_for_after_the_turn_ended_never_opens():
    """A key handled before the move just chosen is applied (d, then l at once) must not
    open a choice dialog over the next turn: in hot seat the next player would find the
    last one's hand in it. The screen opens the table's dialogs only while the turn is
    still the viewer's."""
    from cardtable.tui.screens.choose import TableChoiceDialog

    async def scenario():
        app = _snapshot_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await _ann_draws(pilot)
            screen, game = app.screen, app.screen.game
            card = game.view(0).hand[0]
            before = len(game.events)
            screen.table._choose(Move("discard", (card,)))                   # d ...
            screen.table._offer_choices("Lay off", "Where?", [("anywhere", Move("discard", (card,)))])  # ... l
            await settle(pilot, app, lambda: len(game.events) > before)
            await pilot.pause(0.2)
            assert not isinstance(app.screen, TableChoiceDialog)
            assert not any(isinstance(s, TableChoiceDialog) for s in app.screen_stack)

    asyncio.run(scenario())


def test_the_melds_foot_is_counted_again_after_a_resize():
    """Growing the window until every meld is in sight clears "N more ↓ pgdn"; shrinking
    it back brings it again (it once kept a stale count)."""
    game = _crowded_table_game()

    async def scenario():
        app = _crowded_table_app(game)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and game.to_act == (0,), limit=2000)
            box = app.screen.query_one("#sh-melds-box")
            await settle(pilot, app, lambda: box.border_subtitle == "1 more ↓ pgdn")
            await pilot.resize_terminal(130, 45)
            await settle(pilot, app, lambda: box.border_subtitle == "")
            await pilot.resize_terminal(100, 30)
            await settle(pilot, app, lambda: box.border_subtitle == "1 more ↓ pgdn")

    asyncio.run(scenario())


def test_the_score_sheet_explains_a_star_only_when_someone_went_out():
    """S10/S12: after a first hand that ended on the stock, no row has a * and no legend
    explains one; after a hand Ann went out of, followed by one that ended on the stock,
    her *0 stays in the first hand's column and the legend explains it."""
    from rich.console import Console
    from textual.app import App

    from cardtable.tui.seats import parse_seats
    from cardtable.tui.shanghai import UI

    from ..games.shanghai.helpers import deal

    seats = parse_seats("Ann,Bob,Cai")

    def stock_runs_out(game) -> None:
        """The hand :func:`stock_hand` dealt ends with the stock gone after two rebuilds."""
        first, second, dealer = game.to_act[0], (game.to_act[0] + 1) % 3, (game.to_act[0] + 2) % 3
        game.apply(first, "draw_stock"); decline_all(game); game.apply(first, "discard 6S")
        game.apply(second, "take_upcard"); game.apply(second, "discard 9D")
        game.apply(dealer, "draw_stock"); decline_all(game); game.apply(dealer, "discard 4H")
        game.apply(first, "draw_stock"); decline_all(game); game.apply(first, "discard 9D")
        assert game.round_over

    def stock_hand(dealer: int) -> list[str]:  # (the dealer holds 2♣ 3♦, the next seats 5♥ 6♠ and 8♣ 9♦)
        return [["2C 3D", "5H 6S", "8C 9D"][(seat - dealer) % 3] for seat in range(3)]

    async def sheet(game) -> tuple[str, str]:
        app = App()
        async with app.run_test(size=(100, 30)) as pilot:
            await app.push_screen(UI.round_end_screen(game, seats, "Press Enter."))
            await pilot.pause()
            console = Console(width=70, record=True)
            console.print(app.screen.table(False))
            return console.export_text(), str(app.screen.query_one("#summary-footer").render())

    on_stock = deal(stock_hand(0), stock="KC", upcard="4H")
    stock_runs_out(on_stock)
    table, footer = asyncio.run(sheet(on_stock))
    assert "*" not in table and footer.startswith("columns are hands · lowest total wins")

    game = deal(["7C 7D 7H 9C 9D 9H", "2C 3D 4S", "5H 6S 8D"], stock="KC QD 9S 10H", upcard="4H")
    game.apply(1, "draw_stock"); decline_all(game); game.apply(1, "discard KC")
    game.apply(2, "draw_stock"); decline_all(game); game.apply(2, "discard QD")
    game.apply(0, "draw_stock"); decline_all(game)
    game.apply(0, "meld 7C 7D 7H | 9C 9D 9H"); game.apply(0, "lay_off 9S @0,1")  # (out: no card left)
    assert game.round_over and game.scores[0] == 0
    game.next_round(hands=stock_hand(1), stock="KC", upcard="4H")
    stock_runs_out(game)
    table, footer = asyncio.run(sheet(game))
    ann = next(line for line in table.splitlines() if line.lstrip().startswith("Ann"))
    assert ann.split()[1:4] == ["*0", "10", "10"]   # (hand 2: she kept 8♣ and the 4♥ upcard, 5 points each)
    assert footer.startswith("* went out of that hand · columns are hands")


def test_four_seat_panels_keep_the_dealer_and_the_buys_at_100_columns():
    """S1/S8: with four players each opponent's panel still says how many buys it has left
    and which seat deals (the dealer on the cards line; "3 buys" where "3 buys left" does
    not fit), whatever the seat is doing."""
    game = new_game(load_variant("shanghai-classic"), 4, seed=6)
    bot, rng = make_bot("shanghai", "simple"), Rng(6)
    while not game.round_over:
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    game.next_round()
    assert game.dealer == 1 and game.to_act == (2,)

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple", preset="shanghai-classic", seed=6, game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: "· dealer" in screen_text(app))
            panels = [line for line in screen_text(app).splitlines()[:6]]
            cards_line, marks_line = panels[3], panels[4]
            assert re.search(r"│ \d+ cards · \d+ pts · dealer\s+│", cards_line), "\n".join(panels)
            assert marks_line.count("buys") == 3, "\n".join(panels)

    asyncio.run(scenario())


def test_the_buy_prompt_opens_on_decline():
    """S8: a reflexive Enter at the buy prompt declines; buying (with its penalty cards)
    takes a deliberate choice. A table key pressed there says which keys work."""
    from textual.widgets import OptionList

    game = shanghai_buy_offer(seed=11)

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog))
            options = app.screen.query_one(OptionList)
            assert str(options.get_option_at_index(options.highlighted).prompt) == "Decline (escape)"
            await pilot.press("down", "down")  # (the cursor stops at the last choice: no wrapping round to Buy)
            assert str(options.get_option_at_index(options.highlighted).prompt) == "Decline, and no more offers this hand"
            await pilot.press("up", "up")
            assert options.highlighted == 0
            events = len(game.events)
            await pilot.press("s")  # (a table key: the dialog says which keys work, and nothing is played)
            await pilot.pause()
            note = str(app.screen.query_one("#dialog-note").render())
            assert note == "keys here: ↑ ↓ to choose, enter to take it, v to look at the table, escape: Decline; ? lists every key" and len(game.events) == events
            await pilot.press("t")  # (a key the dialog does take: the theme changes, the note stays)
            await pilot.pause()
            assert app.card_theme != "felt" and str(app.screen.query_one("#dialog-note").render()) == note
            await pilot.press("down")
            await pilot.press("enter")
            await settle(pilot, app, lambda: any(e.kind in ("buy_declined", "upcard_bought") for e in game.events))
            assert [e.kind for e in game.events if e.kind in ("buy_declined", "upcard_bought")][0] == "buy_declined"
            assert len(game.hands[0]) == 11

    asyncio.run(scenario())


def test_no_more_offers_this_hand_declines_the_hands_later_offers_unasked():
    """S8: a player who will not buy this hand chooses "Decline, and no more offers this
    hand": the hand's later offers are declined without a question (a play-tester was
    asked at nearly every discard until they went down). The table keeps the choice by
    seat and hand, so the next hand asks again."""
    from cardtable.games.shanghai.events import BuyDeclined

    game = shanghai_buy_offer(seed=11)

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog))
            await pilot.press("down", "enter")
            declined = []
            for _ in range(40):  # (Ann draws and discards on her turns; the bots play theirs)
                await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog) or game.round_over
                             or (game.to_act == (0,) and app.screen.table.state is not None
                                 and app.screen.table.state.my_turn))
                assert not isinstance(app.screen, MoveListDialog), "asked again this hand"
                declined = [e for e in game.events if isinstance(e, BuyDeclined) and e.seat == 0]
                if game.round_over or len(declined) >= 3:
                    break
                await pilot.press("s" if game.view(0).phase == "draw" else "1")
                if game.view(0).phase == "play" and app.screen.table.query_one(Hand).selected:
                    await pilot.press("d")
            assert len(declined) >= 3 and game.round == 1
            return app.screen.asked_no_more

    assert asyncio.run(scenario()) == {(0, 1)}


def test_in_hot_seat_no_more_offers_still_comes_behind_a_hand_off(monkeypatch):
    """S8, hot seat: Ann's later offers are declined unasked, but each with the screen
    handed to her first (a reviewer: a hand-off skipped told Bob she buys nothing more)."""
    from cardtable.games.shanghai.events import BuyDeclined

    game = shanghai_buy_offer(seed=11)
    viewers = []
    answer = TableScreen._answer_standing

    def answering(self, seat, move):
        viewers.append((seat, self.viewer))
        answer(self, seat, move)

    monkeypatch.setattr(TableScreen, "_answer_standing", answering)

    async def scenario():
        app = make_app("Ann,Bob,bot:simple", preset="shanghai-classic", game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            stood = False
            for _ in range(300):
                screen = table_screen(app)
                await settle(pilot, app, lambda: isinstance(app.screen, (HandoffScreen, MoveListDialog))
                             or game.round_over or (app.screen is screen and not screen.busy
                                                    and screen.viewer in game.to_act))
                if game.round_over or len(viewers) >= 2:
                    break
                if isinstance(app.screen, HandoffScreen):
                    await pilot.pause(ARMED)
                    await pilot.press("enter")
                elif isinstance(app.screen, MoveListDialog):
                    asked = screen.viewer
                    assert not (stood and asked == 0), "Ann asked again this hand"
                    await pilot.press(*(("down", "enter") if asked == 0 else ("escape",)))
                    stood = stood or asked == 0
                else:
                    seat = screen.viewer
                    await pilot.press("s" if game.view(seat).phase == "draw" else "1")
                    if game.view(seat).phase == "play" and screen.table.query_one(Hand).selected:
                        await pilot.press("d")
                await pilot.pause()
            declined = [e for e in game.events if isinstance(e, BuyDeclined) and e.seat == 0]
            assert stood and len(viewers) >= 2 and len(declined) >= 3

    asyncio.run(scenario())
    assert all(viewer == 0 for seat, viewer in viewers if seat == 0), viewers


def test_five_seat_panels_at_80_columns_keep_the_buys_of_who_may_buy():
    """S8/S9: at 80 columns with five players a panel has room for little; a seat not
    down keeps its buys left (it may still buy), a seat down just says so."""
    game = new_game(load_variant("shanghai-family"), 5, seed=9)

    async def scenario():
        app = make_app("Ann," + ",".join(["bot:simple"] * 4), preset="shanghai-family", seed=9, game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog) or (
                isinstance(app.screen, TableScreen) and not app.screen.busy and app.screen.game.to_act == (0,)),
                limit=2000)
            await pilot.pause()  # (a prompt just pushed finishes mounting before the app closes)
            from cardtable.tui.widgets.seat import SeatPanel

            table = table_screen(app)
            panels = [panel for panel in table.query(SeatPanel) if panel.display]
            shown = [str(panel.render()).splitlines()[1] for panel in panels]  # (drawn even under a dialog)
            view = table.game.view(None)
            assert len(shown) == 4 and panels[0].content_size.width <= 16
            for seat, text in zip(range(1, 5), shown):  # (Dag, Eve, Finn, Gro: clockwise from Ann)
                assert ("down" in text and "buy" not in text) if view.down[seat] else "buy" in text, shown

    asyncio.run(scenario())


def test_five_seat_panels_at_80_columns_keep_every_players_points():
    """S11: the points matter more than the word "cards": a narrow panel writes "10 c ·
    135 pts" rather than leave the points out (the header names the dealer)."""
    from cardtable.games.shanghai.bot import SimpleBot
    from cardtable.tui.widgets.seat import SeatPanel

    game = new_game(load_variant("shanghai-family"), 5, seed=3)
    bot, rng = SimpleBot(), Rng(3)
    while max(game.scores[1:]) < 100:                               # a three-digit total to fit
        while not game.round_over:
            seat = game.to_act[0]
            game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
        game.next_round()

    async def scenario():
        app = make_app("Bartholomew Jones," + ",".join(["bot:simple"] * 4), preset="shanghai-family", game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            # (a buy offered to Bartholomew opens its prompt: wait for it, or for his turn)
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog) or (
                isinstance(app.screen, TableScreen) and not app.screen.busy and app.screen.game.to_act == (0,)
                and app.screen.game.phase != "buy"), limit=2000)
            await pilot.pause()  # (a prompt just pushed finishes mounting before the app closes)
            table = table_screen(app)
            panels = [panel for panel in table.query(SeatPanel) if panel.display]
            facts = [str(panel.render()).splitlines()[0] for panel in panels]  # (drawn even under a dialog)
            assert len(facts) == 4 and panels[0].content_size.width <= 16
            for seat, line in zip(range(1, 5), facts):
                assert line.endswith(f" · {game.scores[seat]} pts"), facts

    asyncio.run(scenario())


def test_the_waiting_line_names_what_the_seat_is_doing_without_a_second_bracket():
    """("waiting for Dag (bot) (to draw)" read as two asides.)"""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.shanghai.present import present

    game = stacked_game()
    seats = parse_seats("Ann,bot:simple,Cy")
    assert present(game, None, seats).status == f"waiting for {seats[1].name} (bot) to draw"


def test_the_score_sheet_keeps_a_player_to_one_line_at_80_columns():
    """S11's sheet at its narrowest (the box at an 80-column terminal: 70 cells inside):
    ten hands of three-digit points and 16-character names fit whole, each player on one
    line; a longer name (typed on the command line) ends in …; who went out of each hand
    has its * in that hand's column ("*0"), and the numbers keep in line."""
    from types import SimpleNamespace

    from rich.console import Console

    from cardtable.engine.events import RoundEnded, RoundStarted
    from cardtable.games.shanghai.events import WentOut
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.shanghai.scores import score_table

    events = []
    for number in range(1, 11):  # seat 3 goes out of the odd hands, seat 0 of hand 2; hand 4 ends on the stock
        out = 3 if number % 2 else (0 if number == 2 else None)
        points = tuple(0 if seat == out else (105, 110, 195, 120)[seat] for seat in range(4))
        events += [RoundStarted(None, round=number), *([WentOut(out)] if out is not None else []),
                   RoundEnded(None, round=number, points=points)]
    game = SimpleNamespace(players=4, scores=[1050, 1100, 1950, 600], events=events)

    def sheet(seats: str, ascii: bool = False) -> list[str]:
        console = Console(width=70, record=True)
        console.print(score_table(game, parse_seats(seats), ascii=ascii))
        return [line.strip() for line in console.export_text().splitlines()]

    lines = sheet("Wilhelmina-Augus,bot:simple,Bob,Christopher Robi")
    assert len(lines) == 5                                    # the header and one line a player
    assert lines[0].split() == ["player", *map(str, range(1, 11)), "total"]
    assert lines[1] == "Christopher Robi  *0 120  *0 120  *0 120  *0 120  *0 120   600"
    assert lines[2] == "Wilhelmina-Augus 105  *0 105 105 105 105 105 105 105 105  1050"
    assert lines[0].index("10 total") + 2 == lines[1].index("120   600") + 3  # (the header over the points)
    lines = sheet("Wilhelmina-Augusta von Hohenzollern,bot:simple,Bob,Christopher Robin von Hundert")
    assert len(lines) == 5
    assert re.fullmatch(r"Christopher Rob[a-z ]*…  \*0 120( {2}\*0 120){4}   600", lines[1])
    assert re.fullmatch(r"Wilhelmina-Augu[a-z ]*… 105  \*0( 105){8}  1050", lines[2])
    lines = sheet("Wilhelmina-Augusta von Hohenzollern,bot:simple,Bob,Christopher Robin von Hundert", ascii=True)
    assert all(line.isascii() for line in lines)                    # cut short, no … in the ASCII theme


def test_a_wild_laid_off_on_a_run_says_what_it_will_stand_for():
    """S5/S6: the lay-off choices name the card a wild becomes at each end of a run
    ("low end, as 3♥"), or on a set ("as a 9"); a natural card is only itself, so nothing
    is added."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.shanghai.compose import lay_off_label
    from cardtable.tui.shanghai.present import present

    game = hand_two_game()
    state = present(game, 0, parse_seats("Ann,Dag,Eve"))
    joker, eight = parse_cards("JK 8H")

    def label(card, end, ascii=False):
        return lay_off_label(Move("lay_off", (card,), target=(2, 1, end)), state.melds, state.names, 0, ascii)

    assert label(joker, 0) == "JK on Eve's meld 2 (4♥ 5♥ JK=6♥ 7♥) — low end, as 3♥"
    assert label(joker, 1) == "JK on Eve's meld 2 (4♥ 5♥ JK=6♥ 7♥) — high end, as 8♥"
    assert label(eight, 1) == "8♥ on Eve's meld 2 (4♥ 5♥ JK=6♥ 7♥) — high end"
    ascii_state = present(game, 0, parse_seats("Ann,Dag,Eve"), ascii=True)  # (the table in the ASCII theme)
    assert lay_off_label(Move("lay_off", (eight,), target=(2, 1, 1)), ascii_state.melds, state.names, 0,
                         False).endswith("— high end")  # (a natural is only itself in every theme)
    assert lay_off_label(Move("lay_off", (joker,), target=(2, 1, 0)), ascii_state.melds, state.names, 0,
                         True).endswith("— low end, as 3-H")
    # a set: a wild laid off stands for its rank (a play-tester read "2♠ on your meld 1
    # (10♦ 10♠ 10♠)" as a mistake where 2s are wild)
    on_set = lambda card: lay_off_label(Move("lay_off", (card,), target=(2, 0)), state.melds,  # noqa: E731
                                        state.names, 0, False)
    assert on_set(joker) == "JK on Eve's meld 1 (9♣ 9♦ 9♠), as a 9"
    assert on_set(Card.parse("9H")) == "9♥ on Eve's meld 1 (9♣ 9♦ 9♠)"


def test_the_wilds_choices_list_the_melds_in_the_order_the_groups_were_made():
    """(A play-tester compared "2♦=6♠ 7♠ 8♠ 9♠ | 2♠=J♠ Q♠ K♠ A♠" with "2♠=J♠ Q♠ K♠ A♠ |
    7♠ 8♠ 9♠ 2♦=10♠".) Two runs of 4 may be listed either way round by the engine; the
    choices show them in the order of the player's groups."""
    contract = (("run", 4), ("run", 4))
    wilds = frozenset({2, 15})
    low, high = parse_cards("7S 8S 9S 2D"), parse_cards("JS QS KS 2S")
    move = Move("meld", (*high, *low), (high, low))
    as_listed = "J♠ Q♠ K♠ 2♠=A♠  |  7♠ 8♠ 9♠ 2♦=10♠"
    assert go_down_label(move, contract, wilds, False) == as_listed
    grouped = (parse_cards("2D 7S 8S 9S"), parse_cards("2S JS QS KS"))  # (the player's groups, first made first)
    assert go_down_label(move, contract, wilds, False, grouped) == "7♠ 8♠ 9♠ 2♦=10♠  |  J♠ Q♠ K♠ 2♠=A♠"
    assert go_down_label(move, contract, wilds, False, (parse_cards("3H 4H 5H 6H"), high)) == as_listed  # (others)


def test_a_wild_two_in_its_own_place_in_a_run_is_written_as_it_is():
    """S5 (a play-tester read "2♠=2♠ 3♠ 4♠ 5♠" as a typo): where 2s are wild, a 2 laid in
    its own place in a run is written plainly, at the table and in the go-down lists; a 2
    standing for another card still says which."""
    from cardtable.games.shanghai.melds import Meld, make_run
    from cardtable.tui.shanghai.present import _meld_line
    from cardtable.tui.widgets.card import meld_label

    wilds = frozenset({2, 15})
    own, other = make_run(parse_cards("2S 3S 4S 5S"), wilds), make_run(parse_cards("2D 3S 4S 5S"), wilds)
    assert isinstance(own, Meld) and isinstance(other, Meld)
    assert meld_label(own.cards, own.wilds_stand_for(wilds)) == "2♠ 3♠ 4♠ 5♠"
    assert meld_label(other.cards, other.wilds_stand_for(wilds)) == "2♦=2♠ 3♠ 4♠ 5♠"
    assert _meld_line(0, 0, own, wilds, str, False).stands == ("", "", "", "")
    assert _meld_line(0, 0, other, wilds, str, False).stands == ("2♠", "", "", "")
    from cardtable.games.shanghai.events import WentDown  # (and the log's words alike)

    went = WentDown(0, (own.cards, other.cards), (own.wilds_stand_for(wilds), other.wilds_stand_for(wilds)))
    assert went.describe(lambda seat: "Ann") == "Ann goes down: 2♠ 3♠ 4♠ 5♠ | 2♦=2♠ 3♠ 4♠ 5♠"


def test_d_before_the_draw_says_to_draw_first():
    """S3: a turn begins with the draw; d says so and names the keys (not "select a
    card"), with a card selected or not (one wording), and nothing is played."""
    async def scenario():
        app = _snapshot_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                         and app.screen.game.to_act == (0,))
            screen, before = app.screen, len(app.screen.game.events)
            await pilot.press("d")
            await pilot.pause()
            assert screen.table.notice == "draw first: s from the stock or u the upcard"
            assert len(screen.game.events) == before
            screen.table.notice = ""
            await pilot.press("1", "d")
            await pilot.pause()
            assert screen.table.notice == "draw first: s from the stock or u the upcard"
            assert len(screen.game.events) == before

    asyncio.run(scenario())


def test_while_the_upcard_is_offered_after_your_draw_you_pick_your_discard(monkeypatch):
    """S8: Ann draws from the stock and the upcard is offered to the bots: meanwhile she
    may pick cards (the keys did nothing, silently), a table key says to wait, and once
    they answer the picked card stays picked and the note goes."""
    from cardtable.tui.shanghai.table import WINDOW_WAIT

    game = new_game(load_variant("shanghai-classic"), 3, seed=3, dealer=2, hands=[
        "2C 3C 6D 8H 10S JC QD AH 2D 4H 6S", "7C 7D 7H 7S 9S 9H 9D 9C 4C 5D KS",
        "3D 5C 8C 10H JD QH KD AS 3H 5S 8D"], upcard="QS")
    app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", game=game)
    keys_pressed = hold_bots(monkeypatch)  # (the window stays open while Ann presses her keys)

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and game.to_act == (0,))
            screen = app.screen
            await pilot.press("s")
            await settle(pilot, app, lambda: game.view(0).phase == "buy")
            await pilot.press("1")
            await pilot.pause()
            hand = screen.query_one(Hand)
            assert hand.selected == {0}
            assert str(screen.query_one("#sh-info").render()).startswith("selected: ")
            await pilot.press("enter")                         # (a discard, on her turn)
            await pilot.pause()
            assert screen.table.notice == WINDOW_WAIT
            await pilot.press("1", "1")                        # (a selection change retires it)
            await pilot.press("d")
            await pilot.pause()
            assert screen.table.notice == WINDOW_WAIT and game.view(0).phase == "buy"
            keys_pressed.set()
            await settle(pilot, app, lambda: game.view(0).phase == "play", limit=1000)
            await pilot.pause()
            assert hand.selected == {0} and screen.table.notice == ""

    asyncio.run(scenario())


def test_a_down_seat_waits_on_the_window_before_its_draw():
    """S8 (settled reading): once down, a seat's turn waits on the window that opens
    before its draw; only that seat's table says so (not the one asked, nor the others)."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.shanghai.present import present

    from ..games.shanghai.helpers import deal

    game = deal(["2C 3D 4D 5D", "7C 7D 7H 9H 9S JK 4C KD", "8C 8D 9D 10H"], stock="5C 6D 2S 3S 4S", upcard="QH")
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK"); game.apply(1, "discard KD")
    game.apply(2, "draw_stock"); decline_all(game); game.apply(2, "discard 10H")
    game.apply(0, "draw_stock"); game.apply(0, "discard 2C")   # seat 1 is down: the window opens first
    assert game.phase == "buy" and game.to_act == (2,) and game.turn == 1
    seats = parse_seats("Ann,Bob,Cy")
    assert [present(game, seat, seats).window_wait for seat in range(3)] == [False, True, False]


def test_enter_with_no_card_selected_says_what_to_select():
    """Enter with nothing selected did nothing and said nothing (other keys say why they
    do nothing): before the draw it says to draw; after it, what Enter does with cards."""
    async def scenario():
        app = _snapshot_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                         and app.screen.game.to_act == (0,))
            table = app.screen.table
            await pilot.press("enter")
            assert table.notice == "draw first: s from the stock or u the upcard"
            await _ann_draws(pilot)
            await pilot.press("enter")
            assert table.notice == "select a card to discard or a meld's cards to group (space or 1-9, 0), then Enter"
            assert app.screen.game.view(0).phase == "play"  # (nothing played)

    asyncio.run(scenario())


def test_S11_the_score_sheet_lists_the_cards_each_player_was_left_with():
    """A play-tester could not check the points: the sheet showed numbers only. The cards
    left, as laid face up to be counted (the engine's HandsCounted), are listed under it
    in the sheet's order, each with its count; the one who went out holds none."""
    from cardtable.games.shanghai.events import HandsCounted

    game = new_game(load_variant("shanghai-classic"), 4, seed=9)
    bot, rng = make_bot("shanghai", "simple"), Rng(9)
    while not game.round_over:
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    counted = next(e for e in reversed(game.events) if isinstance(e, HandsCounted))
    names = ["Ann", "Dag", "Eve", "Finn"]

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple", preset="shanghai-classic", seed=9, game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, ScoreSheetScreen))
            text = " ".join(screen_text(app).replace("│", " ").split())
            order = sorted(range(4), key=lambda seat: game.scores[seat])
            listed = [f"{names[seat]} {' '.join(card_label(c) for c in counted.hands[seat])} = {counted.counts[seat]}"
                      for seat in order if counted.hands[seat]]
            assert "Cards left: " + " · ".join(listed) in text, text
            out = next(e.seat for e in game.events if e.kind == "went_out")
            assert counted.hands[out] == () and f"{names[out]} =" not in text

    asyncio.run(scenario())


def test_the_enter_that_ends_a_hand_does_not_skip_its_score_sheet(armed_screens):
    """An Enter pressed twice (the last discard's, and once more) took the score sheet
    away unread: the sheet takes Enter only after its first moments."""
    game = new_game(load_variant("shanghai-classic"), 3, seed=9)
    bot, rng = make_bot("shanghai", "simple"), Rng(9)
    while not game.round_over:
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", seed=9, game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, ScoreSheetScreen))
            sheet = app.screen
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is sheet
            await pilot.pause(ARMED + 0.1)
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is not sheet and game.round == 2

    asyncio.run(scenario())


def test_the_cards_left_are_the_hand_just_ended_not_the_last_one():
    """Mid-hand the last hand's cards are not this hand's: nothing is listed (a review)."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.shanghai.scores import cards_left

    game = new_game(load_variant("shanghai-classic"), 3, seed=9)
    bot, rng = make_bot("shanghai", "simple"), Rng(9)
    while not game.round_over:
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    seats = parse_seats("Ann,Bob,Cy")
    assert cards_left(game, seats) is not None
    game.next_round()
    assert cards_left(game, seats) is None


def test_two_enters_in_one_read_on_the_buy_question_do_not_pop_the_table():
    """In tmux (send-keys Enter Enter) on Ann's buy question the first Enter declined and
    the second, already on its way to the question, dismissed it again: Textual pops the
    screen on top, so the table went and the terminal stayed blank. A screen over the
    table is dismissed once; the second answer is ignored."""
    from textual import events

    from cardtable.tui.screens.choose import MoveListDialog
    from cardtable.tui.screens.handoff import HandoffScreen

    async def scenario():
        app = make_app("Ann,Bob,bot:simple", preset="shanghai-classic", seed=7)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen))
            await pilot.press("enter")                                   # Bob
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
            await pilot.press("s")                                       # Bob draws: Ann may buy
            await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen))
            await pilot.press("enter")                                   # Ann
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog))
            table = app.screen_stack[1]
            for _ in range(2):
                app.post_message(events.Key("enter", "\r"))              # Decline, and once more
            await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen))
            assert app.screen_stack[1] is table and isinstance(table, TableScreen)
            assert app.screen.player == "Bob" and table.game.to_act == (1,)
            assert sum(e.kind == "buy_declined" and e.seat == 0 for e in table.game.events) == 1

    asyncio.run(scenario())


def test_w_with_the_one_card_that_swaps_swaps_at_once():
    """S7: a play-tester selected 9♣ (the hint's card) and pressed w, and was asked to
    confirm the one swap there was, with Cancel; l with a single place lays off at once.
    A selected card with one swap makes it at once (with none selected, w lists them)."""
    from ..games.shanghai.helpers import deal
    from ..games.shanghai.test_rules import MELDER

    game = deal(["2C 3D 4D 5D", MELDER, "8C 8D 9C 3C 3D 3H 10H"], stock="5C 6D 2S 3S 4S", upcard="QH")
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK"); game.apply(1, "discard KD")
    game.apply(2, "take_upcard")
    app = make_app("bot:simple,bot:simple,Ann", preset="shanghai-classic", game=game)

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
            screen = app.screen
            await pilot.press("w")                               # (nothing selected: the list of swaps)
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog))
            await pilot.press("escape")
            await settle(pilot, app, lambda: app.screen is screen)
            before = len(screen.game.events)
            await _press_cards(pilot, screen, parse_cards("9C"))
            await pilot.press("w")
            await settle(pilot, app, lambda: len(screen.game.events) > before)
            swapped = screen.game.events[before]
            assert app.screen is screen and (swapped.kind, swapped.seat, swapped.card) == ("joker_swapped", 2, Card.parse("9C"))
            assert {move.kind for move in screen.game.legal_moves(2)} == {"meld"}   # (now it must go down)

    asyncio.run(scenario())


def test_l_with_nothing_selected_names_the_cards_that_lay_off():
    """S6: a play-tester, down, tried card after card with l to find one that fits; l with
    nothing selected now names them ("7♠ fits a meld"), and still lays off nothing."""
    app = _ann_drawn_app(["7C 7D 7H 9C 9D 9H 7S KS 2D 4H 6S", "3C 3D 6D 8H 10S JD QD AH 4D 5H 6C",
                          "3S 5C 8C 10H QH KD AS 3H 5S 8D 9S"], stock="QC 2H 2S")

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
            screen = app.screen
            screen.apply(0, Move.parse("meld 7C 7D 7H | 9C 9D 9H"))
            await settle(pilot, app, lambda: not screen.busy and screen.game.to_act == (0,))
            before = len(screen.game.events)
            await pilot.press("l")
            await pilot.pause()
            assert screen.table.notice == "select a card to lay off (space or 1-9, 0), then l: 7♠ fits a meld"
            assert len(screen.game.events) == before

    asyncio.run(scenario())


def test_S13_the_score_sheet_writes_a_negative_score_with_the_themes_minus_sign():
    """S13: a going-out bonus of -25 read "*-25" on the sheet (an ASCII hyphen) while the
    seat panels read "−25 pts" (a play-tester): the sheet writes the theme's minus sign,
    in the hand's column and in the total; the ASCII theme keeps the hyphen."""
    from types import SimpleNamespace

    from rich.console import Console

    from cardtable.engine.events import RoundEnded, RoundStarted
    from cardtable.games.shanghai.events import WentOut
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.shanghai.scores import score_table

    events = [RoundStarted(None, round=1), WentOut(0), RoundEnded(None, round=1, points=(-25, 40))]
    game = SimpleNamespace(players=2, scores=[-25, 40], events=events)

    def sheet(ascii: bool) -> list[str]:
        console = Console(width=70, record=True)
        console.print(score_table(game, parse_seats("Ann,Bob"), ascii=ascii))
        return [line.strip() for line in console.export_text().splitlines()]

    assert sheet(False)[1:] == ["Ann    *−25   −25", "Bob      40    40"]
    assert sheet(True)[1:] == ["Ann    *-25   -25", "Bob      40    40"]
