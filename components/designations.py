"""Designations a permanent has as an object (CR 700.x, 701.x, 702.x): components on its entity, so a zone
change, which makes a new object with a new entity (400.7), drops them by construction. Rare events: adding one
is an esper component change, not a per-priority-stop cost."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Renowned:
    """702.112b: it became renowned (renown's trigger checks "if it isn't renowned")."""


@dataclass(frozen=True, slots=True)
class Monstrous:
    """701.31b: it became monstrous (monstrosity does nothing to a monstrous permanent)."""


@dataclass(frozen=True, slots=True)
class Saddled:
    """702.171b: it became saddled this turn (until end of turn)."""

    turn: int


@dataclass(frozen=True, slots=True)
class RiotChoices:
    """702.136a: for each riot instance, whether a +1/+1 counter was chosen (else haste) as it entered."""

    counters: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class TributePaid:
    """702.104b: whether its tribute was paid as it entered ("if tribute wasn't paid")."""

    paid: bool
