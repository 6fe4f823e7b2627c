"""Class cards (CR 716): class level bars and the abilities printed in their sections.

* 716.2a: "[Cost]: Level N" reads as an activated ability with the effect :class:`ClassLevelUp` ("This Class's
  level becomes N"), activated only as a sorcery and only if the Class is level N-1 (condition ``class_level_is``).
* 716.2a: the abilities printed after a level bar (up to the next one) exist only "as long as this Class is level
  N or greater": :func:`gate_levels` (called by content/oracle/__init__.py ``compile_lines``) gives each of them
  the condition ``class_level_at_least`` N. A static ability applies only while it holds (611.3a), an activated
  ability can be activated only while it holds, a triggered ability triggers only while it holds (the level of an
  object never goes down, 716.2b, so checking it again as it resolves changes nothing). Abilities of other kinds,
  or that already have a condition, leave the line unsupported.
* "When this Class becomes level N, [effect]": a triggered ability of kind CLASS_LEVEL (``nth`` N), triggered by
  systems/mechanics/class_levels.py as the level changes. It is never gated: the Class has it from level N on.
716.3: abilities before the first level bar are ordinary.

Rules: Class levels (CR 716.2).

* 716.2a: a level bar's ability: "This Class's level becomes N" (:class:`ClassLevelUp`); activated only if the
  Class is level N-1 (condition ``class_level_is``) and only as a sorcery. The level is kept in
  a ``ClassLevel`` designation (716.2b: a designation, kept even if it stops being a Class; a new object after a zone
  change has none, 400.7; 716.2d: no level counts as level 1).
* As the level becomes N, the Class's "When this Class becomes level N" abilities trigger (TriggerKind
  CLASS_LEVEL, ``nth`` N).
* ``class_level_at_least`` N: "as long as this Class is level N or greater" (the abilities of a level bar's
  section, systems/mechanics/class_levels.py). The level is read from a ``ClassLevel`` designation even after the Class
  has left the battlefield (its last known level, 608.2h).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np

from components.abilities import (
    Ability,
    ActivatedAbility,
    Condition,
    StaticEffect,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
)
from components.characteristics import CardType
from components.designations import ClassLevel
from components.keyword_actions import ClassLevelUp
from content import registry
from content.mana import parse_mana_cost

if TYPE_CHECKING:
    from components.abilities import Condition
    from ecs.game import Game
    from systems.effects import EffectContext


_BAR = re.compile(r"(?P<cost>(?:\{[0-9WUBRGCX/]+\})+): level (?P<n>\d+)", re.I)
_BECOMES = re.compile(r"when ~ becomes level (?P<n>\d+), (?P<rest>.+)", re.I | re.S)


def level_bar(line: str, cost: str, n: int) -> ActivatedAbility:
    return ActivatedAbility(line, parse_mana_cost(cost), False, (), (ClassLevelUp(n),),
                            sorcery_speed=True, condition=Condition("class_level_is", n - 1))


def _bar_level(a: object) -> int | None:
    if isinstance(a, ActivatedAbility) and len(a.effects) == 1 and isinstance(a.effects[0], ClassLevelUp):
        return a.effects[0].level
    return None


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if not int(types) & int(CardType.ENCHANTMENT):
        return None
    text = line.strip()
    m = _BAR.fullmatch(text.rstrip("."))
    if m and int(m["n"]) >= 2:
        return level_bar(text, m["cost"], int(m["n"]))
    m = _BECOMES.fullmatch(text)
    if m:
        from content.oracle.lines import _triggered_body
        from content.oracle.phrases import NoParse
        from content.oracle.text import lower

        try:
            return _triggered_body(text, TriggerCondition(TriggerKind.CLASS_LEVEL, "self", nth=int(m["n"])), "self",
                                   lower(m["rest"].strip()))
        except NoParse:
            return None
    return None


@registry.hook("compile.lines")
def gate_levels(results: list) -> list:  # list[LineResult]
    """716.2a: the abilities in a level bar's section exist only as long as the Class is that level or greater."""
    if not any(_bar_level(a) is not None for r in results for a in r.abilities):
        return results
    out = []
    level = 1
    for r in results:
        bars = [_bar_level(a) for a in r.abilities]
        if bars and all(b is not None for b in bars):
            first = bars[0]
            assert first is not None  # (all are)
            level = first
            out.append(r)
            continue
        if level <= 1 or not r.ok:
            out.append(r)
            continue
        gated: list[Ability] = []
        for a in r.abilities:
            if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.CLASS_LEVEL and a.trigger.nth == level:
                gated.append(a)  # "When this Class becomes level N": it has it from then on
            elif isinstance(a, StaticEffect | ActivatedAbility | TriggeredAbility) and a.condition is None:
                gated.append(dataclasses.replace(a, condition=Condition("class_level_at_least", level)))
            else:
                out.append(dataclasses.replace(r, abilities=(), error="a class level ability of this kind"))
                break
        else:
            out.append(dataclasses.replace(r, abilities=tuple(gated)))
    return out


def render(abilities: list[object]) -> str | None:
    if len(abilities) != 1:
        return None
    a = abilities[0]
    n = _bar_level(a)
    if n is not None and isinstance(a, ActivatedAbility):
        return f"{a.mana_cost}: Level {n}"
    from content.oracle.render import render_line

    if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.CLASS_LEVEL:
        shown = render_line([dataclasses.replace(a, trigger=TriggerCondition(TriggerKind.ENTERS, "self"))])
        prefix = "When ~ enters, "
        return f"When ~ becomes level {a.trigger.nth}, {shown[len(prefix):]}" if shown.startswith(prefix) else None
    cond = getattr(a, "condition", None)
    if isinstance(a, Ability) and isinstance(cond, Condition) and cond.kind == "class_level_at_least":
        return render_line([dataclasses.replace(a, condition=None)])  # (every compiled ability is an Ability)
    return None


registry.reader(read, priority=780)
registry.renderer(render, priority=730)


# ---------------------------------------------------------------- rules


def level(game: Game, ent: int) -> int:
    world = game.world
    if ent in world.holders(ClassLevel):
        return world.get(ent, ClassLevel).level
    if ent not in game.table.row_of:  # it has left: its last known level (608.2h)
        return int(game.lki.get(ent, {}).get("class_level", 1))
    return 1  # 716.2d


@registry.hook("zones.left_battlefield")
def _left_battlefield(game: Game, old: int, new: int, zone: object, owner: int, controller: int, types: int,
                      was: Mapping[type, object]) -> None:
    found = was.get(ClassLevel)
    if isinstance(found, ClassLevel):
        game.lki.setdefault(old, {})["class_level"] = found.level  # its level as it last existed (608.2h)


@registry.hook("zones.moves_alone")
def _moves_alone(game: Game, entities: np.ndarray) -> np.ndarray | None:
    """Classes with a level leave one by one (systems/zones.py bulk moves), so their last known level is kept."""
    levelled = game.world.holders(ClassLevel)
    return np.isin(entities, np.fromiter(levelled, dtype=np.int64)) if levelled else None


@registry.executor(ClassLevelUp)
def level_up(game: Game, effect: ClassLevelUp, ctx: EffectContext) -> None:
    from systems.triggers import _add

    me = ctx.self_object
    t = game.table
    row = t.row_of.get(me)
    if row is None:
        return  # it has left the battlefield: there is no Class to change (608.2b)
    game.world.add(me, ClassLevel(effect.level))  # replaces the level it had
    game.table.mark_changed(sba=False)  # the section's static abilities (611.3a)
    game.table.mark_changed(layers=False)
    game.say(f"{game.name(me)} becomes level {effect.level}")
    if t.no_abilities[row]:
        return
    card = game.card(me)
    controller = int(t.controller[row])
    for index, a in enumerate(card.abilities):
        if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.CLASS_LEVEL and a.trigger.nth == effect.level:
            _add(game, me, card, index, a, controller, me)


@registry.condition("class_level_is")
def level_is(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    return level(game, source) == cond.n  # 716.2a: "Activate only if this Class is level N-1"


@registry.condition("class_level_at_least")
def level_at_least(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    return level(game, source) >= cond.n  # 716.2a: "As long as this Class is level N or greater"
