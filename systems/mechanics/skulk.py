"""Skulk (CR 702.118): "Skulk" on its own line, or "Equipped creature has skulk." / "Enchanted creature has skulk."

702.118b: "A creature with skulk can't be blocked by creatures with greater power." The blocking restriction
(509.1b) is the combat rule "power_greater_cant_block" of components/static_rules.py (systems/static_rules.py
compares powers as blockers are declared); 702.118c: several instances are redundant.
"""

from __future__ import annotations

import re

from components.abilities import Ability
from components.characteristics import CardType
from components.static_rules import CombatRule
from content import registry

KIND = "power_greater_cant_block"
_ATTACHED = re.compile(r"(equipped|enchanted) creature has skulk\.?", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    text = line.strip()
    if text.rstrip(".").lower() == "skulk" and int(types) & CardType.CREATURE:
        return CombatRule("Skulk", KIND)
    m = _ATTACHED.fullmatch(text)
    if m:
        noun = f"{m.group(1).lower()} creature"
        return CombatRule(f"{noun.capitalize()} has skulk.", KIND, subject="attached",
                          attached_noun=noun)
    return None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if not isinstance(a, CombatRule) or a.kind != KIND or a.other is not None or a.n or a.affected is not None:
        return None
    if a.subject == "self" and a.text == "Skulk":
        return "Skulk"
    if a.subject == "attached" and a.text == f"{a.attached_noun.capitalize()} has skulk.":
        return a.text
    return None


registry.reader(read, priority=490)
registry.renderer(render, priority=450)
