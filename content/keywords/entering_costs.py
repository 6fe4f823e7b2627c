"""Offspring (CR 702.175), evoke (702.74), dash (702.109), blitz (702.152) and squad (702.157) on permanent cards,
embalm (702.128) and eternalize (702.129).

* "Offspring [cost]", "Evoke [cost]", "Dash [cost]", "Blitz [cost]", "Squad [cost]": only mana costs are read. The rules are
  systems/keywords/entering_costs.py.
* "Embalm [cost]" / "Eternalize [cost]" (also "Eternalize—[cost], Discard a card."): an activated ability of a
  card in a graveyard, "[Cost], Exile this card from your graveyard: Create a token that's a copy of this card,
  except ... Activate only as a sorcery." (an ActivatedAbility with ``from_graveyard``, ``exile_self`` and
  ``sorcery_speed``; the effect is systems/keywords/entering_costs.py).
"""

from __future__ import annotations

import re

from components.abilities import Ability, ActivatedAbility
from components.casting_keywords import EnteringCost, TokenCopyOfCard
from components.characteristics import CardType, ManaCost
from content.keywords import READERS, RENDERERS
from content.mana import parse_mana_cost

_COST = re.compile(r"(offspring|evoke|dash|blitz|squad|emerge|web-slinging) ((?:\{[^}]+\})+)", re.I)
_GRAVE = re.compile(r"(embalm|eternalize)(?: |\s*[—-]\s*)((?:\{[^}]+\})+)(, discard a card\.?)?", re.I)
PERMANENT = int(CardType.CREATURE | CardType.ARTIFACT | CardType.ENCHANTMENT | CardType.PLANESWALKER
                | CardType.BATTLE)


_EVOKE_EXILE = re.compile(r"evoke\s*[—-]\s*exile an? (white|blue|black|red|green) card from your hand\.?", re.I)
COLOR_BITS = {"white": 1, "blue": 2, "black": 4, "red": 8, "green": 16}
COLOR_WORDS = {v: k for k, v in COLOR_BITS.items()}


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    text = line.strip()
    m = _EVOKE_EXILE.fullmatch(text)
    if m and int(types) & PERMANENT:
        color = m.group(1).lower()
        return EnteringCost(f"Evoke—Exile a {color} card from your hand.", "evoke", ManaCost(()),
                            exile_from_hand=COLOR_BITS[color])
    m = _COST.fullmatch(text)
    creature_only = m is not None and m.group(1).lower() in ("dash", "blitz", "squad", "emerge", "web-slinging")
    if m and int(types) & (int(CardType.CREATURE) if creature_only else PERMANENT) and "X" not in m.group(2).upper():
        keyword, cost = m.group(1).lower(), m.group(2).upper()
        return EnteringCost(f"{keyword.capitalize()} {cost}", keyword, parse_mana_cost(cost))
    m = _GRAVE.fullmatch(text)
    if m and int(types) & CardType.CREATURE and "X" not in m.group(2).upper():
        keyword, cost = m.group(1).lower(), m.group(2).upper()
        label = f"{keyword.capitalize()}—{cost}, Discard a card." if m.group(3) else f"{keyword.capitalize()} {cost}"
        return ActivatedAbility(label, parse_mana_cost(cost), False, (), (TokenCopyOfCard(keyword),),  # type: ignore[arg-type]
                                sorcery_speed=True, from_graveyard=True, exile_self=True, discard=1 if m.group(3) else 0)
    return None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, EnteringCost):
        if a.exile_from_hand:
            color = COLOR_WORDS[a.exile_from_hand]
            return f"Evoke—Exile {'an' if color[0] in 'aeiou' else 'a'} {color} card from your hand."
        return f"{a.keyword.capitalize()} {a.cost}"
    if isinstance(a, ActivatedAbility) and len(a.effects) == 1 and isinstance(a.effects[0], TokenCopyOfCard):
        word = a.effects[0].keyword.capitalize()
        return f"{word}—{a.mana_cost}, Discard a card." if a.discard else f"{word} {a.mana_cost}"
    return None


READERS.append(read)
RENDERERS.append(render)
