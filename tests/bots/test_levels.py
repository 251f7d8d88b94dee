"""Levels, aliases, the easy bot and the hint API."""

from __future__ import annotations

import pytest

from cardtable import Card, Move, load_variant, new_game
from cardtable.bots import BOT_LEVELS, DIFFICULTIES, Advisor, EasyBot, RandomBot, make_bot, suggest_move
from cardtable.bots.search import SearchBot
from cardtable.engine.rng import Rng

from .helpers import PRESETS, position


def test_levels_and_aliases():
    assert DIFFICULTIES == ("easy", "medium", "hard", "expert")
    assert {"random", "simple"} <= set(BOT_LEVELS)
    assert isinstance(make_bot("president", "random"), RandomBot)
    assert type(make_bot("president", "simple")) is type(make_bot("president", "medium"))
    assert isinstance(make_bot("tonk", "easy"), EasyBot)
    hard, expert = make_bot("shanghai", "hard"), make_bot("shanghai", "bot:expert")
    assert isinstance(hard, SearchBot) and isinstance(expert, SearchBot)
    assert expert.iterations > hard.iterations
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("president", "grandmaster")


@pytest.mark.parametrize("family", ["president", "tonk", "shanghai"])
def test_easy_bot_plays_legal_moves(family):
    bot, rng = make_bot(family, "easy"), Rng(3)
    for seed in range(3):
        game = position(family, seed, moves=4)
        seat = game.to_act[0]
        legal = game.legal_moves(seat)
        for _ in range(5):
            assert bot.choose(game.view(seat), legal, rng) in legal


@pytest.mark.parametrize("family", ["president", "tonk", "shanghai"])
def test_hint_is_a_legal_move_and_repeatable(family):
    variant = load_variant(PRESETS[family])
    game = position(family, 11, moves=6)
    seat = game.to_act[0]
    legal = game.legal_moves(seat)
    first = suggest_move(family, variant, game.view(seat), legal, seed=5, iterations=12)
    assert first in legal
    assert suggest_move(family, variant, game.view(seat), legal, seed=5, iterations=12) == first
    advisor = Advisor(family, variant, seed=5, iterations=12)
    assert type(advisor.bot) is type(make_bot(family, "hard", variant))  # the family's own hard bot
    advisor.observe(game.view(seat))
    hint = advisor.suggest(game.view(seat), legal)
    assert hint in legal
    assert advisor.suggest(game.view(seat), legal) == hint  # asking twice: the same hint
    assert all(entry.move in legal for entry in advisor.analysis)


@pytest.mark.parametrize("family, seed, moves", [("president", 8, 4), ("tonk", 8, 10), ("shanghai", 8, 4)])
def test_a_searched_hint_is_the_same_however_often_it_is_asked(family, seed, moves):
    """Showing the advisor a view and asking for hints changes nothing it remembers: the
    same view gives the same hint and the same search statistics."""
    variant = load_variant(PRESETS[family])
    game = position(family, seed, moves=moves)
    seat = game.to_act[0]
    legal = game.legal_moves(seat)
    advisor = Advisor(family, variant, seed=5, iterations=12)
    advisor.observe(game.view(seat))
    first = advisor.suggest(game.view(seat), legal)
    analysis = [(entry.move, entry.visits, entry.total) for entry in advisor.analysis]
    assert analysis, "this position should be searched"
    advisor.observe(game.view(seat))
    assert advisor.suggest(game.view(seat), legal) == first
    assert [(entry.move, entry.visits, entry.total) for entry in advisor.analysis] == analysis


def test_hint_without_variant_uses_the_view_rules():
    """Without a preset the hint reads the house rules from the view (Forseti's here,
    where the classic rules would suggest another play)."""
    game = position("president", 1, moves=0, preset="forseti")
    seat = game.to_act[0]
    legal, view = game.legal_moves(seat), game.view(seat)
    hint = suggest_move("president", None, view, legal, seed=1, iterations=10)
    assert hint == suggest_move("president", load_variant("forseti"), view, legal, seed=1, iterations=10)
    assert hint != suggest_move("president", load_variant("president-classic"), view, legal, seed=1, iterations=10)


def test_a_hint_needs_a_searching_level():
    """Advisor checks its level with a ValueError in words (not an assert, which ``python
    -O`` would skip)."""
    for level in ("medium", "easy", "random"):
        with pytest.raises(ValueError, match="hard.*expert"):
            Advisor("president", load_variant("president-classic"), level=level)


@pytest.mark.parametrize("family, hands, upcard", [
    ("shanghai", ["4C 4D 6H 6S 8H 8D 10H 10S QH QS AH", "3C 3D 5H 5S 7C 7D JH JS 8C KD JK",
                  "2C 2D 6C 6D 10C 10D QC QD AC AD KC"], "2S"),
    ("tonk", ["9H 9C JD 4C 5D", "JK 9D KH 2C 5S"], "KC"),
])
def test_easy_bot_never_throws_away_a_joker(family, hands, upcard):
    """Its random alternative is a move of the simple bot's kind, but a joker (or wild
    card) the simple bot keeps is never discarded."""
    preset = {"shanghai": "shanghai-classic", "tonk": "tonk-spades"}[family]
    game = new_game(load_variant(preset), len(hands), hands=hands, upcard=upcard,
                    stock=["4H", "6D", "7C", "9S", "3H", "7H"])
    while Move("draw_stock") not in game.legal_moves(1):  # Tonk: no side bets
        game.apply(game.to_act[0], Move("decline"))
    game.apply(1, Move("draw_stock"))
    while game.to_act != (1,):  # Shanghai: the others decline the upcard
        game.apply(game.to_act[0], Move("decline"))
    view, legal = game.view(1), game.legal_moves(1)
    joker = Move("discard", (Card.parse("JK"),))
    assert joker in legal
    bot, rng = EasyBot(make_bot(family, "medium")), Rng(4)
    picks = {bot.choose(view, legal, rng) for _ in range(300)}
    assert joker not in picks and len(picks) > 3


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_bot_for_one_game_refuses_another_games_preset(level):
    """make_bot("tonk", "hard", <a President preset>) was accepted, and failed on its
    first view (AttributeError: no spreads); it is refused at once, saying why."""
    with pytest.raises(ValueError, match="^a tonk bot cannot play the president preset 'forseti'$"):
        make_bot("tonk", level, load_variant("forseti"))
    assert make_bot("tonk", level, load_variant("tonk-classic")) is not None


def test_the_easy_bot_never_gives_away_a_joker_the_simple_bot_keeps_in_the_exchange():
    """(It kept its jokers from the discard only: in President's exchange it gave 8♥ JK
    where the simple bot gave 3♣ 3♦, five times in 40 deals.)"""
    from cardtable.engine.cards import JOKER

    variant = load_variant("president-bombs")  # (two jokers a deck, not wild: top cards)
    gives = other = 0
    for seed in range(12):
        game = new_game(variant, 4, seed=seed)
        easy, simple, rng = make_bot("president", "easy", variant), make_bot("president", "medium", variant), Rng(seed)
        while not game.is_over and game.round < 3:
            if game.round_over:
                game.next_round()
                continue
            seat = game.to_act[0]
            view, legal = game.view(seat), game.legal_moves(seat)
            move = easy.choose(view, legal, rng)
            if move.kind == "give":
                kept = simple.choose(view, legal, Rng(0))
                gives += 1
                other += move != kept
                assert not any(card.rank == JOKER for card in move.cards) or \
                    any(card.rank == JOKER for card in kept.cards), (seed, move, kept)
            game.apply(seat, move)
    assert gives > 10 and other > 0  # (it does give other cards than the simple bot's)
