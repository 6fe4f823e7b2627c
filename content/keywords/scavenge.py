"""Scavenge (CR 702.97): "Scavenge [cost]".

702.97a: an activated ability that functions only while the card is in a graveyard: "[Cost], Exile
this card from your graveyard: Put a number of +1/+1 counters equal to the power of the card you
exiled on target creature. Activate only as a sorcery." Activation from a graveyard is enumerated by
systems/casting.py (``graveyard_activation_actions``); the effect is systems/keywords/scavenge.py.
"""

from __future__ import annotations

import re

from components.abilities import Ability, ActivatedAbility, TargetKind, TargetSpec
from components.characteristics import CardType
from components.keyword_abilities import ScavengeCounters
from content.keywords import READERS, RENDERERS
from content.mana import parse_mana_cost

_SCAVENGE = re.compile(r"scavenge ((?:\{[^}]+\})+)")


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _SCAVENGE.fullmatch(line.strip().rstrip(".").lower())
    if not m:
        return None
    cost = m.group(1).upper()
    return ActivatedAbility(
        f"Scavenge {cost}", parse_mana_cost(cost), False, (TargetSpec(TargetKind.CREATURE),),
        (ScavengeCounters(0),),  # type: ignore[arg-type]
        sorcery_speed=True, from_graveyard=True, exile_self=True,
    )


def render(abilities: list[object]) -> str | None:
    """The round trip's text (content/oracle/render.py): "Scavenge [cost]" from the ability's cost."""
    one = abilities[0] if len(abilities) == 1 else None
    if isinstance(one, ActivatedAbility) and len(one.effects) == 1 and isinstance(one.effects[0], ScavengeCounters) \
            and one.from_graveyard and one.exile_self and one.sorcery_speed:
        return f"Scavenge {one.mana_cost}"
    return None


READERS.append(read)
RENDERERS.append(render)
