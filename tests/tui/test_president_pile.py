"""The trick pile after it clears (P7, P23): the empty pile says how the last trick ended,
with its cards, so a player who did not see it (after a hand-off, or below 100 columns
where the log shows one line) still does."""

from __future__ import annotations

import asyncio

from cardtable import load_variant, new_game
from cardtable.tui.president.present import present
from cardtable.tui.seats import parse_seats
from cardtable.tui.widgets.trick import TrickPile

from .helpers import make_app, played_round, screen_text, settle

SEATS = parse_seats("Ann,Bob,Cy,Di")
HANDS = [["4C", "8D", "QS", "3S", "9S"], ["5C", "9H", "KD", "3H", "9D"],
         ["6D", "6H", "6S", "6C", "3C", "10D"], ["7C", "7D", "JH", "3D", "8S"]]


def bombed():
    game = new_game(load_variant("president-bombs"), 4, seed=1, hands=HANDS)
    game.apply(1, "play 5C")
    game.apply(2, "play 6C 6D 6H 6S")  # P23: the bomb clears the pile; Cy leads
    return game


def test_the_empty_pile_names_the_bomb_that_cleared_it():
    """P23: "last: Cy's bomb 6♣ 6♦ 6♥ 6♠"; before any trick the pile says nothing more."""
    fresh = new_game(load_variant("president-bombs"), 4, seed=1, hands=HANDS)
    assert present(fresh, 0, SEATS).pile_earlier == ""
    state = present(bombed(), 0, SEATS)
    assert (state.pile_caption, state.pile_earlier) == ("(empty pile)", "last: Cy's bomb 6♣ 6♦ 6♥ 6♠")
    assert present(bombed(), 2, SEATS).pile_earlier == "last: your bomb 6♣ 6♦ 6♥ 6♠"  # (told to Cy, as the log is)


def test_a_trick_taken_when_all_pass_is_named_too():
    """P6: the trick's taker and the cards it took with."""
    game = bombed()
    game.apply(2, "play 3C")
    for seat in (3, 0, 1):
        game.apply(seat, "pass")
    assert present(game, 0, SEATS).pile_earlier == "last: Cy takes it with 3♣"
    assert present(game, 2, SEATS).pile_earlier == "last: you take it with 3♣"


def test_the_pile_tells_its_viewer_what_they_played_as_the_log_does():
    """The caption, the earlier plays and who leads say "you" to the viewer (a play-tester
    read "Player played" above a log saying "You play")."""
    game = bombed()
    game.apply(2, "play 3C")
    told = present(game, 2, SEATS)
    assert told.pile_caption == "You played" and present(game, 0, SEATS).pile_caption == "Cy played"
    game.apply(3, "play 7C")
    assert present(game, 2, SEATS).pile_earlier == "You 3♣" and present(game, 0, SEATS).pile_earlier == "Cy 3♣"
    assert present(bombed(), 2, SEATS).pile_footer == "You lead" and present(bombed(), 0, SEATS).pile_footer == "Cy leads"


def test_a_new_round_starts_with_nothing_said_of_the_last_one():
    """The line is about this round's tricks: after the deal of round 2 (the exchange,
    then the first lead) the empty pile says nothing of round 1's last trick."""
    from cardtable.games.president.events import TrickCleared

    game = played_round(players=4, seed=3)
    assert any(isinstance(event, TrickCleared) for event in game.events)  # (round 1 had tricks to tell)
    game.next_round()
    assert present(game, 0, SEATS).pile_earlier == ""
    while game.view(0).phase != "play":  # (the exchange: no trick yet)
        seat = game.to_act[0]
        game.apply(seat, game.legal_moves(seat)[0])
        assert present(game, 0, SEATS).pile_earlier == ""


def test_at_80x24_the_last_trick_shows_inside_the_pile():
    async def scenario():
        app = make_app("bot:easy,bot:easy,Cy,bot:easy", preset="president-bombs", seed=1, game=bombed())
        async with app.run_test(size=(80, 24)) as pilot:  # (Cy leads next: the pile stays empty)
            await settle(pilot, app, lambda: bool(app.screen.query(TrickPile)) and "Cy — your turn" in screen_text(app))
            pile = app.screen.query_one(TrickPile)
            rows = screen_text(app).splitlines()[pile.region.y:pile.region.bottom]
            assert any("last: your bomb 6♣ 6♦ 6♥ 6♠" in row for row in rows)  # (told to Cy)

    asyncio.run(scenario())


def test_under_equal_rank_the_pile_says_match_or_beat():
    """P5 (Forseti, ``equal_rank = "allowed"``): the pile's footer says what the status
    line says, "to match or beat: …"; under the classic rules "to beat: …"."""
    hands = [["4C", "8D", "QS"], ["5C", "9H", "KD"], ["6D", "6H", "7S"], ["7C", "7D", "JH"]]
    for preset, verb in (("forseti", "match or beat"), ("president-classic", "beat")):
        game = new_game(load_variant(preset), 4, seed=1, hands=hands)
        leader = game.to_act[0]
        game.apply(leader, f"play {game.view(leader).hand[0]}")
        assert present(game, 0, SEATS).pile_footer == f"to {verb}: {game.view(0).to_beat}"


def test_P27_the_earlier_plays_on_the_pile_say_what_each_wild_stood_for_as_the_engine_said():
    """P27: the pile's earlier plays write each wild with the rank the engine said it stood
    for when it was played (``CardsPlayed.stands``; the table no longer works it out)."""
    from cardtable.bots import make_bot
    from cardtable.engine.rng import Rng
    from cardtable.games.president.events import CardsPlayed, play_text

    variant = load_variant("red-threes")  # (2s wild)
    for seed in range(60):
        game = new_game(variant, 4, seed=seed)
        bot, rng = make_bot("president", "simple"), Rng(seed)
        while not game.round_over:
            pile = game.view(None).pile
            plays = [e for e in game.events if isinstance(e, CardsPlayed)][-len(pile):] if pile else []
            if len(pile) >= 2 and any(play.stands for play in plays[:-1]):
                state = present(game, None, parse_seats("Ann,Bob,Cy,Dag"))
                for play in plays[-4:-1]:
                    if play.stands:
                        assert play_text(play.cards, dict(play.stands)) in state.pile_earlier
                return
            seat = game.to_act[0]
            game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    raise AssertionError("no seed put a wild under the pile's last play")
