"""Keyword lines of double-faced cards and day/night: daybound and nightbound (CR 702.145), "If it's neither day
nor night, it becomes day as ~ enters." (728.1). The rules are systems/keywords/day_night.py.
"""

from __future__ import annotations

import re

from components.characteristics import CardType
from components.double_faced import DayAsEnters, Daybound, Disturb, Nightbound
from content.keywords import READERS, RENDERERS
from content.mana import parse_mana_cost

_DISTURB = re.compile(r"disturb ((?:\{[0-9wubrgcx/]+\})+)")

_LINES = {
    "daybound": Daybound(),
    "nightbound": Nightbound(),
    "if it's neither day nor night, it becomes day as ~ enters": DayAsEnters(),
}


def read(line: str, raw: str, name: str, types: CardType) -> object | None:
    m = _DISTURB.fullmatch(line.strip().rstrip(".").lower())
    if m:  # 702.146a: "Disturb [cost]" (the loader refuses it on a card that isn't a transforming card)
        cost = m.group(1).upper()
        return Disturb(f"Disturb {cost}", parse_mana_cost(cost))
    ability = _LINES.get(line.strip().rstrip(".").lower())
    if ability is None or not types & CardType.CREATURE and not isinstance(ability, DayAsEnters):
        return None  # daybound and nightbound are found on transforming creature faces (702.145a)
    return ability


def render(abilities: list[object]) -> str | None:
    if len(abilities) == 1 and isinstance(abilities[0], (Daybound, Nightbound, DayAsEnters, Disturb)):
        return abilities[0].text
    return None


READERS.append(read)  # type: ignore[arg-type]
RENDERERS.append(render)
