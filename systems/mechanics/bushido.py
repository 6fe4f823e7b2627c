"""Bushido (CR 702.45): "Bushido N".

702.45a: "Whenever this creature blocks or becomes blocked, it gets +N/+N until end of turn." One triggered
ability (trigger kind ``BLOCKS_OR_BECOMES_BLOCKED``, systems/triggers.py: once as it blocks, 509.3a, and
once as it becomes blocked, 509.3c); 702.45b: each instance triggers separately (one ability per line).
"""

from __future__ import annotations

import re

from components.abilities import (
    SELF,
    Ability,
    ModifyPowerToughness,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
)
from components.characteristics import CardType
from content import registry

_LINE = re.compile(r"bushido (\d+)")


def bushido(n: int) -> TriggeredAbility:
    return TriggeredAbility(f"Bushido {n}", TriggerCondition(TriggerKind.BLOCKS_OR_BECOMES_BLOCKED), (),
                            (ModifyPowerToughness(n, n, SELF),))


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip().rstrip(".").lower())
    if not m or not int(types) & CardType.CREATURE:
        return None
    return bushido(int(m.group(1)))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if not isinstance(a, TriggeredAbility) or a.trigger.kind != TriggerKind.BLOCKS_OR_BECOMES_BLOCKED:
        return None
    e = a.effects[0] if len(a.effects) == 1 else None
    if isinstance(e, ModifyPowerToughness) and e.target == SELF and e.power == e.toughness and not a.targets \
            and a.text.lower().startswith("bushido"):  # not the same ability written out in full
        return f"Bushido {e.power}"
    return None


registry.reader(read, priority=250)
registry.renderer(render, priority=210)
