"""Energy (CR 107.14, 122.1): "you get {E}{E}" gives energy counters to the player; "Pay {E}{E}" removes
them, as an activation cost (602.2b, never offered when the player has too few) or as an instruction after
"you may" ("If you do, ...", 608.2c)."""

from __future__ import annotations

from typing import Any

import pytest

from components.abilities import ActivatedAbility, GetEnergy, MayEffect, PayEnergy, TriggeredAbility
from components.characteristics import CardType
from content.oracle import compile_lines
from content.oracle.render import render_line
from content.oracle.report import roundtrip_normal
from ecs.actions import ActivateAbility, PassPriority
from ecs.scenario import Scenario


def _one(text: str, types: CardType = CardType.CREATURE):
    (result,) = compile_lines("Test Card", text, types)
    assert result.ok, result.error
    return result


@pytest.mark.parametrize("text", [
    "When this creature enters, you get {E}{E} (two energy counters).",
    "When this creature enters, you get six {E}.",
    "{T}: You get {E} (an energy counter).",
    "{T}, Pay {E}{E}{E}: This creature deals 2 damage to target player or planeswalker.",
    "{T}, Pay eight {E}: This creature deals 5 damage to target player or planeswalker.",
    "Pay {E}: Target creature gains haste until end of turn.",
    "Whenever this creature attacks, you may pay {E}{E}. If you do, create a 1/1 colorless Servo artifact creature "
    "token.",
    "Whenever this creature enters or attacks, you get {E} for each creature you control.",
    "When this creature enters, you gain 3 life and get {E}{E}{E} (three energy counters).",
])
def test_107_14_energy_templates_compile_and_render_back(text):
    result = _one(text)
    assert roundtrip_normal(render_line(result.abilities)) == roundtrip_normal(result.text)


def test_107_14_energy_amounts():
    (trig,) = _one("When this creature enters, you get six {E}.").abilities
    assert isinstance(trig, TriggeredAbility) and trig.effects == (GetEnergy(6),)
    (act,) = _one("{T}, Pay eight {E}: This creature deals 5 damage to target player or planeswalker.").abilities
    assert isinstance(act, ActivatedAbility) and act.energy == 8 and act.tap
    (may,) = _one("Whenever this creature attacks, you may pay {E}{E}. If you do, draw a card.").abilities
    assert isinstance(may.effects[0], MayEffect) and may.effects[0].effects == (PayEnergy(2),)


def test_energy_is_never_part_of_a_mana_ability():
    (result,) = compile_lines("Test Card", "Pay {E}: Add {R}.", CardType.CREATURE)
    assert not result.ok  # a mana ability with a cost the payment system doesn't pay


def _scenario(cards: list[dict[str, Any]], alice: dict[str, Any]) -> Scenario:
    sc = Scenario({"name": "t", "cards": cards, "players": [{"name": "alice", **alice}, {"name": "bob"}]}, "test")
    sc.run()
    return sc


TURRET = {"name": "Test Turret", "manaCost": "{3}", "type": "Artifact",
          "text": "{T}: You get {E}.\n{T}, Pay {E}{E}{E}: This artifact deals 2 damage to target player or "
                  "planeswalker."}


def test_602_2b_an_energy_cost_is_offered_only_when_it_can_be_paid():
    sc = _scenario([TURRET], {"battlefield": [{"card": "Test Turret", "id": "t"}], "energy": 2})
    game = sc.game
    options = [o for o in game.whole_actions() if isinstance(o, ActivateAbility)]
    assert {o.index for o in options} == {0}  # two energy can't pay {E}{E}{E}
    game.apply(options[0])
    game.apply(PassPriority())
    game.apply(PassPriority())
    assert game.player_states[0].energy == 3  # 122.1: the player gets an energy counter


def test_107_14_paying_energy_removes_the_counters():
    sc = _scenario([TURRET], {"battlefield": [{"card": "Test Turret", "id": "t"}], "energy": 4})
    game = sc.game
    shot = next(o for o in game.whole_actions() if isinstance(o, ActivateAbility) and o.index == 1
                and o.targets == (game.player_states[1].index,) or False)
    game.apply(shot)
    assert game.player_states[0].energy == 1


SWOOPER = {"name": "Test Swooper", "manaCost": "{1}{U}", "type": "Creature — Vedalken Artificer",
           "power": "1", "toughness": "2",
           "text": "Whenever this creature attacks, you may pay {E}{E}. If you do, create a 1/1 colorless Servo "
                   "artifact creature token."}


@pytest.mark.parametrize(("energy", "choose", "servos", "left"), [(2, "yes", 1, 0), (2, "no", 0, 2), (1, None, 0, 1)])
def test_608_2c_you_may_pay_energy_if_you_do(energy, choose, servos, left):
    actions: list[dict[str, Any]] = [{"pass_until": "declare_attackers"}, {"player": "alice", "attack": ["s"]},
                                     {"pass": 1}]
    if choose is not None:  # with too little energy the player can't pay, so isn't asked (608.2c)
        actions.append({"player": "alice", "choose": choose})
    sc = Scenario({"name": "t", "cards": [SWOOPER], "turn": {"step": "precombat_main"},
                   "players": [{"name": "alice", "energy": energy,
                                "battlefield": [{"card": "Test Swooper", "id": "s"}]}, {"name": "bob"}],
                   "actions": actions,
                   "expect": [{"player": "alice", "energy": left}, {"zone": "alice.battlefield",
                                                                    "cards": ["Test Swooper"] + ["Servo"] * servos}]},
                  "test")
    sc.run()
