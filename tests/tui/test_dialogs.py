"""The card exchange dialog (P13), out-of-turn windows that hide who could act (X3),
and illegal choices showing the engine's reason."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from cardtable import load_variant, new_game
from cardtable.engine.cards import Card, parse_cards
from cardtable.engine.moves import Move
from cardtable.tui.screens.choose import CardChoiceDialog, MoveListDialog, TableChoiceDialog
from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.screens.summary import RoundEndScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.hand import Hand

from .helpers import (after_the_exchange, held_hints, hold_bots, make_app, played_round, screen_text, settle,
                      table_screen)


def test_exchange_dialogs_for_both_humans_behind_handoffs():
    async def scenario():
        game = played_round(seed=3)  # Bob is President, Ann Vice-President
        assert game.titles[:2] == ("vice_president", "president")
        app = make_app("Ann,Bob,bot:simple,bot:simple", game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, RoundEndScreen))
            await pilot.press("enter")
            await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen))
            assert app.screen.player == "Bob"
            await pilot.press("enter")
            await settle(pilot, app, lambda: isinstance(app.screen, CardChoiceDialog))
            dialog = app.screen
            assert dialog.count == 2
            assert dialog.hand_cards == game.view(1).hand
            await pilot.press("enter")  # nothing chosen: the dialog says so and stays
            assert app.screen is dialog and "choose exactly 2" in screen_text(app)
            await pilot.press("1", "2", "enter")
            await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen))
            assert app.screen.player == "Ann"
            await pilot.press("enter")
            await settle(pilot, app, lambda: isinstance(app.screen, CardChoiceDialog))
            assert app.screen.count == 1
            await pilot.press("3", "enter")
            await settle(pilot, app, lambda: isinstance(app.screen, (TableScreen, HandoffScreen))
                         and game.phase == "play")
            assert game.view(1).given and game.view(0).given

    asyncio.run(scenario())


async def _to_bobs_exchange(pilot, app) -> None:
    """From round 1's end (``played_round(seed=3)``, Ann and Bob human) to Bob's
    exchange dialog, behind its hand-off."""
    await settle(pilot, app, lambda: isinstance(app.screen, RoundEndScreen))
    await pilot.press("enter")
    await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen))
    await pilot.press("enter")
    await settle(pilot, app, lambda: isinstance(app.screen, CardChoiceDialog))


def test_the_exchange_dialog_takes_no_card_too_many_and_gives_a_hint():
    """P13 exchange: a card past the count due is not selected (the dialog says to
    unselect one); H selects the hard bot's give, from the giver's own view, and names
    it with its key; g then gives it."""
    from cardtable.bots import suggest_move

    async def scenario():
        game = played_round(seed=3)  # Bob is President: he gives 2 cards
        app = make_app("Ann,Bob,bot:simple,bot:simple", game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await _to_bobs_exchange(pilot, app)
            dialog = app.screen
            hand = dialog.query_one(Hand)
            await pilot.press("1", "2", "3")
            await pilot.pause()
            assert hand.selected == {0, 1}
            assert "you choose 2 cards: unselect one first" in screen_text(app)
            expected = suggest_move("president", game.variant, game.view(1), game.legal_moves(1),
                                    seed=game.seed + len(game.events))
            await pilot.press("H")
            await settle(pilot, app, lambda: "hint:" in screen_text(app), limit=2000)
            assert sorted(hand.selected_cards()) == sorted(expected.cards)
            assert f"hint: give {' '.join(c.pretty() for c in expected.cards)} (press g)" in screen_text(app)
            await pilot.press("g")
            await settle(pilot, app, lambda: app.screen is not dialog)
            assert sorted(game.view(1).given) == sorted(expected.cards)

    asyncio.run(scenario())



def test_in_the_exchange_dialog_plus_picks_past_the_tenth_and_escape_lets_it_go():
    """P13 exchange: Bob's hand holds more than 10 cards; ``+ 2`` picks card 12. Escape
    comes to the dialog before the hand: just after ``+`` it lets the ``+`` go and keeps
    the card chosen (it cleared card 1 and left ``+`` waiting, so 2 then chose card 12)."""
    async def scenario():
        game = played_round(seed=3)  # Bob is President: he gives 2 cards
        app = make_app("Ann,Bob,bot:simple,bot:simple", game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await _to_bobs_exchange(pilot, app)
            hand = app.screen.query_one(Hand)
            assert len(hand.cards) > 12
            assert "or a number (past 10: + then a digit); then g or Enter" in app.screen.prompt
            await pilot.press("plus", "2")
            await pilot.pause()
            assert hand.selected == {11}
            await pilot.press("escape", "1", "plus", "escape", "2")
            await pilot.pause()
            assert hand.selected == {0, 1} and hand.tens == 0
            assert "(past 10: + then a digit)" in app.screen.keys_note()

    asyncio.run(scenario())

def _looks_after_cats_lead(bobs_cards):
    """Cat leads 5♣ at a table of three humans and a bot (president-bombs: P24
    quick-clear); the hand-offs and dialogs that follow, as (player, title, options)."""

    async def scenario():
        variant = load_variant("president-bombs")
        game = new_game(variant, 4, seed=1, hands=[["4C", "8D", "QS"], ["5C", "9H", "KD"],
                                                  bobs_cards, ["6C", "7D", "JH"]])
        app = make_app("Ann,Cat,Bob,bot:simple", preset="president-bombs", game=game)
        seen: list[tuple[str, str, tuple[str, ...]]] = []
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen))
            assert app.screen.player == "Cat"
            await pilot.press("enter")
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
            await pilot.press("1", "enter")  # Cat leads 5♣
            for _ in range(2):
                await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen))
                handoff = app.screen
                assert "Out-of-turn chance" in screen_text(app)
                await pilot.press("enter")
                await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog))
                dialog = app.screen
                labels = tuple(label for label, _move in dialog.options)
                seen.append((handoff.player, dialog.title_text, labels))
                seat = ["Ann", "Cat", "Bob"].index(handoff.player)
                assert dialog.query_one(Hand).cards == game.view(seat).hand
                said = f"{handoff.player}: Cat just played 5♣ — choose a throw if you have one, or Enter lets it go."
                assert said in " ".join(screen_text(app).replace("│", " ").split())
                await pilot.press("end", "enter")  # "Let it go" is always the last option
            await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen))
            assert "Out-of-turn chance" not in screen_text(app)  # the next turn's hand-off
        return seen

    return asyncio.run(scenario())


def test_out_of_turn_window_visits_every_human_alike():
    """X3: Cat leads 5♣. Whether Bob can quick-clear with the other three 5s or nobody
    can, Bob and Ann both get the same hand-off and dialog in turn, so nobody watching
    (nor Ann, who cannot act) learns whether another human could act."""
    can = _looks_after_cats_lead(["5D", "5H", "5S", "3C"])
    cannot = _looks_after_cats_lead(["6D", "6H", "6S", "3C"])
    assert [s[0] for s in can] == [s[0] for s in cannot] == ["Bob", "Ann"]
    assert {s[1] for s in can + cannot} == {"Out-of-turn chance"}
    assert any("Throw" in label for label in can[0][2]) and can[0][2][-1] == "Let it go (escape)"
    assert can[1][2] == cannot[0][2] == cannot[1][2] == ("Let it go (escape)",)


def test_an_out_of_turn_look_in_hot_seat_tags_the_cards_got_in_the_exchange():
    """P13: in hot seat the table behind an out-of-turn look is the public one (it must not
    tell whose chance it really is), so its dialog's hand lost the "new" tags on the cards
    the player got in the exchange (a play-tester): they come from that seat's own table."""
    from cardtable.tui.president.present import present
    from cardtable.tui.seats import parse_seats

    game = after_the_exchange()
    seats = parse_seats("Ann,Bob,Cy,Dee")
    [(seat, got)] = [(s, present(game, s, seats, False).fresh) for s in range(4)
                     if present(game, s, seats, False).fresh][:1]

    async def scenario():
        app = make_app("Ann,Bob,Cy,Dee", game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen))
            screen = table_screen(app)
            screen.looking = True
            screen.show_table()
            assert screen.table.state.viewer is None and not screen.table.state.fresh  # (the public table)
            dialog = MoveListDialog("Out-of-turn chance", "look", [("Let it go", Move("decline"))],
                                    game.view(seat).hand)
            screen._tag_fresh(dialog, seat)
            assert dialog.fresh == got

    asyncio.run(scenario())


def test_a_bots_out_of_turn_chance_shows_nowhere_on_the_table(monkeypatch):
    """X2 / X3: Ann leads 5♣ and the bot beside her may quick-clear with the other three
    5s. The table Ann sees is the one she would see if nobody could, and the bot answers
    at once (a pause before it would show that a chance had opened: every other bot move
    waits the bot delay)."""
    from cardtable.tui.president.present import present

    delays: list[float] = []
    monkeypatch.setattr(TableScreen, "pause_before_move", lambda table, delay: delays.append(delay) or True)
    variant = load_variant("president-bombs")
    hands = [["4C", "8D", "QS"], ["5C", "9H", "KD"], ["5D", "5H", "5S", "3C"], ["6C", "7D", "JH"]]
    game = new_game(variant, 4, seed=1, hands=hands)
    app = make_app("bot:simple,Ann,bot:simple,bot:simple", preset="president-bombs", game=game)
    app.bot_delay = 0.25

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
            seats = app.screen.seats
            asked = new_game(variant, 4, seed=1, hands=hands)
            quiet = new_game(variant, 4, seed=1, hands=hands[:2] + [["4D", "4H", "4S", "3C"], hands[3]])
            for probe in (asked, quiet):
                probe.apply(1, probe.legal_moves(1)[0])  # Ann leads 5♣
            assert asked.to_act == (2,) and quiet.to_act == (2,)
            assert "quick_clear" in {m.kind for m in asked.legal_moves(2)}
            for viewer in (1, None):
                assert present(asked, viewer, seats) == present(quiet, viewer, seats)
            await pilot.press("1", "enter")  # Ann leads 5♣ at the real table
            await settle(pilot, app, lambda: len(delays) >= 2)
            assert delays[:2] == [0.0, 0.25]  # the bot's chance at once, then its turn

    asyncio.run(scenario())


def test_illegal_play_shows_the_engines_reason():
    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple", seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                         and app.screen.game.to_act == (0,))
            game = app.screen.game
            before = len(game.events)
            await pilot.press("1", "enter")  # a single 3 on a pair of 5s
            await pilot.pause()
            assert len(game.events) == before
            assert "play 2 cards to follow a pair of 5s" in screen_text(app)

    asyncio.run(scenario())


def test_the_apps_keys_work_in_a_choice_dialog():
    """?, r, t and q work in a move-list dialog (here the S8 buy prompt) as at the table:
    a modal screen kept them from the app."""
    from cardtable.tui.screens.dialogs import ConfirmQuit, HelpScreen, RulesScreen

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", seed=5)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog))
            dialog = app.screen
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
            assert app.screen is dialog
            await pilot.press("r")
            assert isinstance(app.screen, RulesScreen)
            await pilot.press("escape")
            theme = app.card_theme
            await pilot.press("t")
            assert app.card_theme != theme and app.screen is dialog
            await pilot.press("q")
            assert isinstance(app.screen, ConfirmQuit)

    asyncio.run(scenario())


def _table_behind_bobs_look(anns_cards):
    """Cat leads 5♣; Bob (next to play) looks first. What the table behind his look
    dialog shows, and the dialog's options."""

    async def scenario():
        variant = load_variant("president-bombs")
        game = new_game(variant, 4, seed=1, hands=[anns_cards, ["5C", "9H", "KD"], ["4C", "8D", "QS"],
                                                  ["6C", "7D", "JH"]])
        app = make_app("Ann,Cat,Bob,bot:simple", preset="president-bombs", game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen))
            await pilot.press("enter")
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
            await pilot.press("1", "enter")  # Cat leads 5♣
            await settle(pilot, app, lambda: isinstance(app.screen, HandoffScreen))
            assert app.screen.player == "Bob"
            await pilot.press("enter")
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog))
            table = table_screen(app)
            return table.table.state, tuple(label for label, _move in app.screen.options)

    return asyncio.run(scenario())


def test_the_table_behind_a_look_does_not_tell_whether_the_turn_is_really_yours():
    """X3: Bob has the next turn and looks first. Whether Ann (after him) may quick-clear
    or nobody may, the table behind his look is the same (the public table): his own
    table would show no playable cards while a chance is open for somebody else."""
    asked_state, asked_options = _table_behind_bobs_look(["5D", "5H", "5S", "3C"])
    quiet_state, quiet_options = _table_behind_bobs_look(["6D", "6H", "6S", "3C"])
    assert asked_options == quiet_options == ("Let it go (escape)",)
    assert asked_state == quiet_state and asked_state.hand == ()


def test_the_highlighted_choice_lifts_its_cards_in_the_hand_shown():
    """A list of go-downs (or throws, or swaps) over the hand: the cards of the choice
    under the cursor are lifted, each copy once; a choice without cards lifts none."""
    from textual.widgets import OptionList

    from cardtable import Move
    from cardtable.engine.cards import parse_cards

    hand = parse_cards("7C 7D 7H 7H 9S 9H 9D KS")
    options = [("7s and 9s", Move("meld", parse_cards("7C 7D 7H 9S 9H 9D"))),
               ("two 7♥", Move("play", parse_cards("7H 7H"))), ("Let it go", None)]

    async def scenario():
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.push_screen(MoveListDialog("Go down", "Choose:", options, hand))
            await pilot.pause()
            shown = app.screen.query_one(Hand)
            assert shown.selected_cards() == parse_cards("7C 7D 7H 9S 9H 9D")
            await pilot.press("down")
            await pilot.pause()
            assert shown.selected == frozenset({2, 3})
            await pilot.press("down")
            await pilot.pause()
            assert shown.selected == frozenset()
            assert app.screen.query_one(OptionList).highlighted == 2

    asyncio.run(scenario())


def test_cards_picked_in_the_exchange_while_the_hint_thinks_stay_picked(monkeypatch):
    """A hint arriving after the giver picked a card names its cards but leaves the
    giver's pick alone (and names no key: g would give the giver's own pick)."""
    release = held_hints(monkeypatch)

    async def scenario():
        game = played_round(seed=3)
        app = make_app("Ann,Bob,bot:simple,bot:simple", game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await _to_bobs_exchange(pilot, app)
            hand = app.screen.query_one(Hand)
            await pilot.press("H", "1")
            await settle(pilot, app, lambda: hand.selected == {0})
            release.set()  # the hint arrives after the giver picked
            await settle(pilot, app, lambda: "hint: give" in screen_text(app), limit=2000)
            assert hand.selected == {0}
            assert "(press g)" not in screen_text(app)

    asyncio.run(scenario())


def test_a_bot_that_chooses_an_illegal_move_is_told_and_the_match_goes_on(monkeypatch):
    """A bot's bug does not end the match: its illegal move is said in a warning (its kind,
    not its cards, which the others may not see) and the seat's first listed move is made
    instead."""
    from cardtable.tui.screens import table as table_module

    class Broken:
        def choose(self, view, legal_moves, rng):
            return Move("play", (Card.parse("JK"),))  # (nobody holds a joker here)

    real = table_module.make_bot
    monkeypatch.setattr(table_module, "make_bot",
                        lambda family, level, **kw: Broken() if level == "random" else real(family, level, **kw))
    app = make_app("Ann,bot:random,bot:simple,bot:simple", seed=3)
    warnings: list[str] = []
    app.notify = lambda message, **kw: warnings.append(message)  # type: ignore[method-assign]

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and app.screen.game.to_act == (0,))
            game = app.screen.game
            bob = [e for e in game.events if getattr(e, "seat", None) == 1 and e.kind in ("cards_played", "passed")]
            assert bob
            name = app.screen.seats[1].name
            # (the refused move names a card only the bot holds: the warning says its kind alone)
            assert warnings == [f"{name} (bot) chose a move that is not allowed (play); it makes another instead."]

    asyncio.run(scenario())


def test_the_match_end_lists_the_engines_places_shared_totals_sharing_one():
    """P30: after a one-round match (President 2, Vice-President 1, the others 0) the
    match-over table lists the players in ``game.places()`` order: 1st, 2nd, 3rd, 3rd."""
    import re

    from cardtable.bots import make_bot
    from cardtable.engine.rng import Rng
    from cardtable.tui.screens.summary import MatchEndScreen

    variant = load_variant("president-classic")
    variant = variant.model_copy(update={"rules": variant.rules.model_copy(update={"match_rounds": 1})})
    game = new_game(variant, 4, seed=3)
    bot, rng = make_bot("president", "simple"), Rng(3)
    while not game.round_over:
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    assert game.is_over and sorted(game.places()) == [1, 2, 3, 3]
    app = make_app("Ann,bot:simple,bot:simple,bot:simple", game=game)

    async def scenario():
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, RoundEndScreen))
            await pilot.press("enter")
            await settle(pilot, app, lambda: isinstance(app.screen, MatchEndScreen))
            names = [seat.name for seat in app.screen_stack[-2].seats]
            text = screen_text(app)
            order = sorted(range(4), key=lambda s: game.places()[s])
            places = ["", "1st", "2nd", "3rd"]
            pattern = r"\s+".join(rf"{places[game.places()[s]]}\s+{re.escape(names[s])}\b.*?" for s in order)
            assert re.search(pattern, text, flags=re.DOTALL), text
            await pilot.press("x")  # (a key the match's end has no use for says so)
            await pilot.pause()
            assert [note.message for note in app._notifications if "no key" in note.message] == [
                "x is no key here: a plays again, n starts a new game, q quits (L the log, r the rules)"]
            # L: the last round's log, as over a round's results; r: the rules (a play-tester
            # was told "r is no key here"); each closes back to the match's end
            from cardtable.tui.screens.dialogs import LogScreen, RulesScreen

            for key, shown in (("L", LogScreen), ("r", RulesScreen)):
                await pilot.press(key)
                await settle(pilot, app, lambda: isinstance(app.screen, shown))
                # (the note of x goes: a play-tester read it over the rules for its seconds)
                assert "no key here" not in screen_text(app)
                if shown is LogScreen:
                    assert any("Round 1 is over" in line or "finish" in line.lower() for line in app.screen.lines)
                await pilot.press("escape")
                await settle(pilot, app, lambda: isinstance(app.screen, MatchEndScreen))
            # ctrl+s: no save of a finished match (loading it would play its end again and
            # move the game under Continue aside): the history has it
            from cardtable.store import list_saves

            await pilot.press("ctrl+s")
            await pilot.pause()
            assert list_saves() == [] and any("The match is over: it is in the history" in note.message
                                              for note in app._notifications)
            await pilot.press("n")  # (the note goes with the screen)
            await settle(pilot, app, lambda: not isinstance(app.screen, MatchEndScreen))
            assert [note.message for note in app._notifications if "no key" in note.message] == []

    asyncio.run(scenario())


def test_the_out_of_turn_chance_opens_on_let_it_go():
    """X3: as the buy prompt opens on Decline and the spades bet on Stay out, a hasty
    Enter throws nothing (it threw the first option's cards)."""
    from cardtable.tui.president.ui import PresidentUI
    from cardtable.tui.seats import parse_seats

    game = new_game(load_variant("president-bombs"), 4, seed=1, hands=[
        ["4C", "8D", "QS"], ["5C", "9H", "KD"], ["5D", "5H", "5S", "3C"], ["6C", "7D", "JH"]])
    game.apply(1, "play 5C")  # Bob (seat 2) may quick-clear with the other three 5s (P24)
    dialog = PresidentUI().window_dialog(game, 2, parse_seats("Ann,Cat,Bob,Di"), game.legal_moves(2))
    assert [label for label, _move in dialog.options] == ["Throw 5♦ 5♥ 5♠: complete four and clear the pile",
                                                         "Let it go (escape)"]
    assert dialog.first == 1 and dialog.on_escape == 1  # escape lets it go too (it did nothing)
    # P26: a quick clear of one's last cards clears the pile, so under no_finish_on_top it says so
    scum = new_game(load_variant("president-bombs").changed(no_finish_on_top=True), 4, seed=1, hands=[
        ["4C", "8D", "QS"], ["5C", "9H", "KD"], ["5D", "5H", "5S"], ["6C", "7D", "JH"]])
    scum.apply(1, "play 5C")
    dialog = PresidentUI().window_dialog(scum, 2, parse_seats("Ann,Cat,Bob,Di"), scum.legal_moves(2))
    assert dialog.options[0][0] == "Throw 5♦ 5♥ 5♠: complete four and clear the pile (makes you Scum: P26)"


def test_escape_in_a_choice_that_must_be_answered_says_so_or_takes_the_no():
    """A dialog of the game's own (the black market, a buy, an out-of-turn chance) stays
    until answered: escape did nothing, silently. With an answer meaning "no" (Decline,
    Let it go, Stay out) escape takes it; else it says how to answer."""
    from cardtable import Move

    options = [("Offer 7♠", Move("offer", parse_cards("7S"))), ("Pass (no offer)", Move("pass"))]

    async def scenario():
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            answers = []
            app.push_screen(MoveListDialog("Black market", "Ann: choose", options), answers.append)
            await pilot.pause()
            dialog = app.screen
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is dialog and answers == []
            assert str(dialog.query_one("#dialog-note").render()) == \
                "this needs an answer to play on: choose one (↑ ↓, then enter)"
            app.pop_screen()
            app.push_screen(MoveListDialog("Buy?", "Ann: buy", options, on_escape=1), answers.append)
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            assert answers == [Move("pass")] and not isinstance(app.screen, MoveListDialog)

    asyncio.run(scenario())


def test_the_shanghai_buy_prompt_opens_on_decline_and_escape_declines():
    """S8: a hasty Enter or escape does not buy (nor take the penalty cards)."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.shanghai.ui import ShanghaiUI

    from .helpers import shanghai_buy_offer

    game = shanghai_buy_offer()
    dialog = ShanghaiUI().dialog(game, 0, parse_seats("Ann,Bob,Cy"))
    assert [label for label, _move in dialog.options] == ["Buy Q♠ (+2 from the stock)", "Decline (escape)",
                                                                   "Decline, and no more offers this hand"]
    assert dialog.first == dialog.on_escape == 1 and dialog.options[1][1] == Move("decline")


def test_the_table_talk_answer_names_who_offers_and_escape_declines():
    """P19: the prompt said only "Bob: choose"; and escape, with a Decline there, declines."""
    from cardtable.tui.president.ui import PresidentUI
    from cardtable.tui.seats import parse_seats

    from ..games.president.test_rules_exchange import second_round

    game, _ = second_round(exchange="none", table_talk=True)
    game.apply(1, Move("offer_talk", target=(2,)))
    dialog = PresidentUI().dialog(game, 2, parse_seats("Ann,Bob,Cy,Di"))
    assert dialog.prompt == "Cy: Bob offers table talk: accept, and you show each other your hands for this round?"
    assert [label for label, _move in dialog.options] == ["Accept", "Decline (escape)"] and dialog.on_escape == 1
    # it opens on Decline (a play-tester's hasty Enter showed both hands), as the buy prompt does
    assert dialog.first == 1


def test_the_black_market_and_table_talk_questions_say_what_they_are():
    """P18/P19: the President is asked whether to open the black market and each player
    to offer a swap, the upper neighbour whether to offer table talk — each prompt says
    what the question means (they said only "Bob: choose")."""
    from cardtable.tui.president.ui import PresidentUI
    from cardtable.tui.seats import parse_seats

    from ..games.president.test_rules_exchange import second_round

    seats = parse_seats("Ann,Bob,Cy,Di")
    game, _ = second_round(exchange="none", black_market=True, table_talk=True)
    assert game.phase == "market_open" and game.to_act == (1,)               # Bob, the President
    dialog = PresidentUI().dialog(game, 1, seats)
    assert dialog.prompt.startswith("Bob: open the black market? Then each player in turn, from you, may offer")
    assert dialog.options[dialog.first][1] == Move("decline")                   # (a hasty Enter opens nothing)
    game.apply(1, Move("open_market"))
    prompt = PresidentUI().dialog(game, 1, seats).prompt
    assert prompt.startswith("Bob: the black market is open — offer one of your cards to another player")
    while game.phase != "talk":
        seat = game.to_act[0]
        game.apply(seat, next(move for move in game.legal_moves(seat) if move.kind == "pass"))
    prompt = PresidentUI().dialog(game, game.to_act[0], seats).prompt
    assert "offer table talk? If accepted, you and your neighbour in the titles see each other's hands" in prompt


def test_escape_in_the_exchange_clears_the_cards_then_says_how_to_answer():
    async def scenario():
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            hand = parse_cards("3C 4D 9H KS")
            app.push_screen(CardChoiceDialog("Card exchange", "Ann: choose 1 card", hand, 1))
            await pilot.pause()
            dialog = app.screen
            await pilot.press("2")
            await pilot.pause()
            assert dialog.query_one(Hand).selected_cards() == (hand[1],)
            await pilot.press("escape")
            await pilot.pause()
            assert dialog.query_one(Hand).selected_cards() == () and app.screen is dialog
            await pilot.press("escape")
            await pilot.pause()
            assert str(dialog.query_one("#dialog-note").render()) == (
                "this needs an answer to play on: choose the cards (space or a number), then g or enter")

    asyncio.run(scenario())


@pytest.mark.parametrize("side", ["help", "quit"])
def test_a_question_waits_for_a_side_dialog_to_close(monkeypatch, side):
    """A buy prompt (S8) that comes while the player has a side dialog open (help, the
    quit question) waits until it closes: pushed over it, it buried the dialog and took
    keys meant for it (Enter declined the buy). Under the quit question the bots wait
    too: a move thought out while it opened is made once it is answered."""
    from cardtable.tui.screens.dialogs import ConfirmQuit, HelpScreen

    game = new_game(load_variant("shanghai-classic"), 3, seed=3, hands=[
        "7C 7D 7H 7S 9S 9H 9D 9C 4C 5D KS", "2C 3C 6D 8H 10S JC QD AH 2D 4H 6S",
        "3D 5C 8C 10H JD QH KD AS 3H 5S 8D"], upcard="QS")
    app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", game=game)
    opened = hold_bots(monkeypatch)  # (the bot beside Ann thinks until the dialog is open)
    key, dialog = ("question_mark", HelpScreen) if side == "help" else ("q", ConfirmQuit)

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
            await pilot.press(key)                   # while the bot beside Ann thinks
            await settle(pilot, app, lambda: isinstance(app.screen, dialog))
            opened.set()
            if side == "help":
                await settle(pilot, app, lambda: game.view(0).phase == "buy" and game.to_act == (0,))
            else:
                await pilot.pause(0.5)
                assert game.view(0).phase == "draw" and game.to_act == (1,)   # (the bot's move waits)
            assert isinstance(app.screen, dialog)    # still on top, still answerable
            await pilot.press("escape" if side == "help" else "n")
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog))
            assert app.screen.title_text == "Buy the upcard?"

    asyncio.run(scenario())


@pytest.mark.parametrize("preset", ["president-classic", "shanghai-classic", "tonk-classic"])
def test_ctrl_s_and_r_work_on_the_results_of_a_round(preset):
    """A play-tester pressed ctrl+s on a hand's results (Tonk's show-down): nothing was
    saved and nothing said, where the table, its dialogs and the hand-off save. The
    round's results save the game (it loads as it is, the round over) and show the rules."""
    from cardtable.store import load_game, saves_dir
    from cardtable.tui.screens.dialogs import RulesScreen
    from cardtable.tui.shanghai.scores import ScoreSheetScreen
    from cardtable.tui.tonk.showdown import ShowdownScreen

    from cardtable.bots import make_bot
    from cardtable.engine.rng import Rng

    game = new_game(load_variant(preset), 3, seed=3)
    bot, rng = make_bot(game.family, "simple"), Rng(3)
    while not game.round_over:  # (the first round, played out by bots on the engine)
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    seats = "Ann,bot:simple,bot:simple"
    app = make_app(seats, preset=preset, game=game)

    async def scenario():
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, (RoundEndScreen, ShowdownScreen, ScoreSheetScreen)))
            results = app.screen
            await pilot.press("ctrl+s")
            await settle(pilot, app, lambda: any(saves_dir().glob("*.json")))
            [path] = saves_dir().glob("*.json")
            assert any(path.name in note.message.replace("\n", "") for note in app._notifications)
            # (a note only: the line under the hand said it again at the next hand)
            assert table_screen(app).table.notice == ""
            loaded, _seats = load_game(path)
            assert loaded == game and loaded.round_over
            await pilot.press("r")
            await settle(pilot, app, lambda: isinstance(app.screen, RulesScreen))
            await pilot.press("escape")
            await settle(pilot, app, lambda: app.screen is results)

    asyncio.run(scenario())


@pytest.mark.parametrize("preset", ["president-classic", "shanghai-classic", "tonk-classic"])
def test_a_round_s_results_follow_a_theme_switch_at_once(preset):
    """A play-tester switched to the ASCII theme on Tonk's show-down: the borders changed,
    the hands kept their suit symbols and the title its dash until the next screen. The
    results (show-down, score sheet, round end) are drawn again in the theme's characters,
    the focus kept."""
    from cardtable.tui.shanghai.scores import ScoreSheetScreen
    from cardtable.tui.tonk.showdown import ShowdownScreen

    app = make_app("Ann,bot:simple,bot:simple", preset=preset, game=played_round(preset, 3, seed=4))

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, (RoundEndScreen, ShowdownScreen, ScoreSheetScreen)))
            results = app.screen
            await pilot.pause()
            unicode, focused = screen_text(app), app.focused
            assert not unicode.isascii()
            app.use_theme("ascii")
            await settle(pilot, app, lambda: screen_text(app).isascii())
            assert app.screen is results
            app.use_theme("felt")
            await settle(pilot, app, lambda: screen_text(app) == unicode)
            assert (app.focused and app.focused.id) == (focused and focused.id)  # (a show-down still scrolls by keys)

    asyncio.run(scenario())


@pytest.mark.parametrize("preset", ["president-classic", "shanghai-classic", "tonk-classic"])
def test_a_key_a_round_s_results_have_no_use_for_says_so(preset):
    """(A play-tester pressed x on Shanghai's score sheet: nothing happened, nothing was
    said, where the table says "x is no key here".) Pressed twice, one note stays; it goes
    with the results (it stayed over the next hand's table for its seconds)."""
    from cardtable.tui.shanghai.scores import ScoreSheetScreen
    from cardtable.tui.tonk.showdown import ShowdownScreen

    app = make_app("Ann,bot:simple,bot:simple", preset=preset, game=played_round(preset, 3, seed=3))

    async def scenario():
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, (RoundEndScreen, ShowdownScreen, ScoreSheetScreen)))
            results = app.screen
            await pilot.press("x", "x")
            await pilot.pause()
            said = [note.message for note in app._notifications if "no key" in note.message]
            assert said == ["x is no key here: enter goes on"] and app.screen is results
            await pilot.press("enter")
            await settle(pilot, app, lambda: app.screen is not results)
            assert [note.message for note in app._notifications if "no key" in note.message] == []

    asyncio.run(scenario())


@pytest.mark.parametrize("seats, over", [("Ann,bot:simple,bot:simple", "dialog"), ("Ann,Bob,Cy", "hand-off")])
def test_ctrl_s_and_r_work_over_the_table_in_a_dialog_and_at_a_hand_off(seats, over):
    """The buy prompt (a dialog) and the hand-off before it take the table's ctrl+s (a
    named save of the game as it is) and r (the rules), as the table does."""
    from cardtable.store import load_game, saves_dir
    from cardtable.tui.screens.dialogs import RulesScreen

    from .helpers import shanghai_buy_offer

    game = shanghai_buy_offer()  # (the upcard is offered to Ann, seat 0)
    app = make_app(seats, preset="shanghai-classic", game=game)
    kind = MoveListDialog if over == "dialog" else HandoffScreen

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, kind))
            screen = app.screen
            await pilot.press("ctrl+s")
            await settle(pilot, app, lambda: any(saves_dir().glob("*.json")))
            [path] = saves_dir().glob("*.json")
            assert load_game(path)[0] == game
            await pilot.press("r")
            await settle(pilot, app, lambda: isinstance(app.screen, RulesScreen))
            await pilot.press("escape")
            await settle(pilot, app, lambda: app.screen is screen)

    asyncio.run(scenario())


@pytest.mark.parametrize("size", [(100, 30), (80, 24)])
def test_the_exchange_dialogs_keys_note_wraps_whole(size):
    """A play-tester's x in the exchange dialog showed "keys here: space or a number picks
    a card, g or enter gives them," and the box's border: the note beside Give had one
    row. It wraps onto as many rows as it needs."""
    async def scenario():
        app = make_app()
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            app.push_screen(CardChoiceDialog("Card exchange", "Ann: choose 1 card", parse_cards("3C 4D 9H KS"), 1))
            await pilot.pause()
            await pilot.press("x")
            await pilot.pause()
            text = " ".join(screen_text(app).replace("│", " ").split())
            assert ("keys here: space or a number picks a card (past 10: + then a digit), g or enter gives them, "
                    "escape clears, v to look at the table; ? lists every key") in text, text

    asyncio.run(scenario())


def test_a_long_choice_list_scrolls_so_that_its_keys_note_stays_whole_at_80x24():
    """(A play-tester's lay-off list of seven choices at 80x24 cut the keys note after "v
    to look at the", the box at its 90%.) Below 30 rows the list scrolls sooner; the note,
    under a two-line prompt and the hand, is whole."""
    async def scenario():
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            options = [(f"2♠ on Eve's meld {n} (A♣ A♣ A♦ A♦ A♠ A♠), as an ace", Move("lay_off", parse_cards("2S")))
                       for n in range(1, 10)]
            prompt = "Ann: lay off 2♠ on which meld? " + "Each choice says what the wild stands for. " * 2
            app.push_screen(MoveListDialog("Lay off", prompt, options, hand=parse_cards("2S 3C 4C 5D 6D 7H 8H")))
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog))
            await pilot.press("x")
            await pilot.pause()
            text = " ".join(screen_text(app).replace("│", " ").split())
            assert ("keys here: ↑ ↓ to choose, enter to take it, v to look at the table, a card's number to its "
                    "choices; ? lists every key") in text, \
                screen_text(app)

    asyncio.run(scenario())


def test_a_quick_clear_let_go_in_the_dialog_can_still_be_thrown_on_ones_own_turn():
    """P24 "whatever the turn": a play-tester let the throw go in the out-of-turn dialog,
    then selected the three 5s at the table on their own turn and was refused. The throw
    is a play of that turn too: the line under the hand says so, and Enter makes it."""
    variant = load_variant("president-bombs")
    game = new_game(variant, 4, seed=1, hands=[["4C", "8D", "QS"], ["5C", "9H", "KD"],
                                              ["5D", "5H", "5S", "3C"], ["6C", "7D", "JH"]])
    app = make_app("bot:simple,bot:simple,Bob,bot:simple", preset="president-bombs", game=game)

    async def scenario():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog))  # after the bot's 5♣
            await pilot.press("escape")                                                # let it go
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                         and game.to_act == (2,))
            await pilot.press("2", "3", "4")
            await pilot.pause()
            assert "selected: 5♦ 5♥ 5♠ (legal: four, clears the pile)" in screen_text(app)  # (whole at 80)
            await pilot.press("enter")
            await settle(pilot, app, lambda: not game.view(2).pile)
            cleared = next(event for event in reversed(game.events) if event.kind == "trick_cleared")
            assert cleared.reason == "quick_clear" and game.hands[2] == list(parse_cards("3C"))

    asyncio.run(scenario())


def test_a_key_the_quit_question_has_no_use_for_names_its_keys(monkeypatch):
    """A play-tester pressed L, r and x on the quit question: nothing happened, unsaid. A
    key it takes no action for now says its keys in a note (as at the table); its answers
    are unchanged (n keeps playing), and the help's Quit rows list m too."""
    from cardtable.tui.screens.dialogs import KEYS, ConfirmQuit

    hold_bots(monkeypatch)
    app = make_app("Ann,bot:simple,bot:simple", preset="president-classic", seed=3)

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: table_screen(app) is not None)
            await pilot.press("q")
            await settle(pilot, app, lambda: isinstance(app.screen, ConfirmQuit))
            await pilot.press("x")
            await pilot.pause()
            notes = [note.message for note in app._notifications]
            assert notes == ["x is no key here: s saves and quits, m to the start screen, y abandons, n keeps playing"]
            await pilot.press("space")  # (no letter or sign to name: nothing more is said)
            await pilot.pause()
            assert len(app._notifications) == 1
            await pilot.press("n")
            await settle(pilot, app, lambda: app.screen is table_screen(app))
            assert not app._notifications  # (the note went with the question)

    asyncio.run(scenario())
    start = next(i for i, (where, _key, _what) in enumerate(KEYS) if where == "Quit")
    end = next(i for i in range(start + 1, len(KEYS)) if KEYS[i][0])
    said = {key: what for row in KEYS[start:end] for key, what in zip(row[1].split(" / "), row[2].split(" / "))}
    assert said == {"s": "save and quit (Continue next time)", "m": "save, to the start screen",
                    "y": "abandon the game", "n": "keep playing"}


@pytest.mark.parametrize("theme, size, said, moved", [
    ("felt", (100, 30), "↑ ↓ pick · enter or escape: Decline", "↑ ↓ pick · enter: Buy Q♠ (+2 from the stock) · escape: Decline"),
    ("ascii", (80, 24), "up down pick | enter or escape: Decline",
     "up down pick | enter: the highlighted one | escape: Decline")])
def test_the_buy_prompt_opens_saying_what_enter_does(theme, size, said, moved):
    """S8: the buy prompt opens on Decline (a hasty Enter must not buy); a play-tester's
    Enter declined two buys unawares (another's stayed out of a spades bet). It opens with
    a note of what Enter and escape do, naming the choice Enter takes as the highlight
    moves, one line even at 80x24 in ASCII; a refusal or a hint takes its place."""
    from cardtable.tui.screens.choose import MoveListDialog

    from .helpers import shanghai_buy_offer

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple", preset="shanghai-classic", theme=theme,
                       game=shanghai_buy_offer())
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, MoveListDialog))
            await pilot.pause()
            note = app.screen.query_one("#dialog-note")
            assert str(note.render()) == said and note.size.height == 1
            await pilot.press("up")
            await pilot.pause()
            assert str(note.render()) == moved and note.size.height == 1

    asyncio.run(scenario())


def test_the_keys_note_follows_the_highlight_and_the_theme_and_gives_way_to_a_refusal():
    """The keys' note names the choice Enter takes as the highlight moves; a theme whose
    words are longer (ASCII's "up down") writes it again, still one line at 80x24; a
    refusal the dialog opened with stays however the highlight moves."""
    from cardtable import Move
    from cardtable.tui.screens.choose import MoveListDialog

    options = [("Buy Q♠ (+2 from the stock)", Move("buy")), ("Decline", Move("decline"))]

    async def scenario():
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(MoveListDialog("Buy", "Ann: buy?", options, first=1, on_escape=1))
            await pilot.pause()
            note = app.screen.query_one("#dialog-note")
            assert str(note.render()) == "↑ ↓ pick · enter or escape: Decline"
            await pilot.press("up")
            await pilot.pause()
            assert str(note.render()) == "↑ ↓ pick · enter: Buy Q♠ (+2 from the stock) · escape: Decline"
            while app.card_theme != "ascii":  # (its words would take two lines: the name goes)
                await pilot.press("t")
                await pilot.pause()
            assert str(note.render()) == "up down pick | enter: the highlighted one | escape: Decline"
            assert note.size.height == 1
            app.pop_screen()
            await pilot.pause()
            app.push_screen(MoveListDialog("Buy", "Ann: buy?", options, error="no buys left", first=1,
                                           on_escape=1))
            await pilot.pause()
            note = app.screen.query_one("#dialog-note")
            await pilot.press("up")
            await pilot.pause()
            assert str(note.render()) == "no buys left"

    asyncio.run(scenario())


@contextlib.asynccontextmanager
async def over_a_table(dialog):
    """``dialog`` over a table at 100x30: the app, the pilot, its list and its note."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(dialog)
        await pilot.pause()
        yield app, pilot, app.screen.query_one("#dialog-options"), app.screen.query_one("#dialog-note")


def test_a_cards_number_walks_the_choices_that_use_it():
    """P18: the black market listed every card to every player (39 offers, ↓ after ↓; a
    play-tester): a card's number in the hand shown highlights its first offer, pressed
    again its next; a card no choice uses, or a number past the hand, says so."""
    from cardtable import Move
    from cardtable.tui.screens.choose import MoveListDialog

    hand = parse_cards("3C 7H 9S")
    offers = [(f"Offer {card.pretty()} to {who}", Move("offer", (card,), target=(seat,)))
              for card in hand[1:] for seat, who in ((1, "Bob"), (2, "Cy"))]
    options = [*offers, ("Pass (no offer)", Move("pass"))]

    async def scenario():
        dialog = MoveListDialog("Black market", "Ann: offer a card", options, hand, first=4, on_escape=4)
        async with over_a_table(dialog) as (app, pilot, listed, note):
            walked = []
            for key in "2223":
                await pilot.press(key)
                await pilot.pause()
                walked.append(listed.highlighted)
            assert walked == [0, 1, 0, 2]
            await pilot.press("1")
            await pilot.pause()
            assert str(note.render()) == "no choice here uses 3♣" and listed.highlighted == 2
            await pilot.press("down")  # (a passing word gives way to the keys' note as the highlight moves)
            await pilot.pause()
            assert str(note.render()) == "↑ ↓ pick · enter: Offer 9♠ to Cy · escape: Pass (no offer)"
            await pilot.press("5")
            await pilot.pause()
            assert str(note.render()).startswith("keys here:") and "a card's number to its choices" in str(note.render())
            await pilot.press("enter")
            await pilot.pause()
            assert not isinstance(app.screen, MoveListDialog)

    asyncio.run(scenario())


def test_plus_then_a_digit_reaches_cards_past_the_tenth_and_a_list_of_no_cards_takes_no_numbers():
    """Cards 11 and on (the black market's best, in a 13-card hand) are + then a digit, as at
    the table; a list whose choices play no card (the spades bet: Bet plays none) says its
    keys at a number, not "no choice here uses 9♠" (a play-tester)."""
    from cardtable import Move
    from cardtable.tui.screens.choose import MoveListDialog

    hand = parse_cards("3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2C")
    options = [("Offer A♣ to Bob", Move("offer", parse_cards("AC"), target=(1,))),
               ("Offer 2♣ to Bob", Move("offer", parse_cards("2C"), target=(1,))), ("Pass", Move("pass"))]

    async def scenario():
        async with over_a_table(MoveListDialog("Black market", "offer", options, hand, first=2,
                                               on_escape=2)) as (app, pilot, listed, note):
            await pilot.press("plus")
            await pilot.pause()
            assert str(note.render()) == "+: the next digit picks card 11 … 13"
            await pilot.press("plus")
            await pilot.pause()
            assert str(note.render()) == "the hand holds 13 cards"  # (and the + went)
            await pilot.press("plus", "up", "3")  # (the highlight moving lets a + go: card 3, the 5♣)
            await pilot.pause()
            assert str(note.render()) == "no choice here uses 5♣"
            await pilot.press("plus", "3")
            await pilot.pause()
            assert listed.highlighted == 1  # (card 13, the 2♣)
            await pilot.press("plus", "3")  # (again: its one choice, highlighted already: the keys' note again)
            await pilot.pause()
            assert listed.highlighted == 1 and str(note.render()) == "↑ ↓ pick · enter: Offer 2♣ to Bob · escape: Pass"
            await pilot.press("1")  # (the + went with the last digit: card 1, the 3♣)
            await pilot.pause()
            assert str(note.render()) == "no choice here uses 3♣" and listed.highlighted == 1
            app.pop_screen()
            await pilot.pause()
            bet = [("Bet 1 chip (show 9♠)", Move("bet")), ("Stay out", Move("decline"))]
            app.push_screen(MoveListDialog("Spades side bet", "bet?", bet, parse_cards("9S 3C"), first=1,
                                           on_escape=1))
            await pilot.pause()
            note = app.screen.query_one("#dialog-note")
            await pilot.press("1")
            await pilot.pause()
            assert str(note.render()) == ("keys here: ↑ ↓ to choose, enter to take it, v to look at the table, "
                                          "escape: Stay out; ? lists every key")

    asyncio.run(scenario())


def test_the_choice_highlighted_at_first_is_in_sight_however_long_the_list():
    """(A play-tester's out-of-turn chance at 80x24 listed five throws of 2s over "Let it
    go (escape)", the choice Enter takes, below the list's edge: no choice looked chosen.)"""
    from cardtable import Move

    throws = [(f"Throw {i}♣ {i}♦ {i}♥: complete four and clear the pile",
               Move("quick_clear", parse_cards(f"{i}C {i}D {i}H"))) for i in range(2, 10)]
    options = [*throws, ("Let it go", Move("decline"))]

    async def scenario():
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(MoveListDialog("Your chance", "Ann: Eve played 2♠", options, first=len(throws),
                                           on_escape=len(throws)))
            await pilot.pause()
            await pilot.pause()
            listed = app.screen.query_one("#dialog-options")
            assert listed.highlighted == len(throws) and listed.max_scroll_y > 0  # (the list scrolls)
            assert "Let it go (escape)" in screen_text(app)

    asyncio.run(scenario())


def test_a_list_taller_than_its_box_says_how_many_choices_are_out_of_sight():
    """At 80x24 a go-down list showed five of nine choices and nothing said more were
    there, Cancel among them (a play-tester): the list's bottom edge says "↓ 4 more", and
    "↑ 1 · ↓ 3 more" once it has scrolled; a list that fits says nothing."""
    from cardtable import Move

    options = [(f"{i}♣ {i}♦ {i}♥", Move("meld", parse_cards(f"{i}C {i}D {i}H"))) for i in range(2, 10)]

    async def scenario():
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(TableChoiceDialog("Go down", "Choose a go-down:", [*options, ("Cancel", None)],
                                              hand=parse_cards("2C 2D 2H 3C 3D 3H")))
            await pilot.pause()
            await pilot.pause()
            listed = app.screen.query_one("#dialog-options")
            above, below = listed.hidden()
            assert above == 0 and below > 0 and str(listed.border_subtitle) == f"↓ {below} more"
            assert f"↓ {below} more" in screen_text(app)
            shown = 9 - below
            await pilot.press(*["down"] * shown)  # (one past the last in sight: the list scrolls one)
            await pilot.pause()
            assert listed.hidden() == (1, below - 1)
            assert str(listed.border_subtitle) == (f"↑ 1 · ↓ {below - 1} more" if below > 1 else "↑ 1 more")
            app.pop_screen()
            app.push_screen(TableChoiceDialog("Go down", "Choose a go-down:", [*options[:2], ("Cancel", None)]))
            await pilot.pause()
            await pilot.pause()
            assert app.screen.query_one("#dialog-options").hidden() == (0, 0)
            assert str(app.screen.query_one("#dialog-options").border_subtitle) == ""

    asyncio.run(scenario())


def test_the_shanghai_buy_prompt_promises_only_the_stock_cards_a_buy_brings():
    """S8/S12: the stock nearly out and its rebuilds spent (a rule audit: the prompt always
    promised ``buy_penalty`` cards, the engine gave fewer): it says what the buy brings."""
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.shanghai.ui import ShanghaiUI

    from ..games.shanghai.helpers import deal, decline_all

    for rebuilds, label, said in ((1, "Buy 9♦ (+1 from the stock)", "Buy 9♦ with 1 card from the stock?"),
                                  (2, "Buy 9♦", "Buy 9♦? ")):
        game = deal(["2C 3D", "5H 6S", "8C 9D"], stock="KC QC JC", upcard="4H")
        game.rebuilds = rebuilds              # classic allows two: a second one left, or none
        game.apply(1, "draw_stock"); decline_all(game); game.apply(1, "discard 6S")
        game.apply(2, "draw_stock"); decline_all(game); game.apply(2, "discard 9D")
        game.apply(0, "draw_stock")           # the last stock card; the pile 4H 6S 9D
        dialog = ShanghaiUI().dialog(game, 1, parse_seats("Ann,Bob,Cy"))
        assert dialog.options[0][0] == label and said in dialog.prompt
