"""Reproduce the bot-strength figures of the README: ``hard`` against three ``medium``.

    python benchmarks/arena_report.py                      # all three families
    python benchmarks/arena_report.py --families president --games 40 --jobs 2

Prints one Markdown table per family (match wins, rounds won, the family's measure,
CPU seconds per decision, each with its 95 % interval) and the targets of issue 7:
``hard`` first in at least twice its fair share of whole matches (President and Tonk:
most points / chips at the match's end; Shanghai: the lowest total after 10 hands),
and at most one CPU second a move. A whole tonk-classic match runs until somebody is
broke (often thousands of hands: see the README's Tonk presets), so Tonk takes longest.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardtable.arena import METRIC_LABELS, ArenaReport, run_arena  # noqa: E402

SETUPS = {
    # family: (preset, rounds per match; None: the preset's match, 0: whole even for Tonk)
    "president": ("president-classic", None),
    "tonk": ("tonk-classic", 0),
    "shanghai": ("shanghai-classic", None),
}
LINEUP = ["hard", "medium", "medium", "medium"]


def markdown(report: ArenaReport) -> str:
    names = list(report.levels[0].metrics)
    rounds = f", {report.max_rounds} rounds a match" if report.max_rounds else ", whole matches"
    lines = [f"**{report.family}** ({report.preset}): {report.games} matches{rounds}, seats rotated, "
             f"seed {report.seed}, fair share {report.fair_share:.0%}, {report.seconds:.0f} s wall clock", "",
             "| level | " + " | ".join(METRIC_LABELS.get(n, n) for n in names) + " | s/move | slowest |",
             "|---|" + "---|" * (len(names) + 2)]
    for level in report.levels:
        cells = [level.metrics[n].text(percent=n in ("win_share", "round_wins")) for n in names]
        lines.append(f"| {level.level} | " + " | ".join(cells) +
                     f" | {level.seconds_per_move:.3f} | {level.slowest_move:.2f} |")
    hard = next((lv for lv in report.levels if lv.level == "hard"), None)
    if hard is not None:
        target = 2 * report.fair_share
        key = "win_share"
        got = hard.metrics[key]
        verdict = "met" if got.mean >= target else "not met"
        lines += ["", f"Target: hard {METRIC_LABELS[key]} ≥ {target:.0%}: {got.text(percent=True)} — {verdict}"
                  f" (lower bound {'above' if got.low >= target else 'below'} the target); "
                  f"≤ 1 s a move: {hard.seconds_per_move:.3f} s average, {hard.slowest_move:.2f} s slowest."]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--families", default="president,tonk,shanghai")
    parser.add_argument("--games", type=int, default=16, help="matches per family (a multiple of 4)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write the reports to this JSON file")
    args = parser.parse_args()
    data = []
    for family in args.families.split(","):
        preset, rounds = SETUPS[family]
        start = time.perf_counter()
        report = run_arena(preset, LINEUP, args.games, seed=args.seed, jobs=args.jobs, max_rounds=rounds,
                           progress=lambda done: print(f"\r{family}: {done}/{args.games}", end="",
                                                       file=sys.stderr))
        print(f"\r{family}: done in {time.perf_counter() - start:.0f} s", file=sys.stderr)
        print(markdown(report) + "\n", flush=True)
        data.append(report.to_data())
    if args.json:
        Path(args.json).write_text(json.dumps(data, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
