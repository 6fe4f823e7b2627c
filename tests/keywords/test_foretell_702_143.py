"""Foretell (CR 702.143): pay {2} and exile the card face down during your turn; cast it later for its foretell
cost."""

from __future__ import annotations

from board import build, names, untapped

from components.abilities import Conditional, SpellAbility
from components.characteristics import CardType
from components.objects import Step, Zone
from content.oracle import compile_text
from content.oracle.render import render_line
from ecs.actions import CastSpell, DecisionKind, FinishAttackers, FinishBlockers, PassPriority, SpecialAction

CUP = {"name": "Test Cup", "manaCost": "{3}{B}{B}", "type": "Instant", "types": ["Instant"], "subtypes": [],
       "supertypes": [], "text": "Target player loses 1 life. If this spell was foretold, you gain 3 life.\n"
                                 "Foretell {B} (During your turn, you may pay {2} and exile this card from your hand "
                                 "face down. Cast it on a later turn for its foretell cost.)"}


def _game(turn=None):
    players = [{"name": "alice", "hand": ["Test Cup"], "battlefield": ["Swamp"] * 3, "library": ["Swamp"] * 10},
               {"name": "bob", "battlefield": ["Swamp"], "library": ["Swamp"] * 10}]
    return build(players, cards=[CUP], turn=turn).game


def _foretells(game):
    return [o for o in game.whole_actions() if isinstance(o, SpecialAction) and o.kind == "foretell"]


def _advance(game, done, limit=200):
    for _ in range(limit):
        if done(game):
            return
        p = game.pending
        if p.kind == DecisionKind.ATTACKERS:
            game.apply(FinishAttackers())
        elif p.kind == DecisionKind.BLOCKERS:
            game.apply(FinishBlockers())
        else:
            game.apply(PassPriority())
    raise AssertionError("never got there")


def test_reader_and_renderer_with_the_foretold_condition():
    abilities = compile_text("Test Cup", CUP["text"], CardType.INSTANT)[0]
    spell = next(a for a in abilities if isinstance(a, SpellAbility))
    assert isinstance(spell.effects[-1], Conditional) and spell.effects[-1].condition.kind == "foretold"
    assert render_line([spell]) == "Target player loses 1 life. If ~ was foretold, you gain 3 life."
    assert render_line([abilities[1]]) == "Foretell {B}"


def test_702_143a_foretold_face_down_for_2_then_cast_on_a_later_turn_for_the_foretell_cost():
    game = _game(turn={"step": "upkeep"})
    (action,) = _foretells(game)  # any time during your turn
    game.apply(action)
    assert untapped(game, 0) == 1 and names(game, 0, Zone.EXILE) == ["Test Cup"] and not game.stack
    assert game.log[-1] == "alice foretells a card"  # face down: not named to the other players
    assert game.observation(1)["players"][0]["exile"] == ["a face-down card"]
    assert game.observation(0)["players"][0]["exile"] == ["Test Cup"]  # its owner may look at it
    bob = game.players[1]
    assert not [o for o in game.whole_actions() if isinstance(o, CastSpell)]  # not the turn it was foretold
    # Bob's turn: the instant may be cast for {B}.
    _advance(game, lambda g: g.turn == 2 and g.step == Step.UPKEEP and g.pending.player == 0)
    option = next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.cost == "foretell"
                  and o.targets == (bob,))
    game.apply(option)
    assert untapped(game, 0) == 0  # {B}: the one Swamp left untapped since foretelling
    _advance(game, lambda g: not g.stack)
    assert game.player_states[1].life == 19 and game.player_states[0].life == 23  # it was foretold
    assert names(game, 0, Zone.GRAVEYARD) == ["Test Cup"]


def test_702_143a_only_during_your_turn_and_702_143c_not_foretold_when_cast_from_hand():
    game = _game(turn={"active": "bob", "step": "upkeep"})
    game.apply(PassPriority())
    assert game.pending.player == 0 and _foretells(game) == []
    players = [{"name": "alice", "hand": ["Test Cup"], "battlefield": ["Swamp"] * 5, "library": ["Swamp"] * 5},
               {"name": "bob", "battlefield": [], "library": ["Swamp"] * 5}]
    game = build(players, cards=[CUP]).game
    bob = game.players[1]
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.cost == ""
                    and o.targets == (bob,)))
    _advance(game, lambda g: not g.stack)
    assert game.player_states[1].life == 19 and game.player_states[0].life == 20
