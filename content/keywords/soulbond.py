"""Soulbond (CR 702.95) and the static abilities of paired creatures.

"Soulbond" stands for two triggered abilities (702.95a): "When this creature enters, if you control
both this creature and another creature and both are unpaired, you may pair this creature with
another unpaired creature you control ..." and "Whenever another creature you control enters, if you
control both that creature and this one and both are unpaired, you may pair that creature with this
creature ...". They trigger on disjoint events (this creature entering / another creature entering),
so they are compiled as one triggered ability on "a creature you control enters" whose intervening
"if" (condition "soulbond", systems/keywords/soulbond.py) and effect (:class:`Pair`) tell the two
cases apart by whether the entering creature is the soulbond creature itself.

"As long as ~ is paired with another creature, both creatures have double strike." / "..., each of
those creatures gets +4/+4." is a static ability whose affected set is the creature and its partner
while they are paired (702.95b): ``PermanentFilter(paired=True)``, which the layer system evaluates
(systems/layers.py); unpaired, the set is empty, which is the "as long as".
"""

from __future__ import annotations

import re

from components.abilities import (
    Ability,
    Condition,
    ContinuousPart,
    Layer,
    Pair,
    PermanentFilter,
    StaticEffect,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
)
from components.characteristics import CardType
from components.keywords import KEYWORD_NAMES
from content.keywords import READERS, RENDERERS

CREATURE = int(CardType.CREATURE)

SOULBOND = TriggeredAbility(
    "Soulbond",
    TriggerCondition(TriggerKind.ENTERS, "filter", PermanentFilter(types_any=CREATURE, controller="you")),
    (), (Pair(),), False, Condition("soulbond"))

_PAIRED = re.compile(
    r"as long as ~ is paired with another creature, (?:both creatures|each of those creatures) "
    r"(?:(?:get|gets) (?P<p>[+-]\d+)/(?P<t>[+-]\d+)(?: and (?:have|has) (?P<kw2>[a-z ,]+))?|(?:have|has) (?P<kw>[a-z ,]+))\.?")


def _keywords(text: str) -> int | None:
    mask = 0
    for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", text.strip()):
        bit = KEYWORD_NAMES.get(part.strip())
        if bit is None:
            return None
        mask |= int(bit)
    return mask


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    text = line.strip()
    if text.lower().rstrip(".") == "soulbond" and types & CardType.CREATURE:
        return SOULBOND
    m = _PAIRED.fullmatch(text[0].lower() + text[1:] if text else text)
    if not m:
        return None
    parts: list[ContinuousPart] = []
    kw = m.group("kw") or m.group("kw2")
    if kw:
        mask = _keywords(kw)
        if mask is None:
            return None
        parts.append(ContinuousPart(Layer.ABILITY, keywords_add=mask))  # layer 6 (613.1f)
    if m.group("p"):
        parts.append(ContinuousPart(Layer.PT_MODIFY, power=int(m.group("p")), toughness=int(m.group("t"))))  # 7c
    return StaticEffect(text, PermanentFilter(paired=True), tuple(parts))


def render(abilities: list[object]) -> str | None:
    """The round trip's text (content/oracle/render.py): "Soulbond", and a paired creatures' static ability
    written from its parts ("both creatures have K" / "each of those creatures gets +N/+N")."""
    one = abilities[0] if len(abilities) == 1 else None
    if one == SOULBOND:
        return "Soulbond"
    if not isinstance(one, StaticEffect) or one.affected != PermanentFilter(paired=True) or one.condition is not None:
        return None
    from content.oracle.render import _and_list, _keywords_text, _signed

    pt = next((p for p in one.parts if p.layer == Layer.PT_MODIFY), None)
    kw = next((p for p in one.parts if p.layer == Layer.ABILITY), None)
    if len(one.parts) != (pt is not None) + (kw is not None) or kw is not None and kw.abilities_add:
        return None
    has = _and_list(_keywords_text(kw.keywords_add, kw.keyword_order)) if kw is not None else ""
    if pt is None:
        body = f"both creatures have {has}"
    else:
        body = f"each of those creatures gets {_signed(pt.power, pt.toughness)}" + (f" and has {has}" if has else "")
    return f"As long as ~ is paired with another creature, {body}."


READERS.append(read)
RENDERERS.append(render)
