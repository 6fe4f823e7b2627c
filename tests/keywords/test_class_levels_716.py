"""Class cards (CR 716): level bars, level sections and "When this Class becomes level N"."""

from __future__ import annotations

from board import build, one, resolve_stack

from components.characteristics import CardType
from components.designations import ClassLevel
from components.objects import Zone
from content.oracle import compile_lines
from content.oracle.render import render_line
from ecs.actions import ActivateAbility

TALENT = {"name": "Test Talent", "manaCost": "{U}", "type": "Enchantment — Class", "types": ["Enchantment"],
          "subtypes": ["Class"], "supertypes": [], "layout": "class",
          "text": "(Gain the next level as a sorcery to add its ability.)\n"
                  "When this Class enters, you gain 1 life.\n"
                  "{U}: Level 2\n"
                  "When this Class becomes level 2, return target instant or sorcery card from your graveyard to your "
                  "hand.\n"
                  "{U}: Level 3\n"
                  "Creatures you control get +1/+0."}


def _game(graveyard=()):
    return build([{"name": "alice", "battlefield": ["Test Talent", "Island", "Island", "Grizzly Bears"],
                   "graveyard": list(graveyard), "library": ["Island"] * 3},
                  {"name": "bob", "library": ["Island"] * 3}], cards=[TALENT]).game


def _level_ups(game, talent):
    return [o for o in game.whole_actions() if isinstance(o, ActivateAbility) and o.source == talent]


def test_readers_and_renderers_round_trip():
    results = compile_lines("Test Talent", TALENT["text"], CardType.ENCHANTMENT)
    assert all(r.ok for r in results)
    assert [render_line(r.abilities).rstrip(".") for r in results] == [r.text.rstrip(".") for r in results]


def test_716_2a_level_bars_in_order_the_trigger_and_the_level_section():
    game = _game(graveyard=["Lightning Bolt"])
    talent = one(game, "Test Talent")
    bears = one(game, "Grizzly Bears")
    options = _level_ups(game, talent)
    assert len(options) == 1  # level 3 needs level 2 first (716.2a: "only if this Class is level N-1")
    game.apply(options[0])
    resolve_stack(game)  # the level becomes 2; "When this Class becomes level 2" triggers and resolves
    assert game.world.get(talent, ClassLevel).level == 2
    names = [game.card(c).name for c in game.zones[0][Zone.HAND]]
    assert names == ["Lightning Bolt"]
    game.refresh_layers()
    assert int(game.table.get(bears, "power")) == 2  # the level 3 section doesn't apply yet
    options = _level_ups(game, talent)
    assert len(options) == 1
    game.apply(options[0])
    resolve_stack(game)
    assert game.world.get(talent, ClassLevel).level == 3
    game.refresh_layers()
    assert int(game.table.get(bears, "power")) == 3  # "as long as this Class is level 3 or greater"
    assert _level_ups(game, talent) == []  # no level 4; level 2 again needs level 1
    assert [game.card(c).name for c in game.zones[0][Zone.HAND]] == ["Lightning Bolt"]  # no second trigger


def test_716_2a_gaining_a_level_only_as_a_sorcery():
    game = _game()
    talent = one(game, "Test Talent")
    bears = one(game, "Grizzly Bears")
    from board import attack

    attack(game, [bears])  # in combat: no sorcery-speed activation
    assert _level_ups(game, talent) == []


def test_608_2h_400_7_a_class_that_left_keeps_its_last_known_level_and_returns_at_level_1():
    from systems.mechanics.class_levels import level
    from systems.zones import move

    game = _game(graveyard=["Lightning Bolt"])
    talent = one(game, "Test Talent")
    game.apply(_level_ups(game, talent)[0])
    resolve_stack(game)
    assert level(game, talent) == 2
    card = move(game, talent, Zone.HAND)
    assert level(game, talent) == 2  # 608.2h: as it last existed on the battlefield
    back = move(game, card, Zone.BATTLEFIELD)
    assert level(game, back) == 1  # 400.7: a new object; 716.2d: without a level it is level 1
