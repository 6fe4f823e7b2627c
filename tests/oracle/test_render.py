"""content/oracle/render.py renders compiled abilities back to Oracle-style text: text -> abilities
-> text comes back as printed (after normalisation) for the templates below."""

from __future__ import annotations

import pytest

from components.characteristics import CardType
from content.oracle import compile_lines
from content.oracle.render import render_line
from content.oracle.report import roundtrip_normal

LINES = [
    ("Flying, vigilance", CardType.CREATURE),
    ("Protection from black", CardType.CREATURE),
    ("This creature can't block.", CardType.CREATURE),
    ("Prowess", CardType.CREATURE),
    ("Equip {2}", CardType.ARTIFACT),
    ("Cycling {2}", CardType.CREATURE),
    ("Enchant creature", CardType.ENCHANTMENT),
    ("{T}: Add {G}.", CardType.LAND),
    ("{T}: Add {W} or {U}.", CardType.LAND),
    ("This land enters tapped.", CardType.LAND),
    ("When this creature enters, draw a card.", CardType.CREATURE),
    ("When this creature dies, you gain 1 life.", CardType.CREATURE),
    ("Whenever this creature attacks, you draw a card and you lose 1 life.", CardType.CREATURE),
    ("At the beginning of your upkeep, you lose 1 life.", CardType.CREATURE),
    ("Whenever a land you control enters, this creature gets +2/+2 until end of turn.", CardType.CREATURE),
    ("Whenever another creature you control enters, you gain 1 life.", CardType.CREATURE),
    ("Other Knights you control get +1/+1.", CardType.CREATURE),
    ("Creatures you control get +1/+1 and have trample.", CardType.ENCHANTMENT),
    ("Enchanted creature gets +2/+2.", CardType.ENCHANTMENT),
    ("Artifact spells you cast cost {1} less to cast.", CardType.ARTIFACT),
    ("This creature has hexproof as long as it's untapped.", CardType.CREATURE),
    ("Test Card's power and toughness are each equal to the number of creatures you control.", CardType.CREATURE),
    ("{1}{B}, Sacrifice a creature: Draw a card.", CardType.ENCHANTMENT),
    ("{G}{U}: This creature gets +2/+2 and gains flying until end of turn. Activate only once each turn.",
     CardType.CREATURE),
    ("Test Card deals 3 damage to any target.", CardType.INSTANT),
    ("Destroy target nonland permanent an opponent controls.", CardType.INSTANT),
    ("Exile target artifact or enchantment.", CardType.INSTANT),
    ("Return target creature to its owner's hand.", CardType.INSTANT),
    ("Counter target spell unless its controller pays {1}.", CardType.INSTANT),
    ("Draw two cards, then discard a card.", CardType.SORCERY),
    ("Target player mills three cards.", CardType.SORCERY),
    ("Create two 1/1 red Goblin creature tokens.", CardType.SORCERY),
    ("Search your library for a basic land card, put it onto the battlefield tapped, then shuffle.", CardType.SORCERY),
    ("Destroy all creatures.", CardType.SORCERY),
    ("Tap up to two target creatures.", CardType.SORCERY),
    ("Choose one —\n• Destroy target artifact.\n• Destroy target enchantment.", CardType.INSTANT),
    ("Put a +1/+1 counter on target creature.", CardType.SORCERY),
]


@pytest.mark.parametrize(("text", "types"), LINES, ids=[t for t, _ in LINES])
def test_text_to_abilities_to_text(text, types):
    (result,) = compile_lines("Test Card", text, types)
    assert result.ok, result.error
    assert roundtrip_normal(render_line(result.abilities)) == roundtrip_normal(result.text)


def test_the_renderer_refuses_what_it_cannot_write():
    with pytest.raises(ValueError):
        render_line([])
