"""Compare two commits by the CPU instructions their random games execute (valgrind's callgrind), not by time.

On the shared machine the same timed benchmark moves by 10-30% between runs minutes apart, so a change worth 5-15%
cannot be seen in ``ab_games.py`` without many runs. An instruction count does not depend on the other processes:
the same commit, seed and games give the same count to within a few hundredths of a percent. It is a proxy for time
(it ignores cache misses and branch prediction), good for telling whether a change made the engine do less work.

For each commit (checked out into a temporary worktree) this runs, under ``valgrind --tool=callgrind``:
* first, unmeasured, the same program with no games, which compiles the pool's cards and the bytecode into the
  commit's own temporary caches (so neither measured run pays for compiling);
* a baseline: the imports, the deck loading and one warm-up game;
* the same plus ``--games`` round-robin games (random agents, seeds 0..N-1, every 7th pairing of the 136);
and prints the difference per game, in millions of instructions. ``PYTHONHASHSEED`` is fixed. Run from the
repository root (valgrind must be installed; a run of 30 games takes about 3-4 minutes of valgrind's time):

    python benchmarks/instructions_ab.py 633c57e HEAD --games 30
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from worktrees import CheckoutError, checked_out

# The measured program: imports, decks, a warm-up game, then ``n`` games of the round robin.
_GAMES = """
import sys
from content.decks import builtin_deck_names
from ecs.agents import RandomAgent, play_out
from ecs.benchmarks.games import _decks, round_robin
from ecs.setup import new_game

n = int(sys.argv[1])
pairs = round_robin(builtin_deck_names())
decks = {name: _decks([name])[0] for name in builtin_deck_names()}
for i in [10_000, *range(n)]:  # game 10,000 first: the warm-up game
    a, b = pairs[(i * 7) % len(pairs)]
    game = new_game([decks[a], decks[b]], i, log=False)
    play_out(game, [RandomAgent(i * 7 + 1), RandomAgent(i * 7 + 2)])
"""


def _env(tree: Path, cache: Path) -> dict[str, str]:
    # OpenBLAS's idle threads spin for a varying while: one thread keeps two runs of a commit within a few thousand
    # instructions of each other (+-10 M without it)
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0", MTG_ECS_CACHE_DIR=str(cache),
               PYTHONPYCACHEPREFIX=str(cache / "pyc"), OPENBLAS_NUM_THREADS="1")
    env.pop("MTG_ECS_NO_CACHE", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def warm(tree: Path, cache: Path) -> None:
    """Run the program once unmeasured, so that both measured runs read the compiled cards and the bytecode from
    the commit's own caches (a run that compiles the pool costs hundreds of millions of instructions more)."""
    subprocess.run([sys.executable, "-c", _GAMES, "0"], cwd=tree, env=_env(tree, cache), capture_output=True,
                   check=True)


def instructions(tree: Path, games: int, cache: Path) -> int:
    """Instructions valgrind counts for the program above run in ``tree`` with ``games`` games."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
                           _GAMES, str(games)], cwd=tree, env=_env(tree, cache), capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode or found is None:
        raise RuntimeError(f"valgrind run in {tree} failed:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--games", type=int, default=30, help="games per measured run (default 30)")
    parser.add_argument("--workers", type=int, default=2, help="valgrind runs at a time (default 2)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    if shutil.which("valgrind") is None:
        print("instructions_ab: valgrind is not installed", file=sys.stderr)
        return 2
    try:
        with checked_out([args.before, args.after]) as trees, tempfile.TemporaryDirectory() as scratch:
            caches = {rev: Path(scratch) / f"cards-{n}" for n, rev in enumerate(trees)}
            with ThreadPoolExecutor(args.workers) as pool:
                for done in [pool.submit(warm, tree, caches[rev]) for rev, tree in trees.items()]:
                    done.result()
                base = {rev: pool.submit(instructions, tree, 0, caches[rev]) for rev, tree in trees.items()}
                base_counts = {rev: f.result() for rev, f in base.items()}
                runs = {rev: pool.submit(instructions, tree, args.games, caches[rev]) for rev, tree in trees.items()}
                counts = {rev: f.result() for rev, f in runs.items()}
    except CheckoutError as exc:
        print(f"instructions_ab: {exc}", file=sys.stderr)
        return 2
    except RuntimeError as exc:
        print(f"instructions_ab: {exc}", file=sys.stderr)
        return 1
    per_game = {rev: (counts[rev] - base_counts[rev]) / args.games / 1e6 for rev in counts}
    print(f"{'millions of instructions':34s} {args.before:>14s} {args.after:>14s}")
    print(f"{'start-up and one game':34s}" + "".join(f" {base_counts[r] / 1e6:14.0f}" for r in counts))
    print(f"{'per game (' + str(args.games) + ' games)':34s}" + "".join(f" {per_game[r]:14.1f}" for r in counts))
    before, after = per_game[args.before], per_game[args.after]
    print(f"after / before per game: {after / before:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
