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
