"""Crew (CR 702.122): "Crew N" on a Vehicle.

702.122a: "Tap any number of other untapped creatures you control with total power N or greater: This
permanent becomes an artifact creature until end of turn." An activated ability whose cost is the crew
creatures (``ActivatedAbility.crew``, chosen as it is activated: systems/mechanics/crew.py) and whose effect
makes the permanent itself an artifact creature until end of turn (layer 4, 613.1d; a Vehicle has its
printed power and toughness only while it is a creature, 301.7a, 208.3).

Rules: Crew (CR 702.122): "Crew N" means "Tap any number of other untapped creatures you control with total power N
or greater: This permanent becomes an artifact creature until end of turn." (702.122a)

The creatures tapped are part of the cost, chosen as the ability is activated (602.2b). Any set of untapped
creatures other than the Vehicle, controlled by its controller, with total power N or more may be tapped, not only
the minimal ones: the rules list one activation with ``ActivateAbility.tapped`` left ``OPEN`` and the announcement
asks the creatures one at a time (systems/announcing.py ``at_least``): a creature is offered only if the set can
still reach power N with the creatures after it, and "done" once the total is N or more. Creatures that are
interchangeable (same name, power, toughness, damage and summoning sickness) are one choice at each step. Tapping a
creature to crew is not a {T} cost of that creature, so a summoning-sick creature may crew (302.6 restricts {T}
and {Q} abilities only). 702.122b: the creatures tapped this way "crew" the Vehicle.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import numpy as np

from components.abilities import (
    SELF,
    Ability,
    ActivatedAbility,
    ApplyContinuous,
    ContinuousPart,
    Layer,
)
from components.characteristics import CardType
from content import registry
from ecs.actions import OPEN, ActivateAbility
from systems.announcing import OpenSet, at_least

if TYPE_CHECKING:
    from ecs.game import Game


_LINE = re.compile(r"crew (\d+)")
BECOMES = ApplyContinuous(SELF, (ContinuousPart(Layer.TYPE, types_add=int(CardType.ARTIFACT | CardType.CREATURE)),))


def crew(n: int) -> ActivatedAbility:
    return ActivatedAbility(f"Crew {n}", None, False, (), (BECOMES,), crew=n)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip().rstrip(".").lower())
    if not m:
        return None
    return crew(int(m.group(1)))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, ActivatedAbility) and a.crew and a.effects == (BECOMES,):
        return f"Crew {a.crew}"
    return None


registry.reader(read, priority=270)
registry.renderer(render, priority=230)


# ---------------------------------------------------------------- rules


CREATURE = int(CardType.CREATURE)


def _crew_pool(game: Game, player: int, vehicle: int) -> list[tuple[int, int, tuple[object, ...]]]:
    """The creatures that may crew ``vehicle``: (entity, power, what makes two of them interchangeable)."""
    t = game.table
    game.refresh_layers()
    rows = np.flatnonzero((t.controller[: t.n] == player) & ~t.tapped[: t.n] & ((t.types[: t.n] & CREATURE) != 0))
    out: list[tuple[int, int, tuple[object, ...]]] = []
    for row in rows.tolist():
        ent = int(t.entity[row])
        if ent == vehicle:
            continue  # 702.122a: "other" creatures
        power = int(t.power[row])
        out.append((ent, power, (game.card(ent).name, power, int(t.toughness[row]), int(t.damage[row]),
                                 bool(t.sick[row]))))
    # The strongest kinds first, so the first steps offered are the ones that crew soonest.
    out.sort(key=lambda c: -c[1])
    return out


def crew_choices(game: Game, player: int, vehicle: int, n: int) -> list[tuple[int, ...]]:
    """``[OPEN]`` if some set of creatures may be tapped to pay "Crew ``n``" (702.122a), else ``[]``: the set is
    chosen one creature at a time as the ability is announced (``open_crew``)."""
    return [OPEN] if sum(max(p, 0) for _, p, _ in _crew_pool(game, player, vehicle)) >= n else []


@registry.hook("announce.open")
def open_crew(game: Game, player: int, play: object, name: str) -> OpenSet | None:
    """702.122a: the creatures tapped to crew, any set with total power N or more."""
    if not isinstance(play, ActivateAbility) or name != "tapped":
        return None
    from systems.granted import ability_card

    ability = ability_card(game, play.source).abilities[play.index]
    if not isinstance(ability, ActivatedAbility) or not ability.crew:
        return None
    pool = _crew_pool(game, player, play.source)
    # 107.1b: a creature's negative power counts as it is in the total ("a calculation ... uses a negative value").
    powers = {e: p for e, p, _ in pool}
    kinds = {e: k for e, _, k in pool}
    return at_least("tapped", powers, kinds.__getitem__, powers.__getitem__, ability.crew)


def tap_crew(game: Game, player: int, creatures: tuple[int, ...]) -> None:
    """Pay the crew cost: tap the chosen creatures (they crew the Vehicle, 702.122b)."""
    t = game.table
    for c in creatures:
        t.tap(c)
    if game.trigger_sources:
        from systems.triggers import became_tapped

        became_tapped(game, list(creatures))  # 701.21a
    game.say(f"{game.player_states[player].name} taps {', '.join(game.name(c) for c in creatures)} to crew")
