"""Vanishing (CR 702.63): "Vanishing N" (or "Vanishing") on its own line; the line reads as its abilities:

702.63a: "This permanent enters with N time counters on it" (a replacement effect, 614.1c), "At the beginning of
your upkeep, if this permanent has a time counter on it, remove a time counter from it" and "When the last time
counter is removed from this permanent, sacrifice it" (trigger kind ``LAST_TIME_COUNTER_REMOVED``: systems/
counters.py reports the removal of a permanent's last time counter, whatever removed it; systems/keywords/
vanishing.py). 702.63b: without a number it has no "enters with" part. 702.63c: instances work separately.
"""

from __future__ import annotations

import re

from components.abilities import (
    SELF,
    Ability,
    Condition,
    ReplacementSpec,
    Sacrifice,
    StaticReplacement,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
)
from components.characteristics import CardType
from components.combat_keywords import RemoveTimeCounter
from components.objects import Step
from content.keywords import READERS, RENDERERS


def vanishing(n: int | None) -> tuple[Ability, ...]:
    text = "Vanishing" if n is None else f"Vanishing {n}"
    upkeep = TriggeredAbility(text, TriggerCondition(TriggerKind.BEGINNING_OF_STEP, step=int(Step.UPKEEP), whose="your"),
                              (), (RemoveTimeCounter(),), condition=Condition("source_has_time_counter"))  # type: ignore[arg-type]
    last = TriggeredAbility(text, TriggerCondition(TriggerKind.LAST_TIME_COUNTER_REMOVED), (), (Sacrifice(SELF),))
    enters = () if n is None else (StaticReplacement(text, ReplacementSpec("enter", "counters", amount=n,
                                                                             counter_kind="time"), self_only=True),)
    return (*enters, upkeep, last)


_LINE = re.compile(r"vanishing(?: (\d+))?")


def read(line: str, raw: str, name: str, types: CardType) -> tuple[Ability, ...] | None:
    m = _LINE.fullmatch(line.strip().rstrip(".").lower())
    if not m:
        return None
    return vanishing(int(m.group(1)) if m.group(1) else None)


def render(abilities: list[object]) -> str | None:
    first = abilities[0] if abilities else None
    n = first.spec.amount if isinstance(first, StaticReplacement) else None
    if tuple(abilities) == vanishing(n):
        return "Vanishing" if n is None else f"Vanishing {n}"
    return None


READERS.append(read)  # type: ignore[arg-type]
RENDERERS.append(render)
