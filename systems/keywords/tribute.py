"""Tribute (CR 702.104): "if tribute wasn't paid".

702.104b: the condition is true if the opponent chosen for the tribute ability didn't have the
creature enter with the +1/+1 counters. What happened as it entered is kept in ``game.tribute_paid``
(permanent -> paid), set by systems/keywords/entering.py; a creature that entered without anyone being
asked (see entering.py) had no tribute paid. The record outlives the permanent, so the check on
resolution (603.4) still answers after it has left the battlefield.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from systems.keywords import condition

if TYPE_CHECKING:
    from components.abilities import Condition
    from ecs.game import Game


@condition("tribute_not_paid")
def tribute_not_paid(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    return not game.tribute_paid.get(source, False)
