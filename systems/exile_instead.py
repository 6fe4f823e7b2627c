"""Executor of components/exile_instead.py (CR 614.1a): "If that creature would die this turn, exile it instead."
A resolving spell or ability creates a replacement effect on the named objects until the turn ends (514.2); if one
of them would be put into a graveyard from the battlefield this turn (700.4), it's exiled instead (systems/zones.py
asks systems/replacement.die_destination). A new object the creature becomes after a zone change isn't affected
(400.7). "A creature dealt damage this way": the creatures the damage instruction before it dealt damage to (the
damage actually dealt after prevention, 615.1), recorded by systems/oracle_effects._deal_damage."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from components.abilities import Effect, ReplacementSpec
from components.characteristics import CardType
from components.exile_instead import DealtThisWay, ExileIfDiesThisTurn
from components.objects import ReplacementEffect

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext

CREATURE = int(CardType.CREATURE)


def _dealt_this_way(game: Game, ctx: EffectContext) -> list[int]:
    """The creatures the damage instruction before this one dealt damage to (120.3), still on the battlefield."""
    t = game.table
    source, dealt = game.turn_log.this.get("dealt_this_way", (-1, []))
    if source != ctx.source:
        return []  # no damage was dealt by this spell or ability
    game.refresh_layers()
    return [x for x in dealt if x in t.row_of and int(t.get(x, "types")) & CREATURE]


def _dealt_this_way_effect(game: Game, e: DealtThisWay, ctx: EffectContext) -> None:
    affected = _dealt_this_way(game, ctx)
    if not affected:
        return
    if e.what == "cant_regenerate":  # 701.15c: regeneration shields don't replace their destruction this turn
        game.turn_log.this.setdefault("cant_regenerate", set()).update(affected)
        return
    from components.abilities import ContinuousPart, Layer
    from components.keywords import Keyword
    from systems.layers import add_effect, effect_from_part

    game.effect_groups += 1
    add_effect(game, effect_from_part(  # 509.1a, 514.2: "can't block this turn"
        ContinuousPart(Layer.ABILITY, keywords_add=int(Keyword.CANT_BLOCK)), timestamp=game.new_timestamp(),
        source=ctx.source, controller=ctx.controller, until_end_of_turn=True, from_static=False,
        fixed=tuple(affected), group=game.effect_groups))


def _exile_if_dies(game: Game, e: ExileIfDiesThisTurn, ctx: EffectContext) -> None:
    from systems.oracle_effects import obj
    from systems.replacement import add_replacement

    t = game.table
    if e.dealt_this_way:
        affected = _dealt_this_way(game, ctx)
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


EXECUTORS: dict[type[Effect], Callable[..., None]] = {ExileIfDiesThisTurn: _exile_if_dies, DealtThisWay: _dealt_this_way_effect}

from content import registry  # noqa: E402

for _type, _fn in EXECUTORS.items():
    registry.add_executor(_type, _fn)
