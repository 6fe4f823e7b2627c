"""'{3}, Discard a card at random: ...' (CR 602.2b, 118.3, 701.8c): a cost paid by discarding a card chosen at random
(by the game's seeded generator, not by the player); with an empty hand the ability can't be activated."""

from __future__ import annotations

from board import build

from components.characteristics import CardType
from components.objects import Zone
from content.oracle import compile_lines
from content.oracle.render import render_line
from ecs.actions import ActivateAbility

MADMAN = {"name": "Test Madman", "manaCost": "{R}", "type": "Creature — Human", "types": ["Creature"],
          "subtypes": ["Human"], "supertypes": [], "power": "1", "toughness": "1",
          "text": "Discard a card at random: Test Madman gets +1/+1 until end of turn."}


def _game(hand):
    players = [{"name": "alice", "battlefield": ["Test Madman"], "hand": list(hand), "library": ["Forest"] * 5},
               {"name": "bob", "library": ["Forest"] * 5}]
    return build(players, cards=[MADMAN]).game


def _activations(game):
    return [o for o in game.whole_actions() if isinstance(o, ActivateAbility)]


def test_readers_and_renderers_round_trip():
    (r,) = compile_lines("Test Madman", MADMAN["text"], CardType.CREATURE)
    assert r.ok, r.error
    assert render_line(r.abilities).replace("~", "Test Madman") == MADMAN["text"]


def test_118_3_an_empty_hand_cant_pay():
    assert _activations(_game([])) == []


def test_701_8c_one_option_and_a_card_of_the_hand_is_discarded():
    game = _game(["Forest", "Island", "Swamp"])
    (option,) = _activations(game)  # the player chooses no card (701.8c)
    assert option.discard == ()
    game.apply(option)
    assert len(game.zones[0][Zone.HAND]) == 2
    (gone,) = game.zones[0][Zone.GRAVEYARD]
    assert game.card(gone).name in ("Forest", "Island", "Swamp")
