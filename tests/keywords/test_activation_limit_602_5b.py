"""'Activate no more than twice each turn.' (CR 602.5b): the ability can be activated at most that many times each
turn; the count starts over on the next turn."""

from __future__ import annotations

from board import build, pass_once

from components.characteristics import CardType
from content.oracle import compile_lines
from content.oracle.render import render_line
from ecs.actions import ActivateAbility, DecisionKind, PassPriority

BRUTE = {"name": "Test Brute", "manaCost": "{R}", "type": "Creature — Ogre", "types": ["Creature"],
         "subtypes": ["Ogre"], "supertypes": [], "power": "1", "toughness": "1",
         "text": "{R}: Test Brute gets +1/+0 until end of turn. Activate no more than twice each turn."}


def _game():
    players = [{"name": "alice", "battlefield": ["Test Brute"] + ["Mountain"] * 4, "library": ["Forest"] * 5},
               {"name": "bob", "library": ["Forest"] * 5}]
    return build(players, cards=[BRUTE]).game


def _activate(game):
    options = [o for o in game.whole_actions() if isinstance(o, ActivateAbility)]
    if not options:
        return False
    game.apply(options[0])
    while game.stack:
        pass_once(game)
    return True


def test_readers_and_renderers_round_trip():
    (r,) = compile_lines("Test Brute", BRUTE["text"], CardType.CREATURE)
    assert r.ok, r.error
    assert render_line(r.abilities).replace("~", "Test Brute") == BRUTE["text"]


def test_602_5b_at_most_twice_each_turn_with_mana_left():
    game = _game()
    assert _activate(game) and _activate(game)
    assert not _activate(game)  # two Mountains are still untapped: the limit stops it
    (brute,) = [e for e in game.battlefield() if game.card(e).name == "Test Brute"]
    game.refresh_layers()
    assert int(game.table.get(brute, "power")) == 3


def test_602_5b_the_count_starts_over_each_turn():
    game = _game()
    assert _activate(game) and _activate(game)
    turn = game.turn
    while not (game.turn > turn and game.pending.player == 0):  # to alice's priority in bob's turn
        p = game.pending
        game.apply(p.options[0] if p.kind != DecisionKind.PRIORITY else PassPriority())
    assert _activate(game)  # her two untapped Mountains pay for it again
