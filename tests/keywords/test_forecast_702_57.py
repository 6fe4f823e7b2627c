"""Forecast (CR 702.57): activated from its owner's hand, only during their upkeep and only once each turn."""

from __future__ import annotations

from board import build, names, resolve_stack

from components.abilities import ActivatedAbility
from components.characteristics import CardType
from components.objects import Zone
from content.oracle import compile_text
from content.oracle.render import render_line
from ecs.actions import ActivateAbility, PassPriority

SEER = {"name": "Test Seer", "manaCost": "{3}{W}", "type": "Creature — Human", "types": ["Creature"],
        "subtypes": ["Human"], "supertypes": [], "power": "2", "toughness": "2",
        "text": "Forecast — {1}, Reveal Test Seer from your hand: You gain 2 life. (Activate only during your "
                "upkeep and only once each turn.)"}


def _game(step="upkeep", active="alice"):
    players = [{"name": "alice", "hand": ["Test Seer"], "battlefield": ["Plains", "Plains"], "library": ["Plains"] * 5},
               {"name": "bob", "battlefield": ["Plains"], "library": ["Plains"] * 5}]
    return build(players, cards=[SEER], turn={"active": active, "step": step}).game


def _forecasts(game):
    return [o for o in game.whole_actions() if isinstance(o, ActivateAbility) and game.card(o.source).name
            == "Test Seer"]


def test_702_57a_reads_as_an_ability_of_a_card_in_hand_and_renders_back():
    (a,) = compile_text("Test Seer", SEER["text"], CardType.CREATURE)[0]
    assert isinstance(a, ActivatedAbility) and a.from_hand and a.once_per_turn and a.upkeep_only
    assert str(a.mana_cost) == "{1}"
    assert render_line([a]) == "Forecast — {1}, Reveal ~ from your hand: You gain 2 life."


def test_702_57b_activated_from_the_hand_during_its_owners_upkeep_once_each_turn():
    game = _game()
    (option,) = _forecasts(game)
    game.apply(option)
    assert names(game, 0, Zone.HAND) == ["Test Seer"]  # revealed, not discarded: it stays in hand
    resolve_stack(game)
    assert game.player_states[0].life == 22
    assert game.step.label == "upkeep" and _forecasts(game) == []  # only once each turn


def test_702_57b_not_outside_its_owners_upkeep():
    game = _game(step="precombat_main")
    assert _forecasts(game) == []
    game = _game(active="bob")
    game.apply(PassPriority())  # alice gets priority in bob's upkeep
    assert game.pending.player == 0 and _forecasts(game) == []
