"""'{4}, {T}: Add four mana in any combination of colors.' (CR 106.1a, 605.1a): a mana ability whose controller
chooses each mana's color; with it, four lands' colorless-paying mana becomes four mana of any colors."""

from __future__ import annotations

from board import build, casts

from components.characteristics import CardType
from content.oracle import compile_lines
from content.oracle.render import render_line
from ecs.actions import ActivateAbility

BUILDING = {"name": "Test Building", "type": "Land", "types": ["Land"], "subtypes": [], "supertypes": [],
            "text": "{4}, {T}: Add four mana in any combination of colors."}
RAINBOW = {"name": "Test Rainbow", "manaCost": "{W}{U}{B}{R}", "type": "Sorcery", "types": ["Sorcery"],
           "subtypes": [], "supertypes": [], "text": "Draw a card."}
CARDS = [BUILDING, RAINBOW]


def _game(battlefield):
    players = [{"name": "alice", "battlefield": list(battlefield), "hand": ["Test Rainbow"], "library": ["Forest"] * 5},
               {"name": "bob", "library": ["Forest"] * 5}]
    return build(players, cards=CARDS).game


def test_readers_and_renderers_round_trip():
    (r,) = compile_lines("Test Building", BUILDING["text"], CardType.LAND)
    assert r.ok, r.error
    assert render_line(r.abilities) == BUILDING["text"]


def test_106_1a_four_mana_of_any_colors_pays_wubr():
    game = _game(["Test Building"] + ["Forest"] * 4)
    options = [o for o in game.whole_actions() if isinstance(o, ActivateAbility)]
    assert len(options) == 70  # each multiset of four colors (106.1a: the player chooses each mana's color)
    (wubr,) = [o for o in options if o.mana == "WUBR"]
    game.apply(wubr)  # a mana ability: it doesn't use the stack (605.3a)
    assert all(game.table.get(e, "tapped") for e in game.battlefield())  # the four Forests paid {4}
    assert casts(game, "Test Rainbow")


def test_106_1a_without_it_forests_cant_pay_wubr():
    assert not casts(_game(["Forest"] * 5), "Test Rainbow")


def test_605_1a_its_own_cost_must_be_paid_three_forests_arent_enough():
    game = _game(["Test Building"] + ["Forest"] * 3)
    assert not [o for o in game.whole_actions() if isinstance(o, ActivateAbility)]
