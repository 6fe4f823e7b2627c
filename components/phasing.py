"""Phasing (CR 702.26)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Phasing:
    """The keyword phasing (CR 702.26a): "During your untap step, if this permanent is phased in, it phases
    out; if it is phased out, it phases in." systems/mechanics/phasing.py."""

    text: str = "Phasing"


@dataclass(frozen=True, slots=True)
class PhaseOut:
    """"~ phases out" / "target creature you don't control phases out" (CR 702.26): the permanent (a target
    index, or SELF) phases out; it phases in during its controller's next untap step (702.26a)."""

    target: int
