"""Crew (CR 702.122): "Crew N" on a Vehicle.

702.122a: "Tap any number of other untapped creatures you control with total power N or greater: This
permanent becomes an artifact creature until end of turn." An activated ability whose cost is the crew
creatures (``ActivatedAbility.crew``, chosen as it is activated: systems/keywords/crew.py) and whose effect
makes the permanent itself an artifact creature until end of turn (layer 4, 613.1d; a Vehicle has its
printed power and toughness only while it is a creature, 301.7a, 208.3).
"""

from __future__ import annotations

import re

from components.abilities import (
    SELF,
    Ability,
    ActivatedAbility,
    ApplyContinuous,
    ContinuousPart,
    Layer,
)
from components.characteristics import CardType
from content.keywords import READERS, RENDERERS

_LINE = re.compile(r"crew (\d+)")
BECOMES = ApplyContinuous(SELF, (ContinuousPart(Layer.TYPE, types_add=int(CardType.ARTIFACT | CardType.CREATURE)),))


def crew(n: int) -> ActivatedAbility:
    return ActivatedAbility(f"Crew {n}", None, False, (), (BECOMES,), crew=n)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip().rstrip(".").lower())
    if not m:
        return None
    return crew(int(m.group(1)))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, ActivatedAbility) and a.crew and a.effects == (BECOMES,):
        return f"Crew {a.crew}"
    return None


READERS.append(read)
RENDERERS.append(render)
