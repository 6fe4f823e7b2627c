"""mtg-ecs: a Magic: The Gathering rules engine as an entity-component system.

The public API: :class:`Game`, :func:`new_game`, the action types, :class:`RandomAgent`.

The names are loaded on first use (PEP 562 ``__getattr__``), not when the package is imported: the rules
(``systems/``) import the package's core modules (``ecs.actions``, ``ecs.records``, ...), which runs this file
first, and importing the Game and its setup here would import the rules back while they are half loaded.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from content import registry as _registry
from systems import mechanics as _mechanics

if TYPE_CHECKING:  # the same names, for type checkers and readers
    from ecs.actions import (
        Action,
        AssignDamage,
        CastSpell,
        Decision,
        DecisionKind,
        DeclareAttacker,
        DeclareBlocker,
        Discard,
        FinishAttackers,
        FinishBlockers,
        Keep,
        Mulligan,
        PassPriority,
        PlayLand,
        PutOnBottom,
    )
    from ecs.agents import RandomAgent, play_out
    from ecs.errors import CardDataError, DeckError, IllegalActionError, MtgError, SaveError, ScenarioError
    from ecs.game import Game, GameResult
    from ecs.setup import new_game

# Where each public name lives.
_HOMES = {
    **dict.fromkeys(["Action", "AssignDamage", "CastSpell", "Decision", "DecisionKind", "DeclareAttacker",
                     "DeclareBlocker", "Discard", "FinishAttackers", "FinishBlockers", "Keep", "Mulligan",
                     "PassPriority", "PlayLand", "PutOnBottom"], "ecs.actions"),
    "RandomAgent": "ecs.agents", "play_out": "ecs.agents",
    **dict.fromkeys(["CardDataError", "DeckError", "IllegalActionError", "MtgError", "SaveError", "ScenarioError"],
                    "ecs.errors"),
    "Game": "ecs.game", "GameResult": "ecs.game", "new_game": "ecs.setup",
}

__all__ = [
    "Action", "AssignDamage", "CardDataError", "CastSpell", "Decision", "DecisionKind", "DeckError",
    "DeclareAttacker", "DeclareBlocker", "Discard", "FinishAttackers", "FinishBlockers", "Game",
    "GameResult", "IllegalActionError", "Keep", "MtgError", "Mulligan", "PassPriority", "PlayLand",
    "PutOnBottom", "RandomAgent", "SaveError", "ScenarioError", "new_game", "play_out",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'ecs' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # (found directly from now on)
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])


# The card loader's side of the mechanic registry: the compiler (content/) consults content.registry and
# must not import the rules, so the top layer hands it the discovery of systems/mechanics/ (one module per
# mechanic, found by scanning the package).
_registry.set_discovery(_mechanics.discover)
