"""Token definitions built from their printed descriptions (CR 111.3-111.4, 111.10).

"a 1/1 white Soldier creature token with flying" becomes a CardDef: the token's name is its subtypes
(the engine writes "Soldier token" in logs), it has no mana cost (111.3) and its colours come from
the description (its colour indicator, 204.1). Predefined tokens (Food, Clue, Blood; 111.10) carry
their rules text, which is compiled like any card's.
"""

from __future__ import annotations

import functools
import re

from components.abilities import Ability
from components.card import CardDef
from components.characteristics import NO_MANA_COST, CardType, Color, PTValue, TypeLine
from content.oracle.phrases import NoParse, keyword_list
from content.oracle.words import COLOR_NAMES, COLOR_WORDS, SUBTYPES

_ORDER = (1, 2, 4, 8, 16)


def keyword_word(bit: int) -> str:
    from components.keywords import KEYWORD_NAMES

    return next(k for k, v in KEYWORD_NAMES.items() if int(v) == bit)


def _subtypes(words: str) -> tuple[str, ...]:
    out: list[str] = []
    for w in words.split():
        name = SUBTYPES.get(w)
        if name is None:
            raise NoParse(f"token subtype {w!r}")
        out.append(name)
    return tuple(out)


def creature_token(p: int, t: int, colors: str, subs: str, types: str, kw: str | None) -> tuple[CardDef, str]:
    """A creature token from 'P/T colour(s) Subtypes [artifact] creature token [with keywords]'."""
    color = 0
    if colors != "colorless":
        for word in colors.replace(",", " ").replace(" and ", " ").split():
            color |= COLOR_WORDS[word]
    subtypes = _subtypes(subs)
    quoted: tuple[Ability, ...] = ()
    if kw and "quotedability" in kw:  # '... token with "When this creature dies, ..."' (content/oracle/grants.py)
        from content.oracle.grants import take_quoted

        kw, quoted = take_quoted(kw, token=True)
        kw = kw or None
    card_types = CardType.CREATURE
    if types.startswith("artifact"):
        card_types |= CardType.ARTIFACT
    elif types.startswith("enchantment"):
        card_types |= CardType.ENCHANTMENT
    prowess = False
    if kw and re.search(r"(?:^|, |and )prowess$", kw):
        prowess = True  # CR 702.108a: a triggered ability
        kw = re.sub(r",? (?:and )?prowess$|^prowess$", "", kw) or None
    mask, order = keyword_list(kw) if kw else (0, ())
    names = [COLOR_NAMES[c] for c in _ORDER if color & c] or ["colorless"]
    color_text = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    spelled = [keyword_word(bit) for bit in order]
    kw_text = ""
    if spelled:
        kw_text = " with " + (spelled[0] if len(spelled) == 1 else
                              ", ".join(spelled[:-1]) + (" and " if len(spelled) == 2 else ", and ") + spelled[-1])
    if prowess:
        kw_text = (kw_text + " and prowess") if kw_text else " with prowess"
        spelled = [*spelled, "prowess"]
    description = f"{p}/{t} {color_text} {' '.join(subtypes)} {types} token{kw_text}"
    text = ", ".join(spelled).capitalize()
    return _token_def(" ".join(subtypes), Color(color), TypeLine(types=card_types, subtypes=subtypes), p, t,
                      text, mask, prowess, quoted), description


@functools.cache
def _token_def(name: str, color: Color, type_line: TypeLine, p: int, t: int, text: str, mask: int,
               prowess: bool = False, quoted: tuple[Ability, ...] = ()) -> CardDef:
    from components.abilities import KeywordAbility

    abilities: tuple = (KeywordAbility(text, mask),) if mask else ()
    if prowess:
        from content.oracle.lines import PROWESS

        abilities += (PROWESS,)
    abilities += quoted  # abilities in quotes are the token's own (111.3)
    for a in quoted:
        if isinstance(a, KeywordAbility):
            mask |= a.mask  # '"This creature can't block."' is kept as a keyword bit
    return CardDef(name=name, mana_cost=NO_MANA_COST, colors=color, type_line=type_line, power=PTValue(p),
                   toughness=PTValue(t), loyalty=None, text=text, abilities=abilities, keywords=mask)


# CR 111.10: predefined tokens and their rules text.
NAMED_TOKENS = {
    "treasure": ("Treasure", "{T}, Sacrifice this token: Add one mana of any color."),
    "food": ("Food", "{2}, {T}, Sacrifice this token: You gain 3 life."),
    "clue": ("Clue", "{2}, Sacrifice this token: Draw a card."),
    "blood": ("Blood", "{1}, {T}, Discard a card, Sacrifice this token: Draw a card."),
    "powerstone": ("Powerstone", "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell."),  # 111.10s
}


@functools.cache
def named_token(word: str) -> CardDef:
    if word not in NAMED_TOKENS:
        raise NoParse(f"token {word!r}")
    name, text = NAMED_TOKENS[word]
    from content.oracle import compile_text

    abilities, keywords = compile_text(name, text, CardType.ARTIFACT)
    return CardDef(name=name, mana_cost=NO_MANA_COST, colors=Color(0),
                   type_line=TypeLine(types=CardType.ARTIFACT, subtypes=(name,)), power=None, toughness=None,
                   loyalty=None, text=text, abilities=abilities, keywords=keywords)
