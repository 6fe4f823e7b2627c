"""Cipher (CR 702.99): "Cipher" on an instant or sorcery.

702.99a: two abilities. The first is a spell ability, "If this spell is represented by a card, you may exile
this card encoded on a creature you control": it is read as the spell's last instruction (an
:class:`Encode` effect), so the Oracle compiler merges it into the spell's instructions in printed order.
The second, the granted "Whenever this creature deals combat damage to a player, you may copy the encoded
card and you may cast the copy without paying its mana cost", lives in systems/keywords/cipher.py.
"""

from __future__ import annotations

from components.abilities import Ability, SpellAbility
from components.characteristics import CardType
from components.keyword_abilities import Encode
from content.keywords import READERS, RENDERERS

SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() != "cipher" or not int(types) & SPELL_TYPES:
        return None
    return SpellAbility("Cipher", (), (Encode(),))


def render(abilities: list[object]) -> str | None:
    """The round trip's text (content/oracle/render.py): the keyword line, an Encode instruction alone."""
    one = abilities[0] if len(abilities) == 1 else None
    if isinstance(one, SpellAbility) and not one.targets and len(one.effects) == 1 \
            and isinstance(one.effects[0], Encode):
        return "Cipher"
    return None


READERS.append(read)
RENDERERS.append(render)
