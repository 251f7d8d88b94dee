"""The strong Tonk bot (hard/expert): views only, seeded, legal, and it plays Tonk well."""

from __future__ import annotations

from typing import Any

from cardtable import load_variant, new_game
from cardtable.bots import make_bot
from cardtable.engine.cards import Card
from cardtable.engine.moves import Move
from cardtable.engine.rng import Rng
from cardtable.games.tonk import TonkGame
from cardtable.games.tonk.bot import discard_choice
from cardtable.games.tonk.sampling import Sampler
from cardtable.games.tonk.spreads import spreads_in
from cardtable.games.tonk.strong import StrongBot

from .helpers import position
from .test_search import _reachable

VARIANT = load_variant("tonk-classic")
POINTS = VARIANT.rules.points_table()
DRAW, DROP = Move("draw_stock"), Move("drop")


def _bot(seed: int = 0, iterations: int = 12) -> StrongBot:
    return StrongBot(VARIANT, seed=seed, iterations=iterations, strict=True)


def _second_turn(hands: list[str], stock: str, upcard: str = "KD", watch: Any = None) -> TonkGame:
    """A stacked 4-player hand played by simple bots up to seat 1's second turn (its
    first drop chance); the stock is dealt from the front. ``watch`` is shown each view
    seat 1 acts on before that."""
    game = new_game(VARIANT, 4, seed=5, hands=hands, stock=stock, upcard=upcard, dealer=0)
    assert isinstance(game, TonkGame)
    simple, rng = make_bot("tonk", "medium"), Rng(0)
    turns = 0
    while True:
        seat = game.to_act[0]
        view = game.view(seat)
        if seat == 1 and view.phase == "start":
            turns += 1
            if turns == 2:
                return game
        if seat == 1 and watch is not None:
            watch(view)
        legal = [move for move in game.legal_moves(seat) if move.kind != "drop"]
        game.apply(seat, simple.choose(view, legal, rng))


def test_make_bot_gives_the_strong_bot() -> None:
    hard = make_bot("tonk", "hard", VARIANT, seed=1)
    expert = make_bot("tonk", "expert", VARIANT, seed=1)
    assert isinstance(hard, StrongBot) and isinstance(expert, StrongBot)
    assert expert.iterations >= 5 * hard.iterations


def test_the_bot_gets_views_only_and_plays_legal_moves() -> None:
    bot = _bot()
    for seed in range(4):
        game = position("tonk", seed, moves=3 + seed)
        if game.round_over:
            continue
        seat = game.to_act[0]
        view = game.view(seat)
        legal = game.legal_moves(seat)
        assert bot.choose(view, legal, Rng(seed)) in legal
        assert not _reachable(bot, game), "the bot must not hold the real Game"


def test_same_seed_same_view_same_move() -> None:
    game = position("tonk", 8, moves=7)
    seat = game.to_act[0]
    legal = game.legal_moves(seat)
    picks = {_bot(seed=3).choose(game.view(seat), legal, Rng(7)) for _ in range(3)}
    assert len(picks) == 1


def test_drops_a_clearly_lowest_hand() -> None:
    # seat 1 holds A-2-3-4 of mixed suits plus a 5 (15), the others hold faces
    game = _second_turn(["KS QS JD 10C 9H", "AC 2D 3H 4S 5C", "KH QH JC 10D 9S", "KC QC JS 10H 9D"],
                        stock="6D 6S 7C 7S 8C 8S 2C 3C 4C 4D 5D 5S")
    view = game.view(1)
    assert DROP in game.legal_moves(1)
    assert _bot(seed=2).choose(view, game.legal_moves(1), Rng(1)) == DROP


def test_does_not_drop_a_high_hand() -> None:
    # seat 1 counts far above what a player who let a drop pass may hold
    game = _second_turn(["AS 2S 3D 4C 6H", "KC QC JS 10H 9D", "AH 2H 3C 4D 6S", "AD 2C 3S 4H 6C"],
                        stock="7C 7S 8C 8S 9C 9S 10C 10S 5C 5D 5H 5S")
    view = game.view(1)
    assert DROP in game.legal_moves(1)  # it could drop, and should not
    assert _bot(seed=2).choose(view, game.legal_moves(1), Rng(1)) != DROP


def test_imagined_hands_agree_with_the_last_turns() -> None:
    """An opponent's imagined hand, with the card it threw, holds no spread the simple
    bot would have laid, and the simple bot would have thrown that card."""
    sampler = Sampler(VARIANT)
    game = _second_turn(["KS QS JD 10C 9H", "AC 2D 3H 4S 5C", "KH QH JC 10D 9S", "KC QC JS 10H 9D"],
                        stock="6D 6S 7C 7S 8C 8S 2C 3C 4C 4D 5D 5S", watch=sampler.observe)
    view = game.view(1)
    sampler.observe(view)
    clues = sampler.memory[("clues", view.round)]
    assert set(clues) == {2, 3, 0}
    sampler.prepare_cards(view)
    rng = Rng(3)
    for _ in range(5):
        hands, stock = sampler.deal(view, rng)
        assert all(len(hands[s]) == view.hand_sizes[s] for s in hands) and len(stock) == view.stock_size
        for other, clue in clues.items():
            held = hands[other] + [clue.thrown]
            assert not spreads_in(held)
            assert discard_choice([Move("discard", (c,)) for c in held], held, POINTS).cards[0] == clue.thrown


def test_beats_random_players() -> None:
    """Over a few seeded hands the strong bot wins chips from random players."""
    won = 0
    for seed in range(4):
        game = new_game(VARIANT, 4, seed=200 + seed)
        bots = [_bot(seed=seed, iterations=6), *(make_bot("tonk", "random") for _ in range(3))]
        rngs = [Rng(seed * 10 + s) for s in range(4)]
        while not game.round_over:
            seat = game.to_act[0]
            game.apply(seat, bots[seat].choose(game.view(seat), game.legal_moves(seat), rngs[seat]))
        won += game.scores[0]
    assert won > 0


# ---------------------------------------------------------------------- review fixes
def _first_turn(hand: str, upcard: str, variant: Any = VARIANT, stock: str | None = None) -> TonkGame:
    """Two seats; seat 1 (first to act) holds ``hand`` and sees ``upcard``."""
    game = new_game(variant, 2, hands=["9H 9C JD 4C 5D".split(), hand.split()], upcard=upcard,
                    stock=stock.split() if stock else None)
    assert isinstance(game, TonkGame) and game.to_act == (1,)
    return game


def test_takes_an_upcard_that_completes_an_ace_low_run() -> None:
    """T3: an ace plays low too, so 3S completes A-2-3 of spades and medium takes it (the
    hard bot's opponent model reads upcards let pass with the same rule)."""
    game = _first_turn("AS 2S 9D KH QC", upcard="3S")
    view, legal = game.view(1), game.legal_moves(1)
    take = Move("take_upcard")
    assert make_bot("tonk", "medium").choose(view, legal, Rng(1)) == take
    # the ace as the upcard, onto 2-3 of its suit
    game = _first_turn("2S 3S 9D KH QC", upcard="AS")
    assert make_bot("tonk", "medium").choose(game.view(1), game.legal_moves(1), Rng(1)) == take


def test_discards_by_the_presets_card_points(tmp_path: Any) -> None:
    """T4 ``card_points``: with aces counting 11 the ace is the costliest card to keep."""
    (tmp_path / "aces.toml").write_text('extends = "tonk-classic"\n[rules.card_points]\nA = 11\n')
    variant = load_variant(tmp_path / "aces.toml")
    game = _first_turn("AS 8D 2C 4H 6S", upcard="KC", variant=variant, stock="5C 7H 7D")
    game.apply(1, Move("draw_stock"))
    view, legal = game.view(1), game.legal_moves(1)
    ace = Move("discard", (Card.parse("AS"),))
    assert make_bot("tonk", "medium").choose(view, legal, Rng(1)) == ace
    assert StrongBot(variant, seed=1).candidates(view, legal)[0] == ace
