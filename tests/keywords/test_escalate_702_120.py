"""Escalate (CR 702.120): pay the escalate cost for each mode chosen beyond the first."""

from __future__ import annotations

from board import build, resolve_stack, untapped

from components.casting_keywords import Escalate
from components.characteristics import CardType
from content.oracle import compile_text
from content.oracle.render import render_line
from ecs.actions import CastSpell

GRACE = {"name": "Test Grace", "manaCost": "{W}", "type": "Instant", "types": ["Instant"], "subtypes": [],
         "supertypes": [], "text": "Escalate {1} (Pay this cost for each mode chosen beyond the first.)\nChoose one "
                                   "or both —\n• Target player loses 1 life.\n• You gain 2 life."}


def test_702_120a_more_modes_only_paying_the_escalate_cost_for_each_beyond_the_first():
    (a,) = [x for x in compile_text("Test Grace", GRACE["text"], CardType.INSTANT)[0] if isinstance(x, Escalate)]
    assert render_line([a]) == "Escalate {1}"
    players = [{"name": "alice", "hand": ["Test Grace"], "battlefield": ["Plains"] * 2, "library": ["Plains"] * 5},
               {"name": "bob", "battlefield": [], "library": ["Plains"] * 5}]
    game = build(players, cards=[GRACE]).game
    bob = game.players[1]
    options = [o for o in game.whole_actions() if isinstance(o, CastSpell) and game.card(o.card).name == "Test Grace"]
    assert {(o.cost, o.modes) for o in options} == {("", (0,)), ("", (1,)), ("escalate", (0, 1))}
    game.apply(next(o for o in options if o.cost == "escalate" and o.targets == (bob,)))
    assert untapped(game, 0) == 0  # {W} plus {1}
    resolve_stack(game)
    assert game.player_states[1].life == 19 and game.player_states[0].life == 22
    players[0]["battlefield"] = ["Plains"]
    game = build(players, cards=[GRACE]).game
    options = [o for o in game.whole_actions() if isinstance(o, CastSpell) and game.card(o.card).name == "Test Grace"]
    assert {(o.cost, o.modes) for o in options} == {("", (0,)), ("", (1,))}  # both modes can't be paid for
