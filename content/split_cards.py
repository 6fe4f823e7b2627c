"""Split cards (CR 709): one card with two halves, each a set of characteristics of its own.

The loader reads both halves (MTGJSON lists one object per half, "layout": "split") and builds the whole
card here: in every zone but the stack its characteristics are those of the two halves combined (709.4):
both names (709.4a), the combined mana cost and its colours and mana value (709.4b), every card type of
either half and each ability of each half (709.4c). The halves are kept as ``CardDef.faces`` (left
first); on the stack only the half being cast exists (709.3b), or both for a fused split spell (702.102b,
systems/mechanics/split_cards.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from components.card import CardDef
from components.characteristics import CardType, Color, ManaCost, Supertype, TypeLine


def split_card(name: str, halves: Sequence[CardDef]) -> CardDef:
    """The whole split card from its halves, left half first (709.4)."""
    if len(halves) != 2:
        raise ValueError(f"{name}: a split card has two halves (CR 709.1), got {len(halves)}")
    left, right = halves
    subtypes = tuple(dict.fromkeys(left.type_line.subtypes + right.type_line.subtypes))
    type_line = TypeLine(Supertype(int(left.type_line.supertypes) | int(right.type_line.supertypes)),
                         CardType(left.type_bits | right.type_bits), subtypes)
    return CardDef(
        name=name,
        mana_cost=ManaCost(left.mana_cost.symbols + right.mana_cost.symbols),  # 709.4b
        colors=Color(int(left.colors) | int(right.colors)),
        type_line=type_line,
        power=None,
        toughness=None,
        loyalty=None,
        text=f"{left.text}\n//\n{right.text}",
        abilities=left.abilities + right.abilities,  # 709.4c
        keywords=left.keywords | right.keywords,
        layout="split",
        faces=(left, right),
    )


def unsupported_halves(halves: Sequence[CardDef]) -> str:
    """Why these halves can't be a split card the engine plays, or "" (Rooms: permanent halves with a shared
    type line and unlock designations, 709.5, are not implemented)."""
    spells = int(CardType.INSTANT | CardType.SORCERY)
    if any(h.type_bits & ~spells for h in halves):
        return "a split card with permanent halves (a Room, CR 709.5: unlocking doors) is not implemented"
    return ""
