"""Flash permissions (CR 601.3a, 702.8a, 307.1): "You may cast [spells] as though they had flash." lets a player cast
the spells it names whenever they have priority; every other spell still needs sorcery timing (307.1). The permission
applies to every way of casting (here: from the hand for the mana cost, and kicked, 702.33a)."""

from __future__ import annotations

from board import build, cast, casts, pass_once

from components.characteristics import CardType
from content.oracle import compile_lines
from content.oracle.render import render_line


def _artifact(name, text):
    return {"name": name, "manaCost": "{1}", "type": "Artifact", "types": ["Artifact"], "subtypes": [],
            "supertypes": [], "text": text}


ORRERY = _artifact("Test Orrery", "You may cast spells as though they had flash.")
MYR = _artifact("Test Myr", "You may cast artifact spells as though they had flash.")
CHAINS = _artifact("Test Chains", "You may cast Spirit spells as though they had flash.")
EQUINOX = {"name": "Test Equinox", "manaCost": "{1}", "type": "Enchantment", "types": ["Enchantment"],
           "subtypes": [], "supertypes": [],
           "text": "Any player may cast creature and enchantment spells as though they had flash."}
SORCERY = {"name": "Test Insight", "manaCost": "{G}", "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
           "supertypes": [], "text": "Kicker {G}\nDraw a card."}
BEAR = {"name": "Test Bear", "manaCost": "{G}", "type": "Creature — Bear", "types": ["Creature"],
        "subtypes": ["Bear"], "supertypes": [], "text": "", "power": "2", "toughness": "2"}
SPIRIT = {"name": "Test Spirit", "manaCost": "{G}", "type": "Creature — Spirit", "types": ["Creature"],
          "subtypes": ["Spirit"], "supertypes": [], "text": "", "power": "1", "toughness": "1"}
TRINKET = _artifact("Test Trinket", "")
CARDS = [ORRERY, MYR, CHAINS, EQUINOX, SORCERY, BEAR, SPIRIT, TRINKET]
HAND = ["Test Insight", "Test Bear", "Test Spirit", "Test Trinket"]


def _game(alice_battlefield, bob_battlefield=(), active="bob"):
    """Bob's turn, precombat main, bob has priority: alice has no sorcery timing (307.1)."""
    players = [{"name": "alice", "battlefield": list(alice_battlefield) + ["Forest"] * 3, "hand": list(HAND),
                "library": ["Forest"] * 5},
               {"name": "bob", "battlefield": list(bob_battlefield) + ["Forest"] * 3, "hand": list(HAND),
                "library": ["Forest"] * 5}]
    return build(players, cards=CARDS, turn={"number": 2, "active": active, "step": "precombat_main"}).game


def _alice_castable(game):
    """Bob passes priority so alice gets it (117.3d); the names alice may cast then."""
    assert game.active == 1 and game.pending.player == 1
    pass_once(game)
    assert game.pending.player == 0 and not game.stack
    return {n for n in HAND if casts(game, n)}


def test_readers_and_renderers_round_trip():
    for card in (ORRERY, MYR, CHAINS, EQUINOX):
        (r,) = compile_lines(card["name"], card["text"], CardType.ARTIFACT)
        assert r.ok, r.error
        assert render_line(r.abilities) == card["text"]


def test_307_1_without_a_permission_only_instants_and_flash_off_your_main_phase():
    assert _alice_castable(_game([])) == set()


def test_601_3a_you_may_cast_spells_as_though_they_had_flash_covers_every_spell():
    game = _game(["Test Orrery"])
    assert _alice_castable(game) == set(HAND)
    cast(game, "Test Bear")
    assert game.stack  # cast on the opponent's turn, 601.2
    pass_once(game)
    pass_once(game)
    assert "Test Bear" in [game.card(e).name for e in game.battlefield()]


def test_601_3a_702_33a_the_permission_applies_to_a_kicked_spell_too():
    game = _game(["Test Orrery"])
    _alice_castable(game)
    assert casts(game, "Test Insight", cost="kicker")


def test_601_3a_only_the_named_card_type_artifact_spells():
    assert _alice_castable(_game(["Test Myr"])) == {"Test Trinket"}


def test_601_3a_only_the_named_subtype_spirit_spells():
    assert _alice_castable(_game(["Test Chains"])) == {"Test Spirit"}


def test_601_3a_you_means_the_controller_of_the_permission_only():
    """Bob's Orrery gives alice nothing."""
    assert _alice_castable(_game([], ["Test Orrery"])) == set()


def test_601_3a_any_player_may_cast_creature_and_enchantment_spells():
    """Bob controls the Equinox; alice (any player) may cast her creature spells, not her sorcery or artifact."""
    assert _alice_castable(_game([], ["Test Equinox"])) == {"Test Bear", "Test Spirit"}


GRIP = {"name": "Test Grip", "manaCost": "{G}", "type": "Enchantment", "types": ["Enchantment"], "subtypes": [],
        "supertypes": [], "text": "Ferocious — If you control a creature with power 4 or greater, you may cast "
                                  "Test Grip as though it had flash."}
OGRE = {"name": "Test Ogre", "manaCost": "{G}", "type": "Creature — Ogre", "types": ["Creature"],
        "subtypes": ["Ogre"], "supertypes": [], "text": "", "power": "4", "toughness": "4"}


def _grip_game(alice_battlefield):
    players = [{"name": "alice", "battlefield": list(alice_battlefield) + ["Forest"], "hand": ["Test Grip"],
                "library": ["Forest"] * 5},
               {"name": "bob", "battlefield": ["Forest"], "library": ["Forest"] * 5}]
    game = build(players, cards=[GRIP, OGRE, BEAR], turn={"number": 2, "active": "bob",
                                                          "step": "precombat_main"}).game
    pass_once(game)  # bob passes: alice has priority on bob's turn (117.3d)
    return game


def test_601_3a_its_own_permission_applies_while_the_condition_holds():
    (r,) = compile_lines("Test Grip", GRIP["text"], CardType.ENCHANTMENT)
    assert r.ok, r.error
    assert render_line(r.abilities).replace("~", "Test Grip") == GRIP["text"].replace("Ferocious — ", "")
    assert casts(_grip_game(["Test Ogre"]), "Test Grip")


def test_307_1_its_own_permission_without_the_condition_sorcery_timing():
    assert not casts(_grip_game(["Test Bear"]), "Test Grip")
