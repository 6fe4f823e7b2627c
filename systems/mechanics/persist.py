"""Persist (CR 702.79) and undying (CR 702.93), each on its own line.

702.79a: "When this permanent is put into a graveyard from the battlefield, if it had no -1/-1 counters on it,
return it to the battlefield under its owner's control with a -1/-1 counter on it."
702.93a: the same with +1/+1 counters.
One triggered ability (a leaves-the-battlefield ability that looks back in time, 603.10a) with an intervening
"if" (603.4) about the counters the permanent had as it left (its last known information, systems/zones.py);
the effect is systems/mechanics/persist.py.

Rules: Persist (CR 702.79a) and undying (CR 702.93a): the intervening "if" and the return; modular's move of counters
(702.43a) and ravenous's "if X is 5 or more" (702.156a), which also look at the permanent as it was.

The condition looks at the counters the permanent had as it left the battlefield (its last known information,
kept by systems/zones.py ``leave_battlefield``; 603.10a). The effect returns the card the trigger event put into
the graveyard (603.10a, 400.7: if that card has left the graveyard, it is a new object and nothing returns) under
its owner's control, entering with the counter on it (a replacement on how it enters, 614.1c: the counter is on
it as it enters, systems/mechanics/entering.py ``apply_enter_choices``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import Ability, Condition, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.combat_keywords import ModularMove, ReturnWithCounter
from components.objects import InZone, Zone
from content import registry

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


# keyword -> the counter kind it looks at and returns the permanent with
KINDS = {"persist": "-1/-1", "undying": "+1/+1"}
NAMES = {kind: word.capitalize() for word, kind in KINDS.items()}
HAD_NO = {"-1/-1": "had_no_minus1_counters", "+1/+1": "had_no_plus1_counters"}  # systems/mechanics/persist.py


def dies_return(word: str) -> TriggeredAbility:
    kind = KINDS[word]
    return TriggeredAbility(NAMES[kind], TriggerCondition(TriggerKind.PUT_INTO_GRAVEYARD, "self"), (),
                            (ReturnWithCounter(kind),), condition=Condition(HAD_NO[kind]))


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    word = line.strip().rstrip(".").lower()
    if word not in KINDS or not int(types) & (CardType.CREATURE | CardType.ARTIFACT | CardType.ENCHANTMENT
                                              | CardType.LAND | CardType.PLANESWALKER):
        return None
    return dies_return(word)


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if not isinstance(a, TriggeredAbility) or len(a.effects) != 1 or not isinstance(a.effects[0], ReturnWithCounter):
        return None
    kind = a.effects[0].kind
    if a.trigger.kind == TriggerKind.PUT_INTO_GRAVEYARD and a.condition == Condition(HAD_NO[kind]):
        return NAMES[kind]
    return None


registry.reader(read, priority=400)
registry.renderer(render, priority=360)


# ---------------------------------------------------------------- rules


def _had_none(game: Game, source: int, column: str) -> bool:
    lki = game.lki.get(source)
    return lki is not None and int(lki.get(column, 0)) == 0


@registry.condition("had_no_minus1_counters")
def had_no_minus1(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    return _had_none(game, source, "minus1")  # 702.79a


@registry.condition("had_no_plus1_counters")
def had_no_plus1(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    return _had_none(game, source, "plus1")  # 702.93a


@registry.executor(ReturnWithCounter)
def return_with_counter(game: Game, effect: ReturnWithCounter, ctx: EffectContext) -> None:
    from systems.zones import move

    card = ctx.event_object
    if card < 0 or not game.world.exists(card):
        return
    where = game.world.try_get(card, InZone)
    if where is None or where.zone != Zone.GRAVEYARD:
        return  # 400.7: it left the graveyard (or was a token that ceased to exist, 704.5d)
    owner = game.obj(card).owner
    game.say(f"{game.name(card)} returns to the battlefield")
    game.enter_choices = {"counters": {effect.kind: 1}}
    try:
        move(game, card, Zone.BATTLEFIELD, controller=owner)
    finally:
        game.enter_choices = None


@registry.condition("cast_x_at_least")
def cast_x_at_least(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """"if X is 5 or more" (ravenous, 702.156a): the X chosen as its spell was cast (107.3m; 0 if not cast)."""
    return game.cast_x.get(source, 0) >= cond.n


@registry.executor(ModularMove)
def modular_move(game: Game, effect: ModularMove, ctx: EffectContext) -> None:
    """702.43a: one +1/+1 counter on the target for each +1/+1 counter the modular permanent had as it left."""
    from components.objects import AbilityOnStack
    from systems.counters import add_counters

    target = ctx.target(0)
    ability = game.world.try_get(ctx.source, AbilityOnStack)
    source = ability.source if ability is not None else ctx.self_object  # the permanent as it left (603.10a)
    n = int(game.lki.get(source, {}).get("plus1", 0))
    if target is not None and target in game.table.row_of and n > 0:
        add_counters(game, target, "+1/+1", n)
        game.say(f"{game.name(target)} gets {n} +1/+1 counter{'s' if n != 1 else ''} (modular)")
