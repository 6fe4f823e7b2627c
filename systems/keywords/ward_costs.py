"""Ward with costs that aren't mana (CR 702.21a): as ward resolves, if the spell or ability that targeted the
permanent is still on the stack, its controller chooses whether to pay the cost; "pay" is offered only when they
can (119.4: life only up to their life total; a card to discard; a permanent to sacrifice). If they don't pay, it
is countered (701.6, systems/keywords/ward.py ``counter``). Every choice is asked before anything changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.combat_keywords import WardOtherCost
from components.objects import StackItem, Zone
from ecs.actions import Choose, ChooseCard, DecisionKind
from systems.keywords import executor

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


def _sacrificeable(game: Game, e: WardOtherCost, payer: int) -> list[int]:
    from systems.oracle_effects import permanents

    return [x for x in permanents(game, e.filter, payer)  # type: ignore[arg-type]
            if int(game.table.get(x, "controller")) == payer]


@executor(WardOtherCost)
def ward_other_cost(game: Game, e: WardOtherCost, ctx: EffectContext) -> None:
    from systems.keywords.ward import counter
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
        game.sba_dirty = True
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
