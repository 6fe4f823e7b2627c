"""Keywords that are an "enters with counters" replacement effect (CR 614.1c) and a triggered ability, each on its
own line; the line reads as both abilities:

* modular N (702.43a): "This permanent enters with N +1/+1 counters on it" and "When this permanent is put into a
  graveyard from the battlefield, you may put a +1/+1 counter on target artifact creature for each +1/+1 counter on
  this permanent." (702.43b: each instance works separately.)
* ravenous (702.156a): "This permanent enters with X +1/+1 counters on it" and "When this permanent enters, if X
  is 5 or more, draw a card." (X: the value chosen as its spell was cast, 107.3m.)
"""

from __future__ import annotations

import re

from components.abilities import (
    Ability,
    Condition,
    DrawCards,
    PermanentFilter,
    ReplacementSpec,
    StaticReplacement,
    TargetKind,
    TargetSpec,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
)
from components.characteristics import CardType
from components.combat_keywords import ModularMove
from content import registry

ARTIFACT_CREATURE = PermanentFilter(types_all=int(CardType.ARTIFACT | CardType.CREATURE))


def modular(n: int) -> tuple[Ability, ...]:
    text = f"Modular {n}"
    return (StaticReplacement(text, ReplacementSpec("enter", "counters", amount=n), self_only=True),
            TriggeredAbility(text, TriggerCondition(TriggerKind.PUT_INTO_GRAVEYARD),
                             (TargetSpec(TargetKind.CREATURE, ARTIFACT_CREATURE),), (ModularMove(),),
                             optional=True))


RAVENOUS = (StaticReplacement("Ravenous", ReplacementSpec("enter", "counters", x=True), self_only=True),
            TriggeredAbility("Ravenous", TriggerCondition(TriggerKind.ENTERS), (), (DrawCards(1),),
                             condition=Condition("cast_x_at_least", 5)))

_MODULAR = re.compile(r"modular (\d+)")


def read(line: str, raw: str, name: str, types: CardType) -> tuple[Ability, ...] | None:
    low = line.strip().rstrip(".").lower()
    if not int(types) & (CardType.CREATURE | CardType.ARTIFACT):
        return None
    if low == "ravenous" and int(types) & CardType.CREATURE:
        return RAVENOUS
    m = _MODULAR.fullmatch(low)
    if m and int(types) & CardType.ARTIFACT:
        return modular(int(m.group(1)))
    return None


def render(abilities: list[object]) -> str | None:
    if tuple(abilities) == RAVENOUS:
        return "Ravenous"
    if len(abilities) == 2 and isinstance(abilities[0], StaticReplacement):
        n = abilities[0].spec.amount
        if tuple(abilities) == modular(n):
            return f"Modular {n}"
    return None


registry.reader(read, priority=460)
registry.renderer(render, priority=420)
