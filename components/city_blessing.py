"""Ascend and the city's blessing (CR 702.131)."""

from __future__ import annotations

from dataclasses import dataclass

from components.abilities import Ability, Effect


@dataclass(frozen=True, slots=True)
class Ascend(Ability):
    """Ascend on a permanent (CR 702.131b), a static ability: "Any time you control ten or more permanents
    and you don't have the city's blessing, you get the city's blessing for the rest of the game."
    (systems/mechanics/ascend.py)."""

    text: str = "Ascend"


@dataclass(frozen=True, slots=True)
class AscendInstruction(Effect):
    """Ascend on an instant or sorcery (CR 702.131a), a spell ability: "If you control ten or more permanents
    and you don't have the city's blessing, you get the city's blessing for the rest of the game." Followed
    in printed order as the spell resolves."""
