"""How many options a decision offers: the maximum per decision kind over many random games.

The action space of the RL environments is ``Discrete(N)``; a decision with more than N options is
refused (``ecs.rl.spaces.TooManyOptionsError``). This measures how large N must be for the built-in
decks: random pairings of the built-in decks, random agents, every decision counted.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from content.decks import builtin_deck_names, load_deck
from ecs.setup import new_game


@dataclass
class OptionCounts:
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    max_by_kind: dict[str, int] = field(default_factory=dict)
    example_by_kind: dict[str, str] = field(default_factory=dict)  # where each maximum was seen
    over: dict[str, int] = field(default_factory=dict)  # decisions above the threshold, per kind

    def to_json(self) -> dict[str, object]:
        return {"games": self.games, "decisions": self.decisions, "seconds": round(self.seconds, 1),
                "max": max(self.max_by_kind.values(), default=0), "max_by_kind": dict(sorted(self.max_by_kind.items())),
                "example_by_kind": dict(sorted(self.example_by_kind.items())), "over_threshold": self.over}


def measure_option_counts(games: int, seed: int = 0, threshold: int = 64, max_turns: int = 100,
                          decks: list[str] | None = None, progress: bool = False) -> OptionCounts:
    """Play ``games`` games of random agents between random pairs of ``decks`` (default: all built-in
    decks) and record the largest option list of each decision kind."""
    from tqdm import tqdm

    names = decks or builtin_deck_names()
    loaded = {n: load_deck(n)[1] for n in names}
    rng = np.random.default_rng(seed)
    out = OptionCounts()
    start = time.perf_counter()
    for i in tqdm(range(games), disable=not progress, unit="game"):
        pair = [names[int(k)] for k in rng.integers(len(names), size=2)]
        game_seed = seed * 1_000_003 + i
        game = new_game([loaded[n] for n in pair], game_seed, max_turns=max_turns, log=False)
        while game.pending is not None:
            pending = game.pending
            k, n = pending.kind.value, len(pending.options)
            out.decisions += 1
            if n > out.max_by_kind.get(k, 0):
                out.max_by_kind[k] = n
                out.example_by_kind[k] = f"{' vs '.join(pair)}, seed {game_seed}, turn {game.turn}"
            if n > threshold:
                out.over[k] = out.over.get(k, 0) + 1
            game.apply(pending.options[int(rng.integers(n))])
        out.games += 1
    out.seconds = time.perf_counter() - start
    return out
