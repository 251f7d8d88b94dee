"""Shanghai engine throughput: hands per second with simple bots at every seat.

    python benchmarks/shanghai_bench.py [--preset shanghai-classic] [--players 4] [--matches 10]
    python benchmarks/shanghai_bench.py --breakdown     # where the time goes, per step


Each bot sees only its view and the legal moves, as in play. Times are CPU time
(``time.process_time``), so other processes on the machine do not skew them. A hand
that runs past ``--max-moves`` moves is counted and abandoned (the report says how
many); the report also gives moves per hand (mean and longest). ``--breakdown`` times
each step of every move (the view, the legal moves, the bot, ``apply``) by phase, which
shows the floor the engine surface alone sets (timing each step slows the run a little).
The breakdown reads the wall clock (``time.perf_counter``): reading the CPU clock costs
~0.6 µs, a tenth of some steps, so run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable import load_variant, new_game  # noqa: E402
from cardtable.engine.rng import Rng  # noqa: E402
from cardtable.games.shanghai.bot import SimpleBot  # noqa: E402


STEPS = ("view", "legal moves", "bot", "apply")


def play_match(preset: str, players: int, seed: int, max_moves: int,
               steps: dict[tuple[str, str], float] | None = None) -> tuple[list[int], int]:
    """Play one match; return (moves of each finished hand, moves of an abandoned hand or 0).
    With ``steps``, add each step's time to ``steps[phase, step]`` (phase: "draw", "buy",
    "play"; "down" appended once the seat has laid down its contract)."""
    game = new_game(load_variant(preset), players, seed=seed)
    bot, rng = SimpleBot(), Rng(seed + 1)
    clock = time.perf_counter
    lengths: list[int] = []
    in_hand = 0
    while not game.is_over:
        if game.round_over:
            lengths.append(in_hand)
            in_hand = 0
            game.next_round()
            continue
        if in_hand >= max_moves:
            return lengths, in_hand
        seat = game.to_act[0]
        if steps is None:
            game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
        else:
            phase = game.phase + (" (down)" if game.down[seat] else "")
            t0 = clock()
            view = game.view(seat)
            t1 = clock()
            legal = game.legal_moves(seat)
            t2 = clock()
            move = bot.choose(view, legal, rng)
            t3 = clock()
            game.apply(seat, move)
            t4 = clock()
            for step, spent in zip(STEPS, (t1 - t0, t2 - t1, t3 - t2, t4 - t3)):
                steps[phase, step] += spent
        in_hand += 1
    lengths.append(in_hand)
    return lengths, 0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="shanghai-classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-moves", type=int, default=5000)
    parser.add_argument("--breakdown", action="store_true", help="time each step of a move, by phase")
    args = parser.parse_args(argv)
    try:
        new_game(load_variant(args.preset), args.players, seed=args.seed)
    except ValueError as error:  # an unknown or broken preset, a player count it does not seat
        parser.error(str(error))
    steps: dict[tuple[str, str], float] | None = defaultdict(float) if args.breakdown else None
    start = time.process_time()
    lengths: list[int] = []
    abandoned = wasted = 0
    for index in range(args.matches):
        done, lost = play_match(args.preset, args.players, args.seed + index, args.max_moves, steps)
        lengths += done
        abandoned += bool(lost)
        wasted += lost
    elapsed = time.process_time() - start
    hands, moves = len(lengths), sum(lengths) + wasted
    print(f"{args.preset}, {args.players} players, {args.matches} matches: {hands} hands, "
          f"{moves} moves in {elapsed:.2f} s CPU -> {hands / elapsed:.0f} hands/s, "
          f"{moves / elapsed:.0f} moves/s, {sum(lengths) / max(hands, 1):.0f} moves/hand "
          f"(longest {max(lengths, default=0)}); {abandoned} hands abandoned ({wasted} moves)")
    if steps:
        print(f"\nms per hand, by phase and step ({hands} hands):")
        phases = sorted({phase for phase, _step in steps})
        print(f"{'':14}" + "".join(f"{step:>13}" for step in STEPS))
        for phase in phases:
            print(f"{phase:14}" + "".join(f"{steps[phase, step] * 1000 / hands:13.2f}" for step in STEPS))
        print(f"{'all':14}" + "".join(f"{sum(steps[p, step] for p in phases) * 1000 / hands:13.2f}"
                                      for step in STEPS))


if __name__ == "__main__":
    main()
