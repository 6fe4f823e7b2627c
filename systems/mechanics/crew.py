"""Crew (CR 702.122): "Crew N" on a Vehicle.

702.122a: "Tap any number of other untapped creatures you control with total power N or greater: This
permanent becomes an artifact creature until end of turn." An activated ability whose cost is the crew
creatures (``ActivatedAbility.crew``, chosen as it is activated: systems/mechanics/crew.py) and whose effect
makes the permanent itself an artifact creature until end of turn (layer 4, 613.1d; a Vehicle has its
printed power and toughness only while it is a creature, 301.7a, 208.3).

Rules: Crew (CR 702.122): "Crew N" means "Tap any number of other untapped creatures you control with total power N
or greater: This permanent becomes an artifact creature until end of turn." (702.122a)

The creatures tapped are part of the cost, chosen as the ability is activated (602.2b), so each choice is its
own activation option (``ActivateAbility.tapped``). The options are the *minimal* sets: untapped creatures
other than the Vehicle, controlled by its controller, whose total power is N or more and from which no
creature can be left out (tapping more creatures than needed is not offered: the engine's choice rule, which
keeps the option list small). Creatures that are interchangeable (same name, power, toughness, damage and
summoning sickness) count as one choice, and at most ``MAX_CREW_OPTIONS`` sets are offered. Tapping a creature
to crew is not a {T} cost of that creature, so a summoning-sick creature may crew (302.6 restricts {T} and
{Q} abilities only). 702.122b: the creatures tapped this way "crew" the Vehicle.
"""

from __future__ import annotations

import itertools
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
MAX_CREW_OPTIONS = 32


def crew_choices(game: Game, player: int, vehicle: int, n: int) -> list[tuple[int, ...]]:
    """The minimal sets of creatures that may be tapped to pay "Crew ``n``" (702.122a)."""
    t = game.table
    game.refresh_layers()
    rows = np.flatnonzero((t.controller[: t.n] == player) & ~t.tapped[: t.n] & ((t.types[: t.n] & CREATURE) != 0))
    pool: dict[tuple[object, ...], list[tuple[int, int]]] = {}
    for row in rows.tolist():
        ent = int(t.entity[row])
        power = int(t.power[row])
        if ent == vehicle or power <= 0:
            continue  # "other" creatures; one with no power is never needed in a minimal set
        key = (game.card(ent).name, power, int(t.toughness[row]), int(t.damage[row]), bool(t.sick[row]))
        pool.setdefault(key, []).append((ent, power))
    # One entry per interchangeable creature, the kinds ordered by power (largest first).
    kinds = sorted(pool.values(), key=lambda group: -group[0][1])
    creatures = [c for group in kinds for c in group]
    if sum(p for _, p in creatures) < n:
        return []
    out: list[tuple[int, ...]] = []
    seen: set[tuple[tuple[object, ...], ...]] = set()
    keys = {ent: key for key, group in pool.items() for ent, _ in group}
    for size in range(1, len(creatures) + 1):
        for combo in itertools.combinations(creatures, size):
            powers = [p for _, p in combo]
            total = sum(powers)
            if total < n or total - min(powers) >= n:
                continue  # not enough, or not minimal (some creature could be left out)
            signature = tuple(sorted(keys[e] for e, _ in combo))  # type: ignore[type-var]
            if signature in seen:
                continue
            seen.add(signature)
            out.append(tuple(e for e, _ in combo))
            if len(out) >= MAX_CREW_OPTIONS:
                return out
    return out


def tap_crew(game: Game, player: int, creatures: tuple[int, ...]) -> None:
    """Pay the crew cost: tap the chosen creatures (they crew the Vehicle, 702.122b)."""
    t = game.table
    for c in creatures:
        t.tap(c)
    if game.trigger_sources:
        from systems.triggers import became_tapped

        became_tapped(game, list(creatures))  # 701.21a
    game.say(f"{game.player_states[player].name} taps {', '.join(game.name(c) for c in creatures)} to crew")
