"""Dethrone (CR 702.105): "Dethrone" on its own line.

702.105a: "Whenever this creature attacks the player with the most life or tied for most life, put a
+1/+1 counter on this creature." Which player is attacked is part of the trigger event (not an
intervening "if": it is not checked again on resolution), so it is a trigger condition
(``TriggerCondition.defender == "most_life"``, systems/triggers.py). 702.105b: each instance
triggers separately.
"""

from __future__ import annotations

from components.abilities import SELF, Ability, PutCounters, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from content import registry

DETHRONE = TriggeredAbility(
    "Dethrone",
    TriggerCondition(TriggerKind.ATTACKS, "self", defender="most_life"),
    (),
    (PutCounters("+1/+1", 1, SELF),),
)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() != "dethrone":
        return None
    return DETHRONE


def render(abilities: list[object]) -> str | None:
    """The round trip's text (content/oracle/render.py): the keyword, from the data."""
    return "Dethrone" if len(abilities) == 1 and abilities[0] == DETHRONE else None


registry.reader(read, priority=160)
registry.renderer(render, priority=130)
