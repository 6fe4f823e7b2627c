"""Fuse (CR 702.102): "Fuse" on each half of a split card (CR 709).

702.102a: from its owner's hand, a split card with fuse may be cast with both halves; the fused split spell
has the combined characteristics of its halves (702.102b, 709.4d), costs both mana costs (702.102c), and
follows the left half's instructions, then the right half's (702.102d). systems/mechanics/split_cards.py
builds the fused spell; the loader builds split cards from their halves (content/split_cards.py).
"""

from __future__ import annotations

from components.abilities import Ability
from components.characteristics import CardType
from components.keyword_abilities import Fuse
from content import registry

SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() != "fuse" or not int(types) & SPELL_TYPES:
        return None
    return Fuse("Fuse")


registry.reader(read, priority=100)
