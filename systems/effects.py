"""Executing spell effects on resolution (CR 608.2c-d), in the order written."""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import (
    DealDamage,
    Destroy,
    DrawCards,
    Effect,
    GainLife,
    ModifyPowerToughness,
)
from components.keywords import Keyword
from components.objects import ContinuousEffect, Zone
from systems.damage import deal_damage
from systems.layers import Layer, add_effect
from systems.zones import draw, move

if TYPE_CHECKING:
    from ecs.game import Game


def destroy(game: Game, permanent: int) -> bool:
    """CR 701.8: move a permanent to its owner's graveyard, unless it is indestructible (702.12b)."""
    if permanent not in game.table.row_of:
        return False
    game.refresh_layers()
    if game.table.get(permanent, "keywords") & Keyword.INDESTRUCTIBLE:
        return False
    game.say(f"{game.name(permanent)} is destroyed")
    move(game, permanent, Zone.GRAVEYARD)
    return True


def run_effect(game: Game, effect: Effect, source: int, controller: int, targets: tuple[int, ...],
               legal: tuple[bool, ...]) -> None:
    """Carry out one effect; effects on illegal targets do nothing to them (CR 608.2b)."""
    card = game.card(source)
    if isinstance(effect, DealDamage):
        if legal[effect.target]:
            deal_damage(game, card.name, card.keywords, controller, targets[effect.target], effect.amount)
    elif isinstance(effect, ModifyPowerToughness):
        if legal[effect.target]:
            target = targets[effect.target]
            # CR 611.2c: the affected set is locked in as the spell resolves.
            add_effect(game, ContinuousEffect(
                layer=Layer.PT_MODIFY,
                timestamp=game.new_timestamp(),
                source=source,
                controller=controller,
                until_end_of_turn=True,
                from_static=False,
                power=effect.power,
                toughness=effect.toughness,
                fixed=(target,),
            ))
            game.say(f"{game.name(target)} gets {effect.power:+d}/{effect.toughness:+d} until end of turn")
    elif isinstance(effect, Destroy):
        if legal[effect.target]:
            destroy(game, targets[effect.target])
    elif isinstance(effect, GainLife):
        game.player_states[controller].life += effect.amount  # CR 119.3
        game.say(f"{game.player_states[controller].name} gains {effect.amount} life")
        game.sba_dirty = True
    elif isinstance(effect, DrawCards):
        draw(game, controller, effect.count)
        game.say(f"{game.player_states[controller].name} draws {effect.count}")
    else:  # pragma: no cover - the compiler produces only the effects above
        raise TypeError(f"unknown effect {effect!r}")
