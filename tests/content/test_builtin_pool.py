"""The built-in card pool (content/cards/core.json): size, breadth across colours and card types, file shape."""

from __future__ import annotations

import json

from components.characteristics import CardType, Color, Supertype
from content.card_pool import BUILTIN_CARDS, builtin_pool, load_card_file

POOL = builtin_pool()


def test_builtin_pool_has_at_least_500_cards_and_loads_strictly():
    assert len(POOL) >= 500
    assert not POOL.unsupported  # strict loading: every card compiles
    assert len(load_card_file(BUILTIN_CARDS)) == len(POOL)


def test_builtin_pool_file_is_sorted_pretty_printed_and_names_are_unique():
    text = BUILTIN_CARDS.read_text(encoding="utf-8")
    data = json.loads(text)
    names = [obj["name"] for obj in data]
    assert names == sorted(names)
    assert len(set(names)) == len(names)
    assert text == json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def test_builtin_pool_spans_every_colour_and_card_type():
    cards = list(POOL.cards.values())
    for color in (Color.W, Color.U, Color.B, Color.R, Color.G):
        mono = [c for c in cards if c.colors == color]
        assert len(mono) >= 50, color
    assert sum(1 for c in cards if bin(int(c.colors)).count("1") >= 2) >= 30  # multicoloured
    assert sum(1 for c in cards if not c.colors and not c.type_bits & CardType.LAND) >= 20  # colourless

    def count(card_type: CardType) -> int:
        return sum(1 for c in cards if c.type_bits & card_type)

    assert count(CardType.CREATURE) >= 250
    assert count(CardType.INSTANT) >= 50
    assert count(CardType.SORCERY) >= 40
    assert count(CardType.ENCHANTMENT) >= 25
    assert count(CardType.ARTIFACT) >= 25
    assert count(CardType.PLANESWALKER) >= 3
    auras = [c for c in cards if "Aura" in c.type_line.subtypes]
    assert len(auras) >= 5
    lands = [c for c in cards if c.type_bits & CardType.LAND]
    basics = {c.name for c in lands if c.type_line.supertypes & Supertype.BASIC}
    assert basics == {"Plains", "Island", "Swamp", "Mountain", "Forest"}
    assert len(lands) - len(basics) >= 20  # nonbasic lands
