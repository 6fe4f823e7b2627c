"""Protection (CR 702.16) and hexproof from a quality (CR 702.11d) as column operations.

A quality is one of the 15 kinds in ``components.keywords.QUALITY_WORDS`` (a colour, multicolored,
monocolored, everything, or a card type). A source *has* a set of qualities, computed from its
colours and card types as a 15-bit mask; a permanent with protection from a quality keeps one bit
per quality in its keyword column (at ``PROTECTION_SHIFT``), so "is X protected from source Y" is
``(keywords[X] >> PROTECTION_SHIFT) & qualities(Y) != 0`` for a whole board at once.

Protection is DEBT (702.16b-f): Damage from such sources is prevented (systems.prevention),
it can't be Enchanted or Equipped by such Auras/Equipment (:func:`can_attach`), Blocked by such
creatures (systems.combat) or Targeted by such spells and abilities (:func:`untargetable_mask`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from components.characteristics import CardType
from components.keywords import HEXPROOF_FROM_SHIFT, PROTECTION_MASK, PROTECTION_SHIFT, QUALITY_BITS, Keyword
from components.objects import AbilityOnStack, CardObject

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game

_QUALITY_MASK = np.uint64((1 << QUALITY_BITS) - 1)
_QUALITY_BITS = (1 << QUALITY_BITS) - 1  # the same mask as a Python int, for one permanent at a time
# Hexproof-from qualities: offset 7 ("everything") is not one of them; its bit is wither's (components/keywords.py).
_HEXPROOF_QUALITY_MASK = np.uint64(((1 << QUALITY_BITS) - 1) & ~(1 << 7))
_POPCOUNT5 = np.array([bin(i).count("1") for i in range(32)], dtype=np.int8)
# Card type -> its quality offset (QUALITY_WORDS): artifacts 8 ... lands 14.
_TYPE_OFFSETS = (
    (int(CardType.ARTIFACT), 8), (int(CardType.CREATURE), 9), (int(CardType.ENCHANTMENT), 10),
    (int(CardType.INSTANT), 11), (int(CardType.SORCERY), 12), (int(CardType.PLANESWALKER), 13),
    (int(CardType.LAND), 14),
)
MULTICOLORED = 1 << 5
MONOCOLORED = 1 << 6
EVERYTHING = 1 << 7


PROTECTION_BITS = np.uint64(PROTECTION_MASK)


def qualities(colors: np.ndarray, types: np.ndarray) -> np.ndarray:
    """The 15-bit quality mask of sources with these colours and card types (702.16a)."""
    colors, types = np.asarray(colors), np.asarray(types)
    if colors.ndim == 1 and types.shape == colors.shape and len(colors) <= 64:
        # A few sources (combat damage, a spell): one memoised look-up each beats a dozen array passes.
        return np.array([scalar_qualities(c, ty) for c, ty in zip(colors.tolist(), types.tolist(), strict=True)],
                        dtype=np.uint64)
    return _qualities_of_arrays(colors, types)


def _qualities_of_arrays(colors: np.ndarray, types: np.ndarray) -> np.ndarray:
    colors = np.asarray(colors).astype(np.uint64) & np.uint64(0b11111)
    types = np.asarray(types).astype(np.uint64)
    out = colors | np.uint64(EVERYTHING)  # 702.16j: everything matches every source
    count = _POPCOUNT5[colors.astype(np.int64)]
    out = out | np.where(count >= 2, np.uint64(MULTICOLORED), np.uint64(0))
    out = out | np.where(count == 1, np.uint64(MONOCOLORED), np.uint64(0))
    for bit, offset in _TYPE_OFFSETS:
        out = out | np.where((types & np.uint64(bit)) != 0, np.uint64(1 << offset), np.uint64(0))
    return out


def card_qualities(card: CardDef) -> int:
    """Qualities of a card as a source off the battlefield (a spell): its printed colours and types."""
    return scalar_qualities(int(card.colors), int(card.type_bits))


_SCALAR_QUALITIES: dict[tuple[int, int], int] = {}


def scalar_qualities(colors: int, types: int) -> int:
    """``qualities`` of one source: a pure function of (colours, types), memoised (most calls see a few pairs)."""
    key = (colors, types)
    hit = _SCALAR_QUALITIES.get(key)
    if hit is None:
        hit = _SCALAR_QUALITIES[key] = int(_qualities_of_arrays(np.array([colors]), np.array([types]))[0])
    return hit


def protected_from(keywords: np.ndarray, source_qualities: np.ndarray | int) -> np.ndarray:
    """Which permanents (by keyword column) have protection from the matching source (702.16)."""
    prot = (np.asarray(keywords).astype(np.uint64) >> np.uint64(PROTECTION_SHIFT)) & _QUALITY_MASK
    return (prot & np.asarray(source_qualities, dtype=np.uint64)) != 0


def hexproof_from(keywords: np.ndarray, source_qualities: np.ndarray | int) -> np.ndarray:
    """Which permanents have hexproof from a quality the source has (702.11d)."""
    hexq = (np.asarray(keywords).astype(np.uint64) >> np.uint64(HEXPROOF_FROM_SHIFT)) & _HEXPROOF_QUALITY_MASK
    return (hexq & np.asarray(source_qualities, dtype=np.uint64)) != 0


def untargetable_mask(keywords: np.ndarray, controllers: np.ndarray, source_qualities: int,
                      source_controller: int) -> np.ndarray:
    """Rows a source with these qualities can't target: protection (702.16b) from any controller,
    hexproof from a quality (702.11d) only when an opponent controls the source."""
    mask = protected_from(keywords, source_qualities)
    mask |= hexproof_from(keywords, source_qualities) & (np.asarray(controllers) != source_controller)
    return mask


def can_attach(permanent_keywords: int, attachment_colors: int, attachment_types: int) -> bool:
    """Can an Aura enchant, or Equipment/Fortification equip, this permanent (702.16c-d)?"""
    # protected_from on one permanent, in Python ints (a state check asks this for every attached Aura)
    protection = (permanent_keywords >> PROTECTION_SHIFT) & _QUALITY_BITS
    return not protection & scalar_qualities(attachment_colors, attachment_types)


def has_hexproof(keywords: int) -> bool:
    """702.11e: something that looks for hexproof also finds every "hexproof from" ability."""
    hexq = (keywords >> HEXPROOF_FROM_SHIFT) & int(_HEXPROOF_QUALITY_MASK)
    return bool(keywords & Keyword.HEXPROOF) or hexq != 0


def source_qualities(game: Game, source: int) -> int:
    """Qualities of a source entity: a permanent (its current colours and types), a card elsewhere
    (a spell: its printed ones), or an ability on the stack (its source's). Unknown: only
    "everything" matches it (702.16j)."""
    if source < 0:
        return EVERYTHING
    t = game.table
    row = t.row_of.get(source)
    if row is not None:
        game.refresh_layers()
        return scalar_qualities(int(t.colors[row]), int(t.types[row]))
    co = game.world.try_get(source, CardObject) if game.world.exists(source) else None
    if co is not None:
        return card_qualities(co.card)
    ability = game.world.try_get(source, AbilityOnStack) if game.world.exists(source) else None
    if ability is not None:
        if ability.source in t.row_of:
            return source_qualities(game, ability.source)
        return card_qualities(ability.card)  # 113.7a: the source left; its card as last known
    return EVERYTHING
