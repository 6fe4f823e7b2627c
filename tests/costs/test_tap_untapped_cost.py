"""'Tap an untapped Ally you control' / 'Tap two untapped creatures you control' as a cost (CR 602.2b, 118.3):
the permanents are chosen as the ability is activated, each choice its own option (ActivateAbility.tapped);
summoning sickness doesn't matter (302.6 restricts a creature's own {T} abilities only)."""

from __future__ import annotations

import pytest

from components.characteristics import CardType
from content.oracle import compile_lines
from content.oracle.render import render_line
from content.oracle.report import roundtrip_normal
from ecs.actions import ActivateAbility
from ecs.scenario import Scenario


@pytest.mark.parametrize("text", [
    "{T}, Tap an untapped Ally you control: Target opponent loses 2 life.",
    "Tap two untapped creatures you control: Add one mana of any color.",
    "Tap an untapped Gate you control: This creature deals 1 damage to each opponent.",
    "{U}, Tap an untapped blue creature you control, Remove a polyp counter from this creature: Put a +1/+1 "
    "counter on target creature.",
])
def test_602_2b_templates_compile_and_render_back(text):
    (result,) = compile_lines("Test Card", text, CardType.CREATURE)
    assert result.ok, result.error
    assert roundtrip_normal(render_line(result.abilities)) == roundtrip_normal(result.text)


def test_tapped_or_attacking_variants_stay_unsupported():
    (result,) = compile_lines("Test Card", "Tap an untapped attacking creature you control: Draw a card.",
                              CardType.CREATURE)
    assert not result.ok


PARENTS = {"name": "Test Parents", "manaCost": "{2}{G}", "type": "Creature — Human Citizen", "power": "3",
           "toughness": "3", "text": "Tap two untapped creatures you control: Add one mana of any color."}
BEAR = {"name": "Test Bear", "manaCost": "{1}{G}", "type": "Creature — Bear", "power": "2", "toughness": "2",
        "text": ""}


def test_118_3_one_option_per_set_of_permanents_and_color():
    sc = Scenario({"name": "t", "cards": [PARENTS, BEAR], "players": [
        {"name": "alice", "battlefield": [{"card": "Test Parents", "id": "p", "sick": True},
                                          {"card": "Test Bear", "id": "a"}, {"card": "Test Bear", "id": "b",
                                                                            "tapped": True}]},
        {"name": "bob"}]}, "test")
    sc.run()
    game = sc.game
    options = [o for o in game.whole_actions() if isinstance(o, ActivateAbility)]
    # only p and a are untapped: one set, five colors; the sick Parents may tap itself for this cost
    assert {o.tapped for o in options} == {tuple(sorted((sc.ids["p"], sc.ids["a"])))}
    assert sorted(o.mana for o in options) == sorted("WUBRG")
    game.apply(next(o for o in options if o.mana == "U"))
    assert game.player_states[0].mana_pool == [0, 1, 0, 0, 0, 0]
    assert game.table.get(sc.ids["p"], "tapped") and game.table.get(sc.ids["a"], "tapped")
