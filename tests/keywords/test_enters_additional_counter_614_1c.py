"""'Each other non-Human creature you control enters with an additional +1/+1 counter on it.' (CR 614.1c, 614.12): a
replacement effect of a static ability that modifies how the other matching permanents its controller controls
enter the battlefield; it doesn't apply to permanents another player controls or that don't match."""

from __future__ import annotations

from board import build, cast, pass_once

from components.characteristics import CardType
from content.oracle import compile_lines
from content.oracle.render import render_line


def _creature(name, subtype, text=""):
    return {"name": name, "manaCost": "{G}", "type": f"Creature — {subtype}", "types": ["Creature"],
            "subtypes": [subtype], "supertypes": [], "text": text, "power": "2", "toughness": "2"}


GENEROUS = _creature("Test Generous", "Goblin", "Each other non-Human creature you control enters with an additional "
                                                "+1/+1 counter on it.")
GLOBE = {"name": "Test Globe", "manaCost": "{3}", "type": "Artifact", "types": ["Artifact"], "subtypes": [],
         "supertypes": [], "text": "Each Dragon you control enters with an additional +1/+1 counter on it."}
BEAST = _creature("Test Beast", "Beast")
HUMAN = _creature("Test Human", "Human")
DRAGON = _creature("Test Dragon", "Dragon")
CARDS = [GENEROUS, GLOBE, BEAST, HUMAN, DRAGON]


def _game(alice_battlefield, alice_hand, bob_battlefield=(), bob_hand=()):
    players = [{"name": "alice", "battlefield": list(alice_battlefield) + ["Forest"] * 3, "hand": list(alice_hand),
                "library": ["Forest"] * 5},
               {"name": "bob", "battlefield": list(bob_battlefield) + ["Forest"] * 3, "hand": list(bob_hand),
                "library": ["Forest"] * 5}]
    return build(players, cards=CARDS).game


def _counters(game, name):
    from systems.counters import counter_count

    (ent,) = [e for e in game.battlefield() if game.card(e).name == name]
    return counter_count(game, ent, "+1/+1")


def _cast_and_resolve(game, name):
    cast(game, name)
    while game.stack:
        pass_once(game)


def test_readers_and_renderers_round_trip():
    for card in (GENEROUS, GLOBE):
        (r,) = compile_lines(card["name"], card["text"], CardType.CREATURE)
        assert r.ok, r.error
        assert render_line(r.abilities) == card["text"]


def test_614_1c_a_matching_creature_you_control_enters_with_an_additional_counter():
    game = _game(["Test Generous"], ["Test Beast"])
    _cast_and_resolve(game, "Test Beast")
    assert _counters(game, "Test Beast") == 1


def test_614_1c_a_creature_that_doesnt_match_enters_without_it():
    game = _game(["Test Generous"], ["Test Human"])
    _cast_and_resolve(game, "Test Human")
    assert _counters(game, "Test Human") == 0


def test_614_1c_subtype_subject_each_dragon_you_control():
    game = _game(["Test Globe"], ["Test Dragon", "Test Beast"])
    _cast_and_resolve(game, "Test Dragon")
    _cast_and_resolve(game, "Test Beast")
    assert _counters(game, "Test Dragon") == 1
    assert _counters(game, "Test Beast") == 0


def test_614_1c_an_opponents_creature_isnt_affected():
    game = _game([], ["Test Beast"], bob_battlefield=["Test Generous"])
    _cast_and_resolve(game, "Test Beast")
    assert _counters(game, "Test Beast") == 0


def test_614_12_without_the_ability_no_counter():
    game = _game([], ["Test Beast"])
    _cast_and_resolve(game, "Test Beast")
    assert _counters(game, "Test Beast") == 0
