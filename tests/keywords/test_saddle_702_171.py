"""Saddle (CR 702.171): "Saddle N", the saddled designation and "becomes saddled for the first time each turn"."""

from __future__ import annotations

from board import activations, build, pass_once, resolve_stack

from components.characteristics import CardType
from components.keywords import Keyword
from components.objects import Zone
from content.oracle import compile_lines
from content.oracle.render import render_line

BADGER = {"name": "Test Badger", "manaCost": "{1}{G}", "type": "Creature — Badger Mount", "types": ["Creature"],
          "subtypes": ["Badger", "Mount"], "supertypes": [], "power": "2", "toughness": "2",
          "text": "Whenever this creature becomes saddled for the first time each turn, you gain 3 life.\n"
                  "As long as this creature is saddled, it has trample.\n"
                  "Saddle 2 (Tap any number of other creatures you control with total power 2 or more: This Mount "
                  "becomes saddled until end of turn. Saddle only as a sorcery.)"}


def _game(turn=None):
    sc = build([{"name": "alice", "battlefield": [{"card": "Test Badger", "id": "badger"},
                                                  {"card": "Grizzly Bears", "id": "b1"},
                                                  {"card": "Grizzly Bears", "id": "b2"}],
                 "library": ["Forest"] * 3},
                {"name": "bob", "library": ["Forest"] * 3}], cards=[BADGER], turn=turn)
    return sc, sc.game


def test_readers_and_renderers_round_trip():
    for r in compile_lines("Test Badger", BADGER["text"], CardType.CREATURE):
        assert r.ok, r.error
        assert render_line(r.abilities).rstrip(".") == r.text.rstrip(".")


def test_702_171a_b_saddling_taps_creatures_saddles_it_and_triggers_once_each_turn():
    sc, game = _game()
    badger = sc.ids["badger"]
    options = activations(game, badger)
    # any set of other creatures with total power 2 or more (702.171a): one Grizzly Bears (identical bears are one
    # choice) or both
    assert sorted(len(o.tapped) for o in options) == [1, 2] and all(badger not in o.tapped for o in options)
    options = [o for o in options if len(o.tapped) == 1]
    (bear,) = options[0].tapped
    game.apply(options[0])
    resolve_stack(game)
    assert game.table.get(bear, "tapped") and not game.table.get(badger, "tapped")
    assert game.player_states[0].life == 23  # "becomes saddled for the first time each turn"
    game.refresh_layers()
    assert int(game.table.get(badger, "keywords")) & int(Keyword.TRAMPLE)  # "as long as ~ is saddled"
    game.apply(activations(game, badger)[0])  # again, with the other bear
    resolve_stack(game)
    assert game.player_states[0].life == 23  # not the first time this turn
    assert len(game.zones[0][Zone.GRAVEYARD]) == 0


def test_702_171a_saddle_only_as_a_sorcery():
    sc, game = _game(turn={"step": "beginning_of_combat"})
    assert activations(game, sc.ids["badger"]) == []


def test_702_171b_saddled_only_until_end_of_turn():
    sc, game = _game()
    badger = sc.ids["badger"]
    game.apply(activations(game, badger)[0])
    resolve_stack(game)
    while game.turn == 1:
        if game.pending.kind.value == "priority":
            pass_once(game)
        else:
            game.apply(game.pending.options[-1])
    game.refresh_layers()
    assert not int(game.table.get(badger, "keywords")) & int(Keyword.TRAMPLE)
