"""What an effect can grant in quotes (CR 113.1b, 613.1f), read from the compiled ability alone.

Plain functions of component data: the compiler (content/oracle/grants.py) refuses a grant the engine can't
carry out, and the rules (systems/granted.py) fold keyword-like grants into keyword bits, with one answer.
"""

from __future__ import annotations

from components.abilities import (
    ActivatedAbility,
    KeywordAbility,
    Layer,
    ManaAbility,
    StaticEffect,
    TriggeredAbility,
    TriggerKind,
)
from components.combat_keywords import Toxic


def keyword_static_bits(ability: object) -> int | None:
    """A self-only static ability that is kept as keyword bits ("~ can't block."), or None."""
    if isinstance(ability, KeywordAbility):
        return ability.mask
    if (isinstance(ability, StaticEffect) and ability.affected.self_only and ability.condition is None
            and len(ability.parts) == 1 and ability.parts[0].layer == Layer.ABILITY):
        p = ability.parts[0]
        if p.keywords_add and not (p.keywords_remove or p.lose_all_abilities or p.abilities_add):
            return p.keywords_add
    return None


def grantable(ability: object) -> bool:
    """Can this compiled ability be granted to a permanent (and executed as one of its abilities)?"""
    if keyword_static_bits(ability) is not None:
        return True
    if isinstance(ability, ActivatedAbility):
        return not (ability.from_hand or ability.from_graveyard or ability.loyalty is not None or ability.crew)
    if isinstance(ability, Toxic):
        return True  # toxic (702.164a) is read from the permanent's abilities (systems/mechanics/infect.py)
    if isinstance(ability, TriggeredAbility):
        # a spell's own "when you cast this spell" (storm) or a revealed card's (miracle) can't be a permanent's
        return ability.trigger.subject != "cast_self" and ability.trigger.kind not in (TriggerKind.CAST_THIS,
                                                                                       TriggerKind.REVEALED)
    return isinstance(ability, ManaAbility)
