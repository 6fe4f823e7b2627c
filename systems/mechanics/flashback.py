"""Flashback (CR 702.34): "Flashback [cost]" on an instant or sorcery.

702.34a: "You may cast this card from your graveyard if the resulting spell is an instant or sorcery spell by
paying [cost] rather than paying its mana cost" and "If the flashback cost was paid, exile this card instead
of putting it anywhere else any time it would leave the stack." Only mana costs are read ("Flashback—Pay 3
life" and other costs that aren't mana are not). Casting from the graveyard and the exile are
systems/mechanics/additional_costs.py.
"""

from __future__ import annotations

import re

from components.abilities import Ability
from components.characteristics import CardType
from components.keyword_abilities import Flashback
from content import registry
from content.mana import parse_mana_cost

SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)
_LINE = re.compile(r"flashback ((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip())
    if not m or not int(types) & SPELL_TYPES:
        return None
    return Flashback(f"Flashback {m.group(1)}", parse_mana_cost(m.group(1)))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return f"Flashback {a.cost}" if isinstance(a, Flashback) else None


registry.reader(read, priority=200)
registry.renderer(render, priority=160)
