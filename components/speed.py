"""Start your engines! and speed (CR 702.179); max speed (CR 702.178)."""

from __future__ import annotations

from dataclasses import dataclass

from components.abilities import Ability, Effect


@dataclass(frozen=True, slots=True)
class StartYourEngines(Ability):
    """Start your engines! (CR 702.179a), a static ability: if its controller has no speed, their speed becomes
    1 (a state-based action, 704.5z). systems/mechanics/speed.py."""

    text: str = "Start your engines!"


@dataclass(frozen=True, slots=True)
class IncreaseSpeed(Effect):
    """The effect of the inherent speed ability (CR 702.179d): "your speed increases by 1" (at most 4)."""
