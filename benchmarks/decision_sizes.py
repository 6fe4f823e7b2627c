"""How big the decisions of random games are: the largest option list of any decision, and decisions per game.

Plays ``--games`` seeded games of the built-in decks (game i: deck i against deck i + 1 + i // 17 of the sorted
list, so every deck meets several others) with uniform random agents, and prints the largest option count (with
its decision kind and the action it belonged to), the share of decisions above 64 options, decisions per game and
mean turns. Run from the repository root: ``python benchmarks/decision_sizes.py --games 1000``.
"""

from __future__ import annotations

import argparse
import json
import time

from content.decks import builtin_deck_names, load_deck
from ecs.agents import RandomAgent
from ecs.setup import new_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    names = sorted(builtin_deck_names())
    decks = {n: load_deck(n)[1] for n in names}
    largest, where, over_64, decisions, turns = 0, "", 0, 0, 0
    start = time.perf_counter()
    for i in range(args.games):
        a, b = names[i % len(names)], names[(i + 1 + i // len(names)) % len(names)]
        if a == b:
            b = names[(i + 2) % len(names)]
        seed = args.seed * 1_000_003 + i
        game = new_game([decks[a], decks[b]], seed, log=False)
        agents = [RandomAgent(seed * 7 + 1), RandomAgent(seed * 7 + 2)]
        while game.pending is not None:
            options = game.pending.options
            decisions += 1
            if len(options) > 64:
                over_64 += 1
            if len(options) > largest:
                largest = len(options)
                where = f"{a} v {b} seed {seed}: {game.pending.kind.value}, e.g. {game.action_to_string(options[-1])}"
            game.apply(agents[game.pending.player].choose(game, options))
        turns += game.turn
    print(json.dumps({"games": args.games, "max_options": largest, "where": where, "decisions_over_64": over_64,
                      "decisions_per_game": round(decisions / args.games, 1), "mean_turns": round(turns / args.games, 2),
                      "seconds": round(time.perf_counter() - start, 1)}))


if __name__ == "__main__":
    main()
