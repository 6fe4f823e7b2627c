"""Flash permissions (CR 601.3a, 702.8a): "You may cast spells as though they had flash.", "You may cast
artifact spells as though they had flash.", "Any player may cast creature and enchantment spells as though they
had flash." The spell noun is read as a card description (content/oracle/hidden_zones.card_filter: types,
subtypes, colours, mana value); systems/flash_permission.py applies the permission to every way of casting."""

from __future__ import annotations

import re

from components.characteristics import CardType
from components.flash_permission import FlashPermission
from content import registry

_LINE = re.compile(r"(?P<who>you|any player) may cast (?P<noun>(?:[a-z\- ,]+ )?spells) as though they had flash",
                   re.IGNORECASE)


def read(line: str, raw: str, name: str, types: CardType) -> FlashPermission | None:
    text = line.strip().rstrip(".")
    from content.oracle.text import lower, strip_ability_word

    body = lower(strip_ability_word(text))
    if m2 := re.fullmatch(r"if (?P<cond>[^,]+), you may cast ~ as though it had flash", body):
        from content.oracle.phrases import NoParse
        from content.oracle.statics import _condition

        try:
            cond = _condition(m2["cond"])
        except (NoParse, KeyError, ValueError):
            return None
        return FlashPermission(raw, "self", None, "~", cond)  # 601.3a, checked as it would be cast
    m = _LINE.fullmatch(text)
    if m is None:
        return None
    from content.oracle.hidden_zones import card_filter
    from content.oracle.phrases import NoParse

    noun = m["noun"]
    words = noun.lower()[: -len("spells")] + "cards"
    try:
        spells = card_filter(words, plural=True)
    except NoParse:
        return None
    who = "you" if m["who"].lower() == "you" else "each"
    return FlashPermission(raw, who, spells, noun)


def render(abilities: list[object]) -> str | None:
    if len(abilities) != 1 or not isinstance(abilities[0], FlashPermission):
        return None
    a = abilities[0]
    if a.who == "self":
        from content.oracle.render import condition_text

        assert a.condition is not None  # who "self" is read with its condition
        return f"If {condition_text(a.condition)}, you may cast ~ as though it had flash."
    return f"{'You' if a.who == 'you' else 'Any player'} may cast {a.noun} as though they had flash."


registry.reader(read, priority=800)
registry.renderer(render, priority=750)
