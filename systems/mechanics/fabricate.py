"""Fabricate (CR 702.123): "Fabricate N".

702.123a: "When this permanent enters, you may put N +1/+1 counters on it. If you don't, create N 1/1
colorless Servo artifact creature tokens." A triggered ability whose effect (:class:`FabricateChoice`,
systems/mechanics/fabricate.py) holds both instructions, compiled by the Oracle compiler. 702.123b: each
instance triggers separately.

Rules: Fabricate (CR 702.123): "you may put N +1/+1 counters on it. If you don't, create N 1/1 colorless Servo
artifact creature tokens." (702.123a)

The controller is asked (a MAY decision) before anything changes. If the permanent is no longer on the
battlefield, no counters can be put on it, so the tokens are created without asking (there is no choice).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from components.abilities import (
    SELF,
    Ability,
    PutCounters,
    SpellAbility,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
)
from components.characteristics import CardType
from components.keyword_abilities import FabricateChoice
from content import registry
from ecs.actions import Choose, DecisionKind

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


_LINE = re.compile(r"fabricate (\d+)")


def fabricate_ability(n: int) -> TriggeredAbility | None:
    from content.oracle import compile_line
    from content.oracle.phrases import NoParse

    text = "a 1/1 colorless Servo artifact creature token" if n == 1 else \
        f"{n} 1/1 colorless Servo artifact creature tokens"
    try:
        (spell,) = compile_line(f"Create {text}.", is_spell=True)
    except (NoParse, ValueError):
        return None
    if not isinstance(spell, SpellAbility) or spell.targets:
        return None
    choice = FabricateChoice(n, (PutCounters("+1/+1", n, SELF),), spell.effects)
    return TriggeredAbility(f"Fabricate {n}", TriggerCondition(TriggerKind.ENTERS), (), (choice,))


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip().rstrip(".").lower())
    return fabricate_ability(int(m.group(1))) if m else None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, TriggeredAbility) and len(a.effects) == 1 and isinstance(a.effects[0], FabricateChoice):
        return f"Fabricate {a.effects[0].amount}"
    return None


registry.reader(read, priority=300)
registry.renderer(render, priority=260)


# ---------------------------------------------------------------- rules


@registry.executor(FabricateChoice)
def fabricate(game: Game, effect: FabricateChoice, ctx: EffectContext) -> None:
    from systems.oracle_effects import then
    from systems.resolution import ask

    me = ctx.self_object
    on_battlefield = me >= 0 and me in game.table.row_of
    options = [Choose(True), Choose(False)] if on_battlefield else [Choose(False)]
    answer = ask(game, ctx.controller, DecisionKind.MAY, options)
    name = game.player_states[ctx.controller].name
    if isinstance(answer, Choose) and answer.yes:
        game.say(f"{name} puts {effect.amount} +1/+1 counter{'s' if effect.amount != 1 else ''} on {game.name(me)}")
        then(game, effect.counters, ctx)
    else:
        game.say(f"{name} creates Servos (fabricate {effect.amount})")
        then(game, effect.tokens, ctx)
