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
    """A description of permanents, compiled to a numpy mask by systems/filters.py."""

    types_any: int = 0  # CardType bits; 0 means any
    controller: str = "any"  # "you", "opponent" or "any", relative to the effect's controller
    exclude_source: bool = False  # "other ..."


@dataclass(frozen=True, slots=True)
class StaticPump:
    """'Creatures you control get +N/+N' — a static ability's continuous effect (CR 604, 611.3)."""

    text: str
    affected: PermanentFilter
    power: int
    toughness: int


Ability = SpellAbility | KeywordAbility | StaticPump
