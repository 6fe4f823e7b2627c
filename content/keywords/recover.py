"""Recover (CR 702.59): "Recover [cost]". Only mana costs are read; the rules are systems/keywords/recover.py."""

from __future__ import annotations

import re

from components.abilities import Ability
from components.casting_keywords import Recover
from components.characteristics import CardType
from content.keywords import READERS, RENDERERS
from content.mana import parse_mana_cost

_RECOVER = re.compile(r"recover ((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _RECOVER.fullmatch(line.strip().rstrip("."))
    if not m or "X" in m.group(1).upper():
        return None
    cost = m.group(1).upper()
    return Recover(f"Recover {cost}", parse_mana_cost(cost))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return f"Recover {a.cost}" if isinstance(a, Recover) else None


READERS.append(read)
RENDERERS.append(render)
