"""mtg-ecs: a Magic: The Gathering rules engine as an entity-component system.

The public API: :class:`Game`, :func:`new_game`, the action types, :class:`RandomAgent`.
"""

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

__all__ = [
    "Action", "AssignDamage", "CardDataError", "CastSpell", "Decision", "DecisionKind", "DeckError",
    "DeclareAttacker", "DeclareBlocker", "Discard", "FinishAttackers", "FinishBlockers", "Game",
    "GameResult", "IllegalActionError", "Keep", "MtgError", "Mulligan", "PassPriority", "PlayLand",
    "PutOnBottom", "RandomAgent", "SaveError", "ScenarioError", "new_game", "play_out",
]

# The card loader's side of the mechanic registry: the compiler (content/) consults content.registry and
# must not import the rules, so the top layer hands it the discovery of systems/mechanics/ (one module per
# mechanic, found by scanning the package).
from content import registry as _registry  # noqa: E402
from systems import mechanics as _mechanics  # noqa: E402

_registry.set_discovery(_mechanics.discover)
