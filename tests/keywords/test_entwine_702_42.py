"""Entwine (CR 702.42): choose all modes of a modal spell for an additional cost."""

from __future__ import annotations

from board import build, resolve_stack, untapped

from components.casting_keywords import Entwine
from components.characteristics import CardType
from content.oracle import compile_text
from content.oracle.render import render_line
from ecs.actions import CastSpell

TWIN = {"name": "Test Twin", "manaCost": "{1}{B}", "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
        "supertypes": [], "text": "Choose one —\n• Target player loses 2 life.\n• You gain 3 life.\nEntwine {2} "
                                  "(Choose both if you pay the entwine cost.)"}


def test_702_42a_entwined_all_modes_for_the_additional_cost():
    (a,) = [x for x in compile_text("Test Twin", TWIN["text"], CardType.SORCERY)[0] if isinstance(x, Entwine)]
    assert render_line([a]) == "Entwine {2}"
    players = [{"name": "alice", "hand": ["Test Twin"], "battlefield": ["Swamp"] * 4, "library": ["Swamp"] * 5},
               {"name": "bob", "battlefield": [], "library": ["Swamp"] * 5}]
    game = build(players, cards=[TWIN]).game
    bob = game.players[1]
    options = [o for o in game.whole_actions() if isinstance(o, CastSpell) and game.card(o.card).name == "Test Twin"]
    assert {(o.cost, o.modes) for o in options} == {("", (0,)), ("", (1,)), ("entwine", (0, 1))}
    game.apply(next(o for o in options if o.cost == "entwine" and o.targets == (bob,)))
    assert untapped(game, 0) == 0  # {1}{B} plus {2}
    resolve_stack(game)
    assert game.player_states[1].life == 18 and game.player_states[0].life == 23
