"""Optional costs to attack (CR 508.1g): exert (701.39) and enlist (702.154), each on its own line.

* "You may exert ~ as it attacks. When you do, <effects>." (701.39a: an exerted permanent won't untap during your
  next untap step): the option is offered with the attack declaration; "When you do" is a reflexive triggered
  ability (603.12) that triggers as the cost is paid.
* "Enlist" (702.154a): "As this creature attacks, you may tap up to one untapped creature you control that you
  didn't choose to attack with and that either has haste or has been under your control continuously since this
  turn began. When you do, this creature gets +X/+0 until end of turn, where X is the tapped creature's power."

Both read as one TriggeredAbility of kind ``ATTACK_COST_PAID`` (``detail`` "exert" / "enlist"): having it is what
offers the option (systems/combat.py ``attack_decision`` via systems/keywords/attack_costs.py), and it is the
ability that triggers when the cost is paid.
"""

from __future__ import annotations

import re

from components.abilities import (
    EVENT_OBJECT,
    SELF,
    Ability,
    Count,
    ModifyPowerToughness,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
)
from components.characteristics import CardType
from content.keywords import READERS, RENDERERS, linked_trigger, linked_trigger_text

ENLIST = TriggeredAbility("Enlist", TriggerCondition(TriggerKind.ATTACK_COST_PAID, detail="enlist"), (), (
    ModifyPowerToughness(1, 0, SELF, dynamic=Count("power_of", ref=EVENT_OBJECT)),))

_EXERT = re.compile(r"you may exert ~ as it attacks\. when you do, (?P<effects>.+)", re.I)
_LEAD = "You may exert ~ as it attacks. When you do, "


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if not int(types) & CardType.CREATURE:
        return None
    text = line.strip()
    if text.rstrip(".").lower() == "enlist":
        return ENLIST
    m = _EXERT.fullmatch(text)
    if not m:
        return None
    # "it": the exerted creature
    return linked_trigger(text, TriggerCondition(TriggerKind.ATTACK_COST_PAID, detail="exert"), m["effects"], (SELF,))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if not isinstance(a, TriggeredAbility) or a.trigger.kind != TriggerKind.ATTACK_COST_PAID:
        return None
    if a == ENLIST:
        return "Enlist"
    if a.trigger.detail != "exert":
        return None
    return linked_trigger_text(a, _LEAD)


READERS.append(read)
RENDERERS.append(render)
