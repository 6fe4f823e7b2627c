"""Upkeep costs that aren't only mana (CR 702.24a cumulative upkeep with life, discard or sacrifice costs)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from components.abilities import Effect, PermanentFilter

if TYPE_CHECKING:
    from components.characteristics import ManaCost


@dataclass(frozen=True, slots=True)
class CumulativeUpkeepOtherCost(Effect):
    """Cumulative upkeep with a cost that isn't only mana (CR 702.24a): "Cumulative upkeep—Pay 2 life.",
    "—Pay {B} and 1 life.", "—Discard a card.", "—Sacrifice a creature.". As it resolves an age counter is put
    on the permanent; then its controller may pay the cost once for each age counter on it (all of it or
    none); if they don't, they sacrifice it. ``mana``: the mana part (or None), ``life``: life per counter,
    ``discard``: one card per counter, ``sacrifice``: the permanent sacrificed per counter (a PermanentFilter),
    ``noun`` how it is printed ("a creature"), for the round trip."""

    mana: ManaCost | None = None
    life: int = 0
    discard: bool = False
    sacrifice: PermanentFilter | None = None
    noun: str = ""
