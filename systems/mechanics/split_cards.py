"""Split cards on the stack (CR 709.3) and fused split spells (fuse, CR 702.102).

A split card is cast as one of its halves (709.3): only that half's characteristics exist on the stack
(709.3b). With fuse, both halves may be cast from the hand as one fused split spell (702.102a) with the
combined characteristics of both halves (702.102b, 709.4d): here its instructions are the left half's
followed by the right half's (702.102d), with the right half's target slots numbered after the left's
(601.2c), so the spell resolves like any other (608.2b: it fails to resolve only if every target is
illegal).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from components.abilities import SpellAbility
from components.keyword_abilities import Fuse

if TYPE_CHECKING:
    from components.card import CardDef

_FUSED: dict[int, tuple[CardDef, CardDef | None]] = {}  # id(whole card) -> (whole card, fused spell or None)


def is_split(card: CardDef) -> bool:
    return card.layout == "split" and len(card.faces) == 2


def has_fuse(card: CardDef) -> bool:
    """702.102a: a split card with fuse (each half prints it)."""
    return is_split(card) and any(isinstance(a, Fuse) for a in card.abilities)


def _spell(card: CardDef) -> SpellAbility | None:
    return next((a for a in card.abilities if isinstance(a, SpellAbility)), None)


def fused(card: CardDef) -> CardDef | None:
    """The fused split spell of a split card with fuse (702.102b-d), or None if its halves can't be joined
    (a modal half: which modes apply to which half is not modelled)."""
    hit = _FUSED.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    left, right = (_spell(face) for face in card.faces)
    result: CardDef | None = None
    if left is not None and right is not None and not left.modes and not right.modes:
        from content.oracle import shift_targets

        spell = SpellAbility(
            f"{left.text}\n{right.text}", left.targets + right.targets,
            left.effects + tuple(shift_targets(e, len(left.targets)) for e in right.effects))
        others = tuple(a for a in card.abilities if not isinstance(a, SpellAbility))
        result = dataclasses.replace(card, abilities=(spell, *others))
    _FUSED[id(card)] = (card, result)
    return result
