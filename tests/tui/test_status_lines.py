"""Status lines say what a player needs in words that fit an 80-column terminal."""

from __future__ import annotations

import asyncio

import pytest

from cardtable import Move, load_variant, new_game, parse_cards
from cardtable.bots import make_bot
from cardtable.engine.rng import Rng
from cardtable.tui.president.present import present
from cardtable.tui.seats import parse_seats
from cardtable.tui.widgets.card import cards_label

from .helpers import after_the_exchange, make_app, played_round, screen_text, settle, table_screen


def test_president_status_after_the_exchange_names_the_cards_and_fits_80_columns():
    """P8: until a player has played in round 2, the status says what they gave and got."""
    game = after_the_exchange()
    seats = parse_seats("Player,Dag,Eve,Finn")
    leader = game.to_act[0]
    view = game.view(leader)
    state = present(game, leader, seats)
    gave = " ".join(card.pretty() for card in view.given)
    got = " ".join(card.pretty() for card in view.received)
    lead = ("lead a card or set of one rank (not 2s)" if any(card.rank == 2 for card in view.hand)
            else "lead any card or set of one rank")
    assert state.status == f"{seats[leader].name} — your turn: {lead}"
    assert len(state.status) <= 80
    assert state.note == f"you gave {gave}, got {got}"


def round_two_at_ann(seed: int):
    """A 4-player game in round 2 (the exchange done) at Ann's first turn to play, seat 0."""
    game = played_round(seed=seed)
    game.next_round()
    bot, rng = make_bot("president", "simple"), Rng(seed)
    while not (game.phase == "play" and game.to_act == (0,)):
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    return game


def enter_at_anns_turn(game, done) -> tuple[int, str]:
    """Enter at Ann's turn to follow (seat 0, bots elsewhere), until ``done(app, said)``
    (``said``: how many events the game held before); the events added and the screen."""
    from cardtable.tui.screens.table import TableScreen

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple", game=game)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
            said = len(game.events)
            await pilot.press("enter")
            await settle(pilot, app, lambda: done(app, said))
            return said, screen_text(app)

    return asyncio.run(scenario())


def test_enter_passes_when_nothing_can_follow():
    """P8: with nothing to follow the pile, Enter passes, as the status line says (a new
    player pressed it and read "choose at least one card")."""
    game = round_two_at_ann(21)
    assert Move("pass") in game.legal_moves(0) and not any(m.kind == "play" for m in game.legal_moves(0))
    said, _shown = enter_at_anns_turn(game, lambda app, said: len(game.events) > said)
    assert (game.events[said].kind, game.events[said].seat) == ("passed", 0)


def test_enter_with_nothing_selected_never_passes_while_a_play_can_follow():
    """P8: Ann can follow 3♣ with 5♣: Enter with nothing selected asks for cards and
    passes nothing (a stray Enter must not pass a turn away)."""
    from ..games.president.helpers import president

    game = president(hands=["5C 6D", "4C 9H", "KC 9D", "3C 9S"], first_dealer=2)  # (seat 3 leads)
    game.apply(3, Move("play", parse_cards("3C")))
    assert game.to_act == (0,)
    said, shown = enter_at_anns_turn(
        game, lambda app, said: "choose at least one card" in str(table_screen(app).table.notice))
    assert len(game.events) == said and game.to_act == (0,) and "p or enter passes" not in shown


def test_with_only_a_quick_clear_open_the_status_does_not_say_enter_passes():
    """P24: Ann's 7♥ completes four 7s (a quick clear) and nothing else follows them: the
    status does not say Enter passes, as Enter asks for the cards there (p passes)."""
    from ..games.president.helpers import president

    game = president(hands=["7H 4D", "7C 7D 7S 9D", "KC 9H", "3C 9S"], first_dealer=0, quick_clear=True)
    game.apply(1, Move("play", parse_cards("7C 7D 7S")))
    game.apply(0, Move("decline"))  # (Ann lets the out-of-turn chance go: P24 offers it again on her turn)
    while game.to_act != (0,):
        game.apply(game.to_act[0], Move("pass"))
    kinds = {move.kind for move in game.legal_moves(0)}
    assert kinds == {"quick_clear", "pass"}, kinds
    status = present(game, 0, parse_seats("Ann,Bob,Cy,Dee")).status
    assert "your turn" in status and "p or enter passes" not in status, status


@pytest.mark.parametrize("size", [(80, 24), (120, 30)])
def test_the_exchange_note_is_readable_at_80_columns_and_the_hand_stays(size):
    """P8 at 80x24: "Ann — your turn: you cannot beat a pair of queens — p or enter passes" leaves
    no room for what Ann gave and got: the note takes a line of its own; at 120 columns
    it follows the status on one line."""
    from cardtable.tui.screens.table import TableScreen
    from cardtable.tui.widgets.hand import Hand

    game = round_two_at_ann(21)
    view = game.view(0)
    gave = " ".join(card.pretty() for card in view.given)
    got = " ".join(card.pretty() for card in view.received)

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple", game=game)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
            await pilot.pause()
            text = screen_text(app)
            lines = text.splitlines()
            status = next(i for i, line in enumerate(lines) if "your turn: you cannot beat" in line)
            assert lines[status].rstrip().endswith("p or enter passes" if size[0] == 80 else f"got {got}")
            assert f"gave {gave}, got {got}" in "\n".join(lines[status:status + 2])
            assert "nothing to play: Pass (p)" in text and "select cards" not in text  # (both lines agree)
            hand = app.screen.query_one(Hand)
            assert hand.region.bottom <= size[1] - 2 and hand.region.height == 6  # whole, above the buttons

    asyncio.run(scenario())


def test_the_match_goal_reads_in_words():
    from types import SimpleNamespace

    from cardtable.tui.president.present import match_text

    assert match_text(SimpleNamespace(match_target=11, match_rounds=1)) == "first to 11 or 1 round"
    assert match_text(SimpleNamespace(match_target=11, match_rounds=5)) == "first to 11 or 5 rounds"
    assert match_text(SimpleNamespace(match_target=0, match_rounds=1)) == "1 round"
    assert match_text(SimpleNamespace(match_target=0, match_rounds=0)) == "endless"


def test_log_rows_wrap_whole_words_and_a_tall_newest_line_keeps_its_start():
    from cardtable.tui.widgets.log import newest_rows

    assert newest_rows(("old", "short", "new"), 12, 2) == ["short", "new"]
    assert newest_rows(("old", "Ann lays off Q-C on Bob's meld"), 14, 3) == \
        ["old", "Ann lays off", "  Q-C on Bob's", "  meld"][-3:]
    assert newest_rows(("old", "Ann goes down: Q-C Q-D Q-H | 8-S 9-S 10-S J-S"), 12, 3) == \
        ["Ann goes", "  down: Q-C", "  Q-D Q-H |"]


@pytest.mark.parametrize(("exchange", "what"), [("classic", "cards to give back"), ("president_first", "cards to give")])
def test_the_status_while_someone_chooses_cards_fits_the_exchange(exchange, what):
    """P13 vs P15: under president_first the President gives first, nothing to give back."""
    from cardtable import new_game
    from cardtable.games.president import PresidentRules, PresidentVariant

    variant = PresidentVariant(name="x", players={"min": 4, "max": 4}, rules=PresidentRules(exchange=exchange))
    game = new_game(variant, 4, seed=3)
    bot, rng = make_bot("president", "simple"), Rng(1)
    while not game.round_over:
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    game.next_round()
    chooser = game.to_act[0]
    other = next(seat for seat in range(4) if seat != chooser)
    seats = parse_seats("Ann,Bob,Cy,Dee")
    status = present(game, other, seats).status
    assert status.endswith(f"{seats[chooser].name} is choosing {what}")


@pytest.mark.parametrize("size", [(80, 24), (120, 30)])
def test_under_the_ascii_theme_the_status_and_the_exchange_note_are_ascii(size):
    """The note joined to the status (120 columns) or on its own line (80) is written in
    ASCII like the rest: "... or pass | you gave 3-C, got JK", not "· you gave"."""
    from cardtable.tui.screens.table import TableScreen

    game = round_two_at_ann(21)

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple", game=game, theme="ascii")
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy)
            await pilot.pause()
            lines = screen_text(app).splitlines()
            status = next(i for i, line in enumerate(lines) if "your turn" in line)
            rows = "\n".join(lines[status:status + 2])
            assert "you gave" in rows
            assert rows.isascii(), rows

    asyncio.run(scenario())


def test_the_play_to_beat_counts_its_cards_in_words():
    """ "to beat: three 3s", not "to beat: 3 3s" (two decks allow five Qs and more)."""
    from cardtable import load_variant
    from cardtable.games.president.rules import RankOrder

    ranks = RankOrder(load_variant("president-bombs").rules)
    value = {label: value for value, label in ranks.label.items()}
    assert ranks.describe(value["8"], 1) == "a single 8"
    assert ranks.describe(value["5"], 2) == "a pair of 5s"
    assert ranks.describe(value["3"], 3) == "three 3s"
    assert ranks.describe(value["9"], 3) == "three 9s"
    assert ranks.describe(value["K"], 4) == "four kings"
    assert ranks.describe(value["Q"], 5) == "five queens"
    assert ranks.describe(value["Q"], 8) == "eight queens"
    assert ranks.describe(value["A"], 2) == "a pair of aces"  # ("As" reads as a word)
    assert ranks.describe(value["J"], 1) == "a single jack"  # (as "three jacks", not "a single J")
    assert ranks.describe(value["A"], 1) == "a single ace"


def test_forseti_says_match_or_beat_where_equal_ranks_may_follow():
    """P5 equal_rank = "allowed" (Forseti) or "skip", and P25 burns (president-bombs): the
    same rank may follow, so not just "beat"."""
    from cardtable import load_variant, new_game

    classic = load_variant("president-classic")
    skip = classic.model_copy(update={"rules": classic.rules.model_copy(update={"equal_rank": "skip"})})
    for variant, verb in ((load_variant("forseti"), "match or beat"), (load_variant("president-bombs"), "match or beat"),
                          (skip, "match or beat"), (classic, "beat")):
        game = new_game(variant, 4, seed=5)
        bot, rng = make_bot("president", "simple"), Rng(5)
        while True:
            seat = game.to_act[0]
            view = game.view(seat)
            if view.phase == "play" and view.top and any(m.kind == "play" for m in game.legal_moves(seat)):
                break
            game.apply(seat, bot.choose(view, game.legal_moves(seat), rng))
        status = present(game, seat, parse_seats("Ann,Bob,Cy,Dee")).status
        assert f"your turn: {verb} {view.to_beat}, or pass" in status


def test_the_exchange_note_goes_once_the_player_is_out():
    """A player out (say by an out-of-turn throw before any own turn) has no use for it."""
    from dataclasses import replace

    from cardtable.tui.president.present import _exchange_note

    game = round_two_at_ann(3)
    view = game.view(0)
    assert _exchange_note(game, view, 0, False).startswith("you ")
    assert _exchange_note(game, replace(view, out=(0,)), 0, False) == ""


def test_the_lead_prompt_names_the_ranks_nobody_may_lead():
    """P21: with ``no_lead_with_top`` a 2 may not be led while the hand holds anything
    else, so the lead prompt says "not 2s" rather than "lead any card"."""
    from cardtable import load_variant, new_game

    hands = ["2S 2H 5C 9D", "3S 4S 6C 7D", "3H 4H 6D 7C", "3C 4C 6H 8D"]
    game = new_game(load_variant("president-classic"), players=4, hands=hands, dealer=3)
    seats = parse_seats("Ann,Bob,Cy,Di")
    assert game.to_act == (0,)
    state = present(game, 0, seats)
    assert state.status == "Ann — your turn: lead a card or set of one rank (not 2s)"
    # president-bombs: the jokers (not wild there) sit above the 2s, so they wait too
    hands = ["2S JK 5C 9D", "3S 4S 6C 7D", "3H 4H 6D 7C", "3C 4C 6H 8D"]
    game = new_game(load_variant("president-bombs"), players=4, hands=hands, dealer=3)
    assert present(game, 0, seats).status == "Ann — your turn: lead a card or set of one rank (not 2s, jokers)"
    # ace high (west-coast): the aces wait, in words ("As" read as the English word)
    classic = load_variant("president-classic")
    ace_high = classic.model_copy(update={"rules": classic.rules.model_copy(update={"rank_order": "ace_high"})})
    game = new_game(ace_high, players=4, hands=["AS AH 5C 9D", *hands[1:]], dealer=3)
    assert present(game, 0, seats).status == "Ann — your turn: lead a card or set of one rank (not aces)"
    # president-bombs: four kings are a bomb, led only with nothing else in hand (P21),
    # though any fewer of them may lead
    hands = ["KC KD KH KS 5C", "3S 4S 6C 7D 8S", "3H 4H 6D 7C 8H", "3C 4C 6H 8D 9S"]
    game = new_game(load_variant("president-bombs"), players=4, hands=hands, dealer=3)
    assert present(game, 0, seats).status == "Ann — your turn: lead a card or set of one rank (not a 4-of-a-kind bomb)"
    # five 7s: all five may lead, four of them (a bomb) may not; three kings and a wild
    # joker are a bomb too (president-bombs with jokers wild)
    hands = ["7C 7D 7H 7S 7C 5C", "3S 4S 6C 8D 8S 9C", "3H 4H 6D 8C 8H 9D", "3C 4C 6H 9H 9S 10C"]
    game = new_game(load_variant("president-bombs"), players=4, hands=hands, dealer=3)
    assert present(game, 0, seats).status == "Ann — your turn: lead a card or set of one rank (not a 4-of-a-kind bomb)"
    bombs = load_variant("president-bombs").changed(wilds=("JK",))
    game = new_game(bombs, players=4, hands=["KC KD KH JK 5C", *hands[1:]], dealer=3)
    assert present(game, 0, seats).status == "Ann — your turn: lead a card or set of one rank (not a 4-of-a-kind bomb)"
    # red-threes: a red 3 and a black 3 are two ranks, not "all 2 3s" (P28)
    game = new_game(load_variant("red-threes"), players=4, dealer=3,
                    hands=["3S 3D 5C 9D", "4S 4C 6C 7D", "4H 4D 6D 7C", "3C 3H 6H 8D"])
    assert present(game, 0, seats).status == "Ann — your turn: lead a card or set of one rank (not red 3s)"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_exchange_dialog_names_whom_the_cards_go_to(players):
    """P13: the card-exchange prompt names the receiver: each top title gives back to its
    mirror (President to Scum, Vice-President to Vice-Scum), two cards from the
    President, one from the Vice-President (one card each way below 4 players)."""
    from cardtable.tui.president.ui import PresidentUI

    game = played_round(players=players)
    game.next_round()
    seats = parse_seats(",".join(["Ann", "Bob", "Cy", "Di", "Eve"][:players]))
    while game.view(game.to_act[0]).phase == "exchange":
        seat = game.to_act[0]
        title = game.titles[seat]
        to = game.titles.index({"president": "scum", "vice_president": "vice_scum"}[title])
        count = 2 if title == "president" and players >= 4 else 1  # (fewer than 4: one card each way)
        dialog = PresidentUI().dialog(game, seat, seats)
        assert f"choose {count} card{'s' * (count != 1)} to give to {seats[to].name} " in dialog.prompt
        game.apply(seat, game.legal_moves(seat)[0])


def test_round_points_below_zero_read_minus_not_plus_minus():
    """A house rule may score a title below zero (title_points scum = -1): the round-end
    table says "−1" ("-1" in ASCII), not "+-1"."""
    from rich.console import Console

    from cardtable.tui.families import SummaryRow
    from cardtable.tui.screens.summary import results_table

    rows = [SummaryRow("1st", "Ann", "President", 3, 3, 0), SummaryRow("2nd", "Bob", "—", 0, 0, 1),
            SummaryRow("3rd", "Dag", "Scum", -1, -1, 2)]
    for ascii, minus in ((False, "−1"), (True, "-1")):
        console = Console(width=80, record=True)
        console.print(results_table(rows, ascii=ascii))
        lines = console.export_text().splitlines()
        assert lines[1].split()[-2:] == ["+3", "3"]
        assert lines[2].split()[-2:] == ["0", "0"]
        assert lines[3].split()[-2:] == [minus, minus]
        assert "+-" not in console.export_text()


def test_the_match_end_says_its_titles_are_the_last_rounds():
    """The match's places go by total; the titles beside them are from the last round
    ("2nd Bob Borgari" read as a contradiction), and the header says so."""
    from rich.console import Console

    from cardtable.tui.families import SummaryRow
    from cardtable.tui.screens.summary import match_table

    rows = [SummaryRow("1st", "Ann", "Scum", 0, 7, 0), SummaryRow("2nd", "Bob", "Forseti", 0, 5, 1)]
    console = Console(width=80, record=True)
    console.print(match_table(rows, "president"))
    lines = console.export_text().splitlines()
    assert lines[0].split() == ["place", "player", "last", "round's", "title", "total"]
    assert lines[1].split() == ["1st", "Ann", "Scum", "7"]


@pytest.mark.parametrize("family", ["president", "shanghai", "tonk"])
def test_under_the_ascii_theme_the_results_write_names_and_titles_in_ascii(family):
    """A play-tester's Forseti results under the ASCII theme read "Vara-skítur" (the seat
    panels read "Vara-skitur"): the round's and the match's results write names and
    titles in the theme's letters, and nothing outside ASCII."""
    from rich.console import Console

    from cardtable.tui.families import SummaryRow
    from cardtable.tui.screens.summary import match_table, results_table

    rows = [SummaryRow("1st", "Þór", "Forseti", 2, 2, 0), SummaryRow("2nd", "Zoë", "Vara-skítur", -1, -1, 1),
            SummaryRow("3rd", "Ann", None, 0, 0, 2)]
    for table in (results_table(rows, ascii=True), match_table(rows, family, ascii=True)):
        console = Console(width=100, record=True)
        console.print(table)
        text = console.export_text()
        assert text.isascii() and "Thor" in text and "Zoe" in text, text
        if family == "president":
            assert "Vara-skitur" in text


def test_a_header_too_wide_lets_cardtable_go_first():
    """At 80 columns "cardtable · Tonk (house rules) · hand 1 · stake 1 · 1 hand or until
    one is broke" does not fit: the program's name gives way, not the end of the line
    (which said "until one is" before); a wider terminal shows it all again."""
    from cardtable import load_variant
    from cardtable.tui.app import CardtableApp
    from cardtable.tui.seats import TableSetup

    variant = load_variant("tonk-classic")
    variant = variant.model_copy(update={"title": "Tonk (house rules)",
                                         "rules": variant.rules.model_copy(update={"match_hands": 1})})
    whole = "cardtable · Tonk (house rules) · hand 1 · stake 1 · 1 hand or until one is broke"

    async def scenario():
        app = CardtableApp(setup=TableSetup(variant, parse_seats("Ann,bot:simple,bot:simple"), 3),
                           theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert screen_text(app).splitlines()[0].strip() == whole.removeprefix("cardtable · ")
            await pilot.resize_terminal(120, 30)
            await pilot.pause()
            assert screen_text(app).splitlines()[0].strip() == whole

    asyncio.run(scenario())


def test_a_move_in_words_says_draws_as_a_player_would():
    """Hints name a draw as the status line does ("draw from the stock", not "draw stock")."""
    from cardtable.engine.cards import parse_cards
    from cardtable.engine.moves import Move
    from cardtable.tui.text import describe_move

    assert describe_move(Move("draw_stock")) == "draw from the stock"
    assert describe_move(Move("take_upcard")) == "take the upcard"
    assert describe_move(Move("lay_off", parse_cards("8C"))) == "lay off 8♣"
    assert describe_move(Move("discard", parse_cards("QC")), ascii=True) == "discard Q-C"


def test_the_ascii_theme_drops_accents_from_latin_letters_only():
    """Vara-skítur reads Vara-skitur, Þór Thor; a name in another script stays as it is
    (dropping a kana's voicing mark would make it another name)."""
    from cardtable.tui.text import asciify

    assert asciify("Vara-skítur · Þór Q♣ — Ñandú") == "Vara-skitur | Thor Q-C - Nandu"
    assert asciify("ガク 김") == "ガク 김"


def test_the_trick_box_marks_earlier_plays_it_leaves_out():
    """The trick box names the last three plays under the one to beat; more before them
    are marked "…" (a 7-seat trick looked as if its fourth player had led)."""
    from cardtable import load_variant, new_game
    from cardtable.tui.president.present import present
    from cardtable.tui.seats import parse_seats

    game = new_game(load_variant("president-classic"), 4, seed=1,
                    hands=["6C JC KD", "3C 8C KH", "4C 9C KS", "5C 10C KC"])
    seats = parse_seats("Ann,Bob,Cy,Di")
    for seat, cards in ((1, "3C"), (2, "4C"), (3, "5C")):
        game.apply(seat, f"play {cards}")
    assert present(game, 0, seats, False).pile_earlier == "Bob 3♣ · Cy 4♣"
    game.apply(0, "play 6C")
    assert present(game, 1, seats, False).pile_earlier == "You 3♣ · Cy 4♣ · Di 5♣"  # (told to Bob)
    game.apply(1, "play 8C")
    assert present(game, 2, seats, False).pile_earlier == "… · You 4♣ · Di 5♣ · Ann 6♣"  # (told to Cy)
    assert present(game, 2, seats, True).pile_earlier == "... | You 4-C | Di 5-C | Ann 6-C"


def test_a_table_talk_partners_hand_is_told_beside_the_status_all_round():
    """P19: the partner's hand (the seat panel cut it at 80 and 100 columns) goes in the
    note: beside the status, or on the note's line when the row is short."""
    from ..games.president.test_rules_exchange import second_round

    game, _ = second_round(exchange="none", table_talk=True)
    game.apply(1, Move("offer_talk", target=(2,)))
    game.apply(2, Move("accept"))
    seats = parse_seats("Ann,Bob,Cy,Di")
    state = present(game, 1, seats)
    assert state.talk == "Cy shows you: " + cards_label(game.view(1).shared[0][1])
    assert present(game, 3, seats).talk == ""
    game.apply(2, Move("decline"))
    game.apply(3, Move("decline"))
    assert game.phase == "play" and game.to_act == (1,)

    async def scenario():
        from cardtable.tui.screens.table import TableScreen

        app = make_app("bot:simple,Bob,bot:simple,bot:simple", game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and app.screen.table.state
                         is not None and app.screen.table.state.viewer == 1)
            await pilot.pause()
            note = app.screen.query_one("#status-note")
            partner = app.screen.seats[2].name  # (the bot's own name)
            assert note.display and str(note.render()) == f"{partner} shows you: " + cards_label(game.view(1).shared[0][1])

    asyncio.run(scenario())


def test_a_president_status_too_long_for_its_row_wraps_never_cut():
    """A long name at 80 columns: the whole status shows, on two rows."""
    from cardtable.tui.screens.table import TableScreen

    name = "Wilhelmina-Augusta von Hohenzollern the Third"

    async def scenario():
        app = make_app(f"{name},bot:simple,bot:simple,bot:simple", seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                         and app.screen.game.to_act == (0,))
            await pilot.pause()
            table = app.screen.table
            status = table.state.status
            assert len(status) > 78 and table.has_class("-status-wraps")
            assert " ".join(screen_text(app).split()).count(" ".join(status.split())) == 1

    asyncio.run(scenario())


def test_your_own_title_and_points_show_under_your_hand():
    """Only the other players have seat panels: the line under the hand says your own
    title (from round 2) and points."""
    from ..games.president.test_rules_exchange import second_round

    game, _ = second_round(exchange="none")
    seats = parse_seats("Ann,Bob,Cy,Di")
    assert game.titles == ("scum", "president", "vice_president", "vice_scum")
    assert present(game, 0, seats).me == f"you: Scum · {game.scores[0]} pt{'s' * (game.scores[0] != 1)}"
    assert present(game, 2, seats).me.startswith("you: Vice-President · ")


def test_a_wild_on_the_piles_line_says_what_it_stands_for():
    """P27 (red-threes: 2s wild): an earlier play on the pile's line, and the log, show
    each wild with the rank it stands for, as the "to beat" line reads the latest."""
    from cardtable import load_variant, new_game
    from cardtable.engine.cards import parse_cards
    from cardtable.games.president.rules import RankOrder

    game = new_game(load_variant("red-threes"), 4, dealer=3,
                    hands=["3S QC 2C 5D 6D", "4C KC KD 7D 8D", "4D AC AD 9C 9D", "5C 6C 7C 8C 10C"])
    game.apply(0, "play QC 2C")
    game.apply(1, "play KC KD")
    assert present(game, 2, parse_seats("Ann,Bob,Cy,Di")).pile_earlier == "Ann Q♣ 2♣=Q"
    played = [event for event in game.events if event.kind == "cards_played"]
    assert [event.describe(lambda seat: "AB"[seat]) for event in played] == ["A plays Q♣ 2♣=Q", "B plays K♣ K♦"]
    ranks = RankOrder(game.variant.rules)
    assert ranks.stands_for(parse_cards("2C 2D")) == {}                       # all wild: nothing to say
    assert ranks.stands_for(parse_cards("3C 2D")) == {parse_cards("2D")[0]: "black 3"}


def test_a_last_play_that_makes_you_scum_is_told_before_it_is_made():
    """P26 (no_finish_on_top): Ann's last card is a 2; selecting it says the play is
    legal and that going out on it makes her Scum (a play-tester went out unwarned)."""
    from cardtable.tui.screens.table import TableScreen

    variant = load_variant("president-classic").changed(no_finish_on_top=True)
    game = new_game(variant, 4, seed=1, hands=["2C", "5C 9C", "3C 4C 8C", "6C 7C"])

    async def scenario():
        app = make_app("Ann,bot:simple,bot:simple,bot:simple", game=game)
        async with app.run_test(size=(80, 24)) as pilot:  # (whole at the narrowest)
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                         and app.screen.game.to_act == (0,))
            await pilot.press("1")
            await pilot.pause()
            text = screen_text(app)
            assert "selected: 2♣ (legal, but it makes you Scum: P26)" in text

    asyncio.run(scenario())


def test_the_round_end_says_who_went_out_on_top():
    """P26 with P9 card_count: the round ends when Bob goes out on a 2; he is last, and
    the round's rows say why ("Scum (out on top, P26)")."""
    from cardtable.tui.president.ui import PresidentUI

    variant = load_variant("president-classic").changed(no_finish_on_top=True, round_end="card_count")
    game = new_game(variant, 4, seed=1, hands=["9D 4H 7S KD", "5C 2H", "6C 8C 10C QC AC", "7D 8D 10D QD AD"])
    game.apply(1, "play 5C")
    while game.to_act != (1,):
        seat = game.to_act[0]
        game.apply(seat, "pass" if "pass" in map(str, game.legal_moves(seat)) else str(game.legal_moves(seat)[0]))
    game.apply(1, "play 2H")
    assert game.round_over
    _heading, rows = PresidentUI().round_summary(game, parse_seats("Ann,Bob,Cy,Di"))
    bob = next(row for row in rows if row.seat == 1)
    assert rows[-1] is bob and bob.title == "Scum (out on top, P26)"
    assert not any("P26" in row.title for row in rows if row.seat != 1)


def test_the_exchange_note_says_market_too_once_the_black_market_opened():
    """P13/P18: the note of cards given and got counts black-market swaps as well, so once
    the market is opened it is headed "Exchange and market" (a play-tester's note named
    a market swap as part of the exchange); while it is not, or was kept closed, just
    "Exchange"."""
    from cardtable.tui.president.present import exchange_heading

    from ..games.president.test_rules_exchange import second_round

    assert exchange_heading(new_game(load_variant("president-classic"), 4, seed=1)) == "Exchange"
    seats = parse_seats("Ann,Bob,Cy,Di")
    game, _ = second_round(exchange="none", black_market=True)
    assert present(game, 1, seats).note_heading == "Exchange"  # (not opened yet: nothing swapped)
    game.apply(1, Move("open_market"))
    assert exchange_heading(game) == "Exchange and market"
    assert present(game, 1, seats).note_heading == "Exchange and market"
    game, _ = second_round(exchange="none", black_market=True)
    game.apply(1, Move("decline"))
    assert present(game, 0, seats).note_heading == "Exchange"  # (Bob kept it closed: a play-tester's note)


def test_the_exchange_note_leaves_out_a_card_that_went_and_came_back():
    """P13 with P18: Bob got 3♣ in the exchange and gave it back on the black market; the
    note said "you gave K♠ 2♠ 3♣, got 3♣ 3♥ 4♦" (3♣ on both sides): it says how the hand
    changed."""
    from dataclasses import replace

    from cardtable.tui.president.present import _exchange_note

    game = new_game(load_variant("president-classic").changed(black_market=True), 4, seed=1)
    view = replace(game.view(0), given=parse_cards("KS 2S 3C"), received=parse_cards("3C 3H 4D"))
    assert _exchange_note(game, view, 0, False) == "you gave K♠ 2♠, got 3♥ 4♦"
    assert _exchange_note(game, replace(view, given=parse_cards("3C"), received=parse_cards("3C")), 0, False) == ""


def test_a_player_locked_out_of_the_trick_is_told_so_while_waiting():
    """P6 (``pass_locks_out``, as at Forseti): after passing, the player's own status says
    they are out of this trick (only the log said so); once the trick is won it goes."""
    from cardtable.engine.moves import PASS

    from ..games.president.helpers import play, president

    game = president(hands=["3C 4C", "5C 6C", "7C 8C", "9C TC"], pass_locks_out=True)
    seats = parse_seats("Ann,Bob,Cy,Dag")
    game.apply(1, play("5C"))
    game.apply(2, PASS)
    assert present(game, 2, seats).status == "Cy — waiting for Dag · you passed, out of this trick (P6)"
    assert present(game, 0, seats).status == "Ann — waiting for Dag"
    game.apply(3, play("9C"))
    game.apply(0, PASS)
    game.apply(1, PASS)  # (the trick goes to Dag, who leads the next)
    assert present(game, 2, seats).status == "Cy — waiting for Dag"


def test_under_the_ascii_theme_the_score_sheet_and_the_show_down_write_names_in_ascii():
    """Shanghai's score sheet and Tonk's show-down name the players in the theme's
    letters too ("Zoe" for "Zoë" under the ASCII theme)."""
    from rich.console import Console

    from cardtable.tui.shanghai.scores import score_table
    from cardtable.tui.tonk.showdown import showdown, showdown_table

    seats = parse_seats("Zoë,Þór,Ann")
    tonk = new_game(load_variant("tonk-classic"), 3, seed=2)
    bot, rng = make_bot("tonk", "simple"), Rng(2)
    while not tonk.round_over:
        seat = tonk.to_act[0]
        tonk.apply(seat, bot.choose(tonk.view(seat), tonk.legal_moves(seat), rng))
    for table in (score_table(new_game(load_variant("shanghai-classic"), 3, seed=1), seats, ascii=True),
                  showdown_table(showdown(tonk, seats, ascii=True), ascii=True)):
        console = Console(width=100, record=True)
        console.print(table)
        text = console.export_text()
        assert text.isascii() and "Zoe" in text and "Thor" in text, text


def test_the_status_while_a_player_chooses_reads_as_a_sentence_for_them_and_for_others():
    """P18/P19: "Bob — you may open the black market" to the chooser, "Ann — Bob may open
    the black market" to the others (a review found "you are may open")."""
    from ..games.president.test_rules_exchange import second_round

    seats = parse_seats("Ann,Bob,Cy,Di")
    game, _ = second_round(exchange="none", black_market=True)
    assert present(game, 1, seats).status == "Bob — you may open the black market"
    assert present(game, 0, seats).status == "Ann — Bob may open the black market"
    game.apply(1, Move("open_market"))
    assert present(game, 1, seats).status == "Bob — you are trading on the black market"
    assert present(game, 2, seats).status == "Cy — Bob is trading on the black market"
    game, _ = second_round(exchange="none", table_talk=True)
    assert present(game, 1, seats).status == "Bob — you are deciding on table talk"
    assert present(game, 3, seats).status == "Di — Bob is deciding on table talk"
    game, _ = second_round(exchange="classic")
    assert present(game, 1, seats).status == "Bob — you are choosing cards to give back"


def test_draw_first_names_only_the_draws_the_rules_allow_now():
    """Tonk said "draw first: s from the stock or u the upcard" even with no upcard to
    take (the engine refuses it then); every family now names the draws listed."""
    from cardtable import Move
    from cardtable.tui.widgets.family_table import LegalMoves

    class Moves(LegalMoves):
        def __init__(self, *kinds: str) -> None:
            self.moves = tuple(Move(kind) for kind in kinds)

    assert Moves("draw_stock", "take_upcard", "drop").draw_first == "draw first: s from the stock or u the upcard"
    assert Moves("draw_stock", "drop").draw_first == "draw first: s from the stock"
    assert Moves("take_upcard").draw_first == "draw first: u the upcard"


def test_a_president_player_who_is_out_is_told_so_while_the_others_play_on():
    """A play-tester went out first: the hand showed "(no cards)" over the Play and Pass
    buttons, and the status only "waiting for Dag", nothing of being out (the first
    out: the President)."""
    hands = ["5C", "3S 4S 6C 7D", "3H 4H 6D 7C", "3C 4C 6H 8D"]
    game = new_game(load_variant("president-classic"), players=4, hands=hands, dealer=3)
    seats = parse_seats("Ann,Bob,Cy,Di")
    game.apply(0, Move.parse("play 5C"))
    assert 0 in game.view(0).out and not game.round_over
    assert present(game, 0, seats).status == "Ann — you are out (1st): the others play the round out"
    assert present(game, 1, seats).status.startswith("Bob — your turn")
