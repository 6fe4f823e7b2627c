"""Convoke (CR 702.51) and improvise (CR 702.126): "Convoke" / "Improvise" on their own line.

702.51a: untapped creatures you control may be tapped to pay for the spell's coloured mana of their colour or
its generic mana; 702.126a: untapped artifacts you control may be tapped to pay for its generic mana. The
payment is systems/keywords/convoke.py.
"""

from __future__ import annotations

from components.abilities import Ability
from components.characteristics import CardType
from components.keyword_abilities import PaymentHelp
from content.keywords import READERS, RENDERERS

CONVOKE = PaymentHelp("Convoke", "convoke")
IMPROVISE = PaymentHelp("Improvise", "improvise")


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    word = line.strip().rstrip(".").lower()
    if word == "convoke":
        return CONVOKE
    if word == "improvise":
        return IMPROVISE
    return None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return a.kind.capitalize() if isinstance(a, PaymentHelp) else None


READERS.append(read)
RENDERERS.append(render)
