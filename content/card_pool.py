"""Loading MTGJSON-shaped card objects into :class:`~components.card.CardDef` values."""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from components.abilities import ColorDefining
from components.card import CardDef
from components.characteristics import CardType, Color, TypeLine
from content.mana import card_colors, parse_mana_cost
from content.oracle import UnsupportedCardError, compile_text
from content.printed_values import parse_loyalty, parse_modifier, parse_pt
from content.registry import all_hooks
from content.typeline import parse_type_line
from ecs.errors import CardDataError

BUILTIN_CARDS = Path(__file__).with_name("cards") / "core.json"

# CR 305.6: the basic land types and the mana their intrinsic ability adds (bit 32 is {C}).
BASIC_LAND_MANA = {"Plains": int(Color.W), "Island": int(Color.U), "Swamp": int(Color.B),
                   "Mountain": int(Color.R), "Forest": int(Color.G)}


# Card types of the casual supplementary formats (CR 901-906, 311-314): not cards of a game of Magic
# between decks, which is what the engine plays. Conspiracies (315, 905) and vanguards (313, 902) are
# supported in the command zone (systems/command_zone.py): new_game(conspiracies=, vanguards=).
NON_GAME_TYPES = int(CardType.PLANE | CardType.PHENOMENON | CardType.SCHEME | CardType.DUNGEON)
# Layouts whose cards have two faces or halves (CR 708-712, 715); MTGJSON lists each face.
MULTI_FACE_LAYOUTS = frozenset({"split", "aftermath", "adventure", "transform", "modal_dfc", "flip", "meld",
                                "prepare", "double_faced_token"})
_FACE_RULES = {
    "split": "a split card (CR 709)", "aftermath": "a split card with aftermath (CR 702.127, 709)",
    "adventure": "an adventurer card (CR 715)", "transform": "a transforming double-faced card (CR 712)",
    "modal_dfc": "a modal double-faced card (CR 712)", "flip": "a flip card (CR 710)",
    "meld": "a meld card (CR 712.4, 701.42)", "prepare": "a card with a second spell half",
}


def card_from_json(obj: Mapping[str, Any], source: str = "<cards>",
                   faces: Iterable[Mapping[str, Any]] = ()) -> CardDef:
    """Build a CardDef from one MTGJSON card object; errors name the card and the field. The card records the
    mechanics whose readers compiled its text (CardDef.mechanics: a game enables only their hooks)."""
    from content import registry

    registry.start_recording()
    try:
        card = _card_from_json(obj, source, faces)
    finally:
        mechanics = registry.stop_recording()
    return dataclasses.replace(card, mechanics=mechanics) if mechanics else card


def _card_from_json(obj: Mapping[str, Any], source: str, faces: Iterable[Mapping[str, Any]]) -> CardDef:
    """Build a CardDef from one MTGJSON card object; errors name the card and the field.

    ``faces`` are the card's other faces where the data has them (AtomicCards lists every face);
    a multi-face card without its other faces, or a lone back face, is refused with the reason.
    """
    if not isinstance(obj, Mapping):
        raise CardDataError(f"{source}: a card must be an object, got {type(obj).__name__}")
    name = obj.get("name")
    if not isinstance(name, str) or not name:
        raise CardDataError(f"{source}: card without a 'name' field")
    layout = str(obj.get("layout") or "normal")
    faces = list(faces)
    if obj.get("face") == "back" and not faces:
        raise UnsupportedCardError(
            f"{name}: the back face of {obj.get('front')!r}; its front face is not in the data, and a face is "
            "not a card on its own (CR 712.1)")
    if layout == "reversible_card" and " // " in name and len(set(name.split(" // "))) == 1:
        # Both sides are the same card (MTGJSON "reversible_card"): it is that card.
        obj = {**obj, "name": name.split(" // ")[0], "layout": "normal"}
        name = obj["name"]
        layout = "normal"
    if layout in MULTI_FACE_LAYOUTS:
        if not faces:
            raise UnsupportedCardError(
                f"{name}: {_FACE_RULES.get(layout, layout)} whose other face or half is not in the data "
                "(only the front face's text is present)")
        front = _single_face(obj, source, faces_of=name)
        others = [_single_face(f, source, faces_of=name) for f in faces]
        if layout == "split" and len(others) == 1:
            from content.split_cards import split_card, unsupported_halves

            problem = unsupported_halves([front, *others])
            if not problem:
                return split_card(name, [front, *others])  # CR 709: cast one half, or both with fuse (702.102)
            raise UnsupportedCardError(f"{name}: {problem}")
        from content.double_faced import LAYOUTS, double_faced_card, unsupported_faces

        if layout in LAYOUTS:
            problem = unsupported_faces(layout, [front, *others])
            if not problem:
                return double_faced_card(name, layout, [front, *others])  # CR 712: transform, modal (712.8)
            raise UnsupportedCardError(f"{name}: {problem}")
        raise UnsupportedCardError(
            f"{name}: {_FACE_RULES.get(layout, layout)}; every face reads "
            f"({', '.join(c.name for c in [front, *others])}), but casting, playing or turning to a face "
            "other than the front is not implemented")
    return _single_face(obj, source)


def _single_face(obj: Mapping[str, Any], source: str, faces_of: str = "") -> CardDef:
    name = str(obj.get("faceName") or obj.get("name")) if faces_of else str(obj.get("name"))
    where = f"{source}: card {name!r}"
    try:
        mana_cost = parse_mana_cost(obj.get("manaCost"))
    except ValueError as exc:
        raise CardDataError(f"{where}, field 'manaCost': {exc}") from None
    type_text = obj.get("type")
    if not isinstance(type_text, str):
        raise CardDataError(f"{where}: missing or non-text field 'type'")
    try:
        type_line = parse_type_line(type_text)
    except ValueError as exc:
        raise CardDataError(f"{where}, field 'type': {exc}") from None
    try:
        power = parse_pt(obj.get("power"))
        toughness = parse_pt(obj.get("toughness"))
        loyalty = parse_loyalty(obj.get("loyalty"))
        hand_modifier = parse_modifier(obj.get("hand"))  # a vanguard's (CR 211.1)
        life_modifier = parse_modifier(obj.get("life"))  # CR 212.1
    except ValueError as exc:
        raise CardDataError(f"{where}: {exc}") from None
    if type_line.types & CardType.CREATURE and (power is None or toughness is None):
        raise CardDataError(f"{where}: a creature needs 'power' and 'toughness' (CR 208.1)")
    text = obj.get("text") or ""
    if not isinstance(text, str):
        raise CardDataError(f"{where}: field 'text' must be a string")
    if type_line.types & NON_GAME_TYPES:
        raise UnsupportedCardError(f"{name}: a {type_text} card belongs to a supplementary casual format "
                                   "(CR 901-906), not to the game the engine plays")
    abilities, keywords = compile_text(name, text, type_line.types)
    for variant in all_hooks("card.abilities"):
        # overload's spell with "each" (702.96a), cleave's without the bracketed words (702.148a)
        abilities = variant(name, text, type_line.types, abilities)
    colors = card_colors(mana_cost, obj.get("colorIndicator"))
    for ability in abilities:
        if isinstance(ability, ColorDefining):
            # CR 604.3: characteristic-defining abilities work in every zone.
            if ability.colorless:
                colors = Color(0)  # devoid, 702.114a
            if ability.all_creature_types:
                from components.subtypes import CREATURE_TYPES

                # changeling, 702.73a: every creature type (kept in the CR's alphabetical order)
                extra = tuple(sorted(CREATURE_TYPES - set(type_line.subtypes)))
                type_line = TypeLine(type_line.supertypes, type_line.types, type_line.subtypes + extra)
    produces = 0
    if type_line.types & CardType.LAND:
        for subtype in type_line.subtypes:
            produces |= BASIC_LAND_MANA.get(subtype, 0)
    return CardDef(
        name=name,
        mana_cost=mana_cost,
        colors=colors,
        type_line=type_line,
        power=power,
        toughness=toughness,
        loyalty=loyalty,
        text=text,
        abilities=abilities,
        keywords=keywords,
        produces=produces,
        hand_modifier=hand_modifier,
        life_modifier=life_modifier,
    )


class CardPool:
    """Cards by name, plus the cards that could not be supported and why."""

    def __init__(self, cards: Iterable[CardDef] = (), unsupported: Mapping[str, str] | None = None) -> None:
        self.cards: dict[str, CardDef] = {c.name: c for c in cards}
        for c in list(self.cards.values()):
            if c.layout in ("transform", "modal_dfc") and len(c.faces) == 2:
                self.cards.setdefault(f"{c.faces[0].name} // {c.faces[1].name}", c)  # its full name (712)
        self.unsupported: dict[str, str] = dict(unsupported or {})

    def __contains__(self, name: object) -> bool:
        return name in self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def get(self, name: str) -> CardDef:
        card = self.cards.get(name)
        if card is not None:
            return card
        if name in self.unsupported:
            raise UnsupportedCardError(self.unsupported[name])
        raise CardDataError(f"unknown card {name!r}")

    def with_cards(self, objects: Iterable[Mapping[str, Any]], source: str) -> CardPool:
        """A new pool where the given card objects win over cards of the same name."""
        extra = [card_from_json(o, f"{source}[{i}]", faces)
                 for i, (o, faces) in enumerate(card_groups(list(objects), source))]  # faces: split cards (709)
        pool = CardPool(self.cards.values(), self.unsupported)
        for card in extra:
            pool.cards[card.name] = card
            pool.unsupported.pop(card.name, None)
            if card.layout in ("transform", "modal_dfc") and len(card.faces) == 2:
                pool.cards[f"{card.faces[0].name} // {card.faces[1].name}"] = card  # its full name (712)
        return pool


def load_card_file(path: str | Path, *, strict: bool = True) -> CardPool:
    """Load a JSON list of card objects (or AtomicCards ``{"data": {name: [face...]}}``)."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise CardDataError(f"{path}: cannot read card file: {exc}") from None
    groups = card_groups(data, str(path))
    cards: list[CardDef] = []
    unsupported: dict[str, str] = {}
    for i, (obj, faces) in enumerate(groups):
        try:
            cards.append(card_from_json(obj, f"{path.name}[{i}]", faces))
        except UnsupportedCardError as exc:
            if strict:
                raise
            unsupported[str(obj.get("name"))] = str(exc)
    return CardPool(cards, unsupported)


def card_groups(data: Any, where: str = "<cards>") -> list[tuple[Mapping[str, Any], list[Mapping[str, Any]]]]:
    """(front face, other faces) per card, from a JSON list of card objects or an AtomicCards object
    ``{"data": {name: [face, ...]}}``. In a list, a back face ("face": "back", "front": name) joins the
    card it belongs to when that card is in the list."""
    if isinstance(data, Mapping) and "data" in data and isinstance(data["data"], Mapping):
        out = []
        for name, faces in data["data"].items():
            if not isinstance(faces, list) or not faces:
                raise CardDataError(f"{where}: data[{name!r}] must be a non-empty list of faces")
            ordered = sorted(faces, key=lambda f: str(f.get("side") or "a") if isinstance(f, Mapping) else "")
            front, rest = ordered[0], ordered[1:]
            if isinstance(front, Mapping) and rest and front.get("layout") in ("reversible_card",):
                rest = []
            out.append((front, rest))
        return out
    if not isinstance(data, list):
        raise CardDataError(f"{where}: expected a list of card objects or an AtomicCards object")
    fronts: dict[str, int] = {}
    out2: list[tuple[Mapping[str, Any], list[Mapping[str, Any]]]] = []
    for obj in data:
        if isinstance(obj, Mapping) and isinstance(obj.get("faces"), list) and obj["faces"]:
            # One object holding its faces in order ("faces": [left half, right half], split cards, CR 709).
            halves = [f for f in obj["faces"] if isinstance(f, Mapping)]
            front = {**halves[0], "name": obj.get("name", halves[0].get("name")),
                     "layout": obj.get("layout", halves[0].get("layout"))}
            out2.append((front, halves[1:]))
            continue
        if isinstance(obj, Mapping) and obj.get("face") == "back" and obj.get("front") in fronts:
            out2[fronts[str(obj["front"])]][1].append(obj)
            continue
        if isinstance(obj, Mapping):
            fronts.setdefault(str(obj.get("name", "")).split(" // ")[0], len(out2))
        out2.append((obj, []))
    return out2


@functools.cache
def builtin_pool() -> CardPool:
    """The built-in card pool shipped in ``content/cards``."""
    return load_card_file(BUILTIN_CARDS)
