"""Small games for the self-play tests: inline scenarios (no files) and random play to a given point."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import numpy as np

from content.decks import load_deck
from ecs.game import Game
from ecs.scenario import Scenario
from ecs.setup import new_game


def board(players: Sequence[Mapping[str, Any]], cards: Sequence[Mapping[str, Any]] = (),
          turn: Mapping[str, Any] | None = None) -> Scenario:
    data: dict[str, Any] = {"name": "rl test", "players": list(players)}
    if cards:
        data["cards"] = list(cards)
    if turn is not None:
        data["turn"] = dict(turn)
    return Scenario(data, "inline")


def creature(name: str, cost: str, pt: tuple[int, int], text: str = "", subtype: str = "Bear") -> dict[str, Any]:
    return {"name": name, "manaCost": cost, "type": f"Creature — {subtype}", "types": ["Creature"],
            "subtypes": [subtype], "supertypes": [], "power": str(pt[0]), "toughness": str(pt[1]), "text": text}


def random_decisions(decks: Sequence[str] = ("red_green_aggro", "white_blue_skies"), seed: int = 0,
                     games: int = 1) -> Iterator[Game]:
    """Every decision point of ``games`` random games (the game object is reused: clone to keep one)."""
    loaded = [load_deck(d)[1] for d in decks]
    for g in range(games):
        game = new_game(loaded, seed + g, log=False)
        rng = np.random.default_rng(seed + g)
        while game.pending is not None:
            yield game
            options = game.pending.options
            game.apply(options[int(rng.integers(len(options)))])


def identical(a: Mapping[str, np.ndarray], b: Mapping[str, np.ndarray]) -> bool:
    return a.keys() == b.keys() and all(a[k].dtype == b[k].dtype and a[k].tobytes() == b[k].tobytes() for k in a)
