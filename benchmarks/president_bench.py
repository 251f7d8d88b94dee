"""President throughput: random-play and simple-bot games per second, every preset.

A *game* here is one deal played out (a round: deal, exchange, tricks until titles
are known), on one core. The issue's target: at least 1000 random 4-player games/s of
``president-classic``. Run: ``python benchmarks/president_bench.py [--seconds 2]``.
"""

from __future__ import annotations

import argparse
import json
import time

from cardtable import list_variants, load_variant, new_game
from cardtable.bots import make_bot
from cardtable.engine.rng import Rng


def games_per_second(name: str, players: int, level: str, seconds: float) -> tuple[float, float]:
    """Play rounds back to back for about ``seconds`` of CPU time (so other busy
    processes do not skew it); return (games/s, moves/s)."""
    variant = load_variant(name)
    bots = [make_bot("president", level) for _ in range(players)]
    rng = Rng(1)
    games = moves = 0
    seed = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        seed += 1
        game = new_game(variant, players, seed=seed)
        for _ in range(5):  # five rounds of one match, so later rounds' exchanges count too
            while not game.round_over:
                seat = game.to_act[0]
                legal = game.legal_moves(seat)
                move = legal[rng.randrange(len(legal))] if level == "random" else \
                    bots[seat].choose(game.view(seat), legal, rng)
                game.apply(seat, move)
                moves += 1
            games += 1
            if game.is_over:
                break
            game.next_round()
    elapsed = time.process_time() - start
    return games / elapsed, moves / elapsed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = []
    for name in list_variants("president"):
        variant = load_variant(name)
        players = min(max(args.players, variant.players.min), variant.players.max)
        random_gps, random_mps = games_per_second(name, players, "random", args.seconds)
        simple_gps, _ = games_per_second(name, players, "simple", args.seconds)
        rows.append({"preset": name, "players": players, "random_games_per_s": round(random_gps, 1),
                     "random_moves_per_s": round(random_mps), "simple_games_per_s": round(simple_gps, 1)})
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'preset':<20} {'players':>7} {'random games/s':>15} {'moves/s':>9} {'simple games/s':>15}")
    for row in rows:
        print(f"{row['preset']:<20} {row['players']:>7} {row['random_games_per_s']:>15} "
              f"{row['random_moves_per_s']:>9} {row['simple_games_per_s']:>15}")
    classic = next(r for r in rows if r["preset"] == "president-classic")
    verdict = "meets" if classic["random_games_per_s"] >= 1000 else "misses"
    print(f"\npresident-classic: {classic['random_games_per_s']} random 4-player games/s "
          f"({verdict} the 1000 games/s target)")


if __name__ == "__main__":
    main()
