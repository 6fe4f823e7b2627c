"""Vanishing (CR 702.63): "Vanishing N" (or "Vanishing") on its own line; the line reads as its abilities:

702.63a: "This permanent enters with N time counters on it" (a replacement effect, 614.1c), "At the beginning of
your upkeep, if this permanent has a time counter on it, remove a time counter from it" and "When the last time
counter is removed from this permanent, sacrifice it" (trigger kind ``LAST_TIME_COUNTER_REMOVED``: systems/
counters.py reports the removal of a permanent's last time counter, whatever removed it; systems/mechanics/
vanishing.py). 702.63b: without a number it has no "enters with" part. 702.63c: instances work separately.

Rules: Vanishing (CR 702.63a): the upkeep removal and "When the last time counter is removed from this permanent,
sacrifice it". systems/counters.py calls :func:`last_time_counter_removed` when a permanent's last time counter is
removed (by its upkeep ability or anything else); the permanent's abilities of that kind trigger.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from components.abilities import (
    SELF,
    Ability,
    Condition,
    ReplacementSpec,
    Sacrifice,
    StaticReplacement,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
)
from components.characteristics import CardType
from components.combat_keywords import RemoveTimeCounter
from components.objects import Step
from content import registry
from systems.counters import counter_count, remove_counters

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


def vanishing(n: int | None) -> tuple[Ability, ...]:
    text = "Vanishing" if n is None else f"Vanishing {n}"
    upkeep = TriggeredAbility(text, TriggerCondition(TriggerKind.BEGINNING_OF_STEP, step=int(Step.UPKEEP), whose="your"),
                              (), (RemoveTimeCounter(),), condition=Condition("source_has_time_counter"))
    last = TriggeredAbility(text, TriggerCondition(TriggerKind.LAST_TIME_COUNTER_REMOVED), (), (Sacrifice(SELF),))
    enters = () if n is None else (StaticReplacement(text, ReplacementSpec("enter", "counters", amount=n,
                                                                             counter_kind="time"), self_only=True),)
    return (*enters, upkeep, last)


_LINE = re.compile(r"vanishing(?: (\d+))?")


def read(line: str, raw: str, name: str, types: CardType) -> tuple[Ability, ...] | None:
    m = _LINE.fullmatch(line.strip().rstrip(".").lower())
    if not m:
        return None
    return vanishing(int(m.group(1)) if m.group(1) else None)


def render(abilities: list[object]) -> str | None:
    first = abilities[0] if abilities else None
    n = first.spec.amount if isinstance(first, StaticReplacement) else None
    if tuple(abilities) == vanishing(n):
        return "Vanishing" if n is None else f"Vanishing {n}"
    return None


registry.reader(read, priority=500)
registry.renderer(render, priority=460)


# ---------------------------------------------------------------- rules


@registry.condition("source_has_time_counter")
def has_time_counter(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    return source in game.table.row_of and counter_count(game, source, "time") > 0


@registry.executor(RemoveTimeCounter)
def remove_time_counter(game: Game, e: RemoveTimeCounter, ctx: EffectContext) -> None:
    source = ctx.self_object
    if source >= 0 and source in game.table.row_of and remove_counters(game, source, "time", 1):
        game.say(f"a time counter is removed from {game.name(source)}")


def last_time_counter_removed(game: Game, permanent: int) -> None:
    """603.2: the permanent's "when the last time counter is removed" abilities trigger (unless it has lost its
    abilities, 613.1f)."""
    from systems.triggers import _add

    t = game.table
    row = t.row_of[permanent]
    if t.no_abilities[row]:
        return
    card = game.trigger_sources.get(permanent) or game.card(permanent)
    controller = int(t.controller[row])
    for index, a in enumerate(card.abilities):
        if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.LAST_TIME_COUNTER_REMOVED:
            _add(game, permanent, card, index, a, controller, permanent)


@registry.hook("counters.last_removed")
def _last_removed(game: Game, obj: int, kind: str) -> None:
    if kind == "time":
        last_time_counter_removed(game, obj)  # "When the last time counter is removed from this permanent" (702.63a)
