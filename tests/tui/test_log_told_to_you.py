"""The table's log names its viewer "you" ("You draw 3♠", "Finn lays off 2♦ on your
meld 1"): a play-tester who sat as "Me" read "Me lays off K♠ on their own meld 2"."""

from __future__ import annotations

import re

import pytest

from cardtable import list_variants, load_variant, new_game
from cardtable.bots import RandomBot
from cardtable.engine.rng import Rng
from cardtable.engine.events import CardsDealt
from cardtable.tui.text import YOU, round_log, this_round, told_to_you

NAMES = ("Ann", "Bob", "Cy", "Dag", "Eve", "Fay", "Gus", "Hal")
THIRD_PERSON = re.compile(r"\b[Yy]ou (?:is|was|has|does|goes|says|\w*[^s\W]s)\b|\byour? \w+'s\b")
"""What a line told to "you" must never hold: "You draws", "you is", "You passes"."""


@pytest.mark.parametrize("line, told", [
    (f"{YOU} draws 3♠", "You draw 3♠"),
    (f"Finn lays off 2♦ on {YOU}'s meld 1", "Finn lays off 2♦ on your meld 1"),
    (f"{YOU} lays off K♠ on their own meld 2", "You lay off K♠ on your own meld 2"),
    (f"{YOU} buys Q♠ and takes 2 cards from the stock", "You buy Q♠ and take 2 cards from the stock"),
    (f"Eve catches the dropper — {YOU} pays Eve 2 chips, Dag pays {YOU} 1 chip",
     "Eve catches the dropper — you pay Eve 2 chips, Dag pays you 1 chip"),
    (f"Hand 1 — {YOU} deals", "Hand 1 — you deal"),
    (f"{YOU} passes (out of this trick)", "You pass (out of this trick)"),
    (f"{YOU} catches the dropper", "You catch the dropper"),
    (f"{YOU} is out (1st)", "You are out (1st)"),
    (f"{YOU} does not buy", "You do not buy"),
    (f"{YOU} went out on a top card or a clearing play and becomes Scum (P26)",
     "You went out on a top card or a clearing play and become Scum (P26)"),
    (f"{YOU} and Jess show each other their hands", "You and Jess show each other their hands"),
    (f"Ann and {YOU} go out", "Ann and you go out"),
    (f"Cards left: {YOU} 5♣ (5); Ann 7♦ (7)", "Cards left: you 5♣ (5); Ann 7♦ (7)"),
    (f"Ann shows 5♣ (5); {YOU} shows 7♦ (7)", "Ann shows 5♣ (5); you show 7♦ (7)"),
    (f"Bob offers {YOU} table talk", "Bob offers you table talk"),
    (f"Bob says to {YOU} as always", "Bob says to you as always"),  # (a word after an object "you" is kept)
    ("Bob draws 3♠", "Bob draws 3♠"),
])
def test_a_line_about_the_viewer_is_told_in_the_second_person(line, told):
    assert told_to_you(line) == told


@pytest.mark.parametrize("preset", [p for family in ("president", "shanghai", "tonk") for p in list_variants(family)])
def test_every_line_of_a_random_round_told_to_each_seat_says_you_for_that_seat_alone(preset):
    """Seeded random play over every preset: each seat's log says "you" where the line as
    the engine tells it to that seat names the seat, and nowhere else; no verb is left in
    the third person; the lines about others are the engine's, word for word."""
    variant = load_variant(preset)
    players = min(max(variant.players.min, 4), variant.players.max)
    game = new_game(variant, players, seed=11)
    bot, rng = RandomBot(), Rng(11)
    for _ in range(400):
        if game.round_over or game.is_over:
            break
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    for viewer in range(players):
        told = round_log(game.events, viewer, NAMES.__getitem__, str)
        plain = [line for event in this_round(game.events) if not isinstance(event, CardsDealt)
                 for line in [event.describe(NAMES.__getitem__, viewer)] if line][-len(told):]
        assert len(plain) == len(told) and any(NAMES[viewer] in line.split() for line in plain)
        for mine, line in zip(told, plain):
            assert YOU not in mine and not THIRD_PERSON.search(mine), mine
            if NAMES[viewer] not in re.findall(r"\w+", line):
                assert mine == line
            else:
                assert NAMES[viewer] not in re.findall(r"\w+", mine) and re.search(r"\b[Yy]our?\b", mine), (mine, line)


def test_shanghai_says_you_among_the_players_not_down_yet_and_for_the_viewers_melds():
    """"not down yet: you, Finn" for the viewer, the names for an onlooker; the melds panel
    names the viewer's melds "you" too."""
    from cardtable.bots import make_bot
    from cardtable.tui.seats import parse_seats
    from cardtable.tui.shanghai.present import present

    game = new_game(load_variant("shanghai-classic"), 3, seed=4)
    bot, rng = make_bot("shanghai", "simple"), Rng(4)
    while sum(game.view(None).down) != 1:  # (one seat down, two not)
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    seats = parse_seats("Ann,Bob,Cy")
    waiting = [s for s in range(3) if not game.view(None).down[s]]
    viewer = waiting[0]
    told = present(game, viewer, seats)
    assert told.not_down == "not down yet: " + ", ".join("you" if s == viewer else seats[s].name for s in waiting)
    assert told.owners == tuple("you" if s == viewer else seats[s].name for s in range(3))
    onlooker = present(game, None, seats)
    assert onlooker.not_down == "not down yet: " + ", ".join(seats[s].name for s in waiting)
    assert onlooker.owners == ("Ann", "Bob", "Cy")
