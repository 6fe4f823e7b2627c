"""'Creature spells can't be countered.' / 'Spells you control can't be countered.' (CR 101.2, 701.6a): while the
static ability is in force, an instruction to counter a spell it names does nothing to that spell; other spells are
countered as usual."""

from __future__ import annotations

from board import build, cast, pass_once

from components.characteristics import CardType
from components.objects import Zone
from content.oracle import compile_lines
from content.oracle.render import render_line


def _enchantment(name, text):
    return {"name": name, "manaCost": "{G}", "type": "Enchantment", "types": ["Enchantment"], "subtypes": [],
            "supertypes": [], "text": text}


HERALD = _enchantment("Test Herald", "Creature spells can't be countered.")
MINE = _enchantment("Test Shield", "Spells you control can't be countered.")
CANCEL = {"name": "Test Cancel", "manaCost": "{U}", "type": "Instant", "types": ["Instant"], "subtypes": [],
          "supertypes": [], "text": "Counter target spell."}
BEAR = {"name": "Test Bear", "manaCost": "{G}", "type": "Creature — Bear", "types": ["Creature"], "subtypes": ["Bear"],
        "supertypes": [], "text": "", "power": "2", "toughness": "2"}
GROWTH = {"name": "Test Growth", "manaCost": "{G}", "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
          "supertypes": [], "text": "Draw a card."}
CARDS = [HERALD, MINE, CANCEL, BEAR, GROWTH]


def _countered(alice_battlefield, spell, bob_battlefield=()):
    """Alice casts ``spell``; Bob answers with Test Cancel targeting it. Was it countered?"""
    players = [{"name": "alice", "battlefield": list(alice_battlefield) + ["Forest"] * 2, "hand": [spell],
                "library": ["Forest"] * 5},
               {"name": "bob", "battlefield": list(bob_battlefield) + ["Island"] * 2, "hand": ["Test Cancel"],
                "library": ["Forest"] * 5}]
    game = build(players, cards=CARDS).game
    cast(game, spell)
    (target,) = game.stack
    pass_once(game)
    cast(game, "Test Cancel", [target])
    while game.stack:
        pass_once(game)
    if spell == "Test Bear":
        return "Test Bear" not in [game.card(e).name for e in game.battlefield()]
    return len(game.zones[0][Zone.HAND]) == 0  # resolved: alice drew a card


def test_readers_and_renderers_round_trip():
    for card in (HERALD, MINE):
        (r,) = compile_lines(card["name"], card["text"], CardType.ENCHANTMENT)
        assert r.ok, r.error
        assert render_line(r.abilities) == card["text"]


def test_701_6a_without_the_ability_the_spell_is_countered():
    assert _countered([], "Test Bear")


def test_101_2_a_creature_spell_cant_be_countered():
    assert not _countered(["Test Herald"], "Test Bear")


def test_101_2_a_spell_the_ability_doesnt_name_is_countered():
    assert _countered(["Test Herald"], "Test Growth")


def test_101_2_spells_you_control_only_the_controllers_spells():
    assert not _countered(["Test Shield"], "Test Growth")
    assert _countered([], "Test Growth", bob_battlefield=["Test Shield"])
