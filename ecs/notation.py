"""Human-readable action strings and per-player observations."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from components.keywords import keyword_label
from components.objects import Zone
from ecs.actions import (
    Action,
    ActivateAbility,
    ApplyReplacement,
    AssignDamage,
    CastSpell,
    Choose,
    DeclareAttacker,
    DeclareBlocker,
    Discard,
    FinishAttackers,
    FinishBlockers,
    Keep,
    KeepLegend,
    Mulligan,
    PassPriority,
    PlayLand,
    PutOnBottom,
    PutTrigger,
)

if TYPE_CHECKING:
    from ecs.game import Game


def action_to_string(game: Game, action: Action) -> str:
    n = game.name
    if isinstance(action, PassPriority):
        return "pass"
    if isinstance(action, PlayLand):
        return f"play {n(action.card)}"
    if isinstance(action, CastSpell):
        targets = f" -> {', '.join(n(t) for t in action.targets)}" if action.targets else ""
        return f"cast {n(action.card)}{targets}"
    if isinstance(action, DeclareAttacker):
        return f"attack {n(action.defender)} with {n(action.creature)}"
    if isinstance(action, FinishAttackers):
        return "done attacking"
    if isinstance(action, DeclareBlocker):
        return f"block {n(action.attacker)} with {n(action.blocker)}"
    if isinstance(action, FinishBlockers):
        return "done blocking"
    if isinstance(action, AssignDamage):
        parts = ", ".join(f"{a} to {n(r)}" for r, a in action.assignment)
        return f"{n(action.attacker)} assigns {parts}"
    if isinstance(action, Discard):
        return f"discard {n(action.card)}"
    if isinstance(action, Keep):
        return "keep"
    if isinstance(action, Mulligan):
        return "mulligan"
    if isinstance(action, PutOnBottom):
        return f"put {n(action.card)} on the bottom"
    if isinstance(action, ApplyReplacement):
        from components.objects import ReplacementEffect

        re = game.world.try_get(action.effect, ReplacementEffect)
        return f"apply {n(re.source) if re is not None else '#'}'s replacement effect"
    if isinstance(action, Choose):
        return "yes" if action.yes else "no"
    if isinstance(action, KeepLegend):
        return f"keep {n(action.permanent)}"
    if isinstance(action, PutTrigger):
        targets = f" -> {', '.join(n(t) for t in action.targets)}" if action.targets else ""
        return f"put trigger {action.uid} on the stack{targets}"
    if isinstance(action, ActivateAbility):
        targets = f" -> {', '.join(n(t) for t in action.targets)}" if action.targets else ""
        return f"activate {n(action.source)} ability {action.index}{targets}"
    return repr(action)


def observation(game: Game, player: int) -> dict[str, Any]:
    """A JSON-ready view of the game for ``player``; others' hands and all libraries are counts only."""
    game.refresh_layers()
    t = game.table
    permanents = []
    for row in range(t.n):
        ent = int(t.entity[row])
        permanents.append({
            "id": ent, "name": game.name(ent), "controller": int(t.controller[row]),
            "power": int(t.power[row]), "toughness": int(t.toughness[row]), "damage": int(t.damage[row]),
            "tapped": bool(t.tapped[row]), "keywords": keyword_label(int(t.keywords[row])),
        })
    players = []
    for state in game.player_states:
        zones = game.zones[state.index]
        entry: dict[str, Any] = {
            "name": state.name, "life": state.life, "poison": state.poison,
            "library_count": len(zones[Zone.LIBRARY]), "hand_count": len(zones[Zone.HAND]),
            "graveyard": [game.name(c) for c in zones[Zone.GRAVEYARD]],
            "exile": [game.name(c) for c in zones[Zone.EXILE]],
        }
        if state.index == player:
            entry["hand"] = [{"id": c, "name": game.name(c)} for c in zones[Zone.HAND]]
        players.append(entry)
    return {
        "turn": game.turn, "active": game.active, "step": game.step.label, "you": player,
        "players": players, "battlefield": permanents,
        "stack": [game.name(e) for e in reversed(game.stack)],
    }
