"""Cleave (CR 702.148): cast for the cleave cost, the words in square brackets are removed."""

from __future__ import annotations

from board import build, resolve_stack, untapped

from components.casting_keywords import Cleave
from content.card_pool import card_from_json
from content.oracle import UnsupportedCardError
from content.oracle.render import render_line
from ecs.actions import CastSpell

RETRIBUTION = {"name": "Test Retribution", "manaCost": "{1}{W}", "type": "Instant", "types": ["Instant"],
               "subtypes": [], "supertypes": [],
               "text": "Cleave {3}{W} (You may cast this spell for its cleave cost. If you do, remove the words in "
                       "square brackets.)\nDestroy target [attacking] creature."}


def test_702_148a_the_loader_compiles_the_cleaved_text_and_refuses_a_card_without_brackets():
    card = card_from_json(RETRIBUTION)
    (a,) = [x for x in card.abilities if isinstance(x, Cleave)]
    assert render_line([a]) == "Cleave {3}{W}" and a.spell is not None
    assert a.spell.targets[0].filter is None or not a.spell.targets[0].filter.combat  # no longer "attacking"
    try:
        card_from_json(dict(RETRIBUTION, text="Cleave {3}{W}\nDestroy target creature."))
    except UnsupportedCardError:
        pass
    else:
        raise AssertionError("cleave without bracketed words was accepted")


def test_702_148a_cleaved_it_can_target_a_creature_that_isnt_attacking():
    players = [{"name": "alice", "hand": ["Test Retribution"], "battlefield": ["Plains"] * 4,
                "library": ["Plains"] * 5},
               {"name": "bob", "battlefield": ["Grizzly Bears"], "library": ["Plains"] * 5}]
    game = build(players, cards=[RETRIBUTION]).game
    (bears,) = [e for e in game.battlefield() if game.card(e).name == "Grizzly Bears"]
    options = [o for o in game.whole_actions() if isinstance(o, CastSpell) and game.card(o.card).name
               == "Test Retribution"]
    assert {o.cost for o in options} == {"cleave"}  # the bears aren't attacking: only the cleaved spell targets them
    game.apply(next(o for o in options if o.targets == (bears,)))
    assert untapped(game, 0) == 0
    resolve_stack(game)
    assert not [e for e in game.battlefield() if game.card(e).name == "Grizzly Bears"]
