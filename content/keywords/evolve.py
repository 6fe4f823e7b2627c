"""Evolve (CR 702.100): "Evolve" on its own line.

702.100a: "Whenever a creature you control enters, if that creature's power is greater than this
creature's power and/or that creature's toughness is greater than this creature's toughness, put a
+1/+1 counter on this creature." The comparison is an intervening "if" (603.4), condition kind
"evolve" (systems/keywords/evolve.py). 702.100d: each instance triggers separately (each line is
its own triggered ability).
"""

from __future__ import annotations

from components.abilities import (
    SELF,
    Ability,
    Condition,
    PermanentFilter,
    PutCounters,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
)
from components.characteristics import CardType
from content.keywords import READERS, RENDERERS

EVOLVE = TriggeredAbility(
    "Evolve",
    TriggerCondition(TriggerKind.ENTERS, "filter",
                     PermanentFilter(types_any=int(CardType.CREATURE), controller="you")),
    (),
    (PutCounters("+1/+1", 1, SELF),),  # type: ignore[arg-type]
    condition=Condition("evolve"),
)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() != "evolve":
        return None
    return EVOLVE


def render(abilities: list[object]) -> str | None:
    """The round trip's text (content/oracle/render.py): the keyword, from the data."""
    return "Evolve" if len(abilities) == 1 and abilities[0] == EVOLVE else None


READERS.append(read)
RENDERERS.append(render)
