"""Ward (CR 702.21): "Ward [cost]" with a mana cost.

702.21a: "Whenever this permanent becomes the target of a spell or ability an opponent controls, counter that
spell or ability unless that player pays [cost]." A triggered ability (``BECOMES_TARGET``, whose "opponent")
with the :class:`WardCounter` effect (systems/mechanics/ward.py). Ward costs that aren't mana ("Ward—Pay 2
life", "Ward—Discard a card") and ward with X (702.21b) are not read.

Rules: Ward (CR 702.21): "Whenever this permanent becomes the target of a spell or ability an opponent controls,
counter that spell or ability unless that player pays [cost]." (702.21a)

* Becoming a target: once a spell is cast (601.2c, 601.2i), an activated ability activated (602.2b) or a
  triggered ability put on the stack (603.3d) with targets, :func:`became_targets` emits one ``Targeted``
  event per distinct object or player it targets (an object targeted twice by one spell becomes its target
  once). systems/triggers.py matches it against "becomes the target" abilities (``BECOMES_TARGET``; ward's
  ``whose`` is "opponent": the spell's controller must be an opponent of the ward permanent's controller).
* The ward ability's event object is that spell or ability. As ward resolves, if it is still on the stack,
  its controller chooses whether to pay the cost (a PAY decision, asked before anything changes; "pay" is
  offered only if they can, 118.3). If they don't, it is countered (701.6): a spell goes to its owner's
  graveyard (unless it can't be countered, 101.2) and an ability is removed from the stack (701.6b).
* Only mana costs are read (systems/mechanics/ward.py); "Ward—Pay 2 life" and other costs are not.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from components.abilities import Ability, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.events import Targeted
from components.keyword_abilities import WardCounter
from components.objects import AbilityOnStack, StackItem, Zone
from content import registry
from content.mana import parse_mana_cost
from ecs.actions import Choose, DecisionKind
from systems.triggers import emit

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


_LINE = re.compile(r"ward ((?:\{[0-9WUBRGC/]+\})+)", re.I)


def ward_ability(cost_text: str) -> TriggeredAbility:
    return TriggeredAbility(f"Ward {cost_text}", TriggerCondition(TriggerKind.BECOMES_TARGET, whose="opponent"), (),
                            (WardCounter(parse_mana_cost(cost_text)),))


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip())
    if not m:
        return None
    return ward_ability(m.group(1))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if not isinstance(a, TriggeredAbility) or a.trigger.kind != TriggerKind.BECOMES_TARGET:
        return None
    e = a.effects[0] if len(a.effects) == 1 else None
    return f"Ward {e.cost}" if isinstance(e, WardCounter) and a.trigger.whose == "opponent" else None


registry.reader(read, priority=260)
registry.renderer(render, priority=220)


# ---------------------------------------------------------------- rules


def became_targets(game: Game, stack_object: int, controller: int, targets: tuple[int, ...]) -> None:
    """Each distinct object or player a spell or ability on the stack targets became its target (115.1)."""
    if not game.trigger_sources or not targets:
        return
    for target in dict.fromkeys(t for t in targets if t >= 0):
        emit(game, Targeted(target, stack_object, controller))


def counter(game: Game, obj: int) -> None:
    """701.6a-b: counter a spell (to its owner's graveyard) or an ability (removed from the stack)."""
    from systems.zones import move

    if game.world.has(obj, AbilityOnStack):
        game.say(f"{game.world.get(obj, AbilityOnStack).source_name}'s ability is countered")
        from systems.stack import remove_ability

        remove_ability(game, obj)
        game.world.delete(obj)
        return
    card = game.card(obj)
    from systems.uncounterable import uncounterable

    if uncounterable(game, obj):  # "This spell can't be countered", "Creature spells can't be countered"
        game.say(f"{card.name} can't be countered")  # 101.2
        return
    game.say(f"{card.name} is countered")
    move(game, obj, Zone.GRAVEYARD)


@registry.executor(WardCounter)
def ward(game: Game, effect: WardCounter, ctx: EffectContext) -> None:
    from systems.mana import can_pay, pay
    from systems.resolution import ask

    obj = ctx.event_object
    if obj < 0 or obj not in game.stack:
        return  # it has left the stack: nothing to counter
    payer = game.world.get(obj, StackItem).controller
    options = [Choose(True), Choose(False)] if can_pay(game, payer, effect.cost) else [Choose(False)]
    answer = ask(game, payer, DecisionKind.PAY, options)
    name = game.player_states[payer].name
    if isinstance(answer, Choose) and answer.yes:
        paid = pay(game, payer, effect.cost)
        assert paid, "'pay' is only offered when the cost can be paid"
        game.say(f"{name} pays {effect.cost} for ward")
        return
    game.say(f"{name} doesn't pay for ward")
    counter(game, obj)
