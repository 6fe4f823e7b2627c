"""Emblems (CR 114): a marker in the command zone with abilities (114.1-114.2).

The player who gets it owns and controls it (114.2); it has no characteristics other than its abilities and
can't leave the command zone (114.3). Its abilities work from the command zone (114.4):

* its static abilities become continuous effects whose source is the emblem, controlled by its owner, with
  the emblem's timestamp (613.7a), like a face-up conspiracy's (systems/command_zone.py);
* its triggered abilities join ``game.trigger_sources``; the trigger system takes an emblem's controller from
  ``game.grants.emblems`` (an emblem has no row in the permanent table).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import Ability, StaticEffect, TriggeredAbility
from components.card import CardDef
from components.characteristics import NO_MANA_COST, Color, TypeLine
from components.emblems import CreateEmblem
from components.objects import Zone
from content import registry

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


def emblem_card(abilities: tuple[Ability, ...]) -> CardDef:
    return CardDef(name="Emblem", mana_cost=NO_MANA_COST, colors=Color(0), type_line=TypeLine(), power=None,
                   toughness=None, loyalty=None, text="", abilities=abilities, keywords=0)


def put_emblem(game: Game, player: int, abilities: tuple[Ability, ...]) -> int:
    """114.1: ``player`` gets an emblem; returns its object."""
    from systems.layers import add_effect, effect_from_part
    from systems.zones import create_card

    card = emblem_card(abilities)
    ent = create_card(game, card, player, Zone.COMMAND)
    game.grants.emblems[ent] = player
    ts = game.new_timestamp()
    for ability in abilities:
        if isinstance(ability, StaticEffect):
            group = 0
            if len(ability.parts) > 1:
                game.effect_groups += 1
                group = game.effect_groups
            for part in ability.parts:
                add_effect(game, effect_from_part(part, timestamp=ts, source=ent, controller=player,
                                                  until_end_of_turn=False, from_static=True,
                                                  affected=ability.affected, group=group))
    if any(isinstance(a, TriggeredAbility) for a in abilities):
        game.trigger_sources[ent] = card
    game.say(f"{game.player_states[player].name} gets an emblem")
    return ent


@registry.executor(CreateEmblem)
def create_emblem(game: Game, effect: CreateEmblem, ctx: EffectContext) -> None:
    from systems.oracle_effects import players

    for p in players(game, ctx, effect.player):
        put_emblem(game, p, effect.abilities)
