"""'As an additional cost to cast ~, sacrifice a creature.' (CR 601.2b, 601.2f-h, 118.8).

The caster chooses the permanents as they cast the spell (each choice is its own enumerated cast option,
``CastSpell.sacrifice``) and sacrifices them as they pay its costs; the rules are
systems/additional_sacrifice.py. Only "sacrifice a/an/two <permanents>" is read, with a filter of card types and
subtypes (no state such as "untapped", no "you control": it is always yours, 701.21a).
"""

from __future__ import annotations

import re

from components.abilities import Ability, AdditionalDiscard, AdditionalSacrifice
from components.characteristics import CardType
from content import registry

_LINE = re.compile(r"as an additional cost to cast ~, sacrifice (?P<n>a|an|two|three) (?P<what>[a-z ,]+)\.?")
_COUNT = {"a": 1, "an": 1, "two": 2, "three": 3}
_DISCARD = re.compile(r"as an additional cost to cast ~, discard (?P<n>a|two|three) cards?\.?")


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    from content.oracle.phrases import NoParse, noun_phrase

    d = _DISCARD.fullmatch(line.strip().lower())
    if d:
        n = _COUNT[d["n"]]
        if (n == 1) != line.strip().rstrip(".").endswith(" card"):
            return None
        return AdditionalDiscard(line.strip(), n)
    m = _LINE.fullmatch(line.strip().lower())
    if not m:
        return None
    n = _COUNT[m["n"]]
    try:
        noun, rest = noun_phrase(m["what"])
    except NoParse:
        return None
    if rest or noun.head != "permanent" or noun.det not in ("",) or noun.plural != (n > 1) or noun.f.get("controller"):
        return None
    f = noun.filter()
    if (f.tapped is not None or f.combat or f.mana_value_at_most is not None or f.mana_value_at_least is not None
            or f.power_at_most is not None or f.power_at_least is not None or f.toughness_at_most is not None
            or f.toughness_at_least is not None or f.exclude_source or f.names or f.keywords_any or f.keywords_none
            or f.token is not None):
        return None
    return AdditionalSacrifice(line.strip(), f, n)


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, AdditionalDiscard):
        what = "a card" if a.count == 1 else f"{ {2: 'two', 3: 'three'}[a.count]} cards"
        return f"As an additional cost to cast ~, discard {what}."
    if not isinstance(a, AdditionalSacrifice):
        return None
    from content.oracle.render import noun

    if a.count == 1:
        thing = noun(a.filter)
        art = "an" if thing[:1].lower() in "aeiou" else "a"
    else:
        thing = noun(a.filter, plural=True)
        art = {2: "two", 3: "three"}[a.count]
    return f"As an additional cost to cast ~, sacrifice {art} {thing}."


registry.reader(read, priority=350)
registry.renderer(render, priority=310)
