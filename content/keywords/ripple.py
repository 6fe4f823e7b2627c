"""Ripple (CR 702.60): "Ripple N". The rules are systems/keywords/ripple.py."""

from __future__ import annotations

import re

from components.abilities import Ability
from components.casting_keywords import Ripple
from components.characteristics import CardType
from content.keywords import READERS, RENDERERS

_RIPPLE = re.compile(r"ripple (\d+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _RIPPLE.fullmatch(line.strip().rstrip("."))
    if not m or int(types) & int(CardType.LAND) or int(m.group(1)) <= 0:
        return None
    return Ripple(f"Ripple {int(m.group(1))}", int(m.group(1)))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return f"Ripple {a.amount}" if isinstance(a, Ripple) else None


READERS.append(read)
RENDERERS.append(render)
