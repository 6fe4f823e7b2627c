"""Phasing (CR 702.26)."""

from __future__ import annotations

from dataclasses import dataclass

from components.abilities import Ability, Effect


@dataclass(frozen=True, slots=True)
class Phasing(Ability):
    """The keyword phasing (CR 702.26a): "During your untap step, if this permanent is phased in, it phases
    out; if it is phased out, it phases in." systems/mechanics/phasing.py."""

    text: str = "Phasing"


@dataclass(frozen=True, slots=True)
class PhaseOut(Effect):
    """"~ phases out" / "target creature you don't control phases out" (CR 702.26): the permanent (a target
    index, or SELF) phases out; it phases in during its controller's next untap step (702.26a)."""

    target: int
