"""Forecast (CR 702.57): "Forecast — [Activated ability]".

702.57a: an activated ability that can be activated only from its owner's hand; 702.57b: only during the upkeep
step of the card's owner and only once each turn, revealing the card as it is activated. Read: "Forecast —
[mana cost], Reveal ~ from your hand: [effect]", the rest compiled by the Oracle compiler as "[cost]: [effect]";
the ability is an ActivatedAbility with ``from_hand``, ``once_per_turn`` and ``upkeep_only`` (checked by
systems/costs.py ``activation_ready``). Revealing the card changes nothing in the game (the engine does not
model hidden information in hands).
"""

from __future__ import annotations

import dataclasses
import re

from components.abilities import Ability, ActivatedAbility
from components.characteristics import CardType
from content import registry

_FORECAST = re.compile(r"forecast\s*[—-]\s*(?P<cost>(?:\{[^}]+\})+), reveal ~ from your hand: (?P<effect>.+)",
                       re.I | re.S)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _FORECAST.fullmatch(line.strip())
    if not m:
        return None
    from content.oracle import compile_line
    from content.oracle.phrases import NoParse

    try:
        inner = compile_line(f"{m.group('cost')}: {m.group('effect')}", is_spell=False)
    except (NoParse, ValueError, KeyError):
        return None
    if len(inner) != 1 or not isinstance(inner[0], ActivatedAbility):
        return None
    a = inner[0]
    if a.tap or a.untap or a.from_hand or a.from_graveyard or a.once_per_turn or a.sorcery_speed or a.loyalty \
            is not None or a.sacrifice_self or a.exile_permanent:
        return None  # only a mana cost and the reveal, with no restriction of its own
    return dataclasses.replace(a, text=line.strip(), from_hand=True, once_per_turn=True, upkeep_only=True)


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if not isinstance(a, ActivatedAbility) or not a.upkeep_only:
        return None
    from content.oracle.render import render_line

    inner = render_line([dataclasses.replace(a, text="", from_hand=False, once_per_turn=False, upkeep_only=False)])
    cost, sep, effect = inner.partition(": ")
    if not sep:
        return None
    return f"Forecast — {cost}, Reveal ~ from your hand: {effect}"


registry.reader(read, priority=540)
registry.renderer(render, priority=500)
