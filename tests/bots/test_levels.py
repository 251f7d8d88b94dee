"""Levels, aliases, the easy bot and the hint API."""

from __future__ import annotations

import pytest

from cardtable import load_variant
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
    game = position("president", 2, moves=3, preset="forseti")
    seat = game.to_act[0]
    legal = game.legal_moves(seat)
    assert suggest_move("president", None, game.view(seat), legal, seed=1, iterations=10) in legal
