"""Helpers for the tests of triggered abilities (CR 603) (not a test module): a two-player state built with the
scenario loader from inline MTGJSON-style cards, and the triggered abilities a source has on the stack."""

from __future__ import annotations

from typing import Any

from components.abilities import TriggeredAbility
from components.objects import AbilityOnStack
from ecs.scenario import Scenario


def scenario(cards: list[dict[str, Any]], alice: dict[str, Any], bob: dict[str, Any] | None = None,
             actions: list[dict[str, Any]] | None = None, **turn: Any) -> Scenario:
    data: dict[str, Any] = {"name": "t", "cards": cards,
                            "players": [{"name": "alice", **alice}, {"name": "bob", **(bob or {})}]}
    if turn:
        data["turn"] = turn
    if actions:
        data["actions"] = actions
    sc = Scenario(data, "test")
    sc.run()
    return sc


def stack_triggers(game: Any, name: str) -> list[AbilityOnStack]:
    out = []
    for ent in game.stack:
        obj = game.world.try_get(ent, AbilityOnStack)
        if obj is not None and obj.source_name == name and isinstance(obj.card.abilities[obj.index], TriggeredAbility):
            out.append(obj)
    return out
