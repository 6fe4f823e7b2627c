"""Helpers for the planeswalker and issue-6 mechanic tests (not a test module).

States are built with the scenario loader from inline data and driven through the public decision API
(``legal_actions`` / ``apply``), the same paths agents use.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from board import resolve_stack as resolve_stack

from ecs import DecisionKind, Game, PassPriority
from ecs.actions import ActivateAbility, ChooseCard
from ecs.scenario import Scenario

JACE = "Jace, the Living Guildpact"


def build(players: list[Mapping[str, Any]], *, cards: Iterable[Mapping[str, Any]] = (),
          turn: Mapping[str, Any] | None = None) -> Scenario:
    """A scenario set up from inline data (no actions, no expectations); its game waits for a decision."""
    data: dict[str, Any] = {"name": "inline test state", "players": list(players),
                            "turn": dict(turn or {"number": 3, "active": players[0]["name"],
                                                  "step": "precombat_main"})}
    if cards:
        data["cards"] = list(cards)
    return Scenario(data, "inline")


def creature(name: str, power: int, toughness: int, text: str = "", cost: str = "{1}") -> dict[str, Any]:
    return {"name": name, "manaCost": cost, "type": "Creature — Test", "types": ["Creature"],
            "subtypes": ["Test"], "supertypes": [], "text": text, "power": str(power), "toughness": str(toughness)}


def loyalty_options(game: Game, source: int) -> list[ActivateAbility]:
    return [o for o in game.whole_actions() if isinstance(o, ActivateAbility) and o.source == source]


def loyalty_costs(game: Game, source: int) -> list[int]:
    """The loyalty costs of the abilities of ``source`` offered now (each once)."""
    card = game.card(source)
    return sorted({card.abilities[o.index].loyalty for o in loyalty_options(game, source)})  # type: ignore[union-attr]


def activate(game: Game, source: int, loyalty: int, targets: tuple[int, ...] = ()) -> None:
    card = game.card(source)
    for o in loyalty_options(game, source):
        if card.abilities[o.index].loyalty == loyalty and o.targets == targets:  # type: ignore[union-attr]
            game.apply(o)
            return
    raise AssertionError(f"no loyalty ability {loyalty:+d} with targets {targets} offered: "
                         f"{[game.action_to_string(o) for o in game.whole_actions()]}")


def pass_until_decision(game: Game, kind: DecisionKind, limit: int = 20) -> None:
    """Pass priority until the game asks something else of the kind given."""
    for _ in range(limit):
        assert game.pending is not None, game.result
        if game.pending.kind == kind:
            return
        assert game.pending.kind == DecisionKind.PRIORITY, game.pending
        game.apply(PassPriority())
    raise AssertionError(f"no {kind} decision came")




def choose_card(game: Game, card: int) -> None:
    game.apply(ChooseCard(card))


def counters(game: Game, ent: int) -> int:
    game.refresh_layers()
    return int(game.table.get(ent, "loyalty"))
