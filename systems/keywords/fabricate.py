"""Fabricate (CR 702.123): "you may put N +1/+1 counters on it. If you don't, create N 1/1 colorless Servo
artifact creature tokens." (702.123a)

The controller is asked (a MAY decision) before anything changes. If the permanent is no longer on the
battlefield, no counters can be put on it, so the tokens are created without asking (there is no choice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.keyword_abilities import FabricateChoice
from ecs.actions import Choose, DecisionKind
from systems.keywords import executor

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


@executor(FabricateChoice)
def fabricate(game: Game, effect: FabricateChoice, ctx: EffectContext) -> None:
    from systems.oracle_effects import then
    from systems.resolution import ask

    me = ctx.self_object
    on_battlefield = me >= 0 and me in game.table.row_of
    options = [Choose(True), Choose(False)] if on_battlefield else [Choose(False)]
    answer = ask(game, ctx.controller, DecisionKind.MAY, options)
    name = game.player_states[ctx.controller].name
    if isinstance(answer, Choose) and answer.yes:
        game.say(f"{name} puts {effect.amount} +1/+1 counter{'s' if effect.amount != 1 else ''} on {game.name(me)}")
        then(game, effect.counters, ctx)
    else:
        game.say(f"{name} creates Servos (fabricate {effect.amount})")
        then(game, effect.tokens, ctx)
