"""'Discard a creature card: ...' (CR 602.2b, 118.3, 701.8): an activation cost paid by discarding a card of that
kind; a player without such a card in hand can't activate the ability, and any other card doesn't pay it."""

from __future__ import annotations

from board import activations, assert_creature_lines_round_trip, build, pass_once

from components.objects import Zone

TROOPER = {"name": "Test Trooper", "manaCost": "{G}", "type": "Creature — Soldier", "types": ["Creature"],
           "subtypes": ["Soldier"], "supertypes": [], "power": "2", "toughness": "2",
           "text": "Discard a creature card: Test Trooper gets +2/+2 until end of turn."}
SMITH = {"name": "Test Smith", "manaCost": "{G}", "type": "Creature — Human", "types": ["Creature"],
         "subtypes": ["Human"], "supertypes": [], "power": "1", "toughness": "1",
         "text": "Discard an artifact card: Test Smith gets +2/+2 until end of turn."}
BEAR = {"name": "Test Bear", "manaCost": "{G}", "type": "Creature — Bear", "types": ["Creature"],
        "subtypes": ["Bear"], "supertypes": [], "text": "", "power": "2", "toughness": "2"}
TRINKET = {"name": "Test Trinket", "manaCost": "{1}", "type": "Artifact", "types": ["Artifact"], "subtypes": [],
           "supertypes": [], "text": ""}
CARDS = [TROOPER, SMITH, BEAR, TRINKET]


def _game(hand, creature="Test Trooper"):
    players = [{"name": "alice", "battlefield": [creature], "hand": list(hand), "library": ["Forest"] * 5},
               {"name": "bob", "library": ["Forest"] * 5}]
    return build(players, cards=CARDS).game


def test_readers_and_renderers_round_trip():
    assert_creature_lines_round_trip((TROOPER, SMITH))


def test_602_2b_only_a_card_of_that_kind_pays_the_cost():
    game = _game(["Forest", "Test Bear", "Test Trinket"])
    options = activations(game)
    assert [game.card(c).name for o in options for c in o.discard] == ["Test Bear"]
    game.apply(options[0])
    assert [game.card(c).name for c in game.zones[0][Zone.GRAVEYARD]] == ["Test Bear"]
    while game.stack:
        pass_once(game)
    (trooper,) = [e for e in game.battlefield() if game.card(e).name == "Test Trooper"]
    game.refresh_layers()
    assert int(game.table.get(trooper, "power")) == 4


def test_118_3_without_such_a_card_the_ability_cant_be_activated():
    assert activations(_game(["Forest", "Test Trinket"])) == []


def test_602_2b_an_artifact_card_for_an_artifact_discard_cost():
    game = _game(["Test Bear", "Test Trinket"], creature="Test Smith")
    assert [game.card(c).name for o in activations(game) for c in o.discard] == ["Test Trinket"]
