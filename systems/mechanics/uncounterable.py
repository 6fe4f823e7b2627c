"""'Creature spells can't be countered.', 'Spells you control can't be countered.', 'Green spells your opponents
control can't be countered.' (CR 101.2; systems/uncounterable.py). The spell noun is read as a card description
(types, subtypes, colours, mana value)."""

from __future__ import annotations

import re

from components.characteristics import CardType
from components.uncounterable import UncounterableSpells
from content import registry

_LINE = re.compile(r"(?P<noun>(?P<what>(?:[a-z\-]+ )*?)spells(?P<whose> you control| your opponents control)?) "
                   r"can't be countered", re.IGNORECASE)


def read(line: str, raw: str, name: str, types: CardType) -> UncounterableSpells | None:
    m = _LINE.fullmatch(line.strip().rstrip("."))
    if m is None or int(types) & (CardType.INSTANT | CardType.SORCERY):
        return None
    from content.oracle.hidden_zones import card_filter
    from content.oracle.phrases import NoParse

    what = m["what"].lower()
    try:
        spells = card_filter(what + "cards", plural=True)
    except NoParse:
        return None
    whose = {None: "each", " you control": "you", " your opponents control": "opponents"}[m["whose"] and
                                                                                       m["whose"].lower()]
    noun = m["noun"][:1].upper() + m["noun"][1:]
    return UncounterableSpells(raw, whose, spells, noun)


def render(abilities: list[object]) -> str | None:
    if len(abilities) != 1 or not isinstance(abilities[0], UncounterableSpells):
        return None
    return f"{abilities[0].noun} can't be countered."


registry.reader(read, priority=820)
registry.renderer(render, priority=770)
