"""Madness (CR 702.35): a discarded card is exiled instead, and may be cast for its madness cost."""

from __future__ import annotations

from board import build, names, untapped

from components.casting_keywords import Madness
from components.characteristics import CardType
from components.objects import Zone
from content.oracle import compile_text
from content.oracle.render import render_line
from ecs.actions import CastSpell, Choose, DecisionKind, PassPriority

MAD = {"name": "Test Mad Bolt", "manaCost": "{3}{R}", "type": "Instant", "types": ["Instant"], "subtypes": [],
       "supertypes": [], "text": "Test Mad Bolt deals 3 damage to any target.\nMadness {R} (If you discard this card, "
                                "discard it into exile. When you do, cast it for its madness cost or put it into "
                                "your graveyard.)"}
LOOT = {"name": "Test Loot", "manaCost": "{R}", "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
        "supertypes": [], "text": "As an additional cost to cast this spell, discard a card.\nDraw two cards."}


def _game(lands=2):
    players = [{"name": "alice", "hand": ["Test Loot", "Test Mad Bolt"], "battlefield": ["Mountain"] * lands,
                "library": ["Island"] * 5},
               {"name": "bob", "battlefield": [], "library": ["Island"] * 5}]
    return build(players, cards=[MAD, LOOT]).game


def _discard_mad(game):
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and game.card(o.card).name
                    == "Test Loot"))
    assert names(game, 0, Zone.EXILE) == ["Test Mad Bolt"]  # exiled instead of put into the graveyard
    for _ in range(10):
        if game.pending.kind == DecisionKind.CAST:
            return
        game.apply(PassPriority())
    raise AssertionError("no madness cast was offered")


def test_reader_and_renderer():
    (a,) = [x for x in compile_text("Test Mad Bolt", MAD["text"], CardType.INSTANT)[0] if isinstance(x, Madness)]
    assert render_line([a]) == "Madness {R}" and str(a.cost) == "{R}"


def test_702_35a_discarded_it_is_exiled_and_its_owner_may_cast_it_for_the_madness_cost():
    game = _game()
    _discard_mad(game)
    # The madness trigger resolves before Test Loot (it went on the stack above it).
    assert [game.card(e).name for e in game.stack] == ["Test Loot"]
    bob = game.players[1]
    option = next(o for o in game.pending.options if isinstance(o, CastSpell) and o.targets == (bob,))
    assert option.cost == "madness"
    game.apply(option)
    assert untapped(game, 0) == 0  # {R} rather than {3}{R}
    for _ in range(10):
        if not game.stack:
            break
        game.apply(PassPriority())
    assert game.player_states[1].life == 17
    assert sorted(names(game, 0, Zone.GRAVEYARD)) == ["Test Loot", "Test Mad Bolt"]


def test_702_35a_if_its_owner_doesnt_cast_it_it_goes_to_the_graveyard():
    game = _game()
    _discard_mad(game)
    game.apply(Choose(False))
    assert names(game, 0, Zone.GRAVEYARD) == ["Test Mad Bolt"] and names(game, 0, Zone.EXILE) == []


def test_702_35a_the_madness_cost_must_be_payable():
    game = _game(lands=1)  # the only Mountain pays for Test Loot: no cast is possible, so none is asked
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and game.card(o.card).name
                    == "Test Loot"))
    for _ in range(10):
        assert game.pending.kind != DecisionKind.CAST
        if not game.stack and not game.waiting_triggers:
            break
        game.apply(PassPriority())
    assert sorted(names(game, 0, Zone.GRAVEYARD)) == ["Test Loot", "Test Mad Bolt"]
