"""Fabricate (CR 702.123): "Fabricate N".

702.123a: "When this permanent enters, you may put N +1/+1 counters on it. If you don't, create N 1/1
colorless Servo artifact creature tokens." A triggered ability whose effect (:class:`FabricateChoice`,
systems/keywords/fabricate.py) holds both instructions, compiled by the Oracle compiler. 702.123b: each
instance triggers separately.
"""

from __future__ import annotations

import re

from components.abilities import (
    SELF,
    Ability,
    PutCounters,
    SpellAbility,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
)
from components.characteristics import CardType
from components.keyword_abilities import FabricateChoice
from content.keywords import READERS, RENDERERS

_LINE = re.compile(r"fabricate (\d+)")


def fabricate(n: int) -> TriggeredAbility | None:
    from content.oracle import compile_line
    from content.oracle.phrases import NoParse

    text = "a 1/1 colorless Servo artifact creature token" if n == 1 else \
        f"{n} 1/1 colorless Servo artifact creature tokens"
    try:
        (spell,) = compile_line(f"Create {text}.", is_spell=True)
    except (NoParse, ValueError):
        return None
    if not isinstance(spell, SpellAbility) or spell.targets:
        return None
    choice = FabricateChoice(n, (PutCounters("+1/+1", n, SELF),), spell.effects)
    return TriggeredAbility(f"Fabricate {n}", TriggerCondition(TriggerKind.ENTERS), (), (choice,))  # type: ignore[arg-type]


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip().rstrip(".").lower())
    return fabricate(int(m.group(1))) if m else None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, TriggeredAbility) and len(a.effects) == 1 and isinstance(a.effects[0], FabricateChoice):
        return f"Fabricate {a.effects[0].amount}"
    return None


READERS.append(read)
RENDERERS.append(render)
