"""Echo (CR 702.30): "Echo [cost]" with a mana cost.

702.30a: "At the beginning of your upkeep, if this permanent came under your control since the beginning of
your last upkeep, sacrifice it unless you pay [cost]." A triggered ability with an intervening "if" (603.4,
condition kind "echo") and the :class:`EchoPayment` effect (systems/mechanics/echo.py). Echo costs that
aren't mana ("Echo—Sacrifice two lands") are not read.

Rules: Echo (CR 702.30) and cumulative upkeep (CR 702.24): upkeep costs paid as the triggered ability resolves.

Echo (702.30a): "At the beginning of your upkeep, if this permanent came under your control since the
beginning of your last upkeep, sacrifice it unless you pay [cost]."

* When a permanent came under its controller's control: the time it entered (its timestamp, 613.7d), or,
  for a control change (layer 2), the time the change was noticed. Control is looked at as each upkeep
  begins (:func:`upkeep_began`, called by systems/turn.py), so a change is dated no later than the next
  upkeep after it, which is still after the beginning of the new controller's last upkeep.
* The beginning of each player's last two upkeeps is kept (``game.upkeeps``: player -> (previous, current)
  timestamps); during an upkeep, "your last upkeep" is the one before it. The intervening "if" is checked as
  the ability triggers and again as it resolves (603.4).
* As it resolves, the controller chooses whether to pay (a PAY decision; "pay" only if they can, 118.3); if
  they don't, they sacrifice the permanent (701.21a: only if they still control it).

Cumulative upkeep (702.24a): as it resolves, an age counter is put on the permanent; then its controller may
pay the cost once for each age counter on it (all or nothing); if they don't, they sacrifice it. The question
is asked first, for the number of counters it will have once the counter is added.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from components.abilities import Ability, Condition, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType, ManaCost
from components.keyword_abilities import CumulativeUpkeepPayment, EchoPayment
from components.objects import Step
from content import registry
from content.mana import parse_mana_cost
from ecs.actions import Choose, DecisionKind

if TYPE_CHECKING:
    from components.abilities import Condition
    from ecs.game import Game
    from systems.effects import EffectContext


_LINE = re.compile(r"echo ((?:\{[0-9WUBRGC/]+\})+)", re.I)
ECHO = Condition("echo")


def echo_ability(cost: str) -> TriggeredAbility:
    trigger = TriggerCondition(TriggerKind.BEGINNING_OF_STEP, step=int(Step.UPKEEP), whose="your")
    return TriggeredAbility(f"Echo {cost}", trigger, (), (EchoPayment(parse_mana_cost(cost)),),
                            condition=ECHO)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip())
    return echo_ability(m.group(1)) if m else None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, TriggeredAbility) and a.condition == ECHO and len(a.effects) == 1 \
            and isinstance(a.effects[0], EchoPayment):
        return f"Echo {a.effects[0].cost}"
    return None


registry.reader(read, priority=310)
registry.renderer(render, priority=270)


# ---------------------------------------------------------------- rules


@dataclasses.dataclass(slots=True)
class EchoState:
    """Echo's own record in a game (``Game.mechanic_state["echo"]``)."""

    # permanent with echo -> (its controller, since when: a timestamp) (702.30a: "came under your control since ...")
    control: dict[int, tuple[int, int]] = dataclasses.field(default_factory=dict)


def state(game: Game) -> EchoState:
    """This game's record of echo, made on first use."""
    found = game.mechanic_state.get("echo")
    if found is None:
        found = game.mechanic_state["echo"] = EchoState()
    return found


def upkeep_began(game: Game) -> None:
    """The active player's upkeep began (systems/turn.py noted when): note control changes of permanents with echo."""
    t = game.table
    ts = game.upkeeps[game.active][1]
    for ent in list(game.trigger_sources):
        row = t.row_of.get(ent)
        if row is None or not _has_echo(game, ent):
            continue
        controller = int(t.controller[row])
        seen = state(game).control.get(ent)
        if seen is None:
            state(game).control[ent] = (controller, int(t.timestamp[row]))
        elif seen[0] != controller:
            state(game).control[ent] = (controller, ts)


def _has_echo(game: Game, ent: int) -> bool:
    return any(isinstance(e, EchoPayment) for a in game.card(ent).abilities for e in getattr(a, "effects", ()))


@registry.condition("echo")
def came_under_control(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """702.30a: "if this permanent came under your control since the beginning of your last upkeep"."""
    t = game.table
    row = t.row_of.get(source)
    if row is None:
        return False
    game.refresh_layers()
    if int(t.controller[row]) != controller:
        return False
    since = int(t.timestamp[row])
    seen = state(game).control.get(source)
    if seen is not None and seen[0] == controller:
        since = max(since, seen[1])
    last, current = game.upkeeps.get(controller, (0, 0))
    # During an upkeep (its beginning already noted), "your last upkeep" is the one before it.
    began = last if game.step == Step.UPKEEP and game.active == controller else current
    return since > began


def _ask_pay(game: Game, player: int, cost: ManaCost) -> bool:
    """Does the player pay? Asked before anything changes; "pay" is offered only if they can (118.3)."""
    from systems.mana import can_pay
    from systems.resolution import ask

    options = [Choose(True), Choose(False)] if can_pay(game, player, cost) else [Choose(False)]
    answer = ask(game, player, DecisionKind.PAY, options)
    return isinstance(answer, Choose) and answer.yes


def _pay_or_sacrifice(game: Game, ctx: EffectContext, cost: ManaCost, what: str, pays: bool) -> None:
    from systems.mana import pay

    me = ctx.self_object
    player = ctx.controller
    name = game.player_states[player].name
    if pays:
        paid = pay(game, player, cost)
        assert paid, "'pay' is only offered when the cost can be paid"
        game.say(f"{name} pays {cost} for {what}")
        return
    if me >= 0 and me in game.table.row_of and int(game.table.get(me, "controller")) == player:
        game.say(f"{name} doesn't pay {what}: sacrifices {game.name(me)}")
        from systems.trigger_events import sacrifice

        sacrifice(game, me, player)  # 701.21a: a permanent its controller controls


@registry.executor(EchoPayment)
def echo(game: Game, effect: EchoPayment, ctx: EffectContext) -> None:
    cost: ManaCost = effect.cost
    _pay_or_sacrifice(game, ctx, cost, "echo", _ask_pay(game, ctx.controller, cost))


@registry.executor(CumulativeUpkeepPayment)
def cumulative_upkeep(game: Game, effect: CumulativeUpkeepPayment, ctx: EffectContext) -> None:
    from systems.counters import add_counters, counter_count
    from systems.mechanics.additional_costs import combine

    me = ctx.self_object
    if me < 0 or me not in game.table.row_of:
        return  # 702.24a: no counter can be put on it, and nothing is left to pay for or sacrifice
    age = counter_count(game, me, "age") + 1  # with the counter this ability puts on it first
    cost = combine(*([effect.cost] * age))
    pays = _ask_pay(game, ctx.controller, cost)
    add_counters(game, me, "age", 1)
    game.say(f"{game.name(me)} gets an age counter ({age})")
    _pay_or_sacrifice(game, ctx, cost, "cumulative upkeep", pays)


@registry.hook("turn.step_began")
def _step_began(game: Game, step: Step) -> None:
    if step == Step.UPKEEP:
        upkeep_began(game)  # 702.30a
