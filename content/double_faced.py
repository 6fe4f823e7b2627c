"""Double-faced cards (CR 712): one card with a Magic card face on each side.

The loader reads both faces (MTGJSON lists the front face, "layout": "transform" or "modal_dfc", and the back
face) and builds the card here. Outside the battlefield and the stack a double-faced card has only the
characteristics of its front face (712.8a), so the card is its front face, with both faces kept in
``CardDef.faces`` (front first) for the rules that turn it over: transforming (701.28, 712.8d-e), casting it
transformed (disturb, 702.146), and casting or playing either face of a modal double-faced card (712.11b,
712.12). The rules are systems/double_faced.py.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from typing import Any

from components.card import CardDef
from components.characteristics import NO_MANA_COST, CardType, Color, PTValue, TypeLine

LAYOUTS = frozenset({"transform", "modal_dfc"})
_SPELL = int(CardType.INSTANT | CardType.SORCERY)


def unsupported_faces(layout: str, faces: Sequence[CardDef]) -> str:
    """Why these faces can't be a double-faced card the engine plays, or ""."""
    if len(faces) != 2:
        return f"a double-faced card has two faces (CR 712.1), got {len(faces)}"
    if layout == "transform" and faces[1].type_bits & _SPELL:
        # 712.10: a permanent never transforms into an instant or sorcery face; nothing here casts such a face.
        return "a transforming double-faced card with an instant or sorcery back face is not implemented"
    return ""


def double_faced_card(name: str, layout: str, faces: Sequence[CardDef]) -> CardDef:
    """The card from its two faces (712.8a: its front face's characteristics, both faces kept)."""
    front, back = faces
    front_name = front.name.split(" // ")[0] if " // " in front.name else front.name
    front = dataclasses.replace(front, name=front_name, layout=layout)
    back = dataclasses.replace(back, layout=layout)
    return dataclasses.replace(front, faces=(front, back))


def is_double_faced(card: CardDef) -> bool:
    return card.layout in LAYOUTS and len(card.faces) == 2


def full_name(card: CardDef) -> str:
    """'Front // Back', the name card lists use for the whole card."""
    return f"{card.faces[0].name} // {card.faces[1].name}"


@functools.cache
def face_down_card(disguise: bool = False) -> CardDef:
    """708.2a, 702.37c, 702.168b: a 2/2 creature with no text, name, subtypes or mana cost (disguise and cloak, 701.56a:
    ward {2}). Built as the cards that need it load (the morph reader, :func:`_r_manifest`), or, in a process whose
    cards all came from the compiled-card cache, at the game's first face-down object: kept here, apart from the
    compiler's modules, so that building it loads none of them."""
    abilities: tuple[Any, ...] = ()
    keywords = 0
    text = ""
    if disguise:
        # 702.21a ward {2}, as the ward reader (systems/mechanics/ward.py) reads "Ward {2}" (a test compares them),
        # built without the compiler, which a process reading its cards from the cache never loads
        from components.abilities import TriggerCondition, TriggeredAbility, TriggerKind
        from components.keyword_abilities import WardCounter
        from content.mana import parse_mana_cost

        text = "Ward {2}"
        abilities = (TriggeredAbility(text, TriggerCondition(TriggerKind.BECOMES_TARGET, whose="opponent"), (),
                                      (WardCounter(parse_mana_cost("{2}")),)),)
    return CardDef(name="", mana_cost=NO_MANA_COST, colors=Color(0), type_line=TypeLine(types=CardType.CREATURE),
                   power=PTValue(2), toughness=PTValue(2), loyalty=None, text=text, abilities=abilities,
                   keywords=keywords, layout="face_down")
