"""Cumulative upkeep (CR 702.24): "Cumulative upkeep [cost]" with a mana cost.

702.24a: "At the beginning of your upkeep, if this permanent is on the battlefield, put an age counter on this
permanent. Then you may pay [cost] for each age counter on it. If you don't, sacrifice it." A triggered ability
(it triggers only from the battlefield) with the :class:`CumulativeUpkeepPayment` effect
(systems/keywords/cumulative_upkeep.py). 702.24b: each instance triggers separately and counts all the age
counters. Costs that aren't mana ("Cumulative upkeep—Pay 1 life") are not read.
"""

from __future__ import annotations

import re

from components.abilities import Ability, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.keyword_abilities import CumulativeUpkeepPayment
from components.objects import Step
from content.keywords import READERS, RENDERERS
from content.mana import parse_mana_cost

_LINE = re.compile(r"cumulative upkeep ((?:\{[0-9WUBRGC/]+\})+)", re.I)


def cumulative_upkeep(cost: str) -> TriggeredAbility:
    trigger = TriggerCondition(TriggerKind.BEGINNING_OF_STEP, step=int(Step.UPKEEP), whose="your")
    return TriggeredAbility(f"Cumulative upkeep {cost}", trigger, (),
                            (CumulativeUpkeepPayment(parse_mana_cost(cost)),))  # type: ignore[arg-type]


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip())
    return cumulative_upkeep(m.group(1)) if m else None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, TriggeredAbility) and len(a.effects) == 1 and isinstance(a.effects[0], CumulativeUpkeepPayment):
        return f"Cumulative upkeep {a.effects[0].cost}"
    return None


READERS.append(read)
RENDERERS.append(render)
