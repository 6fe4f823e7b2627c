"""Ward with costs that aren't mana (CR 702.21a): "Ward—Pay N life.", "Ward—Discard a card.",
"Ward—Sacrifice a creature." (systems/mechanics/ward.py reads mana costs).

The same triggered ability as ward with a mana cost ("Whenever this permanent becomes the target of a spell or
ability an opponent controls, counter that spell or ability unless that player pays [cost]"), with the
:class:`WardOtherCost` effect (systems/mechanics/ward_costs.py).

Rules: Ward with costs that aren't mana (CR 702.21a): as ward resolves, if the spell or ability that targeted the
permanent is still on the stack, its controller chooses whether to pay the cost; "pay" is offered only when they
can (119.4: life only up to their life total; a card to discard; a permanent to sacrifice). If they don't pay, it
is countered (701.6, systems/mechanics/ward.py ``counter``). Every choice is asked before anything changes.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from components.abilities import Ability, PermanentFilter, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.combat_keywords import WardOtherCost
from components.objects import StackItem, Zone
from content import registry
from ecs.actions import Choose, ChooseCard, DecisionKind

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


_LINE = re.compile(r"ward\s*[—-]\s*(?:pay (?P<life>\d+) life|(?P<discard>discard a card)|sacrifice (?P<what>an? .+))",
                   re.I)


def sacrificed(what: str) -> PermanentFilter | None:
    """The permanent a cost "Sacrifice a/an <what>" asks for, among those its payer controls (701.21a: a player
    sacrifices only a permanent they control); None for words this doesn't read."""
    from content.oracle.phrases import NoParse, noun_phrase

    try:
        noun, rest = noun_phrase(what.lower())
    except NoParse:
        return None
    if rest or noun.det not in ("a", "an") or noun.zone:
        return None
    f = noun.filter()
    if f.controller not in ("any", "you") or f.exclude_source:
        return None
    return dataclasses.replace(f, controller="you")


def _ability(text: str, effect: WardOtherCost) -> TriggeredAbility:
    return TriggeredAbility(text, TriggerCondition(TriggerKind.BECOMES_TARGET, whose="opponent"), (),
                            (effect,))


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip().rstrip("."))
    if not m:
        return None
    if m["life"]:
        return _ability(f"Ward—Pay {m['life']} life.", WardOtherCost("life", int(m["life"])))
    if m["discard"]:
        return _ability("Ward—Discard a card.", WardOtherCost("discard"))
    f = sacrificed(m["what"])
    if f is None:
        return None
    return _ability(f"Ward—Sacrifice {m['what']}.", WardOtherCost("sacrifice", 1, f, m["what"]))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if not isinstance(a, TriggeredAbility) or a.trigger.kind != TriggerKind.BECOMES_TARGET:
        return None
    e = a.effects[0] if len(a.effects) == 1 else None
    if not isinstance(e, WardOtherCost) or a.trigger.whose != "opponent":
        return None
    if e.kind == "life":
        return f"Ward—Pay {e.amount} life"
    if e.kind == "discard":
        return "Ward—Discard a card"
    return f"Ward—Sacrifice {e.noun}"


registry.reader(read, priority=430)
registry.renderer(render, priority=390)


# ---------------------------------------------------------------- rules


def _sacrificeable(game: Game, e: WardOtherCost, payer: int) -> list[int]:
    from systems.oracle_effects import permanents

    return [x for x in permanents(game, e.filter, payer)
            if int(game.table.get(x, "controller")) == payer]


@registry.executor(WardOtherCost)
def ward_other_cost(game: Game, e: WardOtherCost, ctx: EffectContext) -> None:
    from systems.mechanics.ward import counter
    from systems.resolution import ask
    from systems.zones import move

    obj = ctx.event_object
    if obj < 0 or obj not in game.stack:
        return  # it has left the stack: nothing to counter
    payer = game.world.get(obj, StackItem).controller
    state = game.player_states[payer]
    hand = game.zones[payer][Zone.HAND]
    if e.kind == "life":
        can = state.life >= e.amount  # 119.4
    elif e.kind == "discard":
        can = bool(hand)
    else:
        can = bool(_sacrificeable(game, e, payer))
    answer = ask(game, payer, DecisionKind.PAY, [Choose(True), Choose(False)] if can else [Choose(False)])
    if not (isinstance(answer, Choose) and answer.yes):
        game.say(f"{state.name} doesn't pay for ward")
        counter(game, obj)
        return
    if e.kind == "life":
        state.life -= e.amount
        from systems.history import life_lost

        life_lost(game, payer, e.amount)
        game.table.mark_changed(layers=False)
        game.say(f"{state.name} pays {e.amount} life for ward")
    elif e.kind == "discard":
        from ecs.actions import Discard
        from systems.zones import discard

        pick = ask(game, payer, DecisionKind.DISCARD, [Discard(c) for c in hand])
        assert isinstance(pick, Discard)
        discard(game, payer, pick.card)  # 701.8a
    else:
        pick = ask(game, payer, DecisionKind.SACRIFICE, [ChooseCard(x) for x in _sacrificeable(game, e, payer)])
        assert isinstance(pick, ChooseCard)
        game.say(f"{game.name(pick.card)} is sacrificed for ward")
        move(game, pick.card, Zone.GRAVEYARD)
