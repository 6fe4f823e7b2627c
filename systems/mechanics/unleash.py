"""Unleash (CR 702.98): "Unleash" on its own line.

702.98a: two static abilities, "You may have this permanent enter with an additional +1/+1 counter on
it" and "This permanent can't block as long as it has a +1/+1 counter on it". Both hang on the
``Keyword.UNLEASH`` bit: the as-enters choice is asked by systems/mechanics/entering.py, the block
restriction is a column test in systems/combat.py ``block_eligible``.
"""

from __future__ import annotations

from components.abilities import Ability, KeywordAbility
from components.characteristics import CardType
from components.keywords import Keyword
from content import registry

UNLEASH = int(Keyword.UNLEASH)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() != "unleash":
        return None
    return KeywordAbility("Unleash", UNLEASH, (UNLEASH,))


def render(abilities: list[object]) -> str | None:
    """The round trip's text (content/oracle/render.py): the keyword, from the data."""
    one = abilities[0] if len(abilities) == 1 else None
    return "Unleash" if isinstance(one, KeywordAbility) and one.mask == UNLEASH else None


registry.reader(read, priority=130)
registry.renderer(render, priority=100)
