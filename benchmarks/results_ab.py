"""Do two commits play random games to the same results? Issue 11's no-regression check.

A speed change must not change how games come out. For each deck pairing this script plays ``--games`` games of
random agents with ``mtg-ecs simulate`` on each commit (checked out into temporary worktrees), with a different base
seed for each commit, so that the two samples are independent. It then compares, pairing by pairing:

* the first deck's win rate, with a two-sided two-proportion z-test (pooled standard error);
* the draw rate, the same way (draws are the games that reach the turn limit);

and reports each rate with its 95% Wilson interval (``ecs.simulate.wilson_interval``, from this checkout). A difference is flagged when p < ``--alpha`` (default 0.01,
the level the issue asks). Ten tests at the 1% level flag at least one in about 10% of runs by chance alone, so a
single flagged row is a reason to run it again with other seeds, not yet proof of a change. So that it can be
told apart, ``--same-seed-games N`` (default 200) also plays the first N games of the first commit's seed on the
second commit and counts the games whose records (winner, turns, ending, decisions) are identical: if all are, the
two commits play the same games, and any difference of rates is the seeds'. Run from the repository root:

    python benchmarks/results_ab.py dac3850 HEAD --games 1000 --workers 2
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import NormalDist
from typing import Any

from worktrees import CheckoutError, checked_out

from ecs.simulate import wilson_interval

# Five pairings of different kinds: the simulate default (aggro vs flyers), two control decks, infect vs spells,
# burn vs weenie, and morph vs cipher (face-down spells and encoded cards).
PAIRINGS = (("red_green_aggro", "white_blue_skies"), ("azorius_control", "mono_black_control"),
            ("golgari_infect", "izzet_spells"), ("mono_red_burn", "white_weenie"), ("rakdos_morph", "dimir_cipher"))


def two_proportion_p(x1: int, n1: int, x2: int, n2: int) -> float:
    """Two-sided p-value of the pooled two-proportion z-test of x1/n1 against x2/n2 (1.0 when both are 0 or 1)."""
    pooled = (x1 + x2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0
    z = (x1 / n1 - x2 / n2) / se
    return 2 * (1 - NormalDist().cdf(abs(z)))


def simulate(tree: Path, decks: tuple[str, str], games: int, seed: int, workers: int
             ) -> tuple[dict[str, Any], dict[int, str]]:
    """simulate's JSON report, and each game's record (without its timing) by game index."""
    with tempfile.TemporaryDirectory(prefix="mtg-ecs-results-") as scratch:
        report, records = Path(scratch) / "report.json", Path(scratch) / "games.jsonl"
        subprocess.run([sys.executable, "-m", "ecs", "simulate", "--games", str(games), "--decks", *decks,
                        "--seed", str(seed), "--workers", str(workers), "--no-progress", "--json", str(report),
                        "--records", str(records)],
                       cwd=tree, env=dict(os.environ, PYTHONPATH=str(tree)), capture_output=True, text=True,
                       check=True)
        data: dict[str, Any] = json.loads(report.read_text())
        games_by_index = {}
        for line in records.read_text().splitlines():
            record = json.loads(line)
            if "game" in record:  # (the first line is the run's settings)
                record.pop("seconds", None)
                games_by_index[record["game"]] = json.dumps(record, sort_keys=True)
    return data, games_by_index


def _rate(x: int, n: int) -> str:
    low, high = wilson_interval(x, n)
    return f"{x / n:6.1%} [{low:5.1%}, {high:5.1%}]"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--games", type=int, default=1000, help="games per pairing and commit (default 1000)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed-before", type=int, default=1, help="simulate's base seed on the first commit")
    parser.add_argument("--seed-after", type=int, default=2, help="simulate's base seed on the second commit")
    parser.add_argument("--alpha", type=float, default=0.01, help="the test's level (default 0.01)")
    parser.add_argument("--same-seed-games", type=int, default=200, metavar="N",
                        help="games of the first commit's seed replayed on the second, compared record by record")
    parser.add_argument("--json", metavar="FILE", help="also write every figure as JSON")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    if not 0 <= args.same_seed_games <= args.games:
        parser.error("--same-seed-games must be between 0 and --games")
    if args.seed_before == args.seed_after:
        parser.error("--seed-before and --seed-after must differ: the test needs independent samples")
    if not 0 < args.alpha < 1:
        parser.error("--alpha must be between 0 and 1")
    rows: list[dict[str, Any]] = []
    try:
        with checked_out([args.before, args.after]) as trees:
            for decks in PAIRINGS:
                row: dict[str, Any] = {"pairing": list(decks)}
                played = {}
                for key, rev, seed in (("before", args.before, args.seed_before),
                                       ("after", args.after, args.seed_after)):
                    start = time.perf_counter()
                    report, played[key] = simulate(trees[rev], decks, args.games, seed, args.workers)
                    row[key] = {"commit": rev, "seed": seed, "games": report["games"],
                                "first_wins": report["wins"][decks[0]], "draws": report["draws"],
                                "mean_turns": report["mean_turns"], "seconds": round(time.perf_counter() - start, 1)}
                b, a = row["before"], row["after"]
                row["p_first_wins"] = two_proportion_p(b["first_wins"], b["games"], a["first_wins"], a["games"])
                row["p_draws"] = two_proportion_p(b["draws"], b["games"], a["draws"], a["games"])
                if args.same_seed_games:
                    _, again = simulate(trees[args.after], decks, args.same_seed_games, args.seed_before, args.workers)
                    row["same_seed_games"] = len(again)
                    row["same_seed_identical"] = sum(played["before"].get(i) == r for i, r in again.items())
                rows.append(row)
                print(f"{decks[0]} vs {decks[1]}: done", file=sys.stderr, flush=True)
    except CheckoutError as exc:
        print(f"results_ab: {exc}", file=sys.stderr)
        return 2
    except subprocess.CalledProcessError as exc:
        print(f"results_ab: simulate failed ({exc.returncode}): {exc.stderr.strip()[-2000:]}", file=sys.stderr)
        return 1
    flagged = 0
    print(f"{args.games} random games per pairing and commit; {args.before} (seed {args.seed_before}) vs "
          f"{args.after} (seed {args.seed_after}); two-proportion z-tests at the {args.alpha:g} level")
    for row in rows:
        b, a = row["before"], row["after"]
        print(f"{row['pairing'][0]} vs {row['pairing'][1]}")
        for label, key, p in (("first deck wins", "first_wins", row["p_first_wins"]),
                              ("draws", "draws", row["p_draws"])):
            verdict = "DIFFERENT" if p < args.alpha else "no difference"
            flagged += p < args.alpha
            print(f"  {label:16s} {_rate(b[key], b['games'])}  {_rate(a[key], a['games'])}  p = {p:.3f}  {verdict}")
        print(f"  mean turns       {b['mean_turns']:.2f} / {a['mean_turns']:.2f}; "
              f"{b['seconds']} s / {a['seconds']} s")
        if "same_seed_games" in row:
            print(f"  same seed ({args.seed_before}) on both: {row['same_seed_identical']} of {row['same_seed_games']} "
                  "games identical")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")
    print(f"{flagged} of {2 * len(rows)} tests below {args.alpha:g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
