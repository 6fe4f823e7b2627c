"""'{2}{B}, Sacrifice two other creatures: ...' (CR 602.2b, 118.3, 701.21a): an activation cost paid by sacrificing
that many permanents of that kind; "other" excludes the source; with too few the ability can't be activated."""

from __future__ import annotations

from board import (
    activations,
    alice_battlefield,
    assert_creature_lines_round_trip,
    pass_once,
)

from components.objects import Zone

FIEND = {"name": "Test Fiend", "manaCost": "{B}", "type": "Creature — Demon", "types": ["Creature"],
         "subtypes": ["Demon"], "supertypes": [], "power": "1", "toughness": "1",
         "text": "Sacrifice two other creatures: Each opponent loses 3 life."}
DIGGER = {"name": "Test Digger", "manaCost": "{B}", "type": "Artifact", "types": ["Artifact"], "subtypes": [],
          "supertypes": [], "text": "{1}, Sacrifice two lands: Draw a card."}
BEAR = {"name": "Test Bear", "manaCost": "{G}", "type": "Creature — Bear", "types": ["Creature"],
        "subtypes": ["Bear"], "supertypes": [], "text": "", "power": "2", "toughness": "2"}
CARDS = [FIEND, DIGGER, BEAR]


def _game(battlefield):
    return alice_battlefield(battlefield, CARDS)


def test_readers_and_renderers_round_trip():
    assert_creature_lines_round_trip((FIEND, DIGGER))


def test_118_3_two_other_creatures_are_sacrificed():
    game = _game(["Test Fiend", "Test Bear", "Test Bear"])
    (option,) = activations(game)  # two alike Bears: one choice
    assert sorted(game.card(e).name for e in option.sacrifice) == ["Test Bear", "Test Bear"]
    game.apply(option)
    assert [game.card(e).name for e in game.battlefield()] == ["Test Fiend"]
    assert len(game.zones[0][Zone.GRAVEYARD]) == 2
    while game.stack:
        pass_once(game)
    assert game.player_states[1].life == 17


def test_118_3_other_excludes_the_source_one_other_is_not_enough():
    assert activations(_game(["Test Fiend", "Test Bear"])) == []


def test_118_3_two_lands_and_the_mana_cost():
    game = _game(["Test Digger", "Forest", "Forest", "Forest"])
    options = activations(game)
    assert options and all(len(o.sacrifice) == 2 for o in options)
    game.apply(options[0])
    assert sum(1 for e in game.battlefield() if game.card(e).name == "Forest") == 1
    assert all(game.table.get(e, "tapped") for e in game.battlefield() if game.card(e).name == "Forest")
