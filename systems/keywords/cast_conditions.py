"""Conditions on how the resolving spell was cast (content/keywords/cast_conditions.py).

"cast_in_main_phase": the spell was cast during its controller's main phase (``StackItem.main_phase``).
"this_was_kicked": the permanent whose triggered ability is resolving was kicked (702.33d).

"cast_from" (``n``: a Zone value; ``negate``: "anywhere other than"): the zone the spell was cast from (601.2a,
``StackItem.from_zone``, set by systems/casting.py). A copy of a spell wasn't cast (707.10), so it was cast from no
zone. A Conditional inside a spell has no source object: the resolving spell is asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.objects import AbilityOnStack, StackItem
from systems.keywords import condition

if TYPE_CHECKING:
    from components.abilities import Condition
    from ecs.game import Game


def resolving_spell(game: Game, source: int) -> int:
    """The spell a condition about how it was cast asks about (608.2c): ``source``, else the resolving object while
    ``source`` is gone; -1 when that isn't a spell (an ability on the stack, or nothing)."""
    spell = source
    if (spell < 0 or not game.world.exists(spell)) and game.resolution is not None:
        spell = game.resolution.ent
    if spell < 0 or not game.world.exists(spell) or game.world.has(spell, AbilityOnStack):
        return -1
    return spell


@condition("cast_in_main_phase")
def cast_in_main_phase(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """"If you cast this spell during your main phase" (addendum): recorded as it was cast (systems/casting.py)."""
    spell = resolving_spell(game, source)
    item = game.world.try_get(spell, StackItem) if spell >= 0 else None
    return item is not None and item.main_phase and not game.obj(spell).is_copy


@condition("this_was_kicked")
def this_was_kicked(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """702.33d, in a permanent's triggered ability: "if it was kicked" about the permanent, as it is or as it last
    existed (608.2h): the source of the resolving ability, looked up in ``game.cast_costs``."""
    from systems.keywords.additional_costs import parts

    res = game.resolution
    obj = game.world.try_get(res.ent, AbilityOnStack) if res is not None and game.world.exists(res.ent) else None
    permanent = obj.source if obj is not None else source
    return "kicker" in parts(game.cast_costs.get(permanent, ""))


@condition("bargained")
def bargained(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """702.166b: the resolving spell was bargained."""
    spell = resolving_spell(game, source)
    item = game.world.try_get(spell, StackItem) if spell >= 0 else None
    return item is not None and item.cost == "bargain"


@condition("gift_promised")
def gift_promised(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """702.174k: the resolving spell's gift was promised (its cost names the chosen opponent, "gift:<player>")."""
    spell = resolving_spell(game, source)
    item = game.world.try_get(spell, StackItem) if spell >= 0 else None
    return item is not None and item.cost.startswith("gift:")


@condition("cast_from")
def cast_from(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    spell = resolving_spell(game, source)
    if spell < 0:
        return False
    item = game.world.try_get(spell, StackItem)
    return item is not None and item.from_zone == cond.n and not game.obj(spell).is_copy
