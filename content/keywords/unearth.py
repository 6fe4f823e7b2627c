"""Unearth (CR 702.84): "Unearth [cost]".

702.84a: an activated ability that functions while the card is in a graveyard: "[Cost]: Return this card from
your graveyard to the battlefield. It gains haste. Exile it at the beginning of the next end step. If it would
leave the battlefield, exile it instead of putting it anywhere else. Activate only as a sorcery." Only mana
costs are read. Activation from a graveyard is systems/casting.py (``graveyard_activation_actions``); the
effect is systems/keywords/unearth.py.
"""

from __future__ import annotations

import re

from components.abilities import Ability, ActivatedAbility
from components.casting_keywords import UnearthReturn
from components.characteristics import CardType
from content.keywords import READERS, RENDERERS
from content.mana import parse_mana_cost

_UNEARTH = re.compile(r"unearth ((?:\{[^}]+\})+)", re.I)
RETURN = UnearthReturn()


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _UNEARTH.fullmatch(line.strip())
    if not m:
        return None
    cost = m.group(1).upper()
    return ActivatedAbility(f"Unearth {cost}", parse_mana_cost(cost), False, (), (RETURN,),  # type: ignore[arg-type]
                            sorcery_speed=True, from_graveyard=True)


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, ActivatedAbility) and a.effects == (RETURN,):
        return f"Unearth {a.mana_cost}"
    return None


READERS.append(read)
RENDERERS.append(render)
