"""Tonk engine throughput: hands per second with simple bots at every seat.

    python benchmarks/tonk_bench.py [--preset tonk-classic] [--players 4] [--hands 5000]

One long match per preset is played hand after hand (a finished match is started
again with the next seed). Each bot sees only its view and the legal moves, as in
play; every move goes through ``game.apply``. Target: 2000 hands/s or more.
Times are CPU time of this process, the fastest of ``--repeat`` runs (as timeit does),
so a busy machine skews them less.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable import list_variants, load_variant, new_game  # noqa: E402
from cardtable.engine.rng import Rng  # noqa: E402
from cardtable.games.tonk.bot import SimpleBot  # noqa: E402


def run(preset: str, players: int, hands: int, seed: int) -> tuple[int, int, float]:
    """Play ``hands`` hands; return (hands, moves, CPU seconds of this process)."""
    variant = load_variant(preset)
    bot, rng = SimpleBot(), Rng(seed)
    game = new_game(variant, players, seed=seed)
    done = moves = 0
    start = time.process_time()
    while done < hands:
        if game.round_over:
            done += 1
            if game.is_over:
                seed += 1
                game = new_game(variant, players, seed=seed)
            else:
                game.next_round()
            continue
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
        moves += 1
    return done, moves, time.process_time() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--preset", default=None, help="one preset (default: every Tonk preset)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs per preset; the fastest counts (as timeit)")
    args = parser.parse_args(argv)
    presets = [args.preset] if args.preset else list_variants("tonk")
    for preset in presets:
        try:
            new_game(load_variant(preset), args.players, seed=args.seed)
        except ValueError as error:  # an unknown or broken preset, a player count it does not seat
            parser.error(str(error))
    total_hands = total_time = 0.0
    for preset in presets:
        hands, moves, seconds = min((run(preset, args.players, args.hands, args.seed)
                                     for _ in range(max(1, args.repeat))), key=lambda r: r[2])
        total_hands += hands
        total_time += seconds
        print(f"{preset:14} {args.players} players: {hands} hands, {moves / hands:5.1f} moves/hand, "
              f"{hands / seconds:7.0f} hands/s")
    print(f"{'all':14} {total_hands / total_time:7.0f} hands/s (target 2000)")


if __name__ == "__main__":
    main()
