"""Cleave (CR 702.148): "Cleave [cost]" on an instant or sorcery. Only mana costs are read.

702.148a: cast for the cleave cost, the spell's text loses the words in square brackets (a text change, 612). The
card loader (content/card_pool.py) compiles that text too (:func:`with_cleaved_spell`) and refuses the card when it
can't. The rules are systems/mechanics/cleave.py.

Rules: Cleave (CR 702.148).

702.148a: "You may cast this spell by paying [cost] rather than paying its mana cost. If the cleave cost was paid,
remove the words in square brackets from this spell's text." A cast for the cleave cost from the hand is its own
option, named "cleave" in ``CastSpell.cost`` (an alternative cost, 118.9; its normal timing): the spell on the
stack has the cleaved instructions (compiled by the card loader, ``Cleave.spell``; ``CardObject.printed`` keeps
the card, whose text is whole again once it leaves the stack). Not offered with other additional or alternative
costs.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from components.abilities import Ability, SpellAbility
from components.casting_keywords import Cleave
from components.characteristics import CardType, ManaCost
from components.keywords import Keyword
from content import registry
from content.mana import parse_mana_cost
from ecs.actions import CastSpell

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game


SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)
_CLEAVE = re.compile(r"cleave ((?:\{[^}]+\})+)", re.I)
_BRACKETS = re.compile(r"\s*\[[^\]]*\]")


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _CLEAVE.fullmatch(line.strip().rstrip("."))
    if not m or not int(types) & SPELL_TYPES or "X" in m.group(1).upper():
        return None
    cost = m.group(1).upper()
    return Cleave(f"Cleave {cost}", parse_mana_cost(cost))


def cleaved_text(text: str) -> str:
    """702.148a: the text without the words in square brackets."""
    return "\n".join(_BRACKETS.sub("", line) for line in text.split("\n"))


@registry.hook("card.abilities")
def with_cleaved_spell(name: str, text: str, types: CardType | int,
                       abilities: tuple[Ability, ...]) -> tuple[Ability, ...]:
    """The abilities with each Cleave ability given the cleaved instructions. Raises UnsupportedCardError when the
    text has no words in square brackets or the cleaved text can't be compiled."""
    if not any(isinstance(a, Cleave) for a in abilities):
        return abilities
    # imported here, not at the top: loading that module registers its reader (systems/mechanics MODULES order)
    from content.oracle import UnsupportedCardError
    from systems.mechanics.overload import changed_spell

    changed_text = cleaved_text(text)
    if changed_text == text:
        raise UnsupportedCardError(f"{name}: cleave without words in square brackets")
    spell = changed_spell(name, changed_text, types, "cleaved text (702.148a)")
    if spell is None:
        raise UnsupportedCardError(f"{name}: its cleaved text (702.148a) has no instructions")
    return tuple(dataclasses.replace(a, spell=spell) if isinstance(a, Cleave) else a for a in abilities)


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return f"Cleave {a.cost}" if isinstance(a, Cleave) else None


registry.reader(read, priority=700)
registry.renderer(render, priority=650)


# ---------------------------------------------------------------- rules


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
    from systems.mechanics.additional_costs import payment_units
    from systems.mechanics.alternative_costs import hand_spells_with, spell_choices

    out: list[CastSpell] = []
    for ent, card, a, variant in hand_spells_with(game, player, cleaved):
        out.extend(spell_choices(game, player, ent, variant, a.cost, "cleave", -1,
                                 payment_units(game, player, card)))
    return out


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost] | None:
    if action.cost != "cleave":
        return None
    from systems.mechanics.alternative_costs import total_cost

    a, variant = cleaved(card)
    if a is None or variant is None:
        raise ValueError(f"{card.name} has no cleave cost")
    return variant, total_cost(game, player, variant, a.cost)
