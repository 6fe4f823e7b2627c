"""Keyword abilities the engine knows as bits (CR 702).

Keywords live in a 64-bit mask so the permanent table can hold them as one numpy column and
layer 6 (CR 613.1f) can grant or remove them for a whole board in one operation.
"""

from __future__ import annotations

import enum


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
}


def keyword_label(mask: int) -> list[str]:
    """Capitalised keyword names set in ``mask``, in a fixed order (for logs and scenario checks)."""
    return [name.capitalize() for name, bit in KEYWORD_NAMES.items() if mask & bit]
