"""Start your engines! (CR 702.179) and max speed (CR 702.178).

"Start your engines!" reads as the static ability :class:`StartYourEngines`. "Max speed — [Ability]" means "As
long as your speed is 4, this object has [Ability]" (702.178a): the ability is compiled and given the
condition ``max_speed``: a static ability applies only while it holds (611.3a, the same as "as long as"), an
activated ability can be activated only while it holds (the ability doesn't exist otherwise, 702.178a; once
activated it resolves independently of its source, 113.7a). Max speed triggered and mana abilities are not
read (an intervening "if" would differ from an ability that doesn't exist). systems/keywords/speed.py.
"""

from __future__ import annotations

import dataclasses
import re

from components.abilities import Ability, ActivatedAbility, Condition, StaticEffect
from components.characteristics import CardType
from components.speed import StartYourEngines
from content.keywords import READERS, RENDERERS

MAX_SPEED = Condition("max_speed")
_MAX = re.compile(r"max speed\s*[—-]\s*(?P<rest>.+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    text = line.strip()
    if text.lower().rstrip(".") == "start your engines!":
        return StartYourEngines()  # type: ignore[return-value]
    m = _MAX.fullmatch(text)
    if not m or int(types) & int(CardType.INSTANT | CardType.SORCERY):
        return None
    from content.oracle import compile_line
    from content.oracle.phrases import NoParse

    try:
        inner = compile_line(m["rest"], is_spell=False)
    except NoParse:
        return None
    if len(inner) != 1:
        return None
    a = inner[0]
    if isinstance(a, StaticEffect | ActivatedAbility) and a.condition is None:
        return dataclasses.replace(a, condition=MAX_SPEED)  # type: ignore[return-value]
    return None


def render(abilities: list[object]) -> str | None:
    if len(abilities) != 1:
        return None
    a = abilities[0]
    if isinstance(a, StartYourEngines):
        return "Start your engines!"
    if isinstance(a, StaticEffect | ActivatedAbility) and a.condition == MAX_SPEED:
        from content.oracle.render import render_line

        return "Max speed — " + render_line([dataclasses.replace(a, condition=None)])
    return None


READERS.append(read)  # type: ignore[arg-type]
RENDERERS.append(render)
