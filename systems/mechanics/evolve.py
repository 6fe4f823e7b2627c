"""Evolve (CR 702.100): "Evolve" on its own line.

702.100a: "Whenever a creature you control enters, if that creature's power is greater than this
creature's power and/or that creature's toughness is greater than this creature's toughness, put a
+1/+1 counter on this creature." The comparison is an intervening "if" (603.4), condition kind
"evolve" (systems/mechanics/evolve.py). 702.100d: each instance triggers separately (each line is
its own triggered ability).

Rules: Evolve (CR 702.100): the intervening "if" that compares the entering creature with this one.

702.100a: "if that creature's power is greater than this creature's power and/or that creature's
toughness is greater than this creature's toughness". It is checked as the ability triggers and again
as it resolves (603.4); an object that has left the battlefield by then is compared by its last known
information (608.2h). 702.100c: a creature can't have greater power or toughness than a noncreature
permanent, so the comparison fails unless both are creatures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import (
    SELF,
    Ability,
    Condition,
    PermanentFilter,
    PutCounters,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
)
from components.characteristics import CardType
from content import registry

if TYPE_CHECKING:
    from components.abilities import Condition
    from ecs.game import Game


EVOLVE = TriggeredAbility(
    "Evolve",
    TriggerCondition(TriggerKind.ENTERS, "filter",
                     PermanentFilter(types_any=int(CardType.CREATURE), controller="you")),
    (),
    (PutCounters("+1/+1", 1, SELF),),
    condition=Condition("evolve"),
)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() != "evolve":
        return None
    return EVOLVE


def render(abilities: list[object]) -> str | None:
    """The round trip's text (content/oracle/render.py): the keyword, from the data."""
    return "Evolve" if len(abilities) == 1 and abilities[0] == EVOLVE else None


registry.reader(read, priority=140)
registry.renderer(render, priority=110)


# ---------------------------------------------------------------- rules


CREATURE = int(CardType.CREATURE)


def stats(game: Game, obj: int) -> tuple[int, int, bool] | None:
    """(power, toughness, is a creature) of a permanent, or of a left object by last known information."""
    t = game.table
    row = t.row_of.get(obj)
    if row is not None:
        game.refresh_layers()
        return int(t.power[row]), int(t.toughness[row]), bool(int(t.types[row]) & CREATURE)
    lki = game.lki.get(obj)
    if lki is None:
        return None
    return int(lki["power"]), int(lki["toughness"]), bool(int(lki["types"]) & CREATURE)


@registry.condition("evolve")
def evolve_condition(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    entering = stats(game, event_object)
    this = stats(game, source)
    if entering is None or this is None:
        return False
    power, toughness, is_creature = entering
    my_power, my_toughness, i_am_creature = this
    if not (is_creature and i_am_creature):
        return False  # 702.100c
    return power > my_power or toughness > my_toughness
