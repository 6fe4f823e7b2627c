"""The decision-history hash of the 136 round-robin games, and their CPU seconds (issue 11: speed work keeps games).

Plays every pairing of the 17 built-in decks once (game i: seed i, random agents seeded ``i * 7 + 1`` and
``i * 7 + 2``), hashes each game's saved actions and result, and prints one JSON line: the games, the first 16 hex
digits of the SHA-256, the decisions, the CPU seconds and the build (plain Python or compiled). A change that only makes the engine faster leaves the hash
as it was. Run from the repository root: ``python benchmarks/history_hash.py [GAMES]``.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import sys
import time

from content.decks import builtin_deck_names, load_deck
from ecs.agents import RandomAgent
from ecs.build import describe
from ecs.setup import new_game


def main() -> None:
    names = sorted(builtin_deck_names())
    decks = {n: load_deck(n)[1] for n in names}
    pairs = list(itertools.combinations(names, 2))
    limit = int(sys.argv[1]) if len(sys.argv) > 1 else len(pairs)
    digest = hashlib.sha256()
    start, decisions = time.process_time(), 0
    for i, (a, b) in enumerate(pairs[:limit]):
        game = new_game([decks[a], decks[b]], i, log=False)
        agents = [RandomAgent(i * 7 + 1), RandomAgent(i * 7 + 2)]
        while game.pending is not None:
            decisions += 1
            game.apply(agents[game.pending.player].choose(game, game.pending.options))
        digest.update(json.dumps(game.to_json()["actions"], sort_keys=True, default=str).encode())
        digest.update(repr(game.result).encode())
    print(json.dumps({"games": limit, "hash": digest.hexdigest()[:16], "decisions": decisions,
                      "cpu_s": round(time.process_time() - start, 2), "build": describe()}))


if __name__ == "__main__":
    main()
