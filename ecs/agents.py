"""Agents that play games: a uniform random agent, and a driver loop."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

from ecs.actions import Action
from ecs.game import Game, GameResult


class Agent(Protocol):
    def choose(self, game: Game, options: Sequence[Action]) -> Action: ...


class RandomAgent:
    """Picks uniformly among the legal options, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = np.random.default_rng(seed)

    def choose(self, game: Game, options: Sequence[Action]) -> Action:
        return options[int(self.rng.integers(len(options)))]


def play_out(game: Game, agents: Sequence[Agent], max_decisions: int = 1_000_000) -> GameResult:
    """Let agents answer every decision until the game ends."""
    for _ in range(max_decisions):
        pending = game.pending
        if pending is None:
            break
        game.apply(agents[pending.player].choose(game, pending.options))
    if game.result is None:
        raise RuntimeError(f"game did not finish within {max_decisions} decisions")
    return game.result
