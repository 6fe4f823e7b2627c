"""Saddle (CR 702.171): "Saddle N" on a Mount, and "Whenever ~ becomes saddled for the first time each turn".

702.171a: "Tap any number of other untapped creatures you control with total power N or greater: This permanent
becomes saddled until end of turn. Activate only as a sorcery." The cost is the one crew has (702.122a,
``ActivatedAbility.crew``: the creatures are chosen as it is activated, systems/mechanics/crew.py), the effect
:class:`BecomeSaddled` (systems/mechanics/saddle.py). The condition "~ is saddled" (702.171b) is read by
content/oracle/conditions.py.

Rules: Saddle (CR 702.171).

* 702.171a: the saddle ability's effect: "This permanent becomes saddled until end of turn" (its cost, tapping
  other creatures with total power N or greater, is crew's: systems/mechanics/crew.py; only as a sorcery).
* 702.171b: saddled is a designation kept until the end of the turn or until it leaves the battlefield
  (a ``Saddled`` component with the turn it became saddled; a new object after a zone change isn't saddled,
  400.7). The condition ``source_saddled`` is "if ~ is saddled".
* "Whenever ~ becomes saddled for the first time each turn" (TriggerKind BECOMES_SADDLED) triggers as it
  becomes saddled if it wasn't saddled earlier this turn.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from components.abilities import Ability, ActivatedAbility, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.designations import Saddled
from components.keyword_actions import BecomeSaddled
from content import registry

if TYPE_CHECKING:
    from components.abilities import Condition
    from ecs.game import Game
    from systems.effects import EffectContext


_LINE = re.compile(r"saddle (\d+)")
_TRIGGER = re.compile(r"whenever ~ becomes saddled for the first time each turn, (?P<rest>.+)", re.I | re.S)


def saddle(n: int) -> ActivatedAbility:
    return ActivatedAbility(f"Saddle {n}", None, False, (), (BecomeSaddled(),),
                            sorcery_speed=True, crew=n)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if not int(types) & int(CardType.CREATURE):
        return None
    m = _LINE.fullmatch(line.strip().rstrip(".").lower())
    if m and int(m[1]) > 0:
        return saddle(int(m[1]))
    m = _TRIGGER.fullmatch(line.strip())
    if m:
        from content.oracle.lines import _triggered_body
        from content.oracle.phrases import NoParse
        from content.oracle.text import lower

        try:
            return _triggered_body(line.strip(), TriggerCondition(TriggerKind.BECOMES_SADDLED, "self"), "self",
                                   lower(m["rest"].strip()))
        except NoParse:
            return None
    return None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, ActivatedAbility) and a.crew and a.effects == (BecomeSaddled(),) and a == saddle(a.crew):
        return f"Saddle {a.crew}"
    if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.BECOMES_SADDLED:
        from content.oracle.render import render_line

        shown = render_line([dataclasses.replace(a, trigger=TriggerCondition(TriggerKind.ENTERS, "self"))])
        prefix = "When ~ enters, "
        if shown.startswith(prefix):
            return f"Whenever ~ becomes saddled for the first time each turn, {shown[len(prefix):]}"
    return None


registry.reader(read, priority=790)
registry.renderer(render, priority=740)


# ---------------------------------------------------------------- rules


def is_saddled(game: Game, ent: int) -> bool:
    if ent not in game.table.row_of:
        return False
    saddled = game.world.try_get(ent, Saddled)
    return saddled is not None and saddled.turn == game.turn


@registry.executor(BecomeSaddled)
def become_saddled(game: Game, effect: BecomeSaddled, ctx: EffectContext) -> None:
    me = ctx.self_object
    t = game.table
    row = t.row_of.get(me)
    if row is None:
        return  # it has left the battlefield (608.2b)
    first = not is_saddled(game, me)
    game.world.add(me, Saddled(game.turn))
    game.table.mark_changed(sba=False)  # "as long as ~ is saddled"
    game.say(f"{game.name(me)} becomes saddled")
    if not first or t.no_abilities[row]:
        return
    from systems.triggers import _add

    card = game.card(me)
    for index, a in enumerate(card.abilities):
        if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.BECOMES_SADDLED:
            _add(game, me, card, index, a, int(t.controller[row]), me)


@registry.condition("source_saddled")
def saddled(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    return is_saddled(game, source)  # 702.171b
