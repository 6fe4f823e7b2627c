"""Scavenge (CR 702.97): "Scavenge [cost]".

702.97a: an activated ability that functions only while the card is in a graveyard: "[Cost], Exile
this card from your graveyard: Put a number of +1/+1 counters equal to the power of the card you
exiled on target creature. Activate only as a sorcery." Activation from a graveyard is enumerated by
systems/casting.py (``graveyard_activation_actions``); the effect is systems/mechanics/scavenge.py.

Rules: Scavenge (CR 702.97): the counters put on the target.

702.97a: "Put a number of +1/+1 counters equal to the power of the card you exiled on target
creature." The card was exiled from its owner's graveyard as part of the cost
(systems/casting.py ``activate``); its power is the card's power there, which is its printed power
(no continuous effect changes a card in a graveyard here). A printed "*" power would need its
characteristic-defining ability evaluated in the graveyard (604.3), which is not supported.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from components.abilities import Ability, ActivatedAbility, TargetKind, TargetSpec
from components.characteristics import CardType
from components.keyword_abilities import ScavengeCounters
from components.objects import AbilityOnStack
from content import registry
from content.mana import parse_mana_cost
from systems.counters import add_counters

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


_SCAVENGE = re.compile(r"scavenge ((?:\{[^}]+\})+)")


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _SCAVENGE.fullmatch(line.strip().rstrip(".").lower())
    if not m:
        return None
    cost = m.group(1).upper()
    return ActivatedAbility(
        f"Scavenge {cost}", parse_mana_cost(cost), False, (TargetSpec(TargetKind.CREATURE),),
        (ScavengeCounters(0),),
        sorcery_speed=True, from_graveyard=True, exile_self=True,
    )


def render(abilities: list[object]) -> str | None:
    """The round trip's text (content/oracle/render.py): "Scavenge [cost]" from the ability's cost."""
    one = abilities[0] if len(abilities) == 1 else None
    if isinstance(one, ActivatedAbility) and len(one.effects) == 1 and isinstance(one.effects[0], ScavengeCounters) \
            and one.from_graveyard and one.exile_self and one.sorcery_speed:
        return f"Scavenge {one.mana_cost}"
    return None


registry.reader(read, priority=180)
registry.renderer(render, priority=140)


# ---------------------------------------------------------------- rules


def exiled_power(game: Game, ability_object: int) -> int:
    obj = game.world.get(ability_object, AbilityOnStack)
    power = obj.card.power
    return 0 if power is None else max(power.value(), 0)


@registry.executor(ScavengeCounters)
def scavenge_counters(game: Game, effect: ScavengeCounters, ctx: EffectContext) -> None:
    target = ctx.target(effect.target)
    if target is None or target not in game.table.row_of:
        return
    amount = exiled_power(game, ctx.source)
    add_counters(game, target, "+1/+1", amount)
    if amount:
        game.say(f"{game.name(target)} gets {amount} +1/+1 counter{'s' if amount != 1 else ''}")
