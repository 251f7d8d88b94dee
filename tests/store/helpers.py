"""Shared helpers for the store tests: short presets, a deterministic bot driver, seats.

The bots draw their randomness from the game's seed and the number of events so far,
so a game can be stopped, saved, resumed and continued exactly as an uninterrupted one
(which the kill test needs: the reference game is replayed from the seed alone)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardtable import Game, load_variant, new_game
from cardtable.bots import make_bot
from cardtable.engine.rng import Rng

PRESETS = {
    "president": 'family = "president"\nextends = "president-classic"\n'
                 "[rules]\nmatch_target = 0\nmatch_rounds = 2\n",
    "shanghai": 'family = "shanghai"\nextends = "shanghai-classic"\n'
                '[rules]\ncontracts = [[["set", 3], ["set", 3]], [["set", 3], ["run", 4]]]\n'
                "buys_per_hand = [3, 3]\n",
    "tonk": 'family = "tonk"\nextends = "tonk-classic"\n[rules]\nmatch_hands = 3\n',
}
PLAYERS = {"president": 4, "shanghai": 4, "tonk": 3}
FAMILIES = tuple(PRESETS)
MAX_MOVES = 20_000


def preset_file(folder: Path, family: str) -> Path:
    """A short preset of ``family`` written into ``folder`` (extends the classic)."""
    path = Path(folder) / f"{family}-short.toml"
    if not path.exists():
        path.write_text(PRESETS[family], encoding="utf-8")
    return path


def seats_for(players: int, human: str = "Ann") -> list[dict[str, Any]]:
    names = [human, "Dag", "Eve", "Finn", "Gro", "Hal"]
    return [{"name": human, "kind": "human", "level": None}] + [
        {"name": names[i], "kind": "bot", "level": "simple"} for i in range(1, players)]


def bot_step(game: Game) -> None:
    """One step of a bot-only game: deal the next round, or the seat to act moves."""
    if game.round_over:
        game.next_round()
        return
    seat = game.to_act[0]
    rng = Rng(game.seed * 100_003 + len(game.events))
    bot = make_bot(game.family, "simple")
    game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))


def play_out(game: Game, max_moves: int = MAX_MOVES) -> Game:
    """Play ``game`` to the end of the match with simple bots."""
    while not game.is_over:
        bot_step(game)
        if game.moves_played > max_moves:
            raise AssertionError(f"{game.family} seed {game.seed}: no end within {max_moves} moves")
    return game


def play_moves(game: Game, moves: int) -> Game:
    """Play until ``moves`` moves have been applied (or the match ends)."""
    while game.moves_played < moves and not game.is_over:
        bot_step(game)
    return game


def finished_game(folder: Path, family: str, seed: int) -> Game:
    return play_out(new_game(load_variant(str(preset_file(folder, family))), PLAYERS[family], seed))


def started_game(folder: Path, family: str, seed: int, moves: int) -> Game:
    return play_moves(new_game(load_variant(str(preset_file(folder, family))), PLAYERS[family], seed), moves)


def game_with_a_hidden_chance() -> Game:
    """A President round in play (random moves, every chance declined) stopped while a
    second out-of-turn chance is open after a declined one: the table sees neither (X3)."""
    import random

    from cardtable import list_variants

    for name in list_variants("president"):
        variant = load_variant(name)
        if not (variant.rules.quick_clear or variant.rules.two_any_time):
            continue
        for seed in range(40):
            game, pick = new_game(variant, 4, seed), random.Random(seed)
            while not game.round_over:
                seat = game.to_act[0]
                legal = game.legal_moves(seat)
                declines = [m for m in legal if m.kind == "decline"]
                game.apply(seat, declines[0] if declines else pick.choice(legal))
                if declines and game.to_act and game.view(None).to_act != game.to_act:
                    return game
    raise AssertionError("no preset and seed gives two chances in a row")
