"""The key bar under the hand names the keys that work now: the play keys on the
viewer's turn, and only the keys that work meanwhile while another player decides."""

from __future__ import annotations

import asyncio
import importlib

import pytest

from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.family_table import FamilyTable

from .helpers import make_app, settle


def turn_keys(bar: str) -> str:
    """A key bar less the every-turn keys the table adds after a turn's own while the row
    has room (:attr:`FamilyTable.SPARE_KEYS`; see the test of them below). The bar while
    another player decides gets none: it is returned as it is."""
    if bar in (FamilyTable.WAITING_KEYS, FamilyTable.WAITING_KEYS.replace("·", "|")):
        return bar
    for separator in (" · ", " | ", "  "):  # (the way to cards past the 10th, for a hand of more)
        bar = bar.replace(separator + FamilyTable.TENS_KEY, "")
    for spare in reversed(FamilyTable.SPARE_KEYS):
        for separator in (" · ", " | ", "  "):
            bar = bar.removesuffix(separator + spare)
    return bar

PRESETS = {"president": "president-classic", "shanghai": "shanghai-classic", "tonk": "tonk-classic"}
OWN_TURN = {  # (at Ann's first turn: a lead in President, the draw in Shanghai and Tonk)
    "president": "←→ space 1-9 select · enter play · p pass · ? help",
    "shanghai": "? help · s stock · u upcard · o sort",
    "tonk": "? help · s stock · u take the upcard · o sort",  # (cards may be sorted and picked before the draw)
}


@pytest.mark.parametrize("family", sorted(PRESETS))
def test_the_key_bar_offers_play_keys_only_on_the_viewers_turn(family):
    present = importlib.import_module(f"cardtable.tui.{family}.present").present
    app = make_app("Ann,bot:simple,bot:simple", preset=PRESETS[family], seed=5)

    async def scenario():
        async with app.run_test(size=(120, 34)) as pilot:
            await pilot.pause()
            screen = next(screen for screen in app.screen_stack if isinstance(screen, TableScreen))
            table = screen.query_one(FamilyTable)
            for _ in range(20):  # (a chance or a buy the bots' moves offer Ann first: she declines)
                await settle(pilot, app, lambda: app.screen is not screen or table._may_act(table.state))
                if app.screen is screen:
                    break
                await pilot.press("escape")
            keys = str(table.query_one("#keys").render())
            assert turn_keys(keys) == OWN_TURN[family]
            # the same table, shown after Ann's moves: a bot decides now
            game = screen.game.copy()
            assert game.to_act[0] == 0
            while game.to_act[0] == 0:
                game.apply(0, game.legal_moves(0)[-1])
            assert not game.round_over
            table.state = present(game, 0, screen.seats)
            await pilot.pause()
            assert not table._may_act(table.state)
            assert str(table.query_one("#keys").render()) == table.WAITING_KEYS

    asyncio.run(scenario())


def shanghai_key_bars(game, script, theme: str = "felt") -> None:
    """Run ``script(keys, table)`` at a hot-seat Shanghai table: ``await keys(viewer)``
    draws the table for ``viewer`` from ``game`` as it is then, and returns its key bar."""
    from cardtable.tui.shanghai.present import present

    app = make_app("Ann,Bob,Cy", preset="shanghai-classic", game=game.copy(), theme=theme)

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = next(screen for screen in app.screen_stack if isinstance(screen, TableScreen))
            table = screen.query_one(FamilyTable)

            async def keys(viewer: int, whole: bool = False) -> str:
                table.covered = False  # (as uncovered: the hot seat's hand-off is over it)
                table.state = present(game, viewer, screen.seats, theme == "ascii")
                await pilot.pause()
                bar = str(table.query_one("#keys").render())
                return bar if whole else turn_keys(bar)

            await script(keys, table)

    asyncio.run(scenario())


@pytest.mark.parametrize("theme", ["felt", "ascii"])
def test_the_shanghai_key_bar_follows_the_steps_of_a_turn(theme):
    """S4–S8: the draw's keys until the seat has drawn; while the upcard it passed over is
    offered to the others, only picking cards; then the keys of the moves it may make (a
    seat whose cards make no contract yet: the discard alone, as its status line says), in
    the ASCII theme with | between them."""
    from .helpers import shanghai_buy_offer

    game = shanghai_buy_offer()  # (seat 1 drew from the stock; seat 0 is offered the upcard)
    ascii = theme == "ascii"

    def written(keys: str) -> str:
        return keys.replace("·", "|") if ascii else keys

    async def script(keys, table):
        assert await keys(1) == written("? help · space/1-9 pick your cards meanwhile · o sort")
        assert "H hint" not in await keys(1, whole=True)  # (a hint waits for the turn's moves)
        assert await keys(0) == ("b bot speed | L log | r rules | ? help | t theme | q quit" if ascii
                                 else table.WAITING_KEYS)  # (the buy itself: a dialog)
        for _ in range(2):  # (seats 0 and 2 decline)
            game.apply(game.to_act[0], "decline")
        assert game.to_act == (1,) and game.view(1).phase == "play"
        assert not any(game.view(1).down) and {move.kind for move in game.legal_moves(1)} == {"discard"}
        assert await keys(1) == written("? help · d discard · o sort")
        game.apply(1, game.legal_moves(1)[-1])  # (a discard)
        assert await keys(2) == written("? help · s stock · u upcard · o sort")

    shanghai_key_bars(game, script, theme)


def test_once_down_the_shanghai_key_bar_offers_laying_off():
    """S6: a seat that is down lays off (l) rather than going down (g, m); no joker is
    melded, so no swap (w) is listed."""
    from .test_shanghai import hand_two_game

    game = hand_two_game()  # (Eve, seat 2, went down in hand 2; Ann is to draw)
    while not (game.to_act == (2,) and game.view(2).phase == "play"):
        seat = game.to_act[0]
        kinds = {move.kind: move for move in game.legal_moves(seat)}
        game.apply(seat, kinds.get("draw_stock") or kinds.get("decline") or game.legal_moves(seat)[-1])
    assert game.view(2).down[2]

    async def script(keys, _table):
        assert {move.kind for move in game.legal_moves(2)} == {"lay_off", "discard"}
        assert await keys(2) == "? help · l lay off · d discard · o sort"

    shanghai_key_bars(game, script)


def test_after_a_joker_swap_the_shanghai_key_bar_leaves_out_the_discard():
    """S7: a seat not yet down may take a melded joker (w) when that lets it go down; once
    it has, it must go down before it discards: the key bar lists going down's keys and
    drops "d discard" (the status says to go down)."""
    from ..games.shanghai.helpers import deal, decline_all
    from ..games.shanghai.test_rules import MELDER

    game = deal(["2C 3D 4D 5D", MELDER, "8C 8D 9C 3C 3D 3H 10H"], stock="5C 6D 2S 3S 4S", upcard="QH")
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK"); game.apply(1, "discard KD")
    game.apply(2, "take_upcard")

    async def script(keys, table):
        assert await keys(2) == "? help · w swap · d discard · o sort"
        game.apply(2, "swap_joker 9C @1,1")  # (now it must go down)
        assert {move.kind for move in game.legal_moves(2)} == {"meld"}
        assert await keys(2) == "? help · g group · m go-downs · o sort"
        # the keys left out say why at once (they asked to select a card, then refused it)
        table.action_discard()
        assert table.notice == "after taking a joker you must lay down your contract before you discard (S7)"
        table.action_lay_off()
        assert table.notice == "no lay-off now: you lay off once you are down (S6)"

    shanghai_key_bars(game, script)


def test_the_keys_listed_while_waiting_are_the_tables_or_the_apps():
    """Every key the waiting key bar names is bound at the table or in the whole app."""
    from cardtable.tui.app import CardtableApp

    bound = {key for binding in (*CardtableApp.BINDINGS, *TableScreen.BINDINGS) for key in binding.key.split(",")}
    named = [part.split()[0] for part in FamilyTable.WAITING_KEYS.split(" · ")]
    assert named == ["b", "L", "r", "?", "t", "q"]
    assert {"question_mark" if key == "?" else key for key in named} <= bound


def test_under_a_dialog_the_key_bar_is_empty():
    """The buy prompt over the table has keys of its own: the table's bar, dimmed behind
    it, lists none (b and L would not work there); once answered the bar comes back."""
    from cardtable import load_variant, new_game

    game = new_game(load_variant("shanghai-classic"), 3, seed=3, dealer=1, hands=[
        "7C 7D 7H 7S 9S 9H 9D 9C 4C 5D KS", "2C 3C 6D 8H 10S JC QD AH 2D 4H 6S",
        "3D 5C 8C 10H JD QH KD AS 3H 5S 8D"], upcard="QS")
    game.apply(2, "draw_stock")  # (the upcard is offered to seat 1, a bot, then to Ann)
    app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", game=game)

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            screen = next(screen for screen in app.screen_stack if isinstance(screen, TableScreen))
            await settle(pilot, app, lambda: app.screen is not screen)
            table = screen.query_one(FamilyTable)
            assert table.covered and str(table.query_one("#keys").render()) == ""
            await pilot.press("escape")  # (Ann declines; seat 2 plays on, then Ann draws)
            await settle(pilot, app, lambda: app.screen is screen and table._may_act(table.state))
            assert turn_keys(str(table.query_one("#keys").render())) == "? help · s stock · u upcard · o sort"

    asyncio.run(scenario())


def test_the_president_key_bar_offers_the_pass_and_the_play_only_when_they_may_be_made():
    """P6/P7: a lead may not pass, so its bar has no "p pass" and no Pass button is drawn
    (a play-tester saw one under the hand); a player nothing of whose beats the trick may
    only pass, so its bar has no play keys and no Play button is drawn; otherwise both."""
    from cardtable import load_variant, new_game
    from cardtable.bots import make_bot
    from cardtable.engine.rng import Rng
    from cardtable.tui.president.present import present

    game = new_game(load_variant("president-classic"), 4, seed=3)
    bot, rng = make_bot("president", "simple"), Rng(3)
    found = {}
    while len(found) < 3 and not game.round_over:
        seat = game.to_act[0]
        if seat == 0:
            kinds = {move.kind for move in game.legal_moves(0)}
            step = "lead" if "pass" not in kinds else "pass only" if kinds == {"pass"} else "both"
            found.setdefault(step, game.copy())
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    assert set(found) == {"lead", "pass only", "both"}
    app = make_app("Ann,Bob,Cy,Di", preset="president-classic", seed=3)
    table_keys = "? help"

    async def scenario():
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.pause()
            screen = next(screen for screen in app.screen_stack if isinstance(screen, TableScreen))
            table = screen.query_one(FamilyTable)
            bars, buttons = {}, {}
            for step, position in found.items():
                table.covered = False  # (as uncovered: the hot seat's hand-off is over it)
                table.state = present(position, 0, screen.seats)
                await pilot.pause()
                bars[step] = turn_keys(str(table.query_one("#keys").render()))
                buttons[step] = [(b.id, not b.disabled) for b in table.query("#actions Button") if b.visible]
            assert bars == {"lead": f"←→ space 1-9 select · enter play · {table_keys}",
                            "pass only": f"p pass · {table_keys}",
                            "both": f"←→ space 1-9 select · enter play · p pass · {table_keys}"}
            assert buttons == {"lead": [("play", True)], "pass only": [("pass", True)],
                               "both": [("play", True), ("pass", True)]}

    asyncio.run(scenario())


def test_the_last_card_rule_is_said_when_d_or_l_is_pressed():
    """S10 (no out_by_discard): down with one card left, that card is laid off, never
    discarded: d and Enter say so (they said to go down after taking a joker, S7), and l
    lays it off with nothing selected (a play-tester was told to select their only card);
    and a lay-off held back because it would leave a last card that fits nowhere is said as such
    (not "none of your cards fits")."""
    from ..games.shanghai.helpers import deal, decline_all

    game = deal(["2C 3D 4D 5D", "7C 7D 7H 9C 9D 9S 7S", "8C 8D JC 3C 3D 3H 10H"], stock="9H 5H KD QS JD", upcard="QH")
    game.apply(1, "draw_stock"); decline_all(game)  # (9♥)
    game.apply(1, "meld 7C 7D 7H | 9C 9D 9S")

    async def script(keys, table):
        assert await keys(1) == "? help · l lay off · d discard · o sort"
        game.apply(1, "lay_off 7S @1,0")  # (9♥ left: it fits the nines)
        assert await keys(1) == "? help · l lay off · o sort"
        last = "you may not go out by discarding your last card: meld or lay it off (S10)"
        table.action_discard()
        assert table.notice == last
        table.on_hand_submitted(None)  # (Enter, nothing selected)
        assert table.notice == last
        chosen = []
        table._choose = chosen.append
        table.action_lay_off()  # (l, nothing selected: the last card needs no selecting)
        assert [str(move) for move in chosen] == ["lay_off 9H @1,1"]

    shanghai_key_bars(game, script)


def test_a_lay_off_held_back_by_the_last_card_rule_says_so():
    """S10: down, holding 7♠ (it fits the sevens) and 5♥ (it fits nowhere): laying off the
    7♠ would leave a last card that can be neither melded nor discarded."""
    from ..games.shanghai.helpers import deal, decline_all

    game = deal(["2C 3D 4D 5D", "7C 7D 7H 9C 9D 9S 7S", "8C 8D JC 3C 3D 3H 10H"], stock="5H KD QS JD", upcard="QH")
    game.apply(1, "draw_stock"); decline_all(game)  # (5♥)
    game.apply(1, "meld 7C 7D 7H | 9C 9D 9S")

    async def script(keys, table):
        assert await keys(1) == "? help · d discard · o sort"
        table.action_lay_off()
        assert table.notice == ("no lay-off now: laying it off would leave a last card you could neither meld "
                                "nor discard (S10)")

    shanghai_key_bars(game, script)


@pytest.mark.parametrize(("family", "width", "spares"), [
    ("tonk", 120, " · H hint · b bot speed · t theme · q quit"),
    ("tonk", 70, " · H hint · q quit"),
    ("tonk", 60, " · q quit"),
    ("shanghai", 100, " · +1 card 11 · H hint · b bot speed · t theme · q quit"),
    ("president", 100, " · +1 card 11 · H hint · t theme · q quit"),
    ("president", 80, " · +1 card 11 · q quit"),
])
def test_after_a_turns_own_keys_the_bar_adds_hint_speed_theme_quit_while_the_row_has_room_quit_first(family, width, spares):
    """A new player found H (hint), b and q only in President's bar: every family adds
    them after the turn's own keys as far as the row has room, never cutting one. A short
    row keeps q (quit) first, then H (hint), t (theme), b (bot speed), listed in the bar's
    order: a player who could not see how to stop was stuck. A hand of more than 10 cards
    (as Shanghai's and four-player President's from the deal) adds ``+1 card 11``, kept
    right after q: cards past the 10th are picked with ``+`` then a digit (President's
    own keys are long: at 80 columns H and t give way to it)."""
    app = make_app("Ann,bot:simple,bot:simple", preset=PRESETS[family], seed=5)

    async def scenario():
        async with app.run_test(size=(max(width, 80), 34)) as pilot:   # (the bots wait while it is too small)
            await pilot.pause()
            screen = next(screen for screen in app.screen_stack if isinstance(screen, TableScreen))
            table = screen.query_one(FamilyTable)
            for _ in range(20):
                await settle(pilot, app, lambda: app.screen is not screen or table._may_act(table.state))
                if app.screen is screen:
                    break
                await pilot.press("escape")
            await pilot.resize_terminal(width, 34)
            await pilot.pause()
            keys = str(table.query_one("#keys").render())
            assert keys == OWN_TURN[family] + spares
            assert len(keys) <= width - 2

    asyncio.run(scenario())
