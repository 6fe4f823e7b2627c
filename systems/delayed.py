"""Delayed triggered abilities (CR 603.7).

An instruction such as "Destroy that creature at the beginning of the next end step" or "Draw a card at
the beginning of the next turn's upkeep" creates, as it is followed, a delayed triggered ability
(603.7a). It is kept in ``game.delayed`` (not on any object, so it triggers even if its source has left
the battlefield, 603.7c-ish: it exists independently of its source) and triggers only once, the first
time its step begins after it was created (603.7c); then it is removed. Its controller is the player
who controlled the spell or ability that created it (603.7d). The object it calls "it" was fixed when it
was created (603.7c); if that object has since changed zones it is a new object (400.7) and the ability
does nothing to it.

When it triggers it waits with the other triggered abilities (603.3) as a ``PendingTrigger`` whose card
is the source's card with this one triggered ability (``event_object``: the object it refers to).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from components.abilities import EVENT_OBJECT, SELF, Delayed, TriggerCondition, TriggeredAbility, TriggerKind
from components.card import CardDef  # (at run time: a class annotation of this module names it)
from components.objects import AbilityOnStack, CardObject, PendingTrigger, Step

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext

NO_REF = -3


@dataclass(slots=True)
class DelayedTrigger:
    """One delayed triggered ability waiting for its step (603.7)."""

    step: int
    next_turn: bool
    created_turn: int
    controller: int  # 603.7d
    source: int  # the source's object (603.7e: the source of the delayed ability)
    card: CardDef  # the source's card with only this ability
    referent: int  # the object the effects call "it", or -1

    def __deepcopy__(self, memo: dict[int, object]) -> DelayedTrigger:
        return DelayedTrigger(self.step, self.next_turn, self.created_turn, self.controller, self.source,
                              self.card, self.referent)


def _source_card(game: Game, ctx: EffectContext) -> CardDef | None:
    """The card of the spell or ability being resolved (for the delayed ability's name and text)."""
    if not game.world.exists(ctx.source):
        return None
    on_stack = game.world.try_get(ctx.source, AbilityOnStack)
    if on_stack is not None:
        return on_stack.card
    obj = game.world.try_get(ctx.source, CardObject)
    return obj.card if obj is not None else None


def _retarget(effect: Any, ref: int) -> Any:
    """The effect with the referent's index written as EVENT_OBJECT (where the fired ability finds it)."""
    if ref in (NO_REF, SELF) or not hasattr(effect, "target") or effect.target != ref:
        return effect
    return dataclasses.replace(effect, target=EVENT_OBJECT)


def _as_ability(effect: Delayed, text: str) -> TriggeredAbility:
    return TriggeredAbility(text, TriggerCondition(TriggerKind.BEGINNING_OF_STEP, step=effect.step, whose="each"),
                            (), tuple(_retarget(e, effect.ref) for e in effect.effects))


def create(game: Game, effect: Delayed, ctx: EffectContext) -> None:
    """CR 603.7a: following the instruction creates the delayed triggered ability."""
    card = _source_card(game, ctx)
    if card is None:
        return
    referent = -1
    if effect.ref != NO_REF:
        if effect.ref == SELF:
            referent = ctx.self_object
        else:
            found = ctx.target(effect.ref)
            referent = found if found is not None else -1
        if effect.follow:
            referent = game.moved_to.get(referent, -1)  # the card exiled by the earlier instruction
    when = "the next turn's upkeep" if effect.next_turn else f"the next {Step(effect.step).label}"
    ability = _as_ability(effect, f"(delayed) at the beginning of {when}")
    source = ctx.self_object if ctx.self_object >= 0 else ctx.source
    game.delayed.append(DelayedTrigger(effect.step, effect.next_turn, game.turn, ctx.controller, source,
                                       dataclasses.replace(card, abilities=(ability,)), referent))


def step_began(game: Game, step: int) -> None:
    """A step began: each delayed ability waiting for it triggers, once (603.7c), and is removed."""
    keep: list[DelayedTrigger] = []
    for d in game.delayed:
        if d.step != step or (d.next_turn and d.created_turn >= game.turn):
            keep.append(d)
            continue
        game.trigger_uid += 1
        game.waiting_triggers.append(PendingTrigger(game.trigger_uid, d.source, d.card, 0, d.controller, d.referent))
    game.delayed[:] = keep
