"""Bargain (CR 702.166): "Bargain". The rules are systems/mechanics/bargain.py; "If this spell was bargained, ..."
is systems/mechanics/cast_conditions.py's and "When ~ enters, if it was bargained, ..." systems/mechanics/
this_turn_costs.py's.

Rules: Bargain (CR 702.166).

702.166a: "As an additional cost to cast this spell, you may sacrifice an artifact, enchantment, or token." A cast
from the hand paying it is its own option, named "bargain" in ``CastSpell.cost``, with the permanent chosen in
``CastSpell.sacrifice`` (each kind of such permanent its caster controls is one choice; 701.21a: only your own),
for the mana cost (601.2f) and with the card's normal timing; not offered with other additional or alternative
costs. 702.166b: that spell was "bargained" (the condition kinds "bargained" for the spell,
systems/mechanics/cast_conditions.py, and "cost_paid_bargain" for the permanent it becomes).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import numpy as np

from components.abilities import Ability
from components.casting_keywords import Bargain
from components.characteristics import CardType, ManaCost
from components.keywords import Keyword
from components.objects import Zone
from content import registry
from ecs.actions import CastSpell
from systems.flash_permission import any_time

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game


BARGAIN = Bargain()


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() != "bargain" or int(types) & int(CardType.LAND):
        return None
    return BARGAIN


def render(abilities: list[object]) -> str | None:
    return "Bargain" if len(abilities) == 1 and isinstance(abilities[0], Bargain) else None


registry.reader(read, priority=710)
registry.renderer(render, priority=660)


# ---------------------------------------------------------------- rules


INSTANT = int(CardType.INSTANT)
FLASH = int(Keyword.FLASH)
SACRIFICEABLE = int(CardType.ARTIFACT | CardType.ENCHANTMENT)


def has_bargain(card: CardDef) -> bool:
    return any(isinstance(a, Bargain) for a in card.abilities)


def _choices(game: Game, player: int) -> list[tuple[int, ...]]:
    """An artifact, enchantment or token ``player`` controls, one per kind (702.166a)."""
    from systems.mechanics.copy_on_cast import _distinct

    game.refresh_layers()
    t = game.table
    n = t.n
    rows = np.flatnonzero((t.controller[:n] == player) & (((t.types[:n] & SACRIFICEABLE) != 0) | t.token[:n]))
    return _distinct(game, [int(t.entity[r]) for r in rows.tolist()], 1)


def hand_variants(game: Game, player: int) -> list[CastSpell]:
    from systems.casting import sorcery_timing
    from systems.mechanics.additional_costs import payment_units
    from systems.mechanics.alternative_costs import spell_choices

    out: list[CastSpell] = []
    seen: set[str] = set()
    picks: list[tuple[int, ...]] | None = None
    for ent in game.zones[player][Zone.HAND]:
        card = game.card(ent)
        if card.name in seen or not has_bargain(card):
            continue
        seen.add(card.name)
        if not (any_time(game, player, card) or sorcery_timing(game, player)):
            continue
        if picks is None:
            picks = _choices(game, player)
        if not picks:
            break
        for o in spell_choices(game, player, ent, card, card.mana_cost, "bargain", -1,
                               payment_units(game, player, card)):
            out.extend(dataclasses.replace(o, sacrifice=(*o.sacrifice, *p)) for p in picks
                       if p[0] not in o.sacrifice and p[0] not in o.targets)
    return out


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost] | None:
    if action.cost != "bargain":
        return None
    from systems.mechanics.alternative_costs import total_cost

    return card, total_cost(game, player, card, card.mana_cost)
