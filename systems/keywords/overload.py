"""Overload on the stack (CR 702.96).

A spell cast for its overload cost (702.96a) has its text changed: every "target" becomes "each"
(702.96a, 702.96c). The loader compiled that text once (content/keywords/overload.py); here the spell on
the stack takes it as its characteristics, so it has no targets (702.96b) and its instructions act on
every object the "each" phrases describe, including objects it could not have targeted.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from components.abilities import SpellAbility
from components.keyword_abilities import Overload

if TYPE_CHECKING:
    from components.card import CardDef

_OVERLOADED: dict[int, tuple[CardDef, CardDef]] = {}


def overload_of(card: CardDef) -> Overload | None:
    for a in card.abilities:
        if isinstance(a, Overload):
            return a
    return None


def overloaded(card: CardDef) -> CardDef:
    """The card's characteristics as an overloaded spell: the text-changed instructions (702.96a)."""
    hit = _OVERLOADED.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    from content.keywords.overload import change_text

    ability = overload_of(card)
    assert ability is not None and isinstance(ability.spell, SpellAbility)
    result = dataclasses.replace(
        card, text=change_text(card.text),
        abilities=tuple(ability.spell if isinstance(a, SpellAbility) else a for a in card.abilities))
    _OVERLOADED[id(card)] = (card, result)
    return result
