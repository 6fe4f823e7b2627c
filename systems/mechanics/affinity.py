"""Affinity (CR 702.41): "Affinity for [text]".

702.41a: "This spell costs you {1} less to cast for each [text] you control." A cost reduction of the spell
itself (601.2f: it takes off generic mana only, never below zero), counted as the total cost is determined:
a :class:`CostModifier` of the card (``self_only``) whose amount is multiplied by the number of permanents
its controller controls that match (systems/costs.py). 702.41b: each instance applies (each line is its own
modifier). Read: "artifacts" and plural subtypes ("Islands", "Spirits").
"""

from __future__ import annotations

import re

from components.abilities import Ability, CostModifier, Count, PermanentFilter
from components.characteristics import CardType
from content import registry

_LINE = re.compile(r"affinity for ([a-z]+)s", re.I)


def _filter(word: str) -> PermanentFilter | None:
    if word.lower() == "artifact":
        return PermanentFilter(types_any=int(CardType.ARTIFACT), controller="you")
    from components.subtypes import SUBTYPES_BY_CARD_TYPE

    name = word.capitalize()
    if any(name in subs for subs in SUBTYPES_BY_CARD_TYPE.values()):
        return PermanentFilter(subtypes_any=(name,), controller="you")
    return None


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip().rstrip("."))
    if not m:
        return None
    f = _filter(m.group(1))
    if f is None:
        return None
    return CostModifier(f"Affinity for {m.group(1)}s", -1, self_only=True, dynamic=Count("permanents", f))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if not (isinstance(a, CostModifier) and a.self_only and a.amount == -1 and a.condition is None
            and a.dynamic is not None and a.dynamic.kind == "permanents" and a.dynamic.filter is not None
            and a.text.startswith("Affinity for ")):
        return None
    f = a.dynamic.filter
    if f.types_any == int(CardType.ARTIFACT) and not f.subtypes_any:
        return "Affinity for artifacts"
    if len(f.subtypes_any) == 1 and not f.types_any:
        return f"Affinity for {f.subtypes_any[0]}s"
    return None


registry.reader(read, priority=280)
registry.renderer(render, priority=240)
