"""Loading MTGJSON-shaped card objects into :class:`~components.card.CardDef` values."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from components.card import CardDef
from components.characteristics import CardType, Color
from content.mana import card_colors, parse_mana_cost
from content.oracle_reader import UnsupportedCardError, read_abilities
from content.printed_values import parse_loyalty, parse_pt
from content.typeline import parse_type_line
from ecs.errors import CardDataError

BUILTIN_CARDS = Path(__file__).with_name("cards") / "core.json"

# CR 305.6: the basic land types and the mana their intrinsic ability adds (bit 32 is {C}).
BASIC_LAND_MANA = {"Plains": int(Color.W), "Island": int(Color.U), "Swamp": int(Color.B),
                   "Mountain": int(Color.R), "Forest": int(Color.G)}


def card_from_json(obj: Mapping[str, Any], source: str = "<cards>") -> CardDef:
    """Build a CardDef from one MTGJSON card object; errors name the card and the field."""
    if not isinstance(obj, Mapping):
        raise CardDataError(f"{source}: a card must be an object, got {type(obj).__name__}")
    name = obj.get("name")
    if not isinstance(name, str) or not name:
        raise CardDataError(f"{source}: card without a 'name' field")
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
    except ValueError as exc:
        raise CardDataError(f"{where}: {exc}") from None
    if type_line.types & CardType.CREATURE and (power is None or toughness is None):
        raise CardDataError(f"{where}: a creature needs 'power' and 'toughness' (CR 208.1)")
    text = obj.get("text") or ""
    if not isinstance(text, str):
        raise CardDataError(f"{where}: field 'text' must be a string")
    abilities, keywords = read_abilities(name, text, type_line.types)
    produces = 0
    if type_line.types & CardType.LAND:
        for subtype in type_line.subtypes:
            produces |= BASIC_LAND_MANA.get(subtype, 0)
    return CardDef(
        name=name,
        mana_cost=mana_cost,
        colors=card_colors(mana_cost, obj.get("colorIndicator")),
        type_line=type_line,
        power=power,
        toughness=toughness,
        loyalty=loyalty,
        text=text,
        abilities=abilities,
        keywords=keywords,
        produces=produces,
    )


class CardPool:
    """Cards by name, plus the cards that could not be supported and why."""

    def __init__(self, cards: Iterable[CardDef] = (), unsupported: Mapping[str, str] | None = None) -> None:
        self.cards: dict[str, CardDef] = {c.name: c for c in cards}
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
        extra = [card_from_json(o, f"{source}[{i}]") for i, o in enumerate(objects)]
        pool = CardPool(self.cards.values(), self.unsupported)
        for card in extra:
            pool.cards[card.name] = card
            pool.unsupported.pop(card.name, None)
        return pool


def load_card_file(path: str | Path, *, strict: bool = True) -> CardPool:
    """Load a JSON list of card objects (or AtomicCards ``{"data": {name: [face...]}}``)."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise CardDataError(f"{path}: cannot read card file: {exc}") from None
    if isinstance(data, Mapping) and "data" in data:
        objects = [faces[0] for faces in data["data"].values() if faces]
    elif isinstance(data, list):
        objects = data
    else:
        raise CardDataError(f"{path}: expected a list of card objects or an AtomicCards object")
    cards: list[CardDef] = []
    unsupported: dict[str, str] = {}
    for i, obj in enumerate(objects):
        try:
            cards.append(card_from_json(obj, f"{path.name}[{i}]"))
        except UnsupportedCardError as exc:
            if strict:
                raise
            unsupported[str(obj.get("name"))] = str(exc)
    return CardPool(cards, unsupported)


@functools.cache
def builtin_pool() -> CardPool:
    """The built-in card pool shipped in ``content/cards``."""
    return load_card_file(BUILTIN_CARDS)
