"""The engine side of three families: delayed triggered abilities (CR 603.7), conditions on this turn's
history (603.4 with the per-turn counters of systems/history.py) and untap restrictions (502.3)."""

from __future__ import annotations

from typing import Any

import numpy as np
from trigger_support import scenario

from components.abilities import Condition
from components.objects import Step, Zone
from ecs.actions import Choose, DecisionKind, FinishAttackers, PassPriority
from systems.triggers import check_condition
from systems.turn import stays_tapped
from systems.zones import move


def card(name: str, type_line: str, text: str, cost: str = "{1}", pt: tuple[int, int] | None = None) -> dict[str, Any]:
    types = [w for w in type_line.split(" — ")[0].split() if w not in ("Legendary",)]
    obj: dict[str, Any] = {"name": name, "manaCost": cost, "type": type_line, "types": types, "text": text}
    if pt is not None:
        obj["power"], obj["toughness"] = str(pt[0]), str(pt[1])
    return obj


def pass_until(game: Any, step: Step, turn: int) -> None:
    while not (game.step == step and game.turn == turn and game.pending.kind == DecisionKind.PRIORITY):
        if game.pending.kind == DecisionKind.ATTACKERS:
            game.apply(FinishAttackers())  # no attack
            continue
        if game.pending.kind == DecisionKind.TRIGGER:
            game.apply(game.pending.options[0])  # 603.3b: the order of one's own triggers
            continue
        assert game.pending.kind == DecisionKind.PRIORITY, game.pending
        game.apply(PassPriority())


def resolve_all(game: Any) -> None:
    while game.stack or game.waiting_triggers:
        game.apply(game.pending.options[0] if game.pending.kind == DecisionKind.TRIGGER else PassPriority())


SALAMANDER = card("Pyric Salamander", "Creature — Salamander", "{R}: This creature gets +1/+0 until end of turn. "
                  "Sacrifice this creature at the beginning of the next end step.", "{1}{R}", (1, 1))
LATE_LOSS = card("Test Late Loss", "Instant", "At the beginning of the next end step, you lose 2 life.", "{B}")
HEAL = card("Heal", "Instant", "Prevent the next 1 damage that would be dealt to any target this turn.\n"
            "Draw a card at the beginning of the next turn's upkeep.", "{W}")


# ------------------------------------------------------------------ 603.7


def test_603_7c_each_delayed_ability_triggers_once():
    sc = scenario([SALAMANDER], {"battlefield": [{"card": "Pyric Salamander", "id": "sal"}, "Mountain", "Mountain"],
                                 "library": ["Forest"] * 3}, {"library": ["Forest"] * 3},
                  actions=[{"player": "alice", "activate": "sal", "ability": 1}, {"pass": 1},
                           {"player": "alice", "activate": "sal", "ability": 1}, {"pass": 1}])
    game = sc.game
    assert len(game.delayed) == 2  # two activations: two delayed abilities (603.7a)
    pass_until(game, Step.END, 1)
    assert not game.delayed  # both triggered and are gone (603.7c)
    assert len(game.stack) == 2 and not game.waiting_triggers
    resolve_all(game)
    assert [game.card(c).name for c in game.zones[0][Zone.GRAVEYARD]] == ["Pyric Salamander"]
    pass_until(game, Step.END, 3)
    assert not game.stack and not game.waiting_triggers  # nothing left to trigger


def test_603_7_the_next_end_step_after_an_end_step_is_next_turns():
    sc = scenario([LATE_LOSS], {"battlefield": ["Swamp"], "hand": ["Test Late Loss"]}, {"library": ["Forest"] * 3},
                  actions=[{"player": "alice", "cast": "Test Late Loss"}, {"pass": 1}],
                  number=1, active="alice", step="end")
    game = sc.game
    assert len(game.delayed) == 1
    pass_until(game, Step.POSTCOMBAT_MAIN, 2)
    assert game.player_states[0].life == 20
    pass_until(game, Step.END, 2)  # bob's end step is the next end step
    resolve_all(game)
    assert game.player_states[0].life == 18 and not game.delayed


def test_603_7d_the_controller_of_the_spell_controls_the_delayed_ability():
    sc = scenario([HEAL], {"battlefield": ["Plains"], "hand": ["Heal"], "library": ["Forest"] * 2},
                  {"library": ["Mountain"] * 2},
                  actions=[{"player": "alice", "cast": "Heal", "targets": ["alice"]}, {"pass": 1}],
                  number=2, active="alice", step="end")
    game = sc.game
    (d,) = game.delayed
    assert d.controller == 0
    pass_until(game, Step.UPKEEP, 3)  # bob's upkeep: the next turn's upkeep
    (item,) = game.stack
    resolve_all(game)
    assert len(game.zones[0][Zone.HAND]) == 1 and len(game.zones[1][Zone.HAND]) == 0


def test_603_7c_a_delayed_ability_on_an_object_that_left_does_nothing_to_the_new_object():
    sc = scenario([SALAMANDER], {"battlefield": [{"card": "Pyric Salamander", "id": "sal"}, "Mountain"]},
                  actions=[{"player": "alice", "activate": "sal", "ability": 1}, {"pass": 1},
                           {"move": "sal", "to": "hand"}])
    game = sc.game
    pass_until(game, Step.END, 1)
    resolve_all(game)
    assert [game.card(c).name for c in game.zones[0][Zone.HAND]] == ["Pyric Salamander"]  # 400.7


# ------------------------------------------------------------------ this turn's history (603.4)


DIED = Condition("creature_died_this_turn")
ATTACKED = Condition("you_attacked_this_turn")
GAINED = Condition("you_gained_life_this_turn")
OPP_LOST = Condition("opponent_lost_life_this_turn")
LEFT = Condition("permanent_left_under_your_control_this_turn")
BOLT = card("Test Bolt", "Instant", "Test Bolt deals 3 damage to any target.", "{R}")
BEAR = card("Test Bear", "Creature — Bear", "", "{1}{G}", (2, 2))


def test_700_4_a_creature_died_this_turn_then_a_new_turn_forgets_it():
    sc = scenario([BOLT, BEAR], {"battlefield": ["Mountain"], "hand": ["Test Bolt"], "library": ["Forest"] * 3},
                  {"battlefield": [{"card": "Test Bear", "id": "bear"}], "library": ["Forest"] * 3},
                  actions=[{"player": "alice", "cast": "Test Bolt", "targets": ["bear"]}, {"pass": 1}])
    game = sc.game
    assert check_condition(game, DIED, 0) and check_condition(game, DIED, 1)
    assert check_condition(game, LEFT, 1) and not check_condition(game, LEFT, 0)  # under its controller's control
    pass_until(game, Step.UPKEEP, 2)
    assert not check_condition(game, DIED, 0)  # "this turn" is the current turn


def test_119_3_life_lost_by_damage_and_life_gained_are_recorded():
    lifelinker = card("Test Lifelinker", "Creature — Cleric", "Lifelink", "{W}", (2, 2))
    sc = scenario([lifelinker], {"battlefield": [{"card": "Test Lifelinker", "id": "l"}]},
                  actions=[{"pass_until": "declare_attackers"}, {"player": "alice", "attack": ["l"]},
                           {"pass_until": "postcombat_main"}], number=3, active="alice", step="precombat_main")
    game = sc.game
    assert game.player_states[1].life == 18
    assert check_condition(game, OPP_LOST, 0) and not check_condition(game, OPP_LOST, 1)
    assert check_condition(game, GAINED, 0) and not check_condition(game, GAINED, 1)
    assert check_condition(game, Condition("you_gained_life_this_turn", 2), 0)
    assert not check_condition(game, Condition("you_gained_life_this_turn", 3), 0)
    assert check_condition(game, ATTACKED, 0) and not check_condition(game, ATTACKED, 1)  # 508.1
    assert check_condition(game, Condition("you_dealt_combat_damage_to_player_this_turn"), 0)


def test_603_4_a_false_intervening_if_means_no_trigger():
    wake = card("Test Wake", "Enchantment", "Raid — At the beginning of your end step, if you attacked this turn, "
                "you gain 3 life.", "{B}")
    sc = scenario([wake], {"battlefield": ["Test Wake"]}, number=3, active="alice", step="postcombat_main")
    game = sc.game
    pass_until(game, Step.END, 3)
    assert not game.stack and game.player_states[0].life == 20


def test_601_2i_spells_cast_this_turn_are_counted_per_player():
    sc = scenario([BOLT], {"battlefield": ["Mountain", "Mountain"], "hand": ["Test Bolt", "Test Bolt"]},
                  actions=[{"player": "alice", "cast": "Test Bolt", "targets": ["bob"]}, {"pass": 1},
                           {"player": "alice", "cast": "Test Bolt", "targets": ["bob"]}, {"pass": 1}])
    game = sc.game
    assert check_condition(game, Condition("you_cast_spells_this_turn", 2), 0)
    assert not check_condition(game, Condition("you_cast_spells_this_turn", 3), 0)
    assert not check_condition(game, Condition("you_cast_spells_this_turn", 1), 1)


# ------------------------------------------------------------------ 502.3


SENTRY = card("Test Sentry", "Creature — Soldier", "You may choose not to untap this creature during your untap "
              "step.", "{1}", (1, 1))
SLEEPER = card("Test Sleeper", "Creature — Giant", "This creature doesn't untap during your untap step.", "{1}", (3, 3))


def _to_alices_untap(sentries: int = 1) -> Any:
    bf = [{"card": "Test Sentry", "id": f"s{i}", "tapped": True} for i in range(sentries)]
    sc = scenario([SENTRY], {"battlefield": bf, "library": ["Forest"] * 3}, {"library": ["Forest"] * 3},
                  number=2, active="bob", step="end")
    game = sc.game
    while game.pending.kind == DecisionKind.PRIORITY:
        game.apply(PassPriority())
    return game


def test_502_3_you_may_choose_not_to_untap_is_the_controllers_decision():
    game = _to_alices_untap(2)
    assert game.step == Step.UNTAP and game.turn == 3
    assert game.pending.player == 0 and game.pending.kind == DecisionKind.MAY
    game.apply(Choose(True))  # keep the first one tapped
    assert game.pending.kind == DecisionKind.MAY
    game.apply(Choose(False))  # untap the second
    t = game.table
    tapped = sorted(bool(t.tapped[t.row_of[e]]) for e in t.entity[: t.n].tolist())
    assert tapped == [False, True]
    assert game.step == Step.UPKEEP


def test_502_3_an_untapped_permanent_is_not_asked_about():
    sc = scenario([SENTRY], {"battlefield": ["Test Sentry"], "library": ["Forest"] * 3}, {"library": ["Forest"] * 3},
                  number=2, active="bob", step="end")
    game = sc.game
    while game.pending.kind == DecisionKind.PRIORITY and game.turn == 2:
        game.apply(PassPriority())
    assert game.pending.kind == DecisionKind.PRIORITY and game.step == Step.UPKEEP


def test_502_3_doesnt_untap_is_a_mask_over_the_table():
    bf = [{"card": "Test Sleeper", "tapped": True} for _ in range(50)] + \
         [{"card": "Test Bear", "tapped": True} for _ in range(50)]
    sc = scenario([SLEEPER, BEAR], {"battlefield": bf}, number=1, active="alice", step="upkeep")
    game = sc.game
    keep = stays_tapped(game)
    t = game.table
    names = np.array([game.card(e).name for e in t.entity[: t.n].tolist()])
    assert np.array_equal(keep, names == "Test Sleeper")


def test_502_3_a_sleeper_that_enters_after_a_look_without_untap_rules_stays_tapped():
    """Whether any card has an untap rule is kept per characteristics class (systems/turn._any_untap_rule): a class
    made after a "no" (its first permanent entered) must be looked at."""
    sc = scenario([SLEEPER, BEAR], {"battlefield": [{"card": "Test Bear", "id": "bear", "tapped": True}],
                                    "hand": [{"card": "Test Sleeper", "id": "z"}]},
                  number=1, active="alice", step="upkeep")
    game = sc.game
    assert not stays_tapped(game).any()  # no untap rule yet: kept as "no"
    z = move(game, sc.ids["z"], Zone.BATTLEFIELD, controller=0)
    game.table.tap(z)
    t = game.table
    keep = stays_tapped(game)
    assert keep[t.row_of[z]] and not keep[t.row_of[sc.ids["bear"]]]


def test_613_1f_a_permanent_without_abilities_untaps():
    sc = scenario([SLEEPER], {"battlefield": [{"card": "Test Sleeper", "id": "z", "tapped": True}]},
                  number=1, active="alice", step="upkeep")
    game = sc.game
    t = game.table
    t.no_abilities[t.row_of[sc.ids["z"]]] = True
    assert not stays_tapped(game).any()


def test_502_3_doesnt_untap_during_its_controllers_next_untap_step_is_used_up_then():
    freeze = card("Test Freeze", "Instant", "Tap target creature. It doesn't untap during its controller's next "
                  "untap step.", "{U}")
    sc = scenario([freeze, BEAR], {"battlefield": ["Island"], "hand": ["Test Freeze"], "library": ["Forest"] * 3},
                  {"battlefield": [{"card": "Test Bear", "id": "bear"}], "library": ["Forest"] * 3},
                  actions=[{"player": "alice", "cast": "Test Freeze", "targets": ["bear"]}, {"pass": 1}])
    game = sc.game
    bear = sc.ids["bear"]
    assert game.untap.skips == {bear: -1}
    pass_until(game, Step.UPKEEP, 2)  # bob's untap step: stays tapped, and the effect is used up
    assert game.table.get(bear, "tapped") and not game.untap.skips
    pass_until(game, Step.UPKEEP, 4)
    assert not game.table.get(bear, "tapped")


STAFF = card("Test Staff", "Artifact", "{2}, Sacrifice this artifact: Exile target creature. Return the exiled card "
             "to the battlefield under its owner's control at the beginning of the next end step.", "{1}")


def test_603_7c_a_card_that_left_exile_before_the_end_step_doesnt_return():
    sc = scenario([STAFF, BEAR], {"battlefield": [{"card": "Test Staff", "id": "staff"}, "Plains", "Plains"],
                                  "library": ["Forest"] * 3},
                  {"battlefield": [{"card": "Test Bear", "id": "bear"}], "library": ["Forest"] * 3},
                  actions=[{"player": "alice", "activate": "staff", "ability": 1, "targets": ["bear"]}, {"pass": 1}])
    game = sc.game
    (exiled,) = game.zones[1][Zone.EXILE]
    assert game.delayed[0].referent == exiled
    from systems.zones import move

    move(game, exiled, Zone.GRAVEYARD)  # a new object in the graveyard (400.7)
    pass_until(game, Step.END, 1)
    resolve_all(game)
    assert [game.card(c).name for c in game.zones[1][Zone.GRAVEYARD]] == ["Test Bear"]
    assert not any(game.card(e).name == "Test Bear" for e in game.table.entity[: game.table.n].tolist())


def test_603_7d_the_returned_card_comes_back_under_its_owners_control():
    sc = scenario([STAFF, BEAR], {"battlefield": [{"card": "Test Staff", "id": "staff"}, "Plains", "Plains"],
                                  "library": ["Forest"] * 3},
                  {"battlefield": [{"card": "Test Bear", "id": "bear"}], "library": ["Forest"] * 3},
                  actions=[{"player": "alice", "activate": "staff", "ability": 1, "targets": ["bear"]}, {"pass": 1}])
    game = sc.game
    assert game.delayed[0].controller == 0  # the activating player controls the delayed ability
    pass_until(game, Step.END, 1)
    resolve_all(game)
    t = game.table
    (bear,) = [e for e in t.entity[: t.n].tolist() if game.card(e).name == "Test Bear"]
    assert int(t.get(bear, "controller")) == 1


def test_614_1c_morbid_enters_with_counters_if_a_creature_died_this_turn():
    spider = card("Test Spider", "Creature — Spider", "Morbid — This creature enters with two +1/+1 counters on it "
                  "if a creature died this turn.", "{G}", (2, 4))
    base = {"battlefield": ["Mountain", "Forest"], "hand": ["Test Bolt", "Test Spider"]}
    bob = {"battlefield": [{"card": "Test Bear", "id": "bear"}]}
    died = scenario([spider, BOLT, BEAR], base, bob,
                    actions=[{"player": "alice", "cast": "Test Bolt", "targets": ["bear"]}, {"pass": 1},
                             {"player": "alice", "cast": "Test Spider"}, {"pass": 1}]).game
    alive = scenario([spider, BOLT, BEAR], base, bob,
                     actions=[{"player": "alice", "cast": "Test Spider"}, {"pass": 1}]).game
    for game, counters in ((died, 2), (alive, 0)):
        t = game.table
        (s,) = [e for e in t.entity[: t.n].tolist() if game.card(e).name == "Test Spider"]
        assert int(t.get(s, "plus1")) == counters
