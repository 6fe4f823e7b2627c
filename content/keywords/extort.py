"""Extort (CR 702.101): "Extort" on its own line.

702.101a: "Whenever you cast a spell, you may pay {W/B}. If you do, each opponent loses 1 life and
you gain life equal to the total life lost this way." The payment is asked as the ability resolves
(systems/keywords/extort.py). 702.101b: each instance triggers separately.
"""

from __future__ import annotations

from components.abilities import Ability, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.keyword_abilities import ExtortPayment
from content.keywords import READERS, RENDERERS

EXTORT = TriggeredAbility(
    "Extort",
    TriggerCondition(TriggerKind.CAST, "filter", None, whose="your"),
    (),
    (ExtortPayment(),),  # type: ignore[arg-type]
)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() != "extort":
        return None
    return EXTORT


def render(abilities: list[object]) -> str | None:
    """The round trip's text (content/oracle/render.py): the keyword, from the data."""
    return "Extort" if len(abilities) == 1 and abilities[0] == EXTORT else None


READERS.append(read)
RENDERERS.append(render)
