"""Escalate (CR 702.120): "Escalate [cost]" on a modal instant or sorcery. Only mana costs are read; the rules are
systems/mechanics/escalate.py.

Rules: Escalate (CR 702.120).

702.120a: "For each mode you choose beyond the first as you cast this spell, you pay an additional [cost]" (601.2b:
the modes are chosen, 601.2f: the additional costs). A cast from the hand choosing N > 1 modes is its own option,
named "escalate" in ``CastSpell.cost``: the mana cost plus N - 1 times the escalate cost. Every other way of
casting the card (its ordinary cast, alternative costs) is offered with one mode only (:func:`drop_unpaid`), since
this engine names one cost keyword per cast.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from components.abilities import Ability, SpellAbility
from components.casting_keywords import Escalate
from components.characteristics import CardType, ManaCost
from components.keywords import Keyword
from content import registry
from content.mana import parse_mana_cost
from ecs.actions import CastSpell

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game


SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)
_ESCALATE = re.compile(r"escalate ((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _ESCALATE.fullmatch(line.strip().rstrip("."))
    if not m or not int(types) & SPELL_TYPES or "X" in m.group(1).upper():
        return None
    cost = m.group(1).upper()
    return Escalate(f"Escalate {cost}", parse_mana_cost(cost))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return f"Escalate {a.cost}" if isinstance(a, Escalate) else None


registry.reader(read, priority=690)
registry.renderer(render, priority=640)


# ---------------------------------------------------------------- rules


INSTANT = int(CardType.INSTANT)
FLASH = int(Keyword.FLASH)
_INFO: dict[int, tuple[CardDef, Escalate | None]] = {}


def escalate_of(card: CardDef) -> Escalate | None:
    hit = _INFO.get(id(card))
    if hit is None or hit[0] is not card:
        hit = (card, next((a for a in card.abilities if isinstance(a, Escalate)), None))
        _INFO[id(card)] = hit
    return hit[1]


def drop_unpaid(game: Game, options: list[CastSpell]) -> list[CastSpell]:
    """The options without those choosing more than one mode of an escalate spell without its escalate cost."""
    return [o for o in options if len(o.modes) <= 1 or o.cost == "escalate" or escalate_of(game.card(o.card)) is None]


def _total(card: CardDef, a: Escalate, modes: int) -> ManaCost:
    from systems.mechanics.additional_costs import combine

    return combine(card.mana_cost, *([a.cost] * max(modes - 1, 0)))


def _modal_spell(card: CardDef) -> SpellAbility | None:
    """The card's spell ability if it has modes to choose more than one of (700.2)."""
    spell = next((x for x in card.abilities if isinstance(x, SpellAbility)), None)
    return spell if spell is not None and len(spell.modes) >= 2 else None


def hand_variants(game: Game, player: int) -> list[CastSpell]:
    from systems.mechanics.additional_costs import payment_units
    from systems.mechanics.alternative_costs import hand_spells_with, spell_choices

    out: list[CastSpell] = []
    for ent, card, a, spell in hand_spells_with(game, player, lambda c: (escalate_of(c), _modal_spell(c))):
        units = payment_units(game, player, card)
        for n in range(2, min(spell.choose_max, len(spell.modes)) + 1):
            found = [o for o in spell_choices(game, player, ent, card, _total(card, a, n), "escalate", -1, units)
                     if len(o.modes) == n]
            out.extend(found)
    return out


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost] | None:
    if action.cost != "escalate":
        return None
    from systems.mechanics.alternative_costs import total_cost

    a = escalate_of(card)
    if a is None:
        raise ValueError(f"{card.name} has no escalate cost")
    return card, total_cost(game, player, card, _total(card, a, len(action.modes)))
