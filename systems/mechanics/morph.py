"""Morph, megamorph and disguise (CR 702.37, 702.168): "Morph [cost]" with a mana cost.

The rules are systems/mechanics/face_down.py: casting the card face down for {3} (702.37c, 702.168b) is a way
to cast it (systems/mechanics/alternative_costs.py), turning it face up a special action (702.37e, 116.2b).
A morph cost that isn't mana ("Morph—Reveal a black card in your hand.") is not read.
"""

from __future__ import annotations

import re

from components.characteristics import CardType, Color
from components.double_faced import LookAtFaceDown, Morph
from content import registry
from content.double_faced import face_down_card
from content.mana import parse_mana_cost

_MORPH = re.compile(r"(morph|megamorph|disguise) ((?:\{[0-9wubrgcx/]+\})+)")
_REVEAL = re.compile(r"(morph|megamorph|disguise)\s*[—-]\s*reveal an? (white|blue|black|red|green) card in your hand")
_COLORS = {"white": Color.W, "blue": Color.U, "black": Color.B, "red": Color.R, "green": Color.G}


_LOOK = ("you may look at face-down creatures you don't control any time",
         "you may look at face-down creatures your opponents control any time")


def read(line: str, raw: str, name: str, types: CardType) -> Morph | LookAtFaceDown | None:
    low = line.strip().rstrip(".").lower()
    if low in _LOOK:
        return LookAtFaceDown(raw.strip() if raw.strip().endswith(".") else raw.strip() + ".")
    m = _MORPH.fullmatch(line.strip().rstrip(".").lower())
    if not m:
        r = _REVEAL.fullmatch(line.strip().rstrip(".").lower())
        if r is None:
            return None
        text = f"{r.group(1).capitalize()}—Reveal a {r.group(2)} card in your hand."  # 702.37a: a cost (118)
        return Morph(text, None, r.group(1), int(_COLORS[r.group(2)]))
    cost = m.group(2).upper()
    face_down_card(m.group(1) == "disguise")  # the face-down characteristics, built now, as the card loads
    return Morph(f"{m.group(1).capitalize()} {cost}", parse_mana_cost(cost), m.group(1))


def render(abilities: list[object]) -> str | None:
    if len(abilities) == 1 and isinstance(abilities[0], (Morph, LookAtFaceDown)):
        return abilities[0].text
    return None


registry.reader(read, priority=720)
registry.renderer(render, priority=670)
