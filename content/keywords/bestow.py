"""Bestow (CR 702.103): "Bestow [cost]" on a creature card.

702.103a: "As you cast this spell, you may choose to cast it bestowed. If you do, you pay [cost] rather than
its mana cost." The rules of a bestowed spell and Aura (702.103b-f) are in systems/keywords/bestow.py.
"""

from __future__ import annotations

import re

from components.abilities import Ability
from components.characteristics import CardType
from components.keyword_abilities import Bestow
from content.keywords import READERS, RENDERERS
from content.mana import parse_mana_cost

_LINE = re.compile(r"bestow ((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip())
    if not m or not int(types) & CardType.CREATURE:
        return None
    return Bestow(f"Bestow {m.group(1)}", parse_mana_cost(m.group(1)))


def render(abilities: list[object]) -> str | None:
    """The round trip's text (content/oracle/render.py): "Bestow [cost]" from the ability's cost."""
    one = abilities[0] if len(abilities) == 1 else None
    return f"Bestow {one.cost}" if isinstance(one, Bestow) else None


READERS.append(read)
RENDERERS.append(render)
