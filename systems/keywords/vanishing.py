"""Vanishing (CR 702.63a): the upkeep removal and "When the last time counter is removed from this permanent,
sacrifice it". systems/counters.py calls :func:`last_time_counter_removed` when a permanent's last time counter is
removed (by its upkeep ability or anything else); the permanent's abilities of that kind trigger."""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import Condition, TriggeredAbility, TriggerKind
from components.combat_keywords import RemoveTimeCounter
from systems.counters import counter_count, remove_counters
from systems.keywords import condition, executor

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


@condition("source_has_time_counter")
def has_time_counter(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    return source in game.table.row_of and counter_count(game, source, "time") > 0


@executor(RemoveTimeCounter)
def remove_time_counter(game: Game, e: RemoveTimeCounter, ctx: EffectContext) -> None:
    source = ctx.self_object
    if source >= 0 and source in game.table.row_of and remove_counters(game, source, "time", 1):
        game.say(f"a time counter is removed from {game.name(source)}")


def last_time_counter_removed(game: Game, permanent: int) -> None:
    """603.2: the permanent's "when the last time counter is removed" abilities trigger (unless it has lost its
    abilities, 613.1f)."""
    from systems.triggers import _add

    t = game.table
    row = t.row_of[permanent]
    if t.no_abilities[row]:
        return
    card = game.trigger_sources.get(permanent) or game.card(permanent)
    controller = int(t.controller[row])
    for index, a in enumerate(card.abilities):
        if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.LAST_TIME_COUNTER_REMOVED:
            _add(game, permanent, card, index, a, controller, permanent)
