"""Gift (CR 702.174): "Gift a card", "Gift a Food", "Gift a Treasure", "Gift a tapped Fish", "Gift an Octopus"
(702.174d-i; "Gift an extra turn" is not read). The rules are systems/keywords/gift.py."""

from __future__ import annotations

import re

from components.abilities import Ability
from components.casting_keywords import Gift
from components.characteristics import CardType
from content.keywords import READERS, RENDERERS

_GIFT = re.compile(r"gift (?:a|an) (card|food|treasure|tapped fish|octopus)", re.I)
WHAT = {"card": "card", "food": "Food", "treasure": "Treasure", "tapped fish": "tapped Fish", "octopus": "Octopus"}


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _GIFT.fullmatch(line.strip().rstrip("."))
    if not m or int(types) & int(CardType.LAND):
        return None
    what = WHAT[m.group(1).lower()]
    return Gift(f"Gift {'an' if what == 'Octopus' else 'a'} {what}", what)


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return a.text if isinstance(a, Gift) else None


READERS.append(read)
RENDERERS.append(render)
