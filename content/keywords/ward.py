"""Ward (CR 702.21): "Ward [cost]" with a mana cost.

702.21a: "Whenever this permanent becomes the target of a spell or ability an opponent controls, counter that
spell or ability unless that player pays [cost]." A triggered ability (``BECOMES_TARGET``, whose "opponent")
with the :class:`WardCounter` effect (systems/keywords/ward.py). Ward costs that aren't mana ("Ward—Pay 2
life", "Ward—Discard a card") and ward with X (702.21b) are not read.
"""

from __future__ import annotations

import re

from components.abilities import Ability, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.keyword_abilities import WardCounter
from content.keywords import READERS, RENDERERS
from content.mana import parse_mana_cost

_LINE = re.compile(r"ward ((?:\{[0-9WUBRGC/]+\})+)", re.I)


def ward(cost_text: str) -> TriggeredAbility:
    return TriggeredAbility(f"Ward {cost_text}", TriggerCondition(TriggerKind.BECOMES_TARGET, whose="opponent"), (),
                            (WardCounter(parse_mana_cost(cost_text)),))  # type: ignore[arg-type]


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip())
    if not m:
        return None
    return ward(m.group(1))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if not isinstance(a, TriggeredAbility) or a.trigger.kind != TriggerKind.BECOMES_TARGET:
        return None
    e = a.effects[0] if len(a.effects) == 1 else None
    return f"Ward {e.cost}" if isinstance(e, WardCounter) and a.trigger.whose == "opponent" else None


READERS.append(read)
RENDERERS.append(render)
