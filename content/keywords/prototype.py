"""Prototype (CR 702.160, 718): "Prototype [mana cost] — [power]/[toughness]" on a creature card. The rules are
systems/keywords/prototype.py."""

from __future__ import annotations

import re

from components.abilities import Ability
from components.casting_keywords import Prototype
from components.characteristics import CardType
from content.keywords import READERS, RENDERERS
from content.mana import parse_mana_cost

_PROTOTYPE = re.compile(r"prototype ((?:\{[^}]+\})+)\s*[—-]\s*(\d+)/(\d+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _PROTOTYPE.fullmatch(line.strip())
    if not m or not int(types) & int(CardType.CREATURE) or "X" in m.group(1).upper():
        return None
    cost, p, t = m.group(1).upper(), int(m.group(2)), int(m.group(3))
    return Prototype(f"Prototype {cost} — {p}/{t}", parse_mana_cost(cost), p, t)


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return f"Prototype {a.cost} — {a.power}/{a.toughness}" if isinstance(a, Prototype) else None


READERS.append(read)
RENDERERS.append(render)
