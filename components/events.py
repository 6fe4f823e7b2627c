"""Game events (the engine's own typed queue): what triggered abilities look at (CR 603.2).

esper's event handlers are weak references that silently drop lambdas, so the engine keeps its
own events: plain records emitted by the systems and matched by systems/triggers.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from components.card import CardDef


@dataclass(frozen=True, slots=True)
class ZoneChanged:
    """An object moved between zones (CR 400.7): the old entity, the new one, and what it was."""

    old: int
    new: int
    card: CardDef
    from_zone: int
    to_zone: int
    owner: int
    controller: int  # its controller just before it moved (last known information, 603.10a)
    types: int  # its card types just before it moved
    token: bool


@dataclass(frozen=True, slots=True)
class Attacked:
    attacker: int
    defender: int
    controller: int


@dataclass(frozen=True, slots=True)
class Blocked:
    blocker: int
    attacker: int
    controller: int


@dataclass(frozen=True, slots=True)
class DamageDealt:
    source: int
    source_controller: int
    recipient: int
    amount: int
    combat: bool
    to_player: bool


@dataclass(frozen=True, slots=True)
class StepBegan:
    step: int
    active: int


@dataclass(frozen=True, slots=True)
class SpellCast:
    spell: int
    card: CardDef
    controller: int


@dataclass(frozen=True, slots=True)
class LifeGained:
    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class Targeted:
    """A permanent or player became the target of a spell or ability (CR 115.1; ward, 702.21a): ``by`` is the
    spell or ability on the stack, ``controller`` its controller."""

    target: int
    by: int
    controller: int


Event = ZoneChanged | Attacked | Blocked | DamageDealt | StepBegan | SpellCast | LifeGained | Targeted
