"""A sacrifice or tap cost takes permanents its payer controls that fit the cost's description (CR 118.3, 602.2b,
701.21a): "Sacrifice an artifact" is paid with one of its controller's artifacts, never an opponent's; "another"
excludes the ability's own permanent. (``oracle_effects.permanents`` reads such a filter row by row on a small board:
tests/oracle/test_group_permanents.py holds that to the whole-column look.)"""

from __future__ import annotations

from board import activations, build, card, creature, on_battlefield

THRONE = card("Test Throne", "Artifact", "{T}, Sacrifice an artifact: Draw a card.", cost="{2}")
ALTAR = creature("Test Altar Fiend", 1, 1, "Sacrifice another creature: You gain 1 life.", cost="{B}")
RELIC = card("Test Relic", "Artifact", cost="{1}")
GOLEM = card("Test Golem", "Artifact Creature — Golem", cost="{3}", power="2", toughness="2")
BEAR = creature("Test Bear", 2, 2, cost="{G}")
CARDS = [THRONE, ALTAR, RELIC, GOLEM, BEAR]


def _game():
    return build([{"name": "alice", "battlefield": ["Test Throne", "Test Altar Fiend", "Test Relic", "Test Golem",
                                                    "Test Bear", "Forest"], "library": ["Forest"] * 5},
                  {"name": "bob", "battlefield": ["Test Relic", "Test Golem", "Test Bear"],
                   "library": ["Forest"] * 5}], cards=CARDS).game


def test_118_3_an_artifact_of_its_controller_pays():
    game = _game()
    throne = on_battlefield(game, "Test Throne", 0)[0]
    paid = sorted(game.card(o.sacrifice[0]).name for o in activations(game, throne))
    # alice's three artifacts (the Throne itself is one: "an artifact", not "another"); bob's are not hers
    assert paid == ["Test Golem", "Test Relic", "Test Throne"]
    assert all(o.sacrifice[0] not in on_battlefield(game, "Test Relic", 1) + on_battlefield(game, "Test Golem", 1)
               for o in activations(game, throne))


def test_118_3_another_creature_excludes_the_source():
    game = _game()
    fiend = on_battlefield(game, "Test Altar Fiend", 0)[0]
    paid = sorted(game.card(o.sacrifice[0]).name for o in activations(game, fiend))
    assert paid == ["Test Bear", "Test Golem"]

