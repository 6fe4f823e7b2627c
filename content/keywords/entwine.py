"""Entwine (CR 702.42): "Entwine [cost]" on a modal instant or sorcery. Only mana costs are read; the rules are
systems/keywords/entwine.py."""

from __future__ import annotations

import re

from components.abilities import Ability
from components.casting_keywords import Entwine
from components.characteristics import CardType
from content.keywords import READERS, RENDERERS
from content.mana import parse_mana_cost

SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)
_ENTWINE = re.compile(r"entwine ((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _ENTWINE.fullmatch(line.strip().rstrip("."))
    if not m or not int(types) & SPELL_TYPES or "X" in m.group(1).upper():
        return None
    cost = m.group(1).upper()
    return Entwine(f"Entwine {cost}", parse_mana_cost(cost))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return f"Entwine {a.cost}" if isinstance(a, Entwine) else None


READERS.append(read)
RENDERERS.append(render)
