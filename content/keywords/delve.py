"""Delve (CR 702.66): "Delve". The rules are systems/keywords/delve.py."""

from __future__ import annotations

from components.abilities import Ability
from components.casting_keywords import Delve
from components.characteristics import CardType
from content.keywords import READERS, RENDERERS

DELVE = Delve()


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() != "delve" or int(types) & int(CardType.LAND):
        return None
    return DELVE


def render(abilities: list[object]) -> str | None:
    return "Delve" if len(abilities) == 1 and isinstance(abilities[0], Delve) else None


READERS.append(read)
RENDERERS.append(render)
