"""Small boards for the agent tests (not a test module): built with the scenario loader."""

from __future__ import annotations

from typing import Any

from ecs.agents import PlayerView
from ecs.scenario import Scenario


def board(alice: dict[str, Any], bob: dict[str, Any], step: str = "precombat_main", active: str = "alice",
          cards: list[dict[str, Any]] | None = None) -> Scenario:
    data: dict[str, Any] = {"name": "agent test board", "players": [{"name": "alice", **alice},
                                                                    {"name": "bob", **bob}],
                            "turn": {"number": 3, "active": active, "step": step}}
    if cards:
        data["cards"] = cards
    return Scenario(data, "inline")


def view_of(scenario: Scenario) -> PlayerView:
    game = scenario.game
    assert game.pending is not None
    return PlayerView(game, game.pending.player)


def vanilla(name: str, power: int, toughness: int, text: str = "", cost: str = "{1}") -> dict[str, Any]:
    return {"name": name, "manaCost": cost, "type": "Creature — Test", "types": ["Creature"],
            "subtypes": ["Test"], "supertypes": [], "text": text, "power": str(power), "toughness": str(toughness)}
