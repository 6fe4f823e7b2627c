"""Awaken (CR 702.113): "Awaken N—[cost]" on an instant or sorcery. Only mana costs are read; the rules are
systems/mechanics/awaken.py.

Rules: Awaken (CR 702.113).

702.113a: "You may pay [cost] rather than pay this spell's mana cost as you cast this spell" (an alternative cost,
118.9) and "If this spell's awaken cost was paid, put N +1/+1 counters on target land you control. That land
becomes a 0/0 Elemental creature with haste. It's still a land." 702.113b: that target is chosen only if the
awaken cost is paid.

A cast for the awaken cost is its own option from the hand, named "awaken" in ``CastSpell.cost``: the spell on the
stack is the card with its spell ability extended by one more target (a land its controller controls) and the
awaken instructions, followed after the spell's own (its last target slot is the land), like an overloaded or
bestowed spell's changed characteristics (``CardObject.printed`` keeps the card). The land's change is a
continuous effect of the resolved spell with no duration (611.2a, 611.2c: locked in on that land): layer 4 adds
the creature type and Elemental, layer 6 haste, layer 7b sets base power and toughness 0/0; the counters are
counters (613.4c). Not offered for modal spells, nor with other additional or alternative costs.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from components.abilities import (
    Ability,
    ApplyContinuous,
    ContinuousPart,
    Layer,
    PermanentFilter,
    PutCounters,
    SpellAbility,
    TargetKind,
    TargetSpec,
)
from components.casting_keywords import Awaken
from components.characteristics import CardType, ManaCost
from components.keywords import Keyword
from content import registry
from content.mana import parse_mana_cost
from ecs.actions import CastSpell

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game


SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)
_AWAKEN = re.compile(r"awaken (\d+)\s*[—-]\s*((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _AWAKEN.fullmatch(line.strip())
    if not m or not int(types) & SPELL_TYPES or "X" in m.group(2).upper() or int(m.group(1)) <= 0:
        return None
    n, cost = int(m.group(1)), m.group(2).upper()
    return Awaken(f"Awaken {n}—{cost}", n, parse_mana_cost(cost))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return f"Awaken {a.amount}—{a.cost}" if isinstance(a, Awaken) else None


registry.reader(read, priority=620)
registry.renderer(render, priority=580)


# ---------------------------------------------------------------- rules


INSTANT = int(CardType.INSTANT)
FLASH = int(Keyword.FLASH)
LAND_YOU_CONTROL = TargetSpec(TargetKind.PERMANENT, PermanentFilter(types_any=int(CardType.LAND), controller="you"))
BECOMES = (ContinuousPart(Layer.TYPE, types_add=int(CardType.CREATURE), subtypes_add=("Elemental",)),
           ContinuousPart(Layer.ABILITY, keywords_add=int(Keyword.HASTE)),
           ContinuousPart(Layer.PT_SET, power=0, toughness=0))

_INFO: dict[int, tuple[CardDef, Awaken | None]] = {}
_AWAKENED: dict[int, tuple[CardDef, CardDef | None]] = {}


def awaken_of(card: CardDef) -> Awaken | None:
    hit = _INFO.get(id(card))
    if hit is None or hit[0] is not card:
        hit = (card, next((a for a in card.abilities if isinstance(a, Awaken)), None))
        _INFO[id(card)] = hit
    return hit[1]


def awakened(card: CardDef) -> CardDef | None:
    """The spell as cast for its awaken cost (702.113a), or None for a spell this can't be done for."""
    hit = _AWAKENED.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    a = awaken_of(card)
    spells = [x for x in card.abilities if isinstance(x, SpellAbility)]
    result = None
    if a is not None and len(spells) == 1 and not spells[0].modes:
        spell = spells[0]
        k = len(spell.targets)
        extended = dataclasses.replace(
            spell, targets=(*spell.targets, LAND_YOU_CONTROL),
            effects=(*spell.effects, PutCounters("+1/+1", a.amount, k), ApplyContinuous(k, BECOMES, False)))
        result = dataclasses.replace(card, abilities=tuple(extended if x is spell else x for x in card.abilities))
    _AWAKENED[id(card)] = (card, result)
    return result


def hand_variants(game: Game, player: int) -> list[CastSpell]:
    from systems.mechanics.additional_costs import payment_units
    from systems.mechanics.alternative_costs import hand_spells_with, spell_choices

    out: list[CastSpell] = []
    for ent, card, a, spell in hand_spells_with(game, player, lambda c: (awaken_of(c), awakened(c))):
        out.extend(spell_choices(game, player, ent, spell, a.cost, "awaken", -1,
                                 payment_units(game, player, card)))
    return out


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost] | None:
    if action.cost != "awaken":
        return None
    from systems.mechanics.alternative_costs import total_cost

    a, spell = awaken_of(card), awakened(card)
    if a is None or spell is None:
        raise ValueError(f"{card.name} can't be cast for an awaken cost")
    return spell, total_cost(game, player, spell, a.cost)
