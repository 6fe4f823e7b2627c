"""Hidden agenda and double agenda (CR 702.106), and abilities that refer to "the chosen name".

"Hidden agenda" (702.106a) and "Double agenda" (702.106f) compile to :class:`HiddenAgenda`; the
conspiracy is then put into the command zone face down with one or two secretly chosen card names
(systems/command_zone.py). An ability of the same card that says "the chosen name" is linked to it
(702.106d, 607.2d): its filter names :data:`CHOSEN_NAME`, which is replaced by the chosen name(s) when
the conspiracy is turned face up.

Supported: "Creatures you control with the chosen name have <keywords>." and "... get +N/+N." (a static
ability of a face-up conspiracy in the command zone, 315.5).
"""

from __future__ import annotations

import re

from components.abilities import (
    CHOSEN_NAME,
    Ability,
    ContinuousPart,
    HiddenAgenda,
    Layer,
    PermanentFilter,
    StaticEffect,
)
from components.characteristics import CardType
from components.keywords import KEYWORD_NAMES
from content import registry

_TYPES = {"creatures": int(CardType.CREATURE), "artifacts": int(CardType.ARTIFACT),
          "lands": int(CardType.LAND), "permanents": 0}
_NAMED = re.compile(r"(?P<what>creatures|artifacts|lands|permanents) you control with (?:the|a) chosen name "
                    r"(?:have (?P<kw>[a-z ,]+)|get (?P<p>[+-]\d+)/(?P<t>[+-]\d+))\.?")


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    text = line.strip()
    low = text.lower().rstrip(".")
    if types & CardType.CONSPIRACY and low in ("hidden agenda", "double agenda"):
        return HiddenAgenda(text, 2 if low == "double agenda" else 1)
    m = _NAMED.fullmatch(text.lower())
    if not m:
        return None
    f = PermanentFilter(types_any=_TYPES[m.group("what")], controller="you", names=(CHOSEN_NAME,))
    if m.group("kw"):
        mask = 0
        for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group("kw").strip()):
            bit = KEYWORD_NAMES.get(part.strip())
            if bit is None:
                return None
            mask |= int(bit)
        return StaticEffect(text, f, (ContinuousPart(Layer.ABILITY, keywords_add=mask),))
    return StaticEffect(text, f, (ContinuousPart(Layer.PT_MODIFY, power=int(m.group("p")),
                                                 toughness=int(m.group("t"))),))


registry.reader(read, priority=70)
