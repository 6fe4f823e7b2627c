"""'{1}, {T}: Add one mana of any color.' (CR 605.1a, 605.3a, 106.1a): an activated mana ability with a cost.
It resolves as soon as it is activated, so the color is part of the activation option; a spell that adds
"one mana of any one color" asks its controller as it resolves."""

from __future__ import annotations

from typing import Any

import pytest

from components.characteristics import CardType
from content.oracle import compile_lines
from content.oracle.render import render_line
from content.oracle.report import roundtrip_normal
from ecs.actions import ActivateAbility, CastSpell, ChooseColor, DecisionKind, PassPriority
from ecs.scenario import Scenario


@pytest.mark.parametrize("text", [
    "{1}, {T}: Add one mana of any color.",
    "{2}, {T}, Sacrifice this artifact: Add one mana of any color.",
    "{1}: Add one mana of any color.",
    "{1}, {T}, Sacrifice this artifact: Add one mana of any color. Draw a card.",
    "{1}: Add one mana of any color. Activate only once each turn.",
])
def test_605_1a_templates_compile_and_render_back(text):
    (result,) = compile_lines("Test Card", text, CardType.ARTIFACT)
    assert result.ok, result.error
    assert roundtrip_normal(render_line(result.abilities)) == roundtrip_normal(result.text)


LENS = {"name": "Test Lens", "manaCost": "{2}", "type": "Artifact", "text": "{1}, {T}: Add one mana of any color."}
RITUAL = {"name": "Test Ritual", "manaCost": "{0}", "type": "Instant", "text": "Add one mana of any one color."}


def _game(alice: dict[str, Any]):
    sc = Scenario({"name": "t", "cards": [LENS, RITUAL], "players": [{"name": "alice", **alice}, {"name": "bob"}]},
                  "test")
    sc.run()
    return sc.game


def test_605_3a_one_activation_option_per_color_and_that_color_is_added():
    game = _game({"battlefield": ["Island", "Test Lens"]})
    options = [o for o in game.whole_actions() if isinstance(o, ActivateAbility)]
    assert sorted(o.mana for o in options) == sorted("WUBRG")
    game.apply(next(o for o in options if o.mana == "B"))
    assert game.stack == [] and game.player_states[0].mana_pool == [0, 0, 1, 0, 0, 0]


def test_605_3a_the_cost_must_be_payable_by_other_sources():
    game = _game({"battlefield": ["Test Lens"]})  # {1} can't be paid: the lens taps for its own cost
    assert not [o for o in game.whole_actions() if isinstance(o, ActivateAbility)]


@pytest.mark.parametrize("color", ["W", "R"])
def test_106_1a_a_spell_adding_any_one_color_asks_the_player(color):
    game = _game({"hand": ["Test Ritual"]})
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell)))
    game.apply(PassPriority())
    game.apply(PassPriority())
    assert game.pending.kind == DecisionKind.CHOOSE_COLOR
    assert sorted(o.color for o in game.whole_actions()) == sorted("WUBRG")
    game.apply(ChooseColor(color))
    assert game.player_states[0].mana_pool["WUBRG".index(color)] == 1
