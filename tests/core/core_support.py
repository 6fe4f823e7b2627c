"""Shared helpers for the tests in tests/core (not a test module itself).

States are built with the scenario loader (``ecs.scenario.Scenario``) and then driven through the
public decision API (``legal_actions`` / ``apply``), so the tests exercise the same paths agents use.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from components.objects import InZone, Step, Zone
from ecs import (
    CastSpell,
    DecisionKind,
    DeclareAttacker,
    DeclareBlocker,
    FinishAttackers,
    FinishBlockers,
    Game,
    PassPriority,
    PlayLand,
)
from ecs.scenario import Scenario


def build(players: list[Mapping[str, Any]], *, turn: Mapping[str, Any] | None = None,
          cards: list[Mapping[str, Any]] | None = None) -> Scenario:
    """A scenario set up from inline data (no actions, no expectations); its game waits for a decision."""
    data: dict[str, Any] = {"name": "inline test state", "players": list(players)}
    if turn is not None:
        data["turn"] = dict(turn)
    if cards:
        data["cards"] = list(cards)
    return Scenario(data, "inline")


def vanilla(name: str, power: int, toughness: int, text: str = "", cost: str = "{1}") -> dict[str, Any]:
    """An MTGJSON-style test-only creature card."""
    return {"name": name, "manaCost": cost, "type": "Creature — Test", "types": ["Creature"],
            "subtypes": ["Test"], "supertypes": [], "text": text, "power": str(power), "toughness": str(toughness)}


def of_type(game: Game, cls: type) -> list[Any]:
    return [o for o in game.legal_actions() if isinstance(o, cls)]


def name(game: Game, ent: int) -> str:
    return game.card(ent).name


def cast_options(game: Game, card_name: str) -> list[CastSpell]:
    return [o for o in of_type(game, CastSpell) if name(game, o.card) == card_name]


def cast(game: Game, card_name: str, targets: Iterable[int] = ()) -> None:
    """Cast the named spell (with exactly these targets) via a legal option; fails the test if none."""
    targets = tuple(targets)
    for o in cast_options(game, card_name):
        if o.targets == targets:
            game.apply(o)
            return
    raise AssertionError(f"no legal option to cast {card_name} with targets {targets}: "
                         f"{[game.action_to_string(o) for o in game.legal_actions()]}")


def play_land(game: Game, card_name: str) -> None:
    for o in of_type(game, PlayLand):
        if name(game, o.card) == card_name:
            game.apply(o)
            return
    raise AssertionError(f"no legal option to play {card_name}")


def pass_priority(game: Game, times: int = 1) -> None:
    for _ in range(times):
        assert game.pending is not None and game.pending.kind == DecisionKind.PRIORITY, game.pending
        game.apply(PassPriority())


def resolve_stack(game: Game) -> None:
    """Everyone passes until the stack is empty (one object at a time)."""
    while game.stack:
        pass_priority(game)


def advance_to(game: Game, step: Step, turn: int | None = None, *, limit: int = 2000,
               discard: bool = False) -> None:
    """Pass priority (and declare no attackers/blockers) until ``step`` of ``turn`` begins with a decision.

    Stops at the first priority decision in that step; fails at any other decision, except that with
    ``discard`` a cleanup discard (CR 514.1) is answered with the first card.
    """
    target_turn = game.turn if turn is None else turn
    for _ in range(limit):
        assert game.pending is not None, f"game ended: {game.result}"
        if game.turn == target_turn and game.step == step and game.pending.kind == DecisionKind.PRIORITY:
            return
        assert game.turn <= target_turn, f"overshot: turn {game.turn} {game.step.label}"
        kind = game.pending.kind
        if kind == DecisionKind.PRIORITY:
            game.apply(PassPriority())
        elif kind == DecisionKind.ATTACKERS:
            game.apply(FinishAttackers())
        elif kind == DecisionKind.BLOCKERS:
            game.apply(FinishBlockers())
        elif kind == DecisionKind.DISCARD and discard:
            game.apply(game.legal_actions()[0])
        else:
            raise AssertionError(f"unexpected decision {kind} on the way to {step.label}")
    raise AssertionError("did not reach the step")


def declare_attackers(game: Game, attackers: Iterable[int], defender: int | None = None) -> None:
    """At the attackers decision, attack the (first) opponent with each creature, then finish."""
    assert game.pending is not None and game.pending.kind == DecisionKind.ATTACKERS, game.pending
    for creature in attackers:
        options = [o for o in of_type(game, DeclareAttacker) if o.creature == creature
                   and (defender is None or o.defender == defender)]
        assert options, f"{name(game, creature)} cannot attack"
        game.apply(options[0])
    if game.pending is not None and game.pending.kind == DecisionKind.ATTACKERS:
        game.apply(FinishAttackers())


def declare_blocks(game: Game, blocks: Iterable[tuple[int, int]]) -> None:
    assert game.pending is not None and game.pending.kind == DecisionKind.BLOCKERS, game.pending
    for blocker, attacker in blocks:
        game.apply(DeclareBlocker(blocker, attacker))
    if game.pending is not None and game.pending.kind == DecisionKind.BLOCKERS:
        game.apply(FinishBlockers())


def zone_of(game: Game, ent: int) -> Zone | None:
    """The zone of an entity, or None when it no longer exists (it changed zones, CR 400.7)."""
    if not game.world.exists(ent):
        return None
    where = game.world.try_get(ent, InZone)
    return None if where is None else where.zone


def names_in(game: Game, player: int, zone: Zone) -> list[str]:
    if zone == Zone.BATTLEFIELD:
        return sorted(name(game, e) for e in game.battlefield() if game.controller(e) == player)
    return [name(game, e) for e in game.zones[player][zone]]


def on_battlefield(game: Game, card_name: str, controller: int | None = None) -> list[int]:
    return [e for e in game.battlefield() if name(game, e) == card_name
            and (controller is None or game.controller(e) == controller)]


def col(game: Game, ent: int, column: str) -> int:
    game.refresh_layers()
    return game.table.get(ent, column)
