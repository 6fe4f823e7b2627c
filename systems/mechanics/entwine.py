"""Entwine (CR 702.42): "Entwine [cost]" on a modal instant or sorcery. Only mana costs are read; the rules are
systems/mechanics/entwine.py.

Rules: Entwine (CR 702.42).

702.42a: "You may choose all modes of this spell instead of just the number specified. If you do, you pay an
additional [cost]." (601.2b: modes are chosen as the spell is cast; 601.2f: the additional cost.) A cast from the
hand with all modes chosen is its own option, named "entwine" in ``CastSpell.cost``: the spell's mana cost plus
the entwine cost, with targets for every mode (601.2c). The spell resolves with all its modes in printed order
(700.2). Not offered with other additional or alternative costs, nor for a spell without modes.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from components.abilities import Ability, SpellAbility
from components.casting_keywords import Entwine
from components.characteristics import CardType, ManaCost
from components.keywords import Keyword
from content import registry
from content.mana import parse_mana_cost
from ecs.actions import CastSpell

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game


SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)
_ENTWINE = re.compile(r"entwine ((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _ENTWINE.fullmatch(line.strip().rstrip("."))
    if not m or not int(types) & SPELL_TYPES or "X" in m.group(1).upper():
        return None
    cost = m.group(1).upper()
    return Entwine(f"Entwine {cost}", parse_mana_cost(cost))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return f"Entwine {a.cost}" if isinstance(a, Entwine) else None


registry.reader(read, priority=670)
registry.renderer(render, priority=620)


# ---------------------------------------------------------------- rules


INSTANT = int(CardType.INSTANT)
FLASH = int(Keyword.FLASH)
_INFO: dict[int, tuple[CardDef, Entwine | None, CardDef | None]] = {}


def entwined(card: CardDef) -> tuple[Entwine | None, CardDef | None]:
    """The entwine ability and the card as a spell whose modes must all be chosen (to list those choices)."""
    hit = _INFO.get(id(card))
    if hit is None or hit[0] is not card:
        a = next((x for x in card.abilities if isinstance(x, Entwine)), None)
        spell = next((x for x in card.abilities if isinstance(x, SpellAbility)), None)
        variant = None
        if a is not None and spell is not None and len(spell.modes) > 1:
            n = len(spell.modes)
            every = dataclasses.replace(spell, choose_min=n, choose_max=n)
            variant = dataclasses.replace(card, abilities=tuple(every if x is spell else x for x in card.abilities))
        hit = (card, a, variant)
        _INFO[id(card)] = hit
    return hit[1], hit[2]


def hand_variants(game: Game, player: int) -> list[CastSpell]:
    from systems.mechanics.additional_costs import combine, payment_units
    from systems.mechanics.alternative_costs import hand_spells_with, spell_choices

    out: list[CastSpell] = []
    for ent, card, a, variant in hand_spells_with(game, player, entwined):
        out.extend(spell_choices(game, player, ent, variant, combine(card.mana_cost, a.cost),
                                 "entwine", -1, payment_units(game, player, card)))
    return out


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost] | None:
    if action.cost != "entwine":
        return None
    from systems.mechanics.additional_costs import combine
    from systems.mechanics.alternative_costs import total_cost

    a, variant = entwined(card)
    if a is None or variant is None:
        raise ValueError(f"{card.name} can't be entwined")
    return card, total_cost(game, player, card, combine(card.mana_cost, a.cost))
