"""'As ~ enters, choose a creature type.' (CR 614.12, 205.3m) and the static abilities linked to it
("creatures [you control] of the chosen type", 607.2d): the type is asked as the permanent spell resolves
(systems/resolution.ask); a permanent that entered without the choice (not cast) affects no type."""

from __future__ import annotations

import pytest

from components.abilities import CHOSEN_TYPE, AsEntersChooseType, StaticEffect
from components.characteristics import CardType
from content.oracle import compile_lines
from content.oracle.render import render_line
from content.oracle.report import roundtrip_normal
from ecs.actions import CastSpell, ChooseType, DecisionKind, PassPriority
from ecs.scenario import Scenario
from systems.layers_reference import bulk_characteristics, reference_characteristics


@pytest.mark.parametrize("text", [
    "As this enchantment enters, choose a creature type.",
    "Creatures you control of the chosen type get +2/+2.",
    "All creatures of the chosen type get -1/-1.",
    "Creatures you control of the chosen type get +1/+1 and have trample.",
])
def test_607_2d_templates_compile_and_render_back(text):
    (result,) = compile_lines("Test Card", text, CardType.ENCHANTMENT)
    assert result.ok, result.error
    (ability,) = result.abilities
    assert isinstance(ability, AsEntersChooseType) or (
        isinstance(ability, StaticEffect) and ability.affected.subtypes_any == (CHOSEN_TYPE,))
    assert roundtrip_normal(render_line(result.abilities)) == roundtrip_normal(result.text)


PLAGUE = {"name": "Test Plague", "manaCost": "{B}", "type": "Enchantment",
          "text": "As this enchantment enters, choose a creature type.\nAll creatures of the chosen type get -1/-1."}
BEAR = {"name": "Test Bear", "manaCost": "{1}{G}", "type": "Creature — Bear", "power": "2", "toughness": "2",
        "text": ""}
ELF = {"name": "Test Elf", "manaCost": "{G}", "type": "Creature — Elf", "power": "1", "toughness": "1", "text": ""}


def test_614_12_the_type_is_asked_as_it_resolves_and_the_layer_paths_agree():
    sc = Scenario({"name": "t", "cards": [PLAGUE, BEAR, ELF], "players": [
        {"name": "alice", "hand": ["Test Plague"], "battlefield": ["Swamp", {"card": "Test Bear", "id": "b"}]},
        {"name": "bob", "battlefield": [{"card": "Test Bear", "id": "b2"}, {"card": "Test Elf", "id": "e"}]}]},
        "test")
    sc.run()
    game = sc.game
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell)))
    game.apply(PassPriority())
    game.apply(PassPriority())
    assert game.pending.kind == DecisionKind.CHOOSE_TYPE
    assert ChooseType("Elf") in game.whole_actions() and ChooseType("Bear") in game.whole_actions()
    game.apply(ChooseType("Bear"))
    bulk, ref = bulk_characteristics(game), reference_characteristics(game)
    assert bulk == ref
    assert (bulk[sc.ids["b"]][5], bulk[sc.ids["b"]][6]) == (1, 1)  # every Bear, whoever controls it
    assert (bulk[sc.ids["b2"]][5], bulk[sc.ids["b2"]][6]) == (1, 1)
    assert (bulk[sc.ids["e"]][5], bulk[sc.ids["e"]][6]) == (1, 1)  # the Elf is unchanged


def test_a_permanent_that_entered_without_the_choice_affects_no_type():
    sc = Scenario({"name": "t", "cards": [PLAGUE, BEAR], "players": [
        {"name": "alice", "battlefield": ["Test Plague", {"card": "Test Bear", "id": "b"}]}, {"name": "bob"}]},
        "test")
    sc.run()
    game = sc.game
    game.refresh_layers()
    assert (int(game.table.get(sc.ids["b"], "power")), int(game.table.get(sc.ids["b"], "toughness"))) == (2, 2)
