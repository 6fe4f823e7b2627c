"""Cleave (CR 702.148).

702.148a: "You may cast this spell by paying [cost] rather than paying its mana cost. If the cleave cost was paid,
remove the words in square brackets from this spell's text." A cast for the cleave cost from the hand is its own
option, named "cleave" in ``CastSpell.cost`` (an alternative cost, 118.9; its normal timing): the spell on the
stack has the cleaved instructions (compiled by the card loader, ``Cleave.spell``; ``CardObject.printed`` keeps
the card, whose text is whole again once it leaves the stack). Not offered with other additional or alternative
costs.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from components.abilities import SpellAbility
from components.casting_keywords import Cleave
from components.characteristics import CardType, ManaCost
from components.keywords import Keyword
from ecs.actions import CastSpell

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game

INSTANT = int(CardType.INSTANT)
FLASH = int(Keyword.FLASH)
_INFO: dict[int, tuple[CardDef, Cleave | None, CardDef | None]] = {}


def cleaved(card: CardDef) -> tuple[Cleave | None, CardDef | None]:
    hit = _INFO.get(id(card))
    if hit is None or hit[0] is not card:
        a = next((x for x in card.abilities if isinstance(x, Cleave)), None)
        spell = next((x for x in card.abilities if isinstance(x, SpellAbility)), None)
        variant = None
        if a is not None and spell is not None and isinstance(a.spell, SpellAbility):
            variant = dataclasses.replace(card, abilities=tuple(a.spell if x is spell else x for x in card.abilities))
        hit = (card, a, variant)
        _INFO[id(card)] = hit
    return hit[1], hit[2]


def hand_variants(game: Game, player: int) -> list[CastSpell]:
    from systems.keywords.additional_costs import payment_units
    from systems.keywords.alternative_costs import hand_spells_with, spell_choices

    out: list[CastSpell] = []
    for ent, card, a, variant in hand_spells_with(game, player, cleaved):
        out.extend(spell_choices(game, player, ent, variant, a.cost, "cleave", -1,  # type: ignore[arg-type]
                                 payment_units(game, player, card)))
    return out


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost] | None:
    if action.cost != "cleave":
        return None
    from systems.keywords.alternative_costs import total_cost

    a, variant = cleaved(card)
    if a is None or variant is None:
        raise ValueError(f"{card.name} has no cleave cost")
    return variant, total_cost(game, player, variant, a.cost)  # type: ignore[arg-type]
