"""Keyword abilities the engine knows as bits (CR 702).

Keywords live in a 64-bit mask so the permanent table can hold them as one numpy column and
layer 6 (CR 613.1f) can grant or remove them for a whole board in one operation.
"""

from __future__ import annotations

import enum
import functools


class Keyword(enum.IntFlag):
    """One bit per keyword ability (CR 702); the comment gives the rule."""

    DEATHTOUCH = 1 << 0  # 702.2
    DEFENDER = 1 << 1  # 702.3
    DOUBLE_STRIKE = 1 << 2  # 702.4
    FIRST_STRIKE = 1 << 3  # 702.7
    FLASH = 1 << 4  # 702.8
    FLYING = 1 << 5  # 702.9
    HASTE = 1 << 6  # 702.10
    HEXPROOF = 1 << 7  # 702.11
    INDESTRUCTIBLE = 1 << 8  # 702.12
    INTIMIDATE = 1 << 9  # 702.13
    LIFELINK = 1 << 10  # 702.15
    REACH = 1 << 11  # 702.17
    SHROUD = 1 << 12  # 702.18
    TRAMPLE = 1 << 13  # 702.19
    VIGILANCE = 1 << 14  # 702.20
    MENACE = 1 << 15  # 702.111
    FEAR = 1 << 16  # 702.36
    TRAMPLE_OVER_PLANESWALKERS = 1 << 17  # 702.19c
    # Combat restrictions and requirements that are not keywords but are kept as bits so layer 6
    # can grant or remove them in bulk and combat can test them as column operations.
    CANT_ATTACK = 1 << 18  # "can't attack" (508.1c restriction)
    CANT_BLOCK = 1 << 19  # "can't block" (509.1b restriction)
    ATTACKS_EACH_COMBAT = 1 << 20  # "attacks each combat if able" (508.1d requirement)
    CANT_BE_BLOCKED = 1 << 21  # "can't be blocked" (509.1b restriction)
    BLOCKS_ADDITIONAL = 1 << 22  # "can block an additional creature each combat" (509.1a)
    BLOCKS_ANY_NUMBER = 1 << 23  # "can block any number of creatures" (509.1a)
    # Protection from a quality (702.16): one bit per supported quality (702.16g-h: each quality is a
    # separate protection ability; 702.16m: repeats are redundant, so a bit is exact).
    PROTECTION_FROM_WHITE = 1 << 24
    PROTECTION_FROM_BLUE = 1 << 25
    PROTECTION_FROM_BLACK = 1 << 26
    PROTECTION_FROM_RED = 1 << 27
    PROTECTION_FROM_GREEN = 1 << 28
    PROTECTION_FROM_MULTICOLORED = 1 << 29
    PROTECTION_FROM_MONOCOLORED = 1 << 30
    PROTECTION_FROM_EVERYTHING = 1 << 31  # 702.16j
    PROTECTION_FROM_ARTIFACTS = 1 << 32
    PROTECTION_FROM_CREATURES = 1 << 33
    PROTECTION_FROM_ENCHANTMENTS = 1 << 34
    PROTECTION_FROM_INSTANTS = 1 << 35
    PROTECTION_FROM_SORCERIES = 1 << 36
    PROTECTION_FROM_PLANESWALKERS = 1 << 37
    PROTECTION_FROM_LANDS = 1 << 38
    # Hexproof from a quality (702.11d); same layout as protection, shifted by HEXPROOF_FROM_SHIFT.
    HEXPROOF_FROM_WHITE = 1 << 39
    HEXPROOF_FROM_BLUE = 1 << 40
    HEXPROOF_FROM_BLACK = 1 << 41
    HEXPROOF_FROM_RED = 1 << 42
    HEXPROOF_FROM_GREEN = 1 << 43
    HEXPROOF_FROM_MULTICOLORED = 1 << 44
    HEXPROOF_FROM_MONOCOLORED = 1 << 45
    # Bit 46 would be "hexproof from everything", which no card has (it keeps the layout parallel); it holds
    # wither instead, and systems/protection.py masks it out of the hexproof-from qualities.
    WITHER = 1 << 46  # 702.80: damage to creatures as -1/-1 counters (systems/damage.py)
    HEXPROOF_FROM_ARTIFACTS = 1 << 47
    HEXPROOF_FROM_CREATURES = 1 << 48
    HEXPROOF_FROM_ENCHANTMENTS = 1 << 49
    HEXPROOF_FROM_INSTANTS = 1 << 50
    HEXPROOF_FROM_SORCERIES = 1 << 51
    HEXPROOF_FROM_PLANESWALKERS = 1 << 52
    HEXPROOF_FROM_LANDS = 1 << 53
    # Unleash (702.98a): "can't block as long as it has a +1/+1 counter on it" is tested with the +1/+1
    # counter column (systems/combat.py); the as-enters choice is systems/mechanics/entering.py. Not in
    # KEYWORD_NAMES: the reader systems/mechanics/unleash.py reads the line.
    UNLEASH = 1 << 54
    # Evasion abilities of issue 5, tested as column operations in systems/combat.py ``can_block_mask``.
    # Landwalk (702.14c): can't be blocked while the defending player controls a land of that basic type.
    PLAINSWALK = 1 << 55
    ISLANDWALK = 1 << 56
    SWAMPWALK = 1 << 57
    MOUNTAINWALK = 1 << 58
    FORESTWALK = 1 << 59
    SHADOW = 1 << 60  # 702.28b
    HORSEMANSHIP = 1 << 61  # 702.31b
    # Flanking (702.25a) is a triggered ability (systems/mechanics/flanking.py); the bit marks a creature that has
    # it, for "a creature without flanking" (its trigger's filter).
    FLANKING = 1 << 62
    INFECT = 1 << 63  # 702.90: damage as -1/-1 counters and poison counters (systems/damage.py)


# Layout of the quality bits: protection qualities start at bit 24, hexproof-from qualities at bit 39.
PROTECTION_SHIFT = 24
HEXPROOF_FROM_SHIFT = 39
QUALITY_BITS = 15  # W U B R G, multicolored, monocolored, everything, 7 card types
PROTECTION_MASK = ((1 << QUALITY_BITS) - 1) << PROTECTION_SHIFT
HEXPROOF_FROM_MASK = ((1 << QUALITY_BITS) - 1) << HEXPROOF_FROM_SHIFT


# Printed spelling of each keyword, as Oracle text writes it at the start of a line.
KEYWORD_NAMES: dict[str, Keyword] = {
    "deathtouch": Keyword.DEATHTOUCH,
    "defender": Keyword.DEFENDER,
    "double strike": Keyword.DOUBLE_STRIKE,
    "first strike": Keyword.FIRST_STRIKE,
    "flash": Keyword.FLASH,
    "flying": Keyword.FLYING,
    "haste": Keyword.HASTE,
    "hexproof": Keyword.HEXPROOF,
    "indestructible": Keyword.INDESTRUCTIBLE,
    "intimidate": Keyword.INTIMIDATE,
    "lifelink": Keyword.LIFELINK,
    "reach": Keyword.REACH,
    "shroud": Keyword.SHROUD,
    "trample": Keyword.TRAMPLE,
    "vigilance": Keyword.VIGILANCE,
    "menace": Keyword.MENACE,
    "fear": Keyword.FEAR,
    "trample over planeswalkers": Keyword.TRAMPLE_OVER_PLANESWALKERS,
    "plainswalk": Keyword.PLAINSWALK,
    "islandwalk": Keyword.ISLANDWALK,
    "swampwalk": Keyword.SWAMPWALK,
    "mountainwalk": Keyword.MOUNTAINWALK,
    "forestwalk": Keyword.FORESTWALK,
    "shadow": Keyword.SHADOW,
    "horsemanship": Keyword.HORSEMANSHIP,
    "flanking": Keyword.FLANKING,  # its triggered ability: systems/mechanics/flanking.py
    "wither": Keyword.WITHER,  # 702.80
    "infect": Keyword.INFECT,  # 702.90
}

# Landwalk (702.14c): each landwalk bit and the basic land type it names, in bit order.
LANDWALK = ((Keyword.PLAINSWALK, "Plains"), (Keyword.ISLANDWALK, "Island"), (Keyword.SWAMPWALK, "Swamp"),
            (Keyword.MOUNTAINWALK, "Mountain"), (Keyword.FORESTWALK, "Forest"))
LANDWALK_MASK = int(Keyword.PLAINSWALK | Keyword.ISLANDWALK | Keyword.SWAMPWALK | Keyword.MOUNTAINWALK
                    | Keyword.FORESTWALK)

# The qualities "protection from" and "hexproof from" may name, as Oracle text spells them, with their
# offset inside the quality layout (see PROTECTION_SHIFT). Other qualities (subtypes, names, players,
# "the chosen color") are not supported: the Oracle reader rejects them.
QUALITY_WORDS: dict[str, int] = {
    "white": 0, "blue": 1, "black": 2, "red": 3, "green": 4, "multicolored": 5, "monocolored": 6,
    "everything": 7, "artifacts": 8, "creatures": 9, "enchantments": 10, "instants": 11, "sorceries": 12,
    "planeswalkers": 13, "lands": 14,
}

for _word, _offset in QUALITY_WORDS.items():
    KEYWORD_NAMES[f"protection from {_word}"] = Keyword(1 << (PROTECTION_SHIFT + _offset))
    if _word != "everything":
        KEYWORD_NAMES[f"hexproof from {_word}"] = Keyword(1 << (HEXPROOF_FROM_SHIFT + _offset))
# CR 702.16h: "protection from all colors" is protection from each of the five colors.
KEYWORD_NAMES["protection from all colors"] = Keyword(0b11111 << PROTECTION_SHIFT)

# Whole Oracle lines (after normalisation, the card itself written '~') that set a combat bit.
COMBAT_LINES: dict[str, Keyword] = {
    "~ can't attack.": Keyword.CANT_ATTACK,
    "~ can't block.": Keyword.CANT_BLOCK,
    "~ can't attack or block.": Keyword.CANT_ATTACK | Keyword.CANT_BLOCK,
    "~ attacks each combat if able.": Keyword.ATTACKS_EACH_COMBAT,
    "~ can't be blocked.": Keyword.CANT_BE_BLOCKED,
    "~ can block an additional creature each combat.": Keyword.BLOCKS_ADDITIONAL,
    "~ can block any number of creatures.": Keyword.BLOCKS_ANY_NUMBER,
}


# (name, bit) of the names of one keyword bit, in KEYWORD_NAMES order, as plain ints: an enum ``&`` per name made a
# label cost ~100 us, and information states (search agents) ask for one per permanent.
_SINGLE_BITS = tuple((name.capitalize(), int(bit)) for name, bit in KEYWORD_NAMES.items() if int(bit).bit_count() == 1)


@functools.lru_cache(maxsize=4096)
def _labels(mask: int) -> tuple[str, ...]:
    return tuple(name for name, bit in _SINGLE_BITS if mask & bit)


def keyword_label(mask: int) -> list[str]:
    """Capitalised keyword names set in ``mask``, in a fixed order (for logs and scenario checks)."""
    return list(_labels(int(mask)))
