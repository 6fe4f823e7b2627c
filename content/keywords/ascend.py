"""Ascend (CR 702.131): "Ascend" on its own line.

On a permanent (702.131b) it reads as the static ability :class:`Ascend`; on an instant or sorcery (702.131a)
as the spell instruction :class:`AscendInstruction`. The condition "you have the city's blessing" (702.131c,
kind ``city_blessing``) is read by content/oracle/conditions.py; systems/keywords/ascend.py runs all of it.
"""

from __future__ import annotations

from components.abilities import Ability, Condition, SpellAbility
from components.characteristics import CardType
from components.city_blessing import Ascend, AscendInstruction
from content.keywords import READERS, RENDERERS

_SPELL = int(CardType.INSTANT | CardType.SORCERY)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() != "ascend":
        return None
    if int(types) & _SPELL:
        return SpellAbility("Ascend", (), (AscendInstruction(),))  # type: ignore[arg-type, return-value]
    return Ascend()  # type: ignore[return-value]


def render(abilities: list[object]) -> str | None:
    if len(abilities) != 1:
        return None
    a = abilities[0]
    if isinstance(a, Ascend) or isinstance(a, SpellAbility) and a.effects == (AscendInstruction(),) and not a.targets:
        return "Ascend"
    return None


def condition(text: str) -> Condition | None:
    """702.131c: "if you have the city's blessing" / "if you don't have the city's blessing"."""
    if text in ("you have the city's blessing", "you don't have the city's blessing"):
        return Condition("city_blessing", negate="don't" in text)
    return None


def condition_words(c: Condition) -> str | None:
    if c.kind != "city_blessing":
        return None
    return "you don't have the city's blessing" if c.negate else "you have the city's blessing"


READERS.append(read)  # type: ignore[arg-type]
RENDERERS.append(render)
