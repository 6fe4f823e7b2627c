"""'As an additional cost to cast ~, sacrifice ...' (CR 601.2b, 601.2f-h, 118.8): the permanents are chosen
as the spell is cast (one enumerated option per choice, never picked by the engine) and sacrificed as its
costs are paid; a spell whose additional cost can't be paid isn't offered."""

from __future__ import annotations

from typing import Any

import pytest

from components.abilities import AdditionalSacrifice
from components.characteristics import CardType
from content.oracle import compile_lines
from content.oracle.render import render_line
from content.oracle.report import roundtrip_normal
from ecs.actions import CastSpell
from ecs.scenario import Scenario


@pytest.mark.parametrize(("text", "count"), [
    ("As an additional cost to cast this spell, sacrifice an artifact or creature.", 1),
    ("As an additional cost to cast this spell, sacrifice a creature.", 1),
    ("As an additional cost to cast this spell, sacrifice two creatures.", 2),
    ("As an additional cost to cast this spell, sacrifice a Goblin.", 1),
    ("As an additional cost to cast this spell, sacrifice a land.", 1),
    ("As an additional cost to cast this spell, sacrifice a creature or enchantment.", 1),
])
def test_601_2b_templates_compile_and_render_back(text, count):
    (result,) = compile_lines("Test Card", text, CardType.SORCERY)
    assert result.ok, result.error
    (ability,) = result.abilities
    assert isinstance(ability, AdditionalSacrifice) and ability.count == count
    assert roundtrip_normal(render_line(result.abilities)) == roundtrip_normal(result.text)


def test_unreadable_variants_stay_unsupported():
    for text in ("As an additional cost to cast this spell, sacrifice a creature or discard a card.",
                 "As an additional cost to cast this spell, sacrifice an untapped creature."):
        (result,) = compile_lines("Test Card", text, CardType.SORCERY)
        assert not result.ok


BEAR = {"name": "Test Bear", "manaCost": "{1}{G}", "type": "Creature — Bear", "power": "2", "toughness": "2",
        "text": ""}
ELK = {"name": "Test Elk", "manaCost": "{1}{G}", "type": "Creature — Elk", "power": "2", "toughness": "2",
       "text": ""}
BLOOD = {"name": "Test Blood", "manaCost": "{B}", "type": "Sorcery",
         "text": "As an additional cost to cast this spell, sacrifice two creatures.\nDraw three cards."}
RAZE = {"name": "Test Raze", "manaCost": "{R}", "type": "Sorcery",
        "text": "As an additional cost to cast this spell, sacrifice a land.\nDestroy target land."}


def _game(alice: dict[str, Any], bob: dict[str, Any] | None = None):
    sc = Scenario({"name": "t", "cards": [BEAR, ELK, BLOOD, RAZE],
                   "players": [{"name": "alice", **alice}, {"name": "bob", **(bob or {})}]}, "test")
    sc.run()
    return sc


def test_601_2b_one_option_per_choice_of_permanents():
    sc = _game({"hand": ["Test Blood"], "library": ["Swamp"] * 3,
                "battlefield": ["Swamp", {"card": "Test Bear", "id": "b"}, {"card": "Test Elk", "id": "e"},
                                {"card": "Test Bear", "id": "b2"}]})
    casts = [o for o in sc.game.whole_actions() if isinstance(o, CastSpell)]
    # two of three creatures: three choices, each its own option
    assert sorted(o.sacrifice for o in casts) == sorted([(sc.ids["b"], sc.ids["e"]), (sc.ids["b"], sc.ids["b2"]),
                                                         (sc.ids["e"], sc.ids["b2"])])


def test_601_2f_a_spell_whose_additional_cost_cannot_be_paid_is_not_offered():
    sc = _game({"hand": ["Test Blood"], "battlefield": ["Swamp", "Test Bear"]})
    assert not [o for o in sc.game.whole_actions() if isinstance(o, CastSpell)]


def test_601_2h_a_land_tapped_for_mana_may_then_be_sacrificed():
    sc = _game({"hand": ["Test Raze"], "battlefield": [{"card": "Mountain", "id": "m"}]},
               {"battlefield": [{"card": "Forest", "id": "f"}]})
    game = sc.game
    (cast,) = [o for o in game.whole_actions() if isinstance(o, CastSpell) and o.targets == (sc.ids["f"],)]
    assert cast.sacrifice == (sc.ids["m"],)
    game.apply(cast)
    assert not game.table.n or sc.ids["m"] not in game.table.row_of  # paid with its mana, then sacrificed


@pytest.mark.parametrize("text", ["As an additional cost to cast this spell, discard a card.",
                                  "As an additional cost to cast this spell, discard two cards."])
def test_601_2b_discard_templates_compile_and_render_back(text):
    (result,) = compile_lines("Test Card", text, CardType.INSTANT)
    assert result.ok, result.error
    assert roundtrip_normal(render_line(result.abilities)) == roundtrip_normal(result.text)


THRILL = {"name": "Test Thrill", "manaCost": "{R}", "type": "Instant",
          "text": "As an additional cost to cast this spell, discard a card.\nDraw two cards."}


def test_601_2b_discard_one_option_per_other_card_identical_cards_once():
    sc = Scenario({"name": "t", "cards": [THRILL, BEAR], "players": [
        {"name": "alice", "hand": ["Test Thrill", "Test Bear", "Test Bear", "Island"], "battlefield": ["Mountain"]},
        {"name": "bob"}]}, "test")
    sc.run()
    game = sc.game
    casts = [o for o in game.whole_actions() if isinstance(o, CastSpell)]
    assert sorted(game.card(o.discard[0]).name for o in casts) == ["Island", "Test Bear"]


def test_601_2f_no_other_card_no_cast():
    sc = Scenario({"name": "t", "cards": [THRILL], "players": [
        {"name": "alice", "hand": ["Test Thrill"], "battlefield": ["Mountain"]}, {"name": "bob"}]}, "test")
    sc.run()
    assert not [o for o in sc.game.whole_actions() if isinstance(o, CastSpell)]
