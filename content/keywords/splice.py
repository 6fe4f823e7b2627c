"""Splice (CR 702.47): "Splice onto Arcane [cost]". Only mana costs onto Arcane spells are read; the rules are
systems/keywords/splice.py."""

from __future__ import annotations

import re

from components.abilities import Ability
from components.casting_keywords import Splice
from components.characteristics import CardType
from content.keywords import READERS, RENDERERS
from content.mana import parse_mana_cost

SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)
_SPLICE = re.compile(r"splice onto arcane ((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _SPLICE.fullmatch(line.strip())
    if not m or not int(types) & SPELL_TYPES or "X" in m.group(1).upper():
        return None
    cost = m.group(1).upper()
    return Splice(f"Splice onto Arcane {cost}", parse_mana_cost(cost))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return f"Splice onto Arcane {a.cost}" if isinstance(a, Splice) else None


READERS.append(read)
RENDERERS.append(render)
