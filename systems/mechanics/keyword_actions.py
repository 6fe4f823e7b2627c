"""The keyword actions adapt (CR 701.43) and monstrosity (CR 701.31) as instructions: "{2}{G}: Adapt 2.",
"{5}{G}{G}: Monstrosity 3.". They act on the ability's own permanent (``~``); systems/mechanics/keyword_actions.py
runs them. The rules register with content/oracle/mechanic_rules.py's ``rule``.

Rules: Adapt (CR 701.43) and monstrosity (CR 701.31): +1/+1 counters on the ability's own permanent.

* 701.43a: "If this permanent has no +1/+1 counters on it, put N +1/+1 counters on it." (checked as the ability
  resolves; nothing happens if it has left the battlefield, 608.2b).
* 701.31a-b: "If this permanent isn't monstrous, put N +1/+1 counters on it and it becomes monstrous."; the
  designation is a component on the permanent (``Monstrous``) (a new object after a zone change isn't monstrous, 400.7).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from components.abilities import Ability, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.designations import Monstrous
from components.keyword_actions import Adapt, Monstrosity
from content import registry
from content.oracle.mechanic_rules import rule
from content.oracle.phrases import NUMBER_RE, NoParse, number

if TYPE_CHECKING:
    from components.abilities import Condition
    from content.oracle.effects import Ctx
    from ecs.game import Game
    from systems.effects import EffectContext


def _n(word: str) -> int:
    value = number(word)
    if not isinstance(value, int) or value <= 0:
        raise NoParse("keyword action number")
    return value


@rule(rf"adapt (?P<n>{NUMBER_RE})")
def _r_adapt(ctx: Ctx, m: re.Match[str]) -> list[object]:
    if not ctx.is_permanent:
        raise NoParse("adapt without a permanent")
    return [Adapt(_n(m["n"]))]


@rule(rf"monstrosity (?P<n>{NUMBER_RE})")
def _r_monstrosity(ctx: Ctx, m: re.Match[str]) -> list[object]:
    if not ctx.is_permanent:
        raise NoParse("monstrosity without a permanent")
    return [Monstrosity(_n(m["n"]))]


@registry.hook("render.effect")
def render_effect(e: object, ctx: object) -> str | None:
    if isinstance(e, Adapt):
        return f"adapt {e.amount}"
    if isinstance(e, Monstrosity):
        return f"monstrosity {e.amount}"
    return None


# "When ~ becomes monstrous, [effect]" (701.31a-b, 603.2): a triggered ability of kind BECOMES_MONSTROUS, triggered by
# systems/mechanics/keyword_actions.py as the monstrosity instruction makes the permanent monstrous.
_MONSTROUS = re.compile(r"when ~ becomes monstrous, (?P<rest>.+)", re.I | re.S)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _MONSTROUS.fullmatch(line.strip())
    if not m or int(types) & int(CardType.INSTANT | CardType.SORCERY):
        return None
    from content.oracle.lines import _triggered_body
    from content.oracle.text import lower

    try:
        return _triggered_body(line.strip(), TriggerCondition(TriggerKind.BECOMES_MONSTROUS, "self"), "self",
                               lower(m["rest"].strip()))
    except NoParse:
        return None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if not isinstance(a, TriggeredAbility) or a.trigger.kind != TriggerKind.BECOMES_MONSTROUS:
        return None
    import dataclasses

    from content.oracle.render import render_line

    shown = render_line([dataclasses.replace(a, trigger=TriggerCondition(TriggerKind.ENTERS, "self"))])
    prefix = "When ~ enters, "
    return f"When ~ becomes monstrous, {shown[len(prefix):]}" if shown.startswith(prefix) else None


registry.reader(read, priority=10)
registry.renderer(render, priority=20)


# ---------------------------------------------------------------- rules


@registry.executor(Adapt)
def adapt(game: Game, effect: Adapt, ctx: EffectContext) -> None:
    from systems.counters import add_counters, counter_count

    me = ctx.self_object
    if me < 0 or me not in game.table.row_of:
        return
    if counter_count(game, me, "+1/+1") == 0:  # 701.43a
        add_counters(game, me, "+1/+1", effect.amount)
        game.say(f"{game.name(me)} adapts {effect.amount}")


@registry.condition("source_monstrous")
def is_monstrous(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """701.31b: "if ~ is monstrous" / "as long as ~ is monstrous"."""
    return source in game.table.row_of and game.world.has(source, Monstrous)


@registry.executor(Monstrosity)
def monstrosity(game: Game, effect: Monstrosity, ctx: EffectContext) -> None:
    from systems.counters import add_counters

    me = ctx.self_object
    if me < 0 or me not in game.table.row_of:
        return
    # 701.31b: only while it stays on the battlefield (a zone change makes a new object with a new id, 400.7)
    if game.world.has(me, Monstrous):
        return
    add_counters(game, me, "+1/+1", effect.amount)
    game.world.add(me, Monstrous())
    game.table.mark_changed(sba=False)  # "as long as ~ is monstrous" (611.3a)
    t = game.table
    row = t.row_of[me]
    if t.no_abilities[row]:
        return
    from components.abilities import TriggeredAbility, TriggerKind
    from systems.triggers import _add

    card = game.card(me)
    for index, a in enumerate(card.abilities):  # "When ~ becomes monstrous" (701.31b, 603.2)
        if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.BECOMES_MONSTROUS:
            _add(game, me, card, index, a, int(t.controller[row]), me)
    game.say(f"{game.name(me)} becomes monstrous")
