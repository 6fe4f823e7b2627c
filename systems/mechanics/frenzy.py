"""Frenzy (CR 702.68): "Frenzy N".

702.68a: "Whenever this creature attacks and isn't blocked, it gets +N/+0 until end of turn." One triggered
ability (trigger kind ``ATTACKS_UNBLOCKED``, reported by systems/combat.py once blockers are declared,
509.3g); 702.68b: each instance triggers separately (one ability per line).
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

_LINE = re.compile(r"frenzy (\d+)")


def frenzy(n: int) -> TriggeredAbility:
    return TriggeredAbility(f"Frenzy {n}", TriggerCondition(TriggerKind.ATTACKS_UNBLOCKED), (),
                            (ModifyPowerToughness(n, 0, SELF),))


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip().rstrip(".").lower())
    if not m or not int(types) & CardType.CREATURE:
        return None
    return frenzy(int(m.group(1)))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if (not isinstance(a, TriggeredAbility) or a.trigger.kind != TriggerKind.ATTACKS_UNBLOCKED
            or not a.text.startswith("Frenzy ")):
        return None  # the printed long form renders as a triggered ability
    e = a.effects[0] if len(a.effects) == 1 else None
    if isinstance(e, ModifyPowerToughness) and e.target == SELF and e.toughness == 0 and not a.targets:
        return f"Frenzy {e.power}"
    return None


registry.reader(read, priority=370)
registry.renderer(render, priority=330)
