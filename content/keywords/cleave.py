"""Cleave (CR 702.148): "Cleave [cost]" on an instant or sorcery. Only mana costs are read.

702.148a: cast for the cleave cost, the spell's text loses the words in square brackets (a text change, 612). The
card loader (content/card_pool.py) compiles that text too (:func:`with_cleaved_spell`) and refuses the card when it
can't. The rules are systems/keywords/cleave.py.
"""

from __future__ import annotations

import dataclasses
import re

from components.abilities import Ability
from components.casting_keywords import Cleave
from components.characteristics import CardType
from content.keywords import READERS, RENDERERS
from content.mana import parse_mana_cost

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


def with_cleaved_spell(name: str, text: str, types: CardType | int,
                       abilities: tuple[Ability, ...]) -> tuple[Ability, ...]:
    """The abilities with each Cleave ability given the cleaved instructions. Raises UnsupportedCardError when the
    text has no words in square brackets or the cleaved text can't be compiled."""
    if not any(isinstance(a, Cleave) for a in abilities):
        return abilities
    # imported here, not at the top: loading that module registers its reader (content/keywords MODULES order)
    from content.keywords.overload import changed_spell
    from content.oracle import UnsupportedCardError

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


READERS.append(read)
RENDERERS.append(render)
