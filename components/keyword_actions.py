"""Keyword actions that put +1/+1 counters on their own permanent: adapt (CR 701.43), monstrosity (CR 701.31)."""

from __future__ import annotations

from dataclasses import dataclass

from components.abilities import Effect


@dataclass(frozen=True, slots=True)
class Adapt(Effect):
    """"Adapt N" (CR 701.43a): "If this permanent has no +1/+1 counters on it, put N +1/+1 counters on it."."""

    amount: int


@dataclass(frozen=True, slots=True)
class BecomeSaddled(Effect):
    """Saddle's effect (CR 702.171a): "This permanent becomes saddled until end of turn"."""


@dataclass(frozen=True, slots=True)
class ClassLevelUp(Effect):
    """A class level bar's activated ability (CR 716.2a): "This Class's level becomes N"."""

    level: int


@dataclass(frozen=True, slots=True)
class Monstrosity(Effect):
    """"Monstrosity N" (CR 701.31a): "If this permanent isn't monstrous, put N +1/+1 counters on it and it becomes
    monstrous." (701.31b: the designation stays until it leaves the battlefield.)"""

    amount: int
