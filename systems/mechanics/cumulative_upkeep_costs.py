"""Cumulative upkeep with costs that aren't only mana (CR 702.24a): "Cumulative upkeep—Pay 2 life.", "—Pay {B}
and 1 life.", "—Discard a card.", "—Sacrifice a creature.".

As the ability resolves (702.24a), an age counter is put on the permanent; then its controller may pay the cost
once for each age counter on it; if they don't, they sacrifice it. The cost is paid all at once or not at all
(118.3: a player can't pay a cost without the resources): "pay" is offered only when the whole multiplied cost
can be paid (119.4: life only up to their life total; enough cards in hand; enough permanents to sacrifice,
this one included when it matches). Every choice (pay or not, which cards, which permanents) is asked first,
for the number of counters it will have once the counter is added, then everything happens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.objects import Zone
from components.upkeep_costs import CumulativeUpkeepOtherCost
from content import registry
from ecs.actions import Choose, ChooseCard, DecisionKind, Discard

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


def _sacrificeable(game: Game, e: CumulativeUpkeepOtherCost, player: int, source: int) -> list[int]:
    from systems.oracle_effects import permanents

    game.refresh_layers()
    return [x for x in permanents(game, e.sacrifice, player, source)
            if int(game.table.get(x, "controller")) == player]


@registry.executor(CumulativeUpkeepOtherCost)
def cumulative_upkeep_other(game: Game, e: CumulativeUpkeepOtherCost, ctx: EffectContext) -> None:
    from systems.counters import add_counters, counter_count
    from systems.resolution import ask

    me = ctx.self_object
    if me < 0 or me not in game.table.row_of:
        return  # 702.24a: no counter can be put on it, and nothing is left to pay for or sacrifice
    player = ctx.controller
    state = game.player_states[player]
    age = counter_count(game, me, "age") + 1  # with the counter this ability puts on it first
    hand = list(game.zones[player][Zone.HAND])
    mana = None
    if e.mana is not None:
        from systems.mechanics.additional_costs import combine

        mana = combine(*([e.mana] * age))
    choices = _sacrificeable(game, e, player, me) if e.sacrifice is not None else []
    can = state.life >= e.life * age  # 119.4
    if mana is not None:
        from systems.mana import can_pay

        can = can and can_pay(game, player, mana)
    if e.discard:
        can = can and len(hand) >= age
    if e.sacrifice is not None:
        can = can and len(choices) >= age
    answer = ask(game, player, DecisionKind.PAY, [Choose(True), Choose(False)] if can else [Choose(False)])
    pays = isinstance(answer, Choose) and answer.yes
    discards: list[int] = []
    sacrifices: list[int] = []
    if pays and e.discard:
        for _ in range(age):  # one card for each age counter, each a different card
            pick = ask(game, player, DecisionKind.DISCARD, [Discard(c) for c in hand if c not in discards])
            assert isinstance(pick, Discard)
            discards.append(pick.card)
    if pays and e.sacrifice is not None:
        for _ in range(age):
            pick = ask(game, player, DecisionKind.SACRIFICE,
                       [ChooseCard(x) for x in choices if x not in sacrifices])
            assert isinstance(pick, ChooseCard)
            sacrifices.append(pick.card)
    add_counters(game, me, "age", 1)
    game.say(f"{game.name(me)} gets an age counter ({age})")
    if not pays:
        if me in game.table.row_of and int(game.table.get(me, "controller")) == player:
            game.say(f"{state.name} doesn't pay cumulative upkeep: sacrifices {game.name(me)}")
            from systems.trigger_events import sacrifice

            sacrifice(game, me, player)  # 701.21a: a permanent its controller controls
        return
    if mana is not None:
        from systems.mana import pay

        paid = pay(game, player, mana)
        assert paid, "'pay' is only offered when the cost can be paid"
    if e.life:
        n = e.life * age
        state.life -= n  # 119.4: paying life is losing it
        from systems.history import life_lost
        from systems.oracle_effects import life_changed

        life_lost(game, player, n)
        life_changed(game)
        game.table.mark_changed(layers=False)
    if discards:
        from systems.zones import discard

        for c in discards:
            discard(game, player, c)  # 701.8a
    if sacrifices:
        from systems.trigger_events import sacrifice

        for x in sacrifices:
            if x in game.table.row_of:
                sacrifice(game, x, player)  # 701.21a
    game.say(f"{state.name} pays cumulative upkeep ({age} times)")
