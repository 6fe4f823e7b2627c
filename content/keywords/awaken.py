"""Awaken (CR 702.113): "Awaken N—[cost]" on an instant or sorcery. Only mana costs are read; the rules are
systems/keywords/awaken.py."""

from __future__ import annotations

import re

from components.abilities import Ability
from components.casting_keywords import Awaken
from components.characteristics import CardType
from content.keywords import READERS, RENDERERS
from content.mana import parse_mana_cost

SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)
_AWAKEN = re.compile(r"awaken (\d+)\s*[—-]\s*((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _AWAKEN.fullmatch(line.strip())
    if not m or not int(types) & SPELL_TYPES or "X" in m.group(2).upper() or int(m.group(1)) <= 0:
        return None
    n, cost = int(m.group(1)), m.group(2).upper()
    return Awaken(f"Awaken {n}—{cost}", n, parse_mana_cost(cost))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return f"Awaken {a.amount}—{a.cost}" if isinstance(a, Awaken) else None


READERS.append(read)
RENDERERS.append(render)
