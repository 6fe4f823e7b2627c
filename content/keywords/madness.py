"""Madness (CR 702.35): "Madness [cost]". Only mana costs are read; the rules are systems/keywords/madness.py."""

from __future__ import annotations

import re

from components.abilities import Ability
from components.casting_keywords import Madness
from components.characteristics import CardType
from content.keywords import READERS, RENDERERS
from content.mana import parse_mana_cost

_MADNESS = re.compile(r"madness ((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _MADNESS.fullmatch(line.strip())
    if not m or int(types) & int(CardType.LAND) or "X" in m.group(1).upper():
        return None
    cost = m.group(1).upper()
    return Madness(f"Madness {cost}", parse_mana_cost(cost))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return f"Madness {a.cost}" if isinstance(a, Madness) else None


READERS.append(read)
RENDERERS.append(render)
