"""Agents that play games: the protocol (``act(view)``), built-in agents, and agents named by a spec.

Built-in agents: ``random`` (:class:`RandomAgent`), ``heuristic`` (:class:`HeuristicAgent`, rule based),
``mc`` (:class:`FlatMonteCarloAgent`) and ``ismcts`` (:class:`ISMCTSAgent`, single-observer information-set
MCTS). ``make_agent(spec, seed=...)`` builds one from a command-line spec (ecs/agents/spec.py).
"""

from ecs.agents.base import Agent, HiddenInformationError, PlayerView, RandomAgent, decide, play_out
from ecs.agents.spec import AgentSpecError, make_agent

__all__ = ["Agent", "AgentSpecError", "HiddenInformationError", "PlayerView", "RandomAgent", "decide",
           "make_agent", "play_out"]


def __getattr__(name: str) -> object:
    # The heavier agents are imported on first use, so ``import ecs`` stays cheap.
    if name == "HeuristicAgent":
        from ecs.agents.heuristic import HeuristicAgent

        return HeuristicAgent
    if name in ("FlatMonteCarloAgent", "ISMCTSAgent"):
        from ecs.agents import search

        return getattr(search, name)
    raise AttributeError(f"module 'ecs.agents' has no attribute {name!r}")
