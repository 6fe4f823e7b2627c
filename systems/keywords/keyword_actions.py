"""Adapt (CR 701.43) and monstrosity (CR 701.31): +1/+1 counters on the ability's own permanent.

* 701.43a: "If this permanent has no +1/+1 counters on it, put N +1/+1 counters on it." (checked as the ability
  resolves; nothing happens if it has left the battlefield, 608.2b).
* 701.31a-b: "If this permanent isn't monstrous, put N +1/+1 counters on it and it becomes monstrous."; the
  designation is kept in ``game.monstrous`` (a new object after a zone change isn't monstrous, 400.7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.keyword_actions import Adapt, Monstrosity
from systems.keywords import condition, executor

if TYPE_CHECKING:
    from components.abilities import Condition
    from ecs.game import Game
    from systems.effects import EffectContext


@executor(Adapt)
def adapt(game: Game, effect: Adapt, ctx: EffectContext) -> None:
    from systems.counters import add_counters, counter_count

    me = ctx.self_object
    if me < 0 or me not in game.table.row_of:
        return
    if counter_count(game, me, "+1/+1") == 0:  # 701.43a
        add_counters(game, me, "+1/+1", effect.amount)
        game.say(f"{game.name(me)} adapts {effect.amount}")


@condition("source_monstrous")
def is_monstrous(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """701.31b: "if ~ is monstrous" / "as long as ~ is monstrous"."""
    return source in game.monstrous and source in game.table.row_of


@executor(Monstrosity)
def monstrosity(game: Game, effect: Monstrosity, ctx: EffectContext) -> None:
    from systems.counters import add_counters

    me = ctx.self_object
    if me < 0 or me not in game.table.row_of:
        return
    # 701.31b: only while it stays on the battlefield (a zone change makes a new object with a new id, 400.7)
    game.monstrous &= set(game.table.row_of)
    if me in game.monstrous:
        return
    add_counters(game, me, "+1/+1", effect.amount)
    game.monstrous.add(me)
    game.layers_dirty = True  # "as long as ~ is monstrous" (611.3a)
    t = game.table
    row = t.row_of[me]
    if t.no_abilities[row]:
        return
    from components.abilities import TriggeredAbility, TriggerKind
    from systems.triggers import _add

    card = game.card(me)
    for index, a in enumerate(card.abilities):  # "When ~ becomes monstrous" (701.31b, 603.2)
        if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.BECOMES_MONSTROUS:
            _add(game, me, card, index, a, int(t.controller[row]), me)
    game.say(f"{game.name(me)} becomes monstrous")
