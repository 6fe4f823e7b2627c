"""Choices made as a land enters (CR 614.12, 614.1c, 607.2d, 119.4): shocklands and "choose a color" lands.
A land is played as a special action, so each choice is its own PlayLand option; a land put onto the
battlefield by an effect isn't asked (the documented limit of systems/as_enters.py)."""

from __future__ import annotations

from typing import Any

import pytest

from components.abilities import CHOSEN_COLOR, AsEntersChooseColor, AsEntersPayLife, ManaAbility
from components.characteristics import CardType
from content.oracle import compile_lines
from content.oracle.render import render_line
from content.oracle.report import roundtrip_normal
from ecs.actions import PlayLand
from ecs.scenario import Scenario
from systems.mana import mana_sources


@pytest.mark.parametrize(("text", "kind"), [
    ("As this land enters, you may pay 2 life. If you don't, it enters tapped.", AsEntersPayLife),
    ("As this land enters, choose a color.", AsEntersChooseColor),
    ("This land enters tapped. As it enters, choose a color.", AsEntersChooseColor),
    ("{T}: Add one mana of the chosen color.", ManaAbility),
])
def test_614_12_templates_compile_and_render_back(text, kind):
    (result,) = compile_lines("Test Land", text, CardType.LAND)
    assert result.ok, result.error
    (ability,) = result.abilities
    assert isinstance(ability, kind)
    if isinstance(ability, ManaAbility):
        assert ability.produces == (CHOSEN_COLOR,)
    assert roundtrip_normal(render_line(result.abilities)) == roundtrip_normal(result.text)


def test_a_permanent_spell_pays_no_life_and_enters_tapped_only_as_a_land():
    # A permanent spell's color choice is asked as it resolves (tests/oracle/test_choices.py); the life payment
    # and "~ enters tapped. As it enters, choose a color." are read for lands only.
    (result,) = compile_lines("Test Idol", "As this artifact enters, choose a color.", CardType.ARTIFACT)
    assert result.ok
    (result,) = compile_lines("Test Idol", "This artifact enters tapped. As it enters, choose a color.",
                              CardType.ARTIFACT)
    assert not result.ok or not isinstance(result.abilities[0], AsEntersChooseColor)


SHOCK = {"name": "Test Grave", "type": "Land — Island Swamp",
         "text": "As this land enters, you may pay 2 life. If you don't, it enters tapped."}
VALE = {"name": "Test Vale", "type": "Land",
        "text": "As this land enters, choose a color.\n{T}: Add one mana of the chosen color."}
GROWTH = {"name": "Test Growth", "manaCost": "{G}", "type": "Sorcery",
          "text": "Search your library for a land card, put it onto the battlefield, then shuffle."}


def _scenario(alice: dict[str, Any]) -> Scenario:
    sc = Scenario({"name": "t", "cards": [SHOCK, VALE, GROWTH],
                   "players": [{"name": "alice", **alice}, {"name": "bob"}]}, "test")
    sc.run()
    return sc


@pytest.mark.parametrize(("life", "choices"), [(20, {"pay", "tapped"}), (2, {"pay", "tapped"}), (1, {"tapped"})])
def test_119_4_paying_life_is_offered_only_with_enough_life(life, choices):
    sc = _scenario({"hand": ["Test Grave"], "life": life})
    assert {o.choice for o in sc.game.whole_actions() if isinstance(o, PlayLand)} == choices


def test_607_2d_one_option_per_color_and_the_land_makes_that_color():
    sc = _scenario({"hand": ["Test Vale"]})
    game = sc.game
    plays = [o for o in game.whole_actions() if isinstance(o, PlayLand)]
    assert sorted(o.choice for o in plays) == sorted("WUBRG")
    game.apply(next(o for o in plays if o.choice == "G"))
    assert [mask for mask, _ in mana_sources(game, 0)] == [16]


def test_a_land_an_effect_puts_onto_the_battlefield_is_not_asked():
    # Documented limit: not asked, a shockland counts as not paid (it enters tapped).
    sc = _scenario({"hand": ["Test Growth"], "library": ["Test Grave"], "battlefield": ["Forest"]})
    game = sc.game
    from ecs.actions import CastSpell, PassPriority

    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell)))
    game.apply(PassPriority())
    game.apply(PassPriority())
    while game.pending.kind.value == "search":
        game.apply(game.whole_actions()[0])
    (grave,) = [e for e in game.table.entity[: game.table.n].tolist() if game.name(e) == "Test Grave"]
    assert game.table.get(grave, "tapped") and game.player_states[0].life == 20
