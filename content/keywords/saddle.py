"""Saddle (CR 702.171): "Saddle N" on a Mount, and "Whenever ~ becomes saddled for the first time each turn".

702.171a: "Tap any number of other untapped creatures you control with total power N or greater: This permanent
becomes saddled until end of turn. Activate only as a sorcery." The cost is the one crew has (702.122a,
``ActivatedAbility.crew``: the creatures are chosen as it is activated, systems/keywords/crew.py), the effect
:class:`BecomeSaddled` (systems/keywords/saddle.py). The condition "~ is saddled" (702.171b) is read by
content/oracle/conditions.py.
"""

from __future__ import annotations

import dataclasses
import re

from components.abilities import Ability, ActivatedAbility, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.keyword_actions import BecomeSaddled
from content.keywords import READERS, RENDERERS

_LINE = re.compile(r"saddle (\d+)")
_TRIGGER = re.compile(r"whenever ~ becomes saddled for the first time each turn, (?P<rest>.+)", re.I | re.S)


def saddle(n: int) -> ActivatedAbility:
    return ActivatedAbility(f"Saddle {n}", None, False, (), (BecomeSaddled(),),  # type: ignore[arg-type]
                            sorcery_speed=True, crew=n)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if not int(types) & int(CardType.CREATURE):
        return None
    m = _LINE.fullmatch(line.strip().rstrip(".").lower())
    if m and int(m[1]) > 0:
        return saddle(int(m[1]))
    m = _TRIGGER.fullmatch(line.strip())
    if m:
        from content.oracle.lines import _triggered_body
        from content.oracle.phrases import NoParse
        from content.oracle.text import lower

        try:
            return _triggered_body(line.strip(), TriggerCondition(TriggerKind.BECOMES_SADDLED, "self"), "self",
                                   lower(m["rest"].strip()))
        except NoParse:
            return None
    return None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, ActivatedAbility) and a.crew and a.effects == (BecomeSaddled(),) and a == saddle(a.crew):
        return f"Saddle {a.crew}"
    if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.BECOMES_SADDLED:
        from content.oracle.render import render_line

        shown = render_line([dataclasses.replace(a, trigger=TriggerCondition(TriggerKind.ENTERS, "self"))])
        prefix = "When ~ enters, "
        if shown.startswith(prefix):
            return f"Whenever ~ becomes saddled for the first time each turn, {shown[len(prefix):]}"
    return None


READERS.append(read)  # type: ignore[arg-type]
RENDERERS.append(render)
