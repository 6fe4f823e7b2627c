"""Prevention effects made by resolving spells (CR 615): Fog-style, protective and shield effects.

The prevention itself is systems/prevention.py (it reduces damage arrays before damage is dealt);
this module turns a resolving spell's :class:`PreventDamage` into a ``PreventionEffect`` that lasts
until the end of the turn (615.1a "this turn", 514.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.keyword_abilities import PreventDamage
from systems.keywords import executor
from systems.prevention import PreventionEffect, add_prevention

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


@executor(PreventDamage)
def prevent_damage(game: Game, effect: PreventDamage, ctx: EffectContext) -> None:
    target: int | None = None
    if effect.target >= 0:
        target = ctx.target(effect.target)
        if target is None:
            return  # an illegal target: this part does nothing (608.2b)
    what = "all" if effect.amount is None else f"the next {effect.amount}"
    game.say(f"{what} {'combat ' if effect.combat_only else ''}damage "
             f"{'dealt by' if effect.by else 'that would be dealt to'} "
             f"{game.name(target) if target is not None else 'anything'} this turn will be prevented")
    add_prevention(game, PreventionEffect(
        text=ctx.source_name, combat_only=effect.combat_only,
        to=None if effect.by else target, by=target if effect.by else None,
        remaining=effect.amount, turn=game.turn,
    ))
