"""Scavenge (CR 702.97): the counters put on the target.

702.97a: "Put a number of +1/+1 counters equal to the power of the card you exiled on target
creature." The card was exiled from its owner's graveyard as part of the cost
(systems/casting.py ``activate``); its power is the card's power there, which is its printed power
(no continuous effect changes a card in a graveyard here). A printed "*" power would need its
characteristic-defining ability evaluated in the graveyard (604.3), which is not supported.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.keyword_abilities import ScavengeCounters
from components.objects import AbilityOnStack
from systems.counters import add_counters
from systems.keywords import executor

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


def exiled_power(game: Game, ability_object: int) -> int:
    obj = game.world.get(ability_object, AbilityOnStack)
    power = obj.card.power
    return 0 if power is None else max(power.value(), 0)


@executor(ScavengeCounters)
def scavenge_counters(game: Game, effect: ScavengeCounters, ctx: EffectContext) -> None:
    target = ctx.target(effect.target)
    if target is None or target not in game.table.row_of:
        return
    amount = exiled_power(game, ctx.source)
    add_counters(game, target, "+1/+1", amount)
    if amount:
        game.say(f"{game.name(target)} gets {amount} +1/+1 counter{'s' if amount != 1 else ''}")
