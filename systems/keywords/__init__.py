"""Rules of keyword abilities (CR 702) that need more than the general systems: one module per keyword.

The general systems call into this package through two small registries, so a keyword's rules stay
in its own module:

* ``EXECUTORS``: effect type -> ``fn(game, effect, ctx)``; systems/effects.py ``run_effect`` falls
  back on it for effects it doesn't know itself;
* ``CONDITIONS``: condition kind -> ``fn(game, cond, controller, source, event_object) -> bool``;
  systems/triggers.py ``check_condition`` falls back on it for kinds it doesn't know (``source`` is
  the ability's source object, ``event_object`` what its trigger event was about, -1 when unknown).

A module registers with the ``executor`` and ``condition`` decorators; every module listed in
``MODULES`` is imported the first time the registries are used (:func:`load`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from components.abilities import TriggeredAbility, TriggerKind
    from components.card import CardDef
    from ecs.game import Game

EXECUTORS: dict[type, Callable[..., None]] = {}
CONDITIONS: dict[str, Callable[..., bool]] = {}

# The keyword modules (systems/keywords/<name>.py) that register executors or conditions.
MODULES: list[str] = ["evolve", "extort", "scavenge", "tribute", "entering", "loyalty", "soulbond", "cast_card", "cipher",
                      "additional_costs", "rebound", "ward", "bloodthirst", "fabricate", "echo", "storm", "prevention",
                      "double_faced", "face_down"]
# Casting keywords: unearth (702.84), casting from a graveyard (jump-start, retrace, escape).
MODULES += ["unearth", "graveyard_casting", "exile_casting", "entering_costs", "madness", "card_as_cost", "ripple",
            "cast_conditions", "this_turn_costs", "recover", "gift"]
# Keywords about combat, counters, dying and entering (persist 702.79, undying 702.93, infect 702.90, ...).
MODULES += ["persist", "infect", "counter_actions", "combat_triggers", "ward_costs", "cascade", "exploit", "riot", "vanishing"]
MODULES += ["cumulative_upkeep_costs", "ascend", "speed", "phasing", "keyword_actions", "class_levels", "saddle"]  # cumulative upkeep costs that aren't only mana (702.24a)
MODULES += ["emblem"]  # emblems (CR 114): systems/keywords/emblem.py
MODULES += ["mana_spent"]  # converge, adamant: the mana spent to cast a spell (601.2h)
_loaded = False


def executor(effect_type: type) -> Callable[[Callable[..., None]], Callable[..., None]]:
    def register(fn: Callable[..., None]) -> Callable[..., None]:
        EXECUTORS[effect_type] = fn
        return fn
    return register


def condition(kind: str) -> Callable[[Callable[..., bool]], Callable[..., bool]]:
    def register(fn: Callable[..., bool]) -> Callable[..., bool]:
        CONDITIONS[kind] = fn
        return fn
    return register


def load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for name in MODULES:
            importlib.import_module(f"systems.keywords.{name}")


def executor_for(effect: Any) -> Callable[..., None] | None:
    """The registered executor of this effect's type, or None."""
    load()
    return EXECUTORS.get(type(effect))


def condition_for(kind: str) -> Callable[..., bool] | None:
    """The registered check of this condition kind, or None."""
    load()
    return CONDITIONS.get(kind)


def triggers_of_kind(game: Game, kind: TriggerKind) -> Iterator[tuple[int, CardDef, int, int, TriggeredAbility]]:
    """(source, card, controller, index, ability) for each triggered ability of ``kind`` of the objects that may
    trigger (``game.trigger_sources``), but not of a permanent that has lost its abilities (613.1f): for the
    keyword events the general trigger system doesn't watch (transforming, turning face up, day and night)."""
    from systems.triggers import triggered_abilities

    t = game.table
    for source, card in list(game.trigger_sources.items()):
        row = t.row_of.get(source)
        if row is None or t.no_abilities[row]:
            continue
        controller = int(t.controller[row])
        for index, ability in triggered_abilities(card):
            if ability.trigger.kind == kind:
                yield source, card, controller, index, ability
