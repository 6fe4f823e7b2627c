"""Exalted (CR 702.83): "Exalted".

702.83a: "Whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn." One
triggered ability (trigger kind ``ATTACKS`` with ``alone``: the only creature declared as an attacker, 506.5);
702.83b: each instance triggers separately (one ability per line, so a card's own instances are separate lines).
"""

from __future__ import annotations

from components.abilities import (
    EVENT_OBJECT,
    Ability,
    ModifyPowerToughness,
    PermanentFilter,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
)
from components.characteristics import CardType
from content import registry

EXALTED = TriggeredAbility(
    "Exalted", TriggerCondition(TriggerKind.ATTACKS, "filter",
                                PermanentFilter(types_any=int(CardType.CREATURE), controller="you"), alone=True),
    (), (ModifyPowerToughness(1, 1, EVENT_OBJECT),))


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    permanent = CardType.ARTIFACT | CardType.CREATURE | CardType.ENCHANTMENT | CardType.LAND | CardType.PLANESWALKER
    if line.strip().rstrip(".").lower() != "exalted" or not int(types) & permanent:
        return None
    return EXALTED


def render(abilities: list[object]) -> str | None:
    return "Exalted" if len(abilities) == 1 and abilities[0] == EXALTED else None


registry.reader(read, priority=380)
registry.renderer(render, priority=340)
