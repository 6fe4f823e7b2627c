"""Memory of one process playing many games (issue 15.4: less than 50 MB of growth over 10,000 games).

Plays ``--games`` seeded two-player games of the built-in decks (game i: deck i against deck i + 1 + i // 17 of the
sorted list, as benchmarks/decision_sizes.py) with uniform random agents, all in this one process, and prints one
JSON line every ``--every`` games with the resident set size (RSS, from /proc/self/statm) and the CPU seconds so
far, then a summary with the first and last RSS and the growth. Run from the repository root:
``nice -n 10 python benchmarks/memory_games.py --games 10000``.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import time

from content.decks import builtin_deck_names, load_deck
from ecs.agents import RandomAgent
from ecs.setup import new_game


def rss_mb() -> float:
    with open("/proc/self/statm", encoding="ascii") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--every", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    names = sorted(builtin_deck_names())
    decks = {n: load_deck(n)[1] for n in names}
    first: float | None = None
    samples: list[tuple[int, float]] = []
    decisions = 0
    for i in range(args.games):
        a, b = names[i % len(names)], names[(i + 1 + i // len(names)) % len(names)]
        if a == b:
            b = names[(i + 2) % len(names)]
        seed = args.seed * 1_000_003 + i
        game = new_game([decks[a], decks[b]], seed, log=False)
        agents = [RandomAgent(seed * 7 + 1), RandomAgent(seed * 7 + 2)]
        while game.pending is not None:
            decisions += 1
            game.apply(agents[game.pending.player].choose(game, game.pending.options))
        del game, agents
        if i == 0 or (i + 1) % args.every == 0:
            gc.collect()  # RSS of live objects, not of garbage that the next collection would free
            now = rss_mb()
            if first is None:
                first = now  # after one game: the pool, the compiled cards and the imports are loaded
            samples.append((i + 1, round(now, 1)))
            print(json.dumps({"games": i + 1, "rss_mb": round(now, 1), "cpu_s": round(time.process_time(), 1),
                              "decisions": decisions}), flush=True)
    assert first is not None
    last = samples[-1][1]
    print(json.dumps({"games": args.games, "rss_first_mb": round(first, 1), "rss_last_mb": last,
                      "growth_mb": round(last - first, 1), "cpu_s": round(time.process_time(), 1),
                      "samples": samples}))


if __name__ == "__main__":
    main()
