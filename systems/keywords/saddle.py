"""Saddle (CR 702.171).

* 702.171a: the saddle ability's effect: "This permanent becomes saddled until end of turn" (its cost, tapping
  other creatures with total power N or greater, is crew's: systems/keywords/crew.py; only as a sorcery).
* 702.171b: saddled is a designation kept until the end of the turn or until it leaves the battlefield
  (``game.saddled``: permanent -> the turn it became saddled; a new object after a zone change isn't saddled,
  400.7). The condition ``source_saddled`` is "if ~ is saddled".
* "Whenever ~ becomes saddled for the first time each turn" (TriggerKind BECOMES_SADDLED) triggers as it
  becomes saddled if it wasn't saddled earlier this turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import TriggeredAbility, TriggerKind
from components.keyword_actions import BecomeSaddled
from systems.keywords import condition, executor

if TYPE_CHECKING:
    from components.abilities import Condition
    from ecs.game import Game
    from systems.effects import EffectContext


def is_saddled(game: Game, ent: int) -> bool:
    return game.saddled.get(ent) == game.turn and ent in game.table.row_of


@executor(BecomeSaddled)
def become_saddled(game: Game, effect: BecomeSaddled, ctx: EffectContext) -> None:
    me = ctx.self_object
    t = game.table
    row = t.row_of.get(me)
    if row is None:
        return  # it has left the battlefield (608.2b)
    first = game.saddled.get(me) != game.turn
    game.saddled[me] = game.turn
    game.layers_dirty = True  # "as long as ~ is saddled"
    game.say(f"{game.name(me)} becomes saddled")
    if not first or t.no_abilities[row]:
        return
    from systems.triggers import _add

    card = game.card(me)
    for index, a in enumerate(card.abilities):
        if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.BECOMES_SADDLED:
            _add(game, me, card, index, a, int(t.controller[row]), me)


@condition("source_saddled")
def saddled(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    return is_saddled(game, source)  # 702.171b
