"""Designations live on the object (components/designations.py), so a zone change drops them by construction
(CR 400.7: an object that moves to another zone becomes a new object with no memory of its previous existence)."""

from __future__ import annotations

import dataclasses

import pytest
from board import build, names

import components.designations as designations
from components.objects import Zone
from ecs.actions import CastSpell, DecisionKind, FinishAttackers, FinishBlockers, PassPriority, SpecialAction
from systems.zones import move

# Designations of permanents (on the battlefield) and of cards in exile (foretold, plotted, encoded).
_IN_EXILE = {designations.Foretold, designations.Plotted, designations.Encoded, designations.Suspended}
_ALL = sorted((c for c in vars(designations).values() if isinstance(c, type) and dataclasses.is_dataclass(c)
               and c.__module__ == designations.__name__), key=lambda c: c.__name__)
_RULES = {"Renowned": "702.112b", "Monstrous": "701.31b", "Saddled": "702.171b", "RiotChoices": "702.136a",
          "TributePaid": "702.104b", "ClassLevel": "716.2b", "Paired": "702.95b", "Unearthed": "702.84a", "Blitzed": "702.152a", "Manifested": "701.34a",
          "Foretold": "702.143a", "Plotted": "702.170a", "Encoded": "702.99c", "Suspended": "702.62b"}


def _instance(cls: type) -> object:
    values = {f.name: (1 if f.type in ("int", int) else (True,)) for f in dataclasses.fields(cls)}
    if cls is designations.TributePaid:
        values = {"paid": True}
    return cls(**values)


def test_every_designation_names_its_rule() -> None:
    assert {c.__name__ for c in _ALL} == set(_RULES)


@pytest.mark.parametrize("cls", _ALL, ids=lambda c: f"400_7_{_RULES[c.__name__].replace('.', '_')}_{c.__name__}")
def test_400_7_a_zone_change_drops_the_designation(cls: type) -> None:
    """Whatever the designation (its rule in the test id), the object that moved is a new one without it."""
    zone = Zone.EXILE if cls in _IN_EXILE else Zone.BATTLEFIELD
    key = "exile" if zone == Zone.EXILE else "battlefield"
    players = [{"name": "alice", key: ["Grizzly Bears"], "library": ["Forest"] * 5},
               {"name": "bob", "library": ["Forest"] * 5}]
    game = build(players).game
    (bear,) = game.zones[0][Zone.EXILE] if zone == Zone.EXILE else game.battlefield()
    game.world.add(bear, _instance(cls))
    assert game.world.holders(cls) == {bear}
    new = move(game, bear, Zone.HAND)
    assert not game.world.has(new, cls) and not game.world.holders(cls)
    back = move(game, new, zone)  # back where it was: still a new object (400.7)
    assert not game.world.has(back, cls) and not game.world.holders(cls)


CUP = {"name": "Test Cup", "manaCost": "{3}{B}{B}", "type": "Instant", "types": ["Instant"], "subtypes": [],
       "supertypes": [], "text": "Target player loses 1 life.\nForetell {B}"}
PLOTTER = {"name": "Test Plotter", "manaCost": "{3}{U}", "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
           "supertypes": [], "text": "Draw two cards.\nPlot {1}{U}"}


def _advance(game, done, limit=300):
    for _ in range(limit):
        if done(game):
            return
        kind = game.pending.kind
        game.apply(FinishAttackers() if kind == DecisionKind.ATTACKERS else
                   FinishBlockers() if kind == DecisionKind.BLOCKERS else PassPriority())
    raise AssertionError("never got there")


@pytest.mark.parametrize("keyword,card,lands", [("foretell", CUP, ["Swamp"] * 3), ("plot", PLOTTER, ["Island"] * 3)],
                         ids=["702_143a_foretold", "702_170a_plotted"])
def test_400_7_a_card_that_left_exile_and_came_back_is_neither_foretold_nor_plotted(keyword, card, lands) -> None:
    """702.143a / 702.170d: only the card exiled by foretell or plot may be cast on a later turn that way; put
    into a hand and exiled again, it is a new object (400.7) and can't."""
    players = [{"name": "alice", "hand": [card["name"]], "battlefield": lands, "library": ["Swamp"] * 10},
               {"name": "bob", "battlefield": ["Swamp"], "library": ["Swamp"] * 10}]
    game = build(players, cards=[card]).game
    (action,) = [o for o in game.whole_actions() if isinstance(o, SpecialAction) and o.kind == keyword]
    game.apply(action)
    (exiled,) = game.zones[0][Zone.EXILE]
    again = move(game, move(game, exiled, Zone.HAND), Zone.EXILE)
    assert names(game, 0, Zone.EXILE) == [card["name"]] and again != exiled
    _advance(game, lambda g: g.turn == 3 and g.pending.player == 0 and g.pending.kind == DecisionKind.PRIORITY
             and g.step.name == "PRECOMBAT_MAIN")
    assert not [o for o in game.whole_actions() if isinstance(o, CastSpell) and o.cost == keyword]
