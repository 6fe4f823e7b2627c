"""Base power/toughness (CR 613.4b) against modifications (613.4c), and counters (CR 122).

Seed release notes: Turn to Frog then Titanic Growth is a 5/5, and so is the other order, because
Turn to Frog sets the *base* power and toughness in 7b and Titanic Growth modifies in 7c.
Counters are entities, one per object and kind, and apply in 7c; a switch (7d) comes after them.
Scenario files: tests/scenarios/layers/frog_*.yaml, titanic_growth_then_frog.yaml, counters_*.yaml.
"""

from __future__ import annotations

import pytest
from layer_support import (
    FLYING,
    VIGILANCE,
    Layer,
    U,
    board,
    cast,
    chars,
    effect,
    next_turn,
    put,
    resolve_stack,
    scenario,
)

from components.objects import Counter, Zone
from systems.counters import add_counters, counter_count, counters_on, remove_counters
from systems.layers_reference import bulk_characteristics, reference_characteristics
from systems.zones import move


def _angel_board(extra_hand=(), extra_lands=()):
    sc = scenario([{"name": "alice", "hand": ["Turn to Frog", "Titanic Growth", *extra_hand],
                    "battlefield": ["Island", "Island", "Forest", "Forest", *extra_lands],
                    "library": ["Island"] * 3},
                   {"name": "bob", "battlefield": [{"card": "Serra Angel", "id": "angel"}],
                    "library": ["Island"] * 3}])
    return sc.game, sc.ids["angel"]


@pytest.mark.parametrize("order", [("Turn to Frog", "Titanic Growth"), ("Titanic Growth", "Turn to Frog")])
def test_613_4b_613_4c_frog_and_titanic_growth_make_a_5_5_in_either_order(order):
    game, angel = _angel_board()
    for spell in order:
        cast(game, spell, [angel])
        resolve_stack(game)
    c = chars(game, angel)
    assert c["pt"] == (5, 5)
    assert c["colors"] == U
    assert c["subtypes"] == {"Frog"}
    assert c["keywords"] == 0
    assert bulk_characteristics(game) == reference_characteristics(game)


def test_613_4b_both_spells_on_the_stack_at_once_still_5_5():
    """Titanic Growth cast in response to Turn to Frog: the Frog resolves last, still 5/5."""
    game, angel = _angel_board()
    cast(game, "Turn to Frog", [angel])
    cast(game, "Titanic Growth", [angel])
    resolve_stack(game)
    assert chars(game, angel)["pt"] == (5, 5)


def test_613_1f_turn_to_frog_removes_flying_and_vigilance_in_layer_6():
    game, angel = _angel_board()
    assert chars(game, angel)["keywords"] == FLYING | VIGILANCE
    cast(game, "Turn to Frog", [angel])
    resolve_stack(game)
    assert chars(game, angel)["keywords"] & (FLYING | VIGILANCE) == 0


def test_514_2_the_frog_is_an_angel_again_next_turn():
    game, angel = _angel_board()
    cast(game, "Turn to Frog", [angel])
    resolve_stack(game)
    next_turn(game)
    c = chars(game, angel)
    assert c["pt"] == (4, 4) and c["keywords"] == FLYING | VIGILANCE and c["subtypes"] == {"Angel"}


def test_613_4b_613_4c_frog_with_anthem_and_aura_uses_the_new_base():
    """A Frog (base 1/1, 7b) still gets Glorious Anthem and Knight's Pledge (7c): 1+1+2 = 4/4."""
    sc = scenario([{"name": "alice", "hand": ["Turn to Frog"], "battlefield": [
                        "Island", "Island", "Glorious Anthem", {"card": "Serra Angel", "id": "angel"},
                        {"card": "Knight's Pledge", "attached_to": "angel"}]},
                   {"name": "bob"}])
    game, angel = sc.game, sc.ids["angel"]
    assert chars(game, angel)["pt"] == (7, 7)
    cast(game, "Turn to Frog", [angel])
    resolve_stack(game)
    assert chars(game, angel)["pt"] == (4, 4)


def test_613_4b_122_frog_keeps_its_counters():
    """Counters apply in 7c, after the Frog's 7b: a 4/4 with two +1/+1 counters becomes a 3/3 Frog."""
    sc = scenario([{"name": "alice", "hand": ["Turn to Frog"], "battlefield": ["Island", "Island"]},
                   {"name": "bob", "battlefield": [{"card": "Serra Angel", "id": "angel", "counters": {"+1/+1": 2}}]}])
    game, angel = sc.game, sc.ids["angel"]
    assert chars(game, angel)["pt"] == (6, 6)
    cast(game, "Turn to Frog", [angel])
    resolve_stack(game)
    assert chars(game, angel)["pt"] == (3, 3)


# ------------------------------------------------------------------ counters (CR 122)


def test_122_1_counters_are_entities_one_per_object_and_kind():
    game = board()
    bear = put(game, "Grizzly Bears")
    add_counters(game, bear, "+1/+1", 1)
    ent = game.counters[(bear, "+1/+1")]
    c = game.world.get(ent, Counter)
    assert (c.obj, c.kind, c.count) == (bear, "+1/+1", 1)
    add_counters(game, bear, "+1/+1", 2)
    assert game.counters[(bear, "+1/+1")] == ent  # the same entity: one per (object, kind)
    assert game.world.get(ent, Counter).count == 3
    add_counters(game, bear, "-1/-1", 1)
    assert game.counters[(bear, "-1/-1")] != ent
    assert counters_on(game, bear) == {"+1/+1": 3, "-1/-1": 1}


def test_122_1_a_counter_kind_with_none_left_has_no_entity():
    game = board()
    bear = put(game, "Grizzly Bears")
    add_counters(game, bear, "+1/+1", 2)
    ent = game.counters[(bear, "+1/+1")]
    assert remove_counters(game, bear, "+1/+1", 5) == 2
    assert (bear, "+1/+1") not in game.counters and not game.world.exists(ent)
    assert counter_count(game, bear, "+1/+1") == 0
    assert chars(game, bear)["pt"] == (2, 2)


def test_122_2_400_7_counters_do_not_follow_a_permanent_to_another_zone():
    game = board()
    bear = put(game, "Grizzly Bears")
    add_counters(game, bear, "+1/+1", 2)
    ent = game.counters[(bear, "+1/+1")]
    new = move(game, bear, Zone.GRAVEYARD)
    assert not game.world.exists(ent)
    assert counters_on(game, bear) == {} and counters_on(game, new) == {}


def test_613_4c_plus_and_minus_counters_apply_in_7c():
    game = board()
    bear = put(game, "Grizzly Bears")
    add_counters(game, bear, "+1/+1", 3)
    assert chars(game, bear)["pt"] == (5, 5)
    add_counters(game, bear, "-1/-1", 1)
    assert chars(game, bear)["pt"] == (4, 4)


def test_613_4c_counters_add_to_a_base_set_in_7b_regardless_of_timestamps():
    """A +1/+1 counter put on before a "base 0/1" effect still counts (7b, then 7c)."""
    game = board()
    bear = put(game, "Grizzly Bears")
    add_counters(game, bear, "+1/+1", 1)
    effect(game, Layer.PT_SET, source=bear, fixed=[bear], power=0, toughness=1)
    assert chars(game, bear)["pt"] == (1, 2)


def test_613_4d_switching_applies_after_counters():
    """A 1/3 with a +1/+1 counter has its power and toughness switched: 4/2 (2/4 in 7c, then 7d)."""
    game = board()
    guardian = put(game, "Sworn Guardian")  # 1/3
    add_counters(game, guardian, "+1/+1", 1)
    effect(game, Layer.PT_SWITCH, source=guardian, fixed=[guardian])
    assert chars(game, guardian)["pt"] == (4, 2)
    assert bulk_characteristics(game) == reference_characteristics(game)


def test_613_4d_a_counter_put_on_after_the_switch_still_applies_before_it():
    game = board()
    guardian = put(game, "Sworn Guardian")
    effect(game, Layer.PT_SWITCH, source=guardian, fixed=[guardian])
    assert chars(game, guardian)["pt"] == (3, 1)
    add_counters(game, guardian, "-1/-1", 1)
    assert chars(game, guardian)["pt"] == (2, 0)  # 0/2 in 7c, switched


def test_613_4d_switch_counters_anthem_and_pump_together():
    """1/3 + counter +1/+1 + Anthem +1/+1 + pump +0/+2 = 3/7 in 7c, switched 7/3."""
    game = board()
    guardian = put(game, "Sworn Guardian")
    put(game, "Glorious Anthem")
    add_counters(game, guardian, "+1/+1", 1)
    effect(game, Layer.PT_SWITCH, source=guardian, fixed=[guardian])
    effect(game, Layer.PT_MODIFY, source=guardian, fixed=[guardian], power=0, toughness=2)
    assert chars(game, guardian)["pt"] == (7, 3)
    assert bulk_characteristics(game) == reference_characteristics(game)


def test_122_counters_on_many_permanents_of_one_card_stay_per_object():
    """Bulk layers evaluate a class of identical Bears once; counters still land per permanent."""
    game = board()
    bears = [put(game, "Grizzly Bears") for _ in range(4)]
    put(game, "Glorious Anthem")
    for i, b in enumerate(bears):
        add_counters(game, b, "+1/+1", i)
    assert [chars(game, b)["pt"] for b in bears] == [(3, 3), (4, 4), (5, 5), (6, 6)]
