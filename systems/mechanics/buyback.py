"""Buyback (CR 702.27): "Buyback [cost]" on an instant or sorcery.

702.27a: "You may pay an additional [cost] as you cast this spell" and "If the buyback cost was paid, put
this spell into its owner's hand instead of into that player's graveyard as it resolves." Only mana costs
are read. The rules are systems/mechanics/additional_costs.py.
"""

from __future__ import annotations

import re

from components.abilities import Ability
from components.characteristics import CardType
from components.keyword_abilities import Buyback
from content import registry
from content.mana import parse_mana_cost

SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)
_LINE = re.compile(r"buyback ((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip())
    if not m or not int(types) & SPELL_TYPES:
        return None
    return Buyback(f"Buyback {m.group(1)}", parse_mana_cost(m.group(1)))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return f"Buyback {a.cost}" if isinstance(a, Buyback) else None


registry.reader(read, priority=210)
registry.renderer(render, priority=170)
