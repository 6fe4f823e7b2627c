"""Overload (CR 702.96): "Overload [cost]" on an instant or sorcery.

702.96a: two static abilities that work while the spell is on the stack: "You may choose to pay [cost]
rather than pay this spell's mana cost" and "If you chose to pay this spell's overload cost, change its
text by replacing all instances of the word 'target' with the word 'each'." That text change (702.96c,
CR 612) is made here, once, on the printed text: the changed text is compiled like any card text and kept
on the :class:`Overload` ability, so an overloaded spell has no targets (702.96b). A card whose changed
text doesn't compile, or still has targets, is refused with the reason.

Rules: Overload on the stack (CR 702.96).

A spell cast for its overload cost (702.96a) has its text changed: every "target" becomes "each"
(702.96a, 702.96c). The loader compiled that text once (systems/mechanics/overload.py); here the spell on
the stack takes it as its characteristics, so it has no targets (702.96b) and its instructions act on
every object the "each" phrases describe, including objects it could not have targeted.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from components.abilities import Ability, SpellAbility
from components.characteristics import CardType
from components.keyword_abilities import Overload
from content import registry
from content.mana import parse_mana_cost

if TYPE_CHECKING:
    from components.card import CardDef


SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)
_LINE = re.compile(r"overload ((?:\{[^}]+\})+)", re.I)
_TARGET = re.compile(r"\b(target|Target)\b")


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip())
    if not m or not int(types) & SPELL_TYPES:
        return None
    return Overload(f"Overload {m.group(1)}", parse_mana_cost(m.group(1)))


def change_text(text: str) -> str:
    """702.96a: every instance of the word "target" becomes "each" (capitalised where it starts a sentence)."""
    return _TARGET.sub(lambda m: "Each" if m.group(1) == "Target" else "each", text)


def changed_spell(name: str, changed_text: str, types: CardType | int, what: str) -> SpellAbility | None:
    """The spell ability of the card with its text changed (``what``: which text, for the error), or None when that
    text has none. Raises UnsupportedCardError when it can't be compiled."""
    from content.oracle import UnsupportedCardError, compile_text

    try:
        changed, _ = compile_text(name, changed_text, types)
    except UnsupportedCardError as exc:
        raise UnsupportedCardError(f"{name}: its {what} cannot be read: {exc}") from None
    return next((a for a in changed if isinstance(a, SpellAbility)), None)


@registry.hook("card.abilities")
def with_overloaded_spell(name: str, text: str, types: CardType | int,
                          abilities: tuple[Ability, ...]) -> tuple[Ability, ...]:
    """The abilities with each Overload ability given the overloaded instructions (the spell ability of the
    text-changed card). Raises UnsupportedCardError when those can't be compiled or still target."""
    if not any(isinstance(a, Overload) for a in abilities):
        return abilities
    from content.oracle import UnsupportedCardError

    spell = changed_spell(name, change_text(text), types, "overloaded text (702.96a)")
    if spell is None or spell.targets or any(mode.targets for mode in spell.modes):
        raise UnsupportedCardError(f"{name}: its overloaded text (702.96a) still has targets (702.96b)")
    return tuple(dataclasses.replace(a, spell=spell) if isinstance(a, Overload) else a for a in abilities)


def render(abilities: list[object]) -> str | None:
    """The round trip's text (content/oracle/render.py): "Overload [cost]" from the ability's cost."""
    one = abilities[0] if len(abilities) == 1 else None
    return f"Overload {one.cost}" if isinstance(one, Overload) else None


registry.reader(read, priority=80)
registry.renderer(render, priority=70)


# ---------------------------------------------------------------- rules


_OVERLOADED: dict[int, tuple[CardDef, CardDef]] = {}


def overload_of(card: CardDef) -> Overload | None:
    for a in card.abilities:
        if isinstance(a, Overload):
            return a
    return None


def overloaded(card: CardDef) -> CardDef:
    """The card's characteristics as an overloaded spell: the text-changed instructions (702.96a)."""
    hit = _OVERLOADED.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    from systems.mechanics.overload import change_text

    ability = overload_of(card)
    assert ability is not None and isinstance(ability.spell, SpellAbility)
    result = dataclasses.replace(
        card, text=change_text(card.text),
        abilities=tuple(ability.spell if isinstance(a, SpellAbility) else a for a in card.abilities))
    _OVERLOADED[id(card)] = (card, result)
    return result
