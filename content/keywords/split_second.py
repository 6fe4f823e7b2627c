"""Split second (CR 702.61): "Split second" on a spell.

702.61a: "As long as this spell is on the stack, players can't cast other spells or activate abilities that
aren't mana abilities." 702.61b: mana abilities, special actions and triggered abilities work as normal.
The restriction is systems/keywords/split_second.py.
"""

from __future__ import annotations

from components.abilities import Ability
from components.characteristics import CardType
from components.keyword_abilities import SplitSecond
from content.keywords import READERS, RENDERERS

SPLIT_SECOND = SplitSecond()


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() != "split second":
        return None
    return SPLIT_SECOND


def render(abilities: list[object]) -> str | None:
    return "Split second" if len(abilities) == 1 and isinstance(abilities[0], SplitSecond) else None


READERS.append(read)
RENDERERS.append(render)
