"""Shanghai engine throughput: hands per second with simple bots at every seat.

    python benchmarks/shanghai_bench.py [--preset shanghai-classic] [--players 4] [--matches 5]

Each bot sees only its view and the legal moves, as in play. A hand that runs past
``--max-moves`` moves is counted and abandoned (the report says how many).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable import load_variant, new_game  # noqa: E402
from cardtable.engine.rng import Rng  # noqa: E402
from cardtable.games.shanghai.bot import SimpleBot  # noqa: E402


def play_match(preset: str, players: int, seed: int, max_moves: int) -> tuple[int, int, int]:
    """Play one match; return (hands finished, moves, hands abandoned)."""
    game = new_game(load_variant(preset), players, seed=seed)
    bot, rng = SimpleBot(), Rng(seed + 1)
    hands = moves = abandoned = 0
    in_hand = 0
    while not game.is_over:
        if game.round_over:
            hands += 1
            in_hand = 0
            game.next_round()
            continue
        if in_hand >= max_moves:
            abandoned += 1
            break
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
        moves += 1
        in_hand += 1
    if game.is_over:
        hands += 1
    return hands, moves, abandoned


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="shanghai-classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--matches", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-moves", type=int, default=5000)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    hands = moves = abandoned = 0
    for index in range(args.matches):
        h, m, a = play_match(args.preset, args.players, args.seed + index, args.max_moves)
        hands, moves, abandoned = hands + h, moves + m, abandoned + a
    elapsed = time.perf_counter() - start
    print(f"{args.preset}, {args.players} players, {args.matches} matches: {hands} hands, "
          f"{moves} moves in {elapsed:.2f} s -> {hands / elapsed:.0f} hands/s, "
          f"{moves / elapsed:.0f} moves/s, {moves / max(hands, 1):.0f} moves/hand; "
          f"{abandoned} hands abandoned")


if __name__ == "__main__":
    main()
