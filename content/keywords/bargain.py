"""Bargain (CR 702.166): "Bargain". The rules are systems/keywords/bargain.py; "If this spell was bargained, ..."
is content/keywords/cast_conditions.py's and "When ~ enters, if it was bargained, ..." content/keywords/
this_turn_costs.py's."""

from __future__ import annotations

from components.abilities import Ability
from components.casting_keywords import Bargain
from components.characteristics import CardType
from content.keywords import READERS, RENDERERS

BARGAIN = Bargain()


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() != "bargain" or int(types) & int(CardType.LAND):
        return None
    return BARGAIN


def render(abilities: list[object]) -> str | None:
    return "Bargain" if len(abilities) == 1 and isinstance(abilities[0], Bargain) else None


READERS.append(read)
RENDERERS.append(render)
