"""Small helpers for the combat tests: boards from scenario-style data, and driving the decisions."""

from __future__ import annotations

from typing import Any

from components.objects import Step
from ecs.actions import (
    AssignDamage,
    DecisionKind,
    DeclareAttacker,
    DeclareBlocker,
    FinishAttackers,
    FinishBlockers,
    PassPriority,
)
from ecs.scenario import Scenario


def creature(name: str, power: int, toughness: int, text: str = "", cost: str = "{2}{G}",
             type_line: str = "Creature — Bear") -> dict[str, Any]:
    return {"name": name, "manaCost": cost, "type": type_line, "power": str(power), "toughness": str(toughness),
            "text": text}


def planeswalker(name: str, loyalty: int, cost: str = "{2}{U}") -> dict[str, Any]:
    return {"name": name, "manaCost": cost, "type": "Legendary Planeswalker — Jace", "loyalty": str(loyalty),
            "text": ""}


def board(alice: list, bob: list, cards: list | None = None, step: str = "declare_attackers",
          alice_life: int = 20, bob_life: int = 20, hand: list | None = None) -> Scenario:
    """alice (active) and bob; entries are {card, id, ...} as in scenario files."""
    data = {
        "name": "combat test",
        "cards": cards or [],
        "players": [{"name": "alice", "battlefield": alice, "life": alice_life, "hand": hand or []},
                    {"name": "bob", "battlefield": bob, "life": bob_life}],
        "turn": {"number": 3, "active": "alice", "step": step},
    }
    return Scenario(data, "combat test")


def attack(sc: Scenario, attacks: dict[str, str] | list[str]) -> None:
    """Declare attackers (id -> defender ref, or ids attacking bob) and finish."""
    game = sc.game
    assert game.pending is not None and game.pending.kind == DecisionKind.ATTACKERS, game.pending
    pairs = attacks.items() if isinstance(attacks, dict) else [(a, "bob") for a in attacks]
    for a, d in pairs:
        game.apply(DeclareAttacker(sc.ids[a], sc.resolve(d)))
    if game.pending is not None and game.pending.kind == DecisionKind.ATTACKERS:
        game.apply(FinishAttackers())


def pass_until(sc: Scenario, kind: DecisionKind | None = None, step: Step | None = None, limit: int = 100) -> None:
    """Pass priority until a decision of ``kind`` is pending, or priority in ``step``."""
    game = sc.game
    for _ in range(limit):
        p = game.pending
        assert p is not None, game.result
        if kind is not None and p.kind == kind:
            return
        if step is not None and game.step == step and p.kind == DecisionKind.PRIORITY:
            return
        if p.kind == DecisionKind.PRIORITY:
            game.apply(PassPriority())
        elif p.kind == DecisionKind.ATTACKERS:
            game.apply(FinishAttackers())
        elif p.kind == DecisionKind.BLOCKERS and FinishBlockers() in p.options:
            game.apply(FinishBlockers())
        else:
            raise AssertionError(f"stopped at {p.kind} in {game.step}")
    raise AssertionError("limit reached")


def block(sc: Scenario, blocks: dict[str, str] | list[tuple[str, str]]) -> None:
    """Declare blocks (blocker id -> attacker id, or pairs) for bob, then finish."""
    game = sc.game
    pass_until(sc, DecisionKind.BLOCKERS)
    pairs = blocks.items() if isinstance(blocks, dict) else blocks
    for b, a in pairs:
        game.apply(DeclareBlocker(sc.ids[b], sc.ids[a]))
    if game.pending is not None and game.pending.kind == DecisionKind.BLOCKERS:
        game.apply(FinishBlockers())


def assignments(sc: Scenario) -> list[dict[str, int]]:
    """The pending damage-assignment options as {recipient ref: amount} dicts."""
    game = sc.game
    assert game.pending is not None and game.pending.kind == DecisionKind.ASSIGN_DAMAGE, game.pending
    names = {v: k for k, v in sc.ids.items()} | {e: n for n, e in zip(("alice", "bob"), game.players, strict=True)}
    return [{names[r]: a for r, a in o.assignment} for o in game.pending.options if isinstance(o, AssignDamage)]


def choose_assignment(sc: Scenario, wanted: dict[str, int]) -> None:
    game = sc.game
    want = {sc.resolve(k): v for k, v in wanted.items() if v}
    for o in game.pending.options:
        if dict(o.assignment) == want:
            game.apply(o)
            return
    raise AssertionError(f"{wanted} is not offered: {assignments(sc)}")


def row(sc: Scenario, ref: str, column: str) -> int:
    game = sc.game
    game.refresh_layers()
    return game.table.get(sc.ids[ref], column)


def on_battlefield(sc: Scenario, ref: str) -> bool:
    return sc.ids[ref] in sc.game.table.row_of


def life(sc: Scenario, player: str) -> int:
    return sc.game.player_states[sc.player_index[player]].life
