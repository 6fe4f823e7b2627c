"""Typed abilities and effects that the Oracle reader produces and the systems execute.

Plain data only: each dataclass says *what* an ability does; ``systems/`` says *how*.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class TargetKind(enum.Enum):
    """What a target slot accepts (CR 115.1, 115.4)."""

    ANY = "any target"  # creature, player, planeswalker or battle (CR 115.4)
    CREATURE = "target creature"
    CREATURE_OR_PLANESWALKER = "target creature or planeswalker"
    PLAYER_OR_PLANESWALKER = "target player or planeswalker"
    PLAYER = "target player"


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """One target slot of a spell or ability (CR 115.1)."""

    kind: TargetKind


# --- spell and ability effects (CR 608.2c: followed in written order) -----------------------


@dataclass(frozen=True, slots=True)
class DealDamage:
    """'<source> deals N damage to <target>' (CR 120)."""

    amount: int
    target: int  # index of the target slot


@dataclass(frozen=True, slots=True)
class ModifyPowerToughness:
    """'Target creature gets +N/+N until end of turn' (CR 611.2c, layer 7c)."""

    power: int
    toughness: int
    target: int


@dataclass(frozen=True, slots=True)
class Destroy:
    """'Destroy target creature' (CR 701.8)."""

    target: int


@dataclass(frozen=True, slots=True)
class GainLife:
    """'You gain N life' (CR 119.3)."""

    amount: int


@dataclass(frozen=True, slots=True)
class DrawCards:
    """'Draw N cards' (CR 121.1)."""

    count: int


Effect = DealDamage | ModifyPowerToughness | Destroy | GainLife | DrawCards


@dataclass(frozen=True, slots=True)
class SpellAbility:
    """The instructions of an instant or sorcery (CR 113.3a)."""

    text: str
    targets: tuple[TargetSpec, ...]
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class KeywordAbility:
    """A line of keyword abilities (CR 702), kept as a bit mask."""

    text: str
    mask: int


@dataclass(frozen=True, slots=True)
class PermanentFilter:
    """A description of permanents ("other nonblack Elf creatures you control"), evaluated in bulk.

    Every field narrows the set; the defaults mean "any". Bits are CardType, Supertype, Color and
    Keyword flags. systems/layers.py evaluates a filter on whole columns at once.
    """

    types_any: int = 0  # has at least one of these card types (0: any)
    types_all: int = 0  # has all of these card types
    types_none: int = 0  # has none of these ("nonland")
    subtypes_any: tuple[str, ...] = ()  # has one of these subtypes ("Elves")
    supertypes_any: int = 0  # ("legendary")
    supertypes_none: int = 0  # ("nonlegendary")
    colors_any: int = 0  # is at least one of these colours
    colors_none: int = 0  # is none of these colours ("nonblack")
    keywords_any: int = 0  # has one of these keywords ("with flying")
    keywords_none: int = 0  # ("without flying")
    controller: str = "any"  # "you", "opponent" or "any", relative to the effect's controller
    exclude_source: bool = False  # "other ..."
    token: bool | None = None  # True: tokens only; False: nontoken only

    def reads(self) -> frozenset[str]:
        """The characteristics this filter looks at (used to find dependencies, CR 613.8)."""
        out = set()
        if self.types_any or self.types_all or self.types_none or self.subtypes_any:
            out.add("types")
        if self.supertypes_any or self.supertypes_none:
            out.add("types")
        if self.colors_any or self.colors_none:
            out.add("colors")
        if self.keywords_any or self.keywords_none:
            out.add("abilities")
        if self.controller != "any":
            out.add("controller")
        return frozenset(out)


@dataclass(frozen=True, slots=True)
class StaticPump:
    """'Creatures you control get +N/+N' — a static ability's continuous effect (CR 604, 611.3)."""

    text: str
    affected: PermanentFilter
    power: int
    toughness: int


Ability = SpellAbility | KeywordAbility | StaticPump
