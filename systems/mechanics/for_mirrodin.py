"""For Mirrodin! (CR 702.163a): "When this Equipment enters, create a 2/2 red Rebel creature token, then attach this
Equipment to it." The same effect as living weapon's (702.92a, :class:`LivingWeapon`, executed by
systems/mechanics/combat_triggers.py: the token is created even if the Equipment has left; it is attached only if
both are still there, 701.3), with a Rebel instead of a Germ.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import Ability, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.combat_keywords import LivingWeapon
from content import registry

if TYPE_CHECKING:
    from components.card import CardDef


def _rebel() -> CardDef:
    from content.oracle.tokens import creature_token

    return creature_token(2, 2, "red", "rebel", "creature", None)[0]


def for_mirrodin() -> TriggeredAbility:
    return TriggeredAbility("For Mirrodin!", TriggerCondition(TriggerKind.ENTERS), (),
                            (LivingWeapon(_rebel()),))


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().lower() == "for mirrodin!" and int(types) & CardType.ARTIFACT:
        return for_mirrodin()  # an Equipment's ability (702.163a)
    return None


def render(abilities: list[object]) -> str | None:
    return "For Mirrodin!" if len(abilities) == 1 and abilities[0] == for_mirrodin() else None


registry.reader(read, priority=770)
registry.renderer(render, priority=720)
