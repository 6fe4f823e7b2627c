"""Class levels (CR 716.2).

* 716.2a: a level bar's ability: "This Class's level becomes N" (:class:`ClassLevelUp`); activated only if the
  Class is level N-1 (condition ``class_level_is``) and only as a sorcery. The level is kept in
  ``game.class_levels`` (716.2b: a designation, kept even if it stops being a Class; a new object after a zone
  change has none, 400.7; 716.2d: no level counts as level 1).
* As the level becomes N, the Class's "When this Class becomes level N" abilities trigger (TriggerKind
  CLASS_LEVEL, ``nth`` N).
* ``class_level_at_least`` N: "as long as this Class is level N or greater" (the abilities of a level bar's
  section, content/keywords/class_levels.py). The level is read from ``game.class_levels`` even after the Class
  has left the battlefield (its last known level, 608.2h).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import TriggeredAbility, TriggerKind
from components.keyword_actions import ClassLevelUp
from systems.keywords import condition, executor

if TYPE_CHECKING:
    from components.abilities import Condition
    from ecs.game import Game
    from systems.effects import EffectContext


def level(game: Game, ent: int) -> int:
    return game.class_levels.get(ent, 1)  # 716.2d


@executor(ClassLevelUp)
def level_up(game: Game, effect: ClassLevelUp, ctx: EffectContext) -> None:
    from systems.triggers import _add

    me = ctx.self_object
    t = game.table
    row = t.row_of.get(me)
    if row is None:
        return  # it has left the battlefield: there is no Class to change (608.2b)
    game.class_levels[me] = effect.level
    game.layers_dirty = True  # the section's static abilities (611.3a)
    game.sba_dirty = True
    game.say(f"{game.name(me)} becomes level {effect.level}")
    if t.no_abilities[row]:
        return
    card = game.card(me)
    controller = int(t.controller[row])
    for index, a in enumerate(card.abilities):
        if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.CLASS_LEVEL and a.trigger.nth == effect.level:
            _add(game, me, card, index, a, controller, me)


@condition("class_level_is")
def level_is(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    return level(game, source) == cond.n  # 716.2a: "Activate only if this Class is level N-1"


@condition("class_level_at_least")
def level_at_least(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    return level(game, source) >= cond.n  # 716.2a: "As long as this Class is level N or greater"
