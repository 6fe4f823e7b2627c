"""Prototype (CR 702.160, 718): cast with the alternative mana cost, power and toughness."""

from __future__ import annotations

from board import build, resolve_stack, untapped

from components.casting_keywords import Prototype
from components.characteristics import CardType, Color
from components.objects import Zone
from content.oracle import compile_text
from content.oracle.render import render_line
from ecs.actions import CastSpell
from systems.zones import move

COLOSSUS = {"name": "Test Colossus", "manaCost": "{7}", "type": "Artifact Creature — Golem",
            "types": ["Artifact", "Creature"], "subtypes": ["Golem"], "supertypes": [], "power": "7",
            "toughness": "7", "text": "Prototype {1}{U} — 2/2 (You may cast this spell with different mana cost, "
                                      "color, and size. It keeps its abilities and types.)\nFlying"}


def _game(lands=2):
    players = [{"name": "alice", "hand": ["Test Colossus"], "battlefield": ["Island"] * lands,
                "library": ["Island"] * 5},
               {"name": "bob", "battlefield": [], "library": ["Island"] * 5}]
    return build(players, cards=[COLOSSUS]).game


def test_reader_and_renderer():
    (a,) = [x for x in compile_text("Test Colossus", COLOSSUS["text"], CardType.CREATURE)[0]
            if isinstance(x, Prototype)]
    assert render_line([a]) == "Prototype {1}{U} — 2/2"


def test_718_3b_prototyped_spell_and_permanent_have_the_alternative_cost_size_and_its_color():
    game = _game()
    options = [o for o in game.whole_actions() if isinstance(o, CastSpell) and game.card(o.card).name
               == "Test Colossus"]
    assert [o.cost for o in options] == ["prototype"]  # {7} can't be paid with two lands
    game.apply(options[0])
    assert untapped(game, 0) == 0
    (spell,) = game.stack
    assert game.card(spell).mana_cost.mana_value() == 2 and game.card(spell).colors == Color.U
    resolve_stack(game)
    (colossus,) = [e for e in game.battlefield() if game.card(e).name == "Test Colossus"]
    game.refresh_layers()
    assert (int(game.table.get(colossus, "power")), int(game.table.get(colossus, "toughness"))) == (2, 2)
    assert int(game.table.get(colossus, "colors")) == int(Color.U)
    # 718.4: in any other zone it has only its normal characteristics.
    card = move(game, colossus, Zone.HAND)
    assert game.card(card).power.base == 7 and game.card(card).mana_cost.mana_value() == 7


def test_718_3_cast_normally_it_is_the_card():
    game = _game(lands=7)
    option = next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.cost == "")
    game.apply(option)
    resolve_stack(game)
    (colossus,) = [e for e in game.battlefield() if game.card(e).name == "Test Colossus"]
    game.refresh_layers()
    assert int(game.table.get(colossus, "power")) == 7 and int(game.table.get(colossus, "colors")) == 0
