"""Bargain (CR 702.166): sacrifice an artifact, enchantment or token as you cast the spell; it was bargained."""

from __future__ import annotations

from board import build, names, resolve_stack

from components.characteristics import CardType
from components.objects import Zone
from content.oracle import compile_lines
from content.oracle.render import render_line
from ecs.actions import CastSpell

BARGAINER = {"name": "Test Bargainer", "manaCost": "{B}", "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
             "supertypes": [], "text": "Bargain (You may sacrifice an artifact, enchantment, or token as you cast "
                                       "this spell.)\nTarget player loses 2 life. If this spell was bargained, you "
                                       "gain 2 life."}
TROLL = {"name": "Test Troll", "manaCost": "{B}", "type": "Creature — Troll", "types": ["Creature"],
         "subtypes": ["Troll"], "supertypes": [], "power": "2", "toughness": "2",
         "text": "Bargain\nWhen this creature enters, if it was bargained, draw a card."}
RELIC = {"name": "Test Relic", "manaCost": "{1}", "type": "Artifact", "types": ["Artifact"], "subtypes": [],
         "supertypes": [], "text": ""}
CARDS = [BARGAINER, TROLL, RELIC]


def _game(hand):
    players = [{"name": "alice", "hand": list(hand), "battlefield": ["Swamp", "Test Relic", "Grizzly Bears"],
                "library": ["Swamp"] * 5}, {"name": "bob", "battlefield": [], "library": ["Swamp"] * 5}]
    return build(players, cards=CARDS).game


def test_readers_and_renderers():
    for card, kind in ((BARGAINER, CardType.SORCERY), (TROLL, CardType.CREATURE)):
        for line in compile_lines(card["name"], card["text"], kind):
            assert line.ok and render_line(line.abilities) == line.text.split(" (")[0]


def test_702_166a_bargained_by_sacrificing_an_artifact_and_702_166b_its_conditions():
    game = _game(["Test Bargainer"])
    bob = game.players[1]
    options = [o for o in game.whole_actions() if isinstance(o, CastSpell) and o.targets == (bob,)]
    assert {(o.cost, tuple(game.card(s).name for s in o.sacrifice)) for o in options} == {
        ("", ()), ("bargain", ("Test Relic",))}  # not the Bears: not an artifact, enchantment or token
    game.apply(next(o for o in options if o.cost == "bargain"))
    resolve_stack(game)
    assert "Test Relic" in names(game, 0, Zone.GRAVEYARD)
    assert game.player_states[1].life == 18 and game.player_states[0].life == 22
    for cost, hand in (("bargain", 1), ("", 0)):
        game = _game(["Test Troll"])
        game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.cost == cost))
        resolve_stack(game)
        assert len(game.zones[0][Zone.HAND]) == hand  # "if it was bargained, draw a card"
