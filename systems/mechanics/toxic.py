"""Toxic (CR 702.164): "Toxic N" on its own line, a static ability (components.combat_keywords.Toxic).

702.164c: combat damage dealt to a player by a creature with toxic also gives that player N poison counters
(systems/mechanics/infect.py, called by systems/damage.py). Infect (702.90) and wither (702.80) are keyword bits
(components/keywords.py) read by the general keyword-line reader.
"""

from __future__ import annotations

import re

from components.abilities import Ability
from components.characteristics import CardType
from components.combat_keywords import Toxic
from content import registry

_LINE = re.compile(r"toxic (\d+)")


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip().rstrip(".").lower())
    if not m or not int(types) & CardType.CREATURE:
        return None
    return Toxic(f"Toxic {m.group(1)}", int(m.group(1)))


def render(abilities: list[object]) -> str | None:
    if len(abilities) == 1 and isinstance(abilities[0], Toxic):
        return f"Toxic {abilities[0].amount}"
    return None


registry.reader(read, priority=390)
registry.renderer(render, priority=350)
