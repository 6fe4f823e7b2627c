"""Compare two commits with ``mtg-ecs bench games`` on a noisy machine: runs alternate between them.

The machine this project is measured on is shared: the same benchmark moves by 30% between runs minutes apart, so a
before/after taken an hour apart says little. This script checks both commits out into temporary worktrees and runs
``python -m ecs bench games --json --no-startup`` for each in turn, ``--runs`` times, then prints the medians of the
figures side by side (and the raw runs with ``--json``). Run from the repository root:

    python benchmarks/ab_games.py 346a9f4 HEAD --runs 4
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from worktrees import CheckoutError, checked_out

FIGURES = ("games_per_cpu_second", "us_per_pass_only_stop", "us_per_decision", "new_game_ms")
POSITION_FIGURES = ("clone_ms", "observation_ms", "playouts_per_second")


def _run(tree: Path, games: int) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-m", "ecs", "bench", "games", "--json", "--no-startup", "--games",
                          str(games)], cwd=tree, env=dict(os.environ, PYTHONPATH=str(tree)),
                         capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--games", type=int, default=136)
    parser.add_argument("--json", action="store_true", help="print every run as JSON too")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.games < 1:
        parser.error("--runs and --games must be at least 1")
    runs: dict[str, list[dict[str, Any]]] = {args.before: [], args.after: []}
    try:
        with checked_out(list(runs)) as trees:
            for _ in range(args.runs):
                for rev, tree in trees.items():
                    runs[rev].append(_run(tree, args.games))
    except CheckoutError as exc:
        print(f"ab_games: {exc}", file=sys.stderr)
        return 2
    print(f"medians of {args.runs} alternating runs of {args.games} games")
    print(f"{'figure':44s} {args.before:>14s} {args.after:>14s}")
    for name in FIGURES:
        print(f"{name:44s}" + "".join(f" {statistics.median(r[name] for r in runs[rev]):14.3f}" for rev in runs))
    positions = runs[args.before][0]["positions"]
    for i, position in enumerate(positions):
        for name in POSITION_FIGURES:
            label = f"{position['pairing'][:28]} {name}"
            print(f"{label:44s}" + "".join(f" {statistics.median(r['positions'][i][name] for r in runs[rev]):14.3f}"
                                           for rev in runs))
    if args.json:
        print(json.dumps(runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
