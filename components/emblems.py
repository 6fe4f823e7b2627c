"""Emblems (CR 114): "You get an emblem with "..."" / "Target opponent gets an emblem with "..."".

Compiled by content/oracle/grants.py, carried out by systems/mechanics/emblem.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from components.abilities import Ability, Effect, PlayerRef


@dataclass(frozen=True, slots=True)
class CreateEmblem(Effect):
    """Put an emblem with ``abilities`` into ``player``'s command zone (114.1-114.2): that player owns and
    controls it; its abilities work from the command zone (114.4) for the rest of the game (114.3)."""

    abilities: tuple[Ability, ...]
    player: PlayerRef
