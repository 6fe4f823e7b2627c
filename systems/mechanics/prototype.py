"""Prototype (CR 702.160, 718): "Prototype [mana cost] — [power]/[toughness]" on a creature card. The rules are
systems/mechanics/prototype.py.

Rules: Prototype (CR 702.160, 718).

718.3: as a player casts a prototype card they choose to cast it normally or prototyped (an option from the hand
named "prototype" in ``CastSpell.cost``). 718.3a-b: a prototyped spell, and the permanent it becomes, have only
the alternative mana cost, power and toughness, and the colors of that mana cost if it has colored symbols (105.2);
its other characteristics are the card's (718.5). The spell's characteristics are a changed card held in
``CardObject.card`` (``printed`` keeps the card), kept as it enters the battlefield and dropped in every other zone
(718.4; systems/zones.py ``move``). 718.2a, 718.3c-d: the alternative values are copiable values, so a copy of the
spell or permanent is prototyped too (a copy copies ``CardObject.card``). The spell is cast for the prototype mana
cost (its mana cost, 601.2f), with the card's normal timing; not offered with other additional or alternative
costs.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from components.abilities import Ability
from components.casting_keywords import Prototype
from components.characteristics import CardType, Color, ManaCost, PTValue
from components.keywords import Keyword
from components.objects import Zone
from content import registry
from content.mana import parse_mana_cost
from ecs.actions import CastSpell
from systems.flash_permission import any_time

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game


_PROTOTYPE = re.compile(r"prototype ((?:\{[^}]+\})+)\s*[—-]\s*(\d+)/(\d+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _PROTOTYPE.fullmatch(line.strip())
    if not m or not int(types) & int(CardType.CREATURE) or "X" in m.group(1).upper():
        return None
    cost, p, t = m.group(1).upper(), int(m.group(2)), int(m.group(3))
    return Prototype(f"Prototype {cost} — {p}/{t}", parse_mana_cost(cost), p, t)


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return f"Prototype {a.cost} — {a.power}/{a.toughness}" if isinstance(a, Prototype) else None


registry.reader(read, priority=640)
registry.renderer(render, priority=600)


# ---------------------------------------------------------------- rules


INSTANT = int(CardType.INSTANT)
FLASH = int(Keyword.FLASH)

_INFO: dict[int, tuple[CardDef, Prototype | None, CardDef | None]] = {}


def prototyped(card: CardDef) -> tuple[Prototype | None, CardDef | None]:
    """The card's prototype ability and its characteristics when cast prototyped (718.3b)."""
    hit = _INFO.get(id(card))
    if hit is None or hit[0] is not card:
        a = next((x for x in card.abilities if isinstance(x, Prototype)), None)
        spell = None
        if a is not None:
            cost: ManaCost = a.cost
            colors = Color(0)
            for s in cost.symbols:
                colors |= Color(int(s.colors))
            spell = dataclasses.replace(card, mana_cost=cost, power=PTValue(a.power), toughness=PTValue(a.toughness),
                                        colors=colors if colors else card.colors)
        hit = (card, a, spell)
        _INFO[id(card)] = hit
    return hit[1], hit[2]


def hand_variants(game: Game, player: int) -> list[CastSpell]:
    from systems.casting import sorcery_timing
    from systems.mechanics.additional_costs import payment_units
    from systems.mechanics.alternative_costs import spell_choices

    out: list[CastSpell] = []
    seen: set[str] = set()
    for ent in game.zones[player][Zone.HAND]:
        card = game.card(ent)
        a, spell = prototyped(card)
        if a is None or spell is None or card.name in seen:
            continue
        seen.add(card.name)
        if not (any_time(game, player, spell) or sorcery_timing(game, player)):
            continue
        out.extend(spell_choices(game, player, ent, spell, spell.mana_cost, "prototype", -1,
                                 payment_units(game, player, spell)))
    return out


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost] | None:
    if action.cost != "prototype":
        return None
    from systems.mechanics.alternative_costs import total_cost

    _, spell = prototyped(card)
    if spell is None:
        raise ValueError(f"{card.name} has no prototype")
    return spell, total_cost(game, player, spell, spell.mana_cost)
