"""Miracle (CR 702.94): "Miracle [cost]".

702.94a: a static ability linked to a triggered ability: "You may reveal this card from your hand as you
draw it if it's the first card you've drawn this turn. When you reveal this card this way, you may cast it
by paying [cost] rather than its mana cost." Drawing, revealing and the trigger are in
systems/keywords/miracle.py.
"""

from __future__ import annotations

import re

from components.abilities import Ability
from components.characteristics import CardType
from components.keyword_abilities import Miracle
from content.keywords import READERS
from content.mana import parse_mana_cost

_LINE = re.compile(r"miracle ((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip())
    if not m or int(types) & CardType.LAND:
        return None
    return Miracle(f"Miracle {m.group(1)}", parse_mana_cost(m.group(1)))


READERS.append(read)
