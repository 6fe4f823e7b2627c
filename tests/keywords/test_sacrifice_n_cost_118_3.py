"""'{2}{B}, Sacrifice two other creatures: ...' (CR 602.2b, 118.3, 701.21a): an activation cost paid by sacrificing
that many permanents of that kind; "other" excludes the source; with too few the ability can't be activated."""

from __future__ import annotations

from alt_cast_support import build, pass_once

from components.characteristics import CardType
from components.objects import Zone
from content.oracle import compile_lines
from content.oracle.render import render_line
from ecs.actions import ActivateAbility

FIEND = {"name": "Test Fiend", "manaCost": "{B}", "type": "Creature — Demon", "types": ["Creature"],
         "subtypes": ["Demon"], "supertypes": [], "power": "1", "toughness": "1",
         "text": "Sacrifice two other creatures: Each opponent loses 3 life."}
DIGGER = {"name": "Test Digger", "manaCost": "{B}", "type": "Artifact", "types": ["Artifact"], "subtypes": [],
          "supertypes": [], "text": "{1}, Sacrifice two lands: Draw a card."}
BEAR = {"name": "Test Bear", "manaCost": "{G}", "type": "Creature — Bear", "types": ["Creature"],
        "subtypes": ["Bear"], "supertypes": [], "text": "", "power": "2", "toughness": "2"}
CARDS = [FIEND, DIGGER, BEAR]


def _game(battlefield):
    players = [{"name": "alice", "battlefield": list(battlefield), "library": ["Forest"] * 5},
               {"name": "bob", "library": ["Forest"] * 5}]
    return build(players, cards=CARDS).game


def _activations(game):
    return [o for o in game.legal_actions() if isinstance(o, ActivateAbility)]


def test_readers_and_renderers_round_trip():
    for card in (FIEND, DIGGER):
        (r,) = compile_lines(card["name"], card["text"], CardType.CREATURE)
        assert r.ok, r.error
        assert render_line(r.abilities).replace("~", card["name"]) == card["text"]


def test_118_3_two_other_creatures_are_sacrificed():
    game = _game(["Test Fiend", "Test Bear", "Test Bear"])
    (option,) = _activations(game)  # two alike Bears: one choice
    assert sorted(game.card(e).name for e in option.sacrifice) == ["Test Bear", "Test Bear"]
    game.apply(option)
    assert [game.card(e).name for e in game.battlefield()] == ["Test Fiend"]
    assert len(game.zones[0][Zone.GRAVEYARD]) == 2
    while game.stack:
        pass_once(game)
    assert game.player_states[1].life == 17


def test_118_3_other_excludes_the_source_one_other_is_not_enough():
    assert _activations(_game(["Test Fiend", "Test Bear"])) == []


def test_118_3_two_lands_and_the_mana_cost():
    game = _game(["Test Digger", "Forest", "Forest", "Forest"])
    options = _activations(game)
    assert options and all(len(o.sacrifice) == 2 for o in options)
    game.apply(options[0])
    assert sum(1 for e in game.battlefield() if game.card(e).name == "Forest") == 1
    assert all(game.table.get(e, "tapped") for e in game.battlefield() if game.card(e).name == "Forest")
