"""Echo (CR 702.30): "Echo [cost]" with a mana cost.

702.30a: "At the beginning of your upkeep, if this permanent came under your control since the beginning of
your last upkeep, sacrifice it unless you pay [cost]." A triggered ability with an intervening "if" (603.4,
condition kind "echo") and the :class:`EchoPayment` effect (systems/keywords/echo.py). Echo costs that
aren't mana ("Echo—Sacrifice two lands") are not read.
"""

from __future__ import annotations

import re

from components.abilities import Ability, Condition, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.keyword_abilities import EchoPayment
from components.objects import Step
from content.keywords import READERS, RENDERERS
from content.mana import parse_mana_cost

_LINE = re.compile(r"echo ((?:\{[0-9WUBRGC/]+\})+)", re.I)
ECHO = Condition("echo")


def echo(cost: str) -> TriggeredAbility:
    trigger = TriggerCondition(TriggerKind.BEGINNING_OF_STEP, step=int(Step.UPKEEP), whose="your")
    return TriggeredAbility(f"Echo {cost}", trigger, (), (EchoPayment(parse_mana_cost(cost)),),  # type: ignore[arg-type]
                            condition=ECHO)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip())
    return echo(m.group(1)) if m else None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, TriggeredAbility) and a.condition == ECHO and len(a.effects) == 1 \
            and isinstance(a.effects[0], EchoPayment):
        return f"Echo {a.effects[0].cost}"
    return None


READERS.append(read)
RENDERERS.append(render)
