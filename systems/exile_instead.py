"""Executor of components/exile_instead.py (CR 614.1a): "If that creature would die this turn, exile it instead."
A resolving spell or ability creates a replacement effect on the named objects until the turn ends (514.2); if one
of them would be put into a graveyard from the battlefield this turn (700.4), it's exiled instead (systems/zones.py
asks systems/replacement.die_destination). A new object the creature becomes after a zone change isn't affected
(400.7). "A creature dealt damage this way": the creatures the damage instruction before it dealt damage to (the
damage actually dealt after prevention, 615.1), recorded by systems/oracle_effects._deal_damage."""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import ReplacementSpec
from components.characteristics import CardType
from components.exile_instead import ExileIfDiesThisTurn
from components.objects import ReplacementEffect

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext

CREATURE = int(CardType.CREATURE)


def _exile_if_dies(game: Game, e: ExileIfDiesThisTurn, ctx: EffectContext) -> None:
    from systems.oracle_effects import obj
    from systems.replacement import add_replacement

    t = game.table
    if e.dealt_this_way:
        source, dealt = game.this_turn.get("dealt_this_way", (-1, []))
        if source != ctx.source:
            return  # no damage was dealt by this spell or ability
        game.refresh_layers()
        affected = [x for x in dealt if x in t.row_of and int(t.get(x, "types")) & CREATURE]
    else:
        ent = obj(game, ctx, e.target)
        affected = [ent] if ent is not None and ent in t.row_of else []
    if not affected:
        return
    add_replacement(game, ReplacementEffect(ReplacementSpec("die", "exile"), ctx.source, ctx.controller,
                                            game.new_timestamp(), False, fixed=tuple(affected),
                                            until_end_of_turn=True))
    for ent in affected:
        game.say(f"if {game.name(ent)} would die this turn, it is exiled instead")


EXECUTORS = {ExileIfDiesThisTurn: _exile_if_dies}
