"""Bloodthirst (CR 702.54): "If an opponent was dealt damage this turn, this permanent enters with N +1/+1
counters on it." (702.54a)

The condition ("opponent_damaged") is checked as the permanent enters (systems/replacement.py
``enter_modifications``), for the player it enters under the control of. Damage dealt to players is noted per
turn by systems/damage.py (``game.damaged_turn``: player -> the last turn they were dealt damage, 120.3a);
damage prevented isn't dealt, so it doesn't count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from systems.keywords import condition

if TYPE_CHECKING:
    from components.abilities import Condition
    from ecs.game import Game


@condition("opponent_damaged")
def opponent_damaged(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """Was an opponent of ``controller`` dealt damage this turn?"""
    return any(game.damaged_turn.get(p) == game.turn for p in range(game.num_players) if p != controller)
