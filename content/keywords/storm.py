"""Storm (CR 702.40): "Storm" on its own line.

702.40a: "When you cast this spell, copy it for each other spell that was cast before it this turn. If the spell
has any targets, you may choose new targets for any of the copies." A triggered ability that works on the stack
(its trigger and copies: systems/keywords/storm.py). 702.40b: each instance triggers separately.
"""

from __future__ import annotations

from components.abilities import Ability, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.keyword_abilities import StormCopies
from content.keywords import READERS, RENDERERS

STORM = TriggeredAbility("Storm", TriggerCondition(TriggerKind.CAST_THIS), (), (StormCopies(),))


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    return STORM if line.strip().rstrip(".").lower() == "storm" else None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, TriggeredAbility) and len(a.effects) == 1 and isinstance(a.effects[0], StormCopies):
        return "Storm"
    return None


READERS.append(read)
RENDERERS.append(render)
