"""Ripple (CR 702.60): reveal the top N cards when the spell is cast, cast those with its name for free."""

from __future__ import annotations

from board import build, names

from components.casting_keywords import Ripple
from components.characteristics import CardType
from components.objects import Zone
from content.oracle import compile_text
from content.oracle.render import render_line
from ecs.actions import CastSpell, Choose, DecisionKind, PassPriority

SURGE = {"name": "Test Surge", "manaCost": "{1}{B}", "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
         "supertypes": [], "text": "Ripple 4 (When you cast this spell, you may reveal the top four cards of your "
                                   "library. You may cast spells with the same name as this spell from among those "
                                   "cards without paying their mana costs. Put the rest on the bottom of your "
                                   "library.)\nTarget player loses 1 life."}


def _game(library):
    players = [{"name": "alice", "hand": ["Test Surge"], "battlefield": ["Swamp", "Swamp"], "library": list(library)},
               {"name": "bob", "battlefield": [], "library": ["Island"] * 5}]
    return build(players, cards=[SURGE]).game


def _cast_at_bob(game):
    bob = game.players[1]
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.targets == (bob,)))


def _until(game, kind):
    for _ in range(10):
        if game.pending.kind == kind:
            return
        game.apply(PassPriority())
    raise AssertionError(f"no {kind} decision")


def test_reader_and_renderer():
    (a,) = [x for x in compile_text("Test Surge", SURGE["text"], CardType.SORCERY)[0] if isinstance(x, Ripple)]
    assert render_line([a]) == "Ripple 4" and a.amount == 4


def test_702_60a_revealed_cards_with_the_same_name_may_be_cast_free_and_the_rest_go_to_the_bottom():
    game = _game(["Test Surge", "Island", "Plains", "Test Surge", "Forest", "Mountain"])
    _cast_at_bob(game)
    _until(game, DecisionKind.MAY)
    game.apply(Choose(True))  # reveal the top four
    bob = game.players[1]
    for _ in range(2):  # each revealed Test Surge may be cast, without paying its mana cost
        assert game.pending.kind == DecisionKind.CAST
        game.apply(next(o for o in game.pending.options if isinstance(o, CastSpell) and o.targets == (bob,)))
    assert game.pending.kind == DecisionKind.PICK_CARD  # the order of Island and Plains on the bottom (401.4)
    game.apply(next(o for o in game.pending.options if game.card(o.card).name == "Plains"))
    assert names(game, 0, Zone.LIBRARY) == ["Forest", "Mountain", "Plains", "Island"]
    assert [game.card(e).name for e in game.stack].count("Test Surge") == 3
    # The copies cast this way are cast spells: their own ripple triggers; decline them.
    for _ in range(30):
        if not game.stack and not game.waiting_triggers:
            break
        if game.pending.kind == DecisionKind.MAY:
            game.apply(Choose(False))
        elif game.pending.kind != DecisionKind.PRIORITY:
            game.apply(game.pending.options[0])  # the order of the two ripple triggers (603.3b)
        else:
            game.apply(PassPriority())
    assert game.player_states[1].life == 17
    assert names(game, 0, Zone.GRAVEYARD) == ["Test Surge"] * 3


def test_702_60a_revealing_is_optional():
    game = _game(["Test Surge", "Island"])
    _cast_at_bob(game)
    _until(game, DecisionKind.MAY)
    game.apply(Choose(False))
    assert names(game, 0, Zone.LIBRARY) == ["Test Surge", "Island"]
