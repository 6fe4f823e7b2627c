"""'{3}{B}, Exile a creature card from your graveyard: ...' (CR 602.2b, 118.3): an activation cost paid by exiling
cards of that kind from its controller's graveyard; without enough of them the ability can't be activated."""

from __future__ import annotations

from board import build, pass_once

from components.characteristics import CardType
from components.objects import Zone
from content.oracle import compile_lines
from content.oracle.render import render_line
from ecs.actions import ActivateAbility

CALLER = {"name": "Test Caller", "manaCost": "{B}", "type": "Creature — Zombie", "types": ["Creature"],
          "subtypes": ["Zombie"], "supertypes": [], "power": "1", "toughness": "1",
          "text": "{B}, Exile a creature card from your graveyard: Each opponent loses 2 life."}
SAGE = {"name": "Test Sage", "manaCost": "{B}", "type": "Creature — Human", "types": ["Creature"],
        "subtypes": ["Human"], "supertypes": [], "power": "1", "toughness": "1",
        "text": "{B}, Exile two cards from your graveyard: Each opponent loses 1 life."}
BEAR = {"name": "Test Bear", "manaCost": "{G}", "type": "Creature — Bear", "types": ["Creature"],
        "subtypes": ["Bear"], "supertypes": [], "text": "", "power": "2", "toughness": "2"}
CARDS = [CALLER, SAGE, BEAR]


def _game(creature, graveyard):
    players = [{"name": "alice", "battlefield": [creature, "Swamp"], "graveyard": list(graveyard),
                "library": ["Forest"] * 5},
               {"name": "bob", "library": ["Forest"] * 5}]
    return build(players, cards=CARDS).game


def _activations(game):
    return [o for o in game.whole_actions() if isinstance(o, ActivateAbility) and o.exiled]


def _names(game, zone):
    return sorted(game.card(c).name for c in game.zones[0][zone])


def test_readers_and_renderers_round_trip():
    for card in (CALLER, SAGE):
        (r,) = compile_lines(card["name"], card["text"], CardType.CREATURE)
        assert r.ok, r.error
        assert render_line(r.abilities) == card["text"]


def test_118_3_a_creature_card_is_exiled_from_the_graveyard_to_pay():
    game = _game("Test Caller", ["Forest", "Test Bear"])
    (option,) = _activations(game)
    assert [game.card(c).name for c in option.exiled] == ["Test Bear"]
    game.apply(option)
    assert _names(game, Zone.EXILE) == ["Test Bear"]
    assert _names(game, Zone.GRAVEYARD) == ["Forest"]
    while game.stack:
        pass_once(game)
    assert game.player_states[1].life == 18


def test_118_3_without_a_creature_card_in_the_graveyard_it_cant_be_activated():
    game = _game("Test Caller", ["Forest", "Swamp"])
    assert not [o for o in game.whole_actions() if isinstance(o, ActivateAbility)]


def test_118_3_two_cards_of_any_kind():
    game = _game("Test Sage", ["Forest", "Test Bear"])
    (option,) = _activations(game)
    game.apply(option)
    assert _names(game, Zone.EXILE) == ["Forest", "Test Bear"]
    assert _names(game, Zone.GRAVEYARD) == []


def test_118_3_one_card_is_not_enough_for_two():
    game = _game("Test Sage", ["Test Bear"])
    assert not [o for o in game.whole_actions() if isinstance(o, ActivateAbility)]
