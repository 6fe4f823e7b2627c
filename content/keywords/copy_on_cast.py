"""Casualty (CR 702.153), conspire (702.78) and replicate (702.56): "Casualty N", "Conspire" and "Replicate
[mana cost]" on an instant or sorcery.

The rules (the optional additional cost and the copy made when the spell is cast) are
systems/keywords/copy_on_cast.py.
"""

from __future__ import annotations

import re

from components.abilities import Ability
from components.casting_keywords import CopyOnCast
from components.characteristics import CardType
from content.keywords import READERS, RENDERERS
from content.mana import parse_mana_cost

SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)
_CASUALTY = re.compile(r"casualty (\d+)", re.I)
_REPLICATE = re.compile(r"replicate ((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if not int(types) & SPELL_TYPES:
        return None  # a permanent spell's copy would become a token (707.10f): not read
    text = line.strip().rstrip(".")
    if text.lower() == "conspire":
        return CopyOnCast("Conspire", "conspire")
    m = _CASUALTY.fullmatch(text)
    if m:
        return CopyOnCast(f"Casualty {int(m.group(1))}", "casualty", int(m.group(1)))
    m = _REPLICATE.fullmatch(text)
    if m and "X" not in m.group(1).upper():
        cost = m.group(1).upper()
        return CopyOnCast(f"Replicate {cost}", "replicate", cost=parse_mana_cost(cost))
    return None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if not isinstance(a, CopyOnCast):
        return None
    if a.keyword == "replicate":
        return f"Replicate {a.cost}"
    return "Conspire" if a.keyword == "conspire" else f"Casualty {a.power}"


READERS.append(read)
RENDERERS.append(render)
