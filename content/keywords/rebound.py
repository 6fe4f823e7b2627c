"""Rebound (CR 702.88): "Rebound" on an instant or sorcery.

702.88a: "If this spell was cast from your hand, instead of putting it into your graveyard as it resolves,
exile it and, at the beginning of your next upkeep, you may cast this card from exile without paying its
mana cost." The rules are systems/keywords/rebound.py.
"""

from __future__ import annotations

from components.abilities import Ability
from components.characteristics import CardType
from components.keyword_abilities import Rebound
from content.keywords import READERS, RENDERERS

SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)
REBOUND = Rebound()


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() != "rebound" or not int(types) & SPELL_TYPES:
        return None
    return REBOUND


def render(abilities: list[object]) -> str | None:
    return "Rebound" if len(abilities) == 1 and isinstance(abilities[0], Rebound) else None


READERS.append(read)
RENDERERS.append(render)
