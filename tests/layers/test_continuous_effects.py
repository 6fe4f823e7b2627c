"""Continuous effects are entities (CR 611): layer, timestamp, source, duration, affected set, operation.

Static abilities re-evaluate what they affect all the time (611.3a); a resolved spell's effect locks
its affected set in as it begins (611.2c). Scenario files: tests/scenarios/layers/static_anthem_reaches_later_creature.yaml,
locked_in_pump_stays_on_target.yaml, until_end_of_turn_wears_off.yaml.
"""

from __future__ import annotations

from layer_support import (
    CREATURE,
    Layer,
    PermanentFilter,
    board,
    cast,
    chars,
    effect,
    next_turn,
    put,
    resolve_stack,
    scenario,
)

from components.objects import ContinuousEffect, Zone
from systems.state_based import state_check
from systems.zones import move


def _effects(game):
    return [(e, game.world.get(e, ContinuousEffect)) for e in game.effects]


def test_611_1_a_resolved_spell_effect_is_an_entity_with_every_field():
    """Giant Growth's effect is one ContinuousEffect entity: layer 7c, a fresh timestamp (613.7b), its
    source, "until end of turn", the locked-in target (611.2c) and the +3/+3 operation."""
    sc = scenario([{"name": "alice", "hand": ["Giant Growth"], "battlefield": ["Forest"]},
                   {"name": "bob", "battlefield": [{"card": "Grizzly Bears", "id": "bear"}]}])
    game, bear = sc.game, sc.ids["bear"]
    stamp_before = game.next_timestamp
    cast(game, "Giant Growth", [bear])
    resolve_stack(game)
    [(ent, ce)] = _effects(game)
    assert game.world.exists(ent)
    assert ce.layer == Layer.PT_MODIFY
    assert ce.timestamp >= stamp_before  # created as the spell resolved (613.7b)
    assert ce.until_end_of_turn and not ce.from_static
    assert ce.fixed == (bear,) and ce.affected is None
    assert (ce.power, ce.toughness) == (3, 3)
    assert ce.controller == 0
    assert chars(game, bear)["pt"] == (5, 5)


def test_611_3_613_7a_a_static_ability_effect_is_an_entity_with_its_source_timestamp():
    """Glorious Anthem's effect: layer 7c, a filter (not a fixed set), no duration, from_static,
    its source the Anthem and its timestamp the Anthem's (613.7a)."""
    game = board()
    anthem = put(game, "Glorious Anthem")
    [(ent, ce)] = _effects(game)
    assert game.static_effects[anthem] == [ent]
    assert ce.layer == Layer.PT_MODIFY and ce.source == anthem
    assert ce.from_static and not ce.until_end_of_turn and ce.fixed is None
    assert ce.affected == PermanentFilter(types_any=CREATURE, controller="you")
    assert ce.timestamp == game.table.get(anthem, "timestamp")
    assert (ce.power, ce.toughness) == (1, 1)


def test_611_3a_static_ability_applies_to_a_creature_that_enters_later():
    sc = scenario([{"name": "alice", "hand": ["Grizzly Bears"],
                    "battlefield": ["Glorious Anthem", "Forest", "Forest"]},
                   {"name": "bob", "battlefield": [{"card": "Hill Giant", "id": "giant"}]}])
    game = sc.game
    cast(game, "Grizzly Bears")
    resolve_stack(game)
    [bear] = [e for e in game.battlefield() if game.card(e).name == "Grizzly Bears"]
    assert chars(game, bear)["pt"] == (3, 3)
    assert chars(game, sc.ids["giant"])["pt"] == (3, 3)  # bob's creature: "you control" excludes it


def test_611_3a_a_creature_that_changes_controller_loses_the_anthem_and_the_stolen_one_gets_it():
    game = board()
    put(game, "Glorious Anthem", 0)
    mine = put(game, "Grizzly Bears", 0)
    theirs = put(game, "Grizzly Bears", 1)
    assert chars(game, mine)["pt"] == (3, 3) and chars(game, theirs)["pt"] == (2, 2)
    # Layer 2 effects (CR 613.1b): bob gains control of alice's Bears, alice of bob's.
    effect(game, Layer.CONTROL, source=theirs, controller=1, fixed=[mine], new_controller=1)
    effect(game, Layer.CONTROL, source=mine, controller=0, fixed=[theirs], new_controller=0)
    assert chars(game, mine)["controller"] == 1 and chars(game, mine)["pt"] == (2, 2)
    assert chars(game, theirs)["controller"] == 0 and chars(game, theirs)["pt"] == (3, 3)


def test_611_3a_the_anthem_follows_its_own_controller():
    """"You" is the Anthem's current controller: when the Anthem changes hands, so do the creatures it pumps."""
    game = board()
    anthem = put(game, "Glorious Anthem", 0)
    mine = put(game, "Grizzly Bears", 0)
    theirs = put(game, "Grizzly Bears", 1)
    effect(game, Layer.CONTROL, source=theirs, controller=1, fixed=[anthem], new_controller=1)
    assert chars(game, mine)["pt"] == (2, 2)
    assert chars(game, theirs)["pt"] == (3, 3)


def test_611_3b_a_static_effect_stops_when_its_source_leaves_the_battlefield():
    game = board()
    anthem = put(game, "Glorious Anthem")
    bear = put(game, "Grizzly Bears")
    [ent] = game.effects
    assert chars(game, bear)["pt"] == (3, 3)
    move(game, anthem, Zone.GRAVEYARD)
    assert ent not in game.effects and not game.world.exists(ent)
    assert chars(game, bear)["pt"] == (2, 2)


def test_611_2c_a_resolved_pump_stays_on_its_target_only():
    """Giant Growth affects the creature it targeted, not a creature that arrives afterwards."""
    sc = scenario([{"name": "alice", "hand": ["Giant Growth", "Grizzly Bears"],
                    "battlefield": ["Forest", "Forest", "Forest", {"card": "Grizzly Bears", "id": "first"}]},
                   {"name": "bob"}])
    game, first = sc.game, sc.ids["first"]
    cast(game, "Giant Growth", [first])
    resolve_stack(game)
    cast(game, "Grizzly Bears")
    resolve_stack(game)
    [second] = [e for e in game.battlefield() if game.card(e).name == "Grizzly Bears" and e != first]
    assert chars(game, first)["pt"] == (5, 5)
    assert chars(game, second)["pt"] == (2, 2)


def test_611_2c_a_locked_in_set_does_not_grow_or_follow_characteristics():
    """An effect like "creatures get +1/+1 until end of turn" fixes its set as it begins: a creature
    entering later is not added, and an affected one keeps the bonus when it changes controller."""
    game = board()
    a = put(game, "Grizzly Bears", 0)
    b = put(game, "Grizzly Bears", 0)
    effect(game, Layer.PT_MODIFY, source=a, fixed=[a, b], until_end_of_turn=True, power=1, toughness=1)
    late = put(game, "Grizzly Bears", 0)
    effect(game, Layer.CONTROL, source=a, controller=1, fixed=[b], new_controller=1)
    assert chars(game, a)["pt"] == (3, 3)
    assert chars(game, b)["pt"] == (3, 3) and chars(game, b)["controller"] == 1
    assert chars(game, late)["pt"] == (2, 2)


def test_611_2c_400_7_a_locked_in_effect_does_not_follow_its_target_to_a_new_object():
    """The affected object leaves and returns: it is a new object (400.7) and the pump is not on it."""
    game = board()
    bear = put(game, "Grizzly Bears")
    effect(game, Layer.PT_MODIFY, source=bear, fixed=[bear], until_end_of_turn=True, power=3, toughness=3)
    new = move(game, bear, Zone.BATTLEFIELD)
    assert new != bear
    assert chars(game, new)["pt"] == (2, 2)


def test_514_2_an_until_end_of_turn_effect_ends_in_the_cleanup_step():
    sc = scenario([{"name": "alice", "hand": ["Giant Growth"], "battlefield": ["Forest"],
                    "library": ["Forest"] * 3},
                   {"name": "bob", "battlefield": [{"card": "Grizzly Bears", "id": "bear"}],
                    "library": ["Forest"] * 3}])
    game, bear = sc.game, sc.ids["bear"]
    cast(game, "Giant Growth", [bear])
    resolve_stack(game)
    assert chars(game, bear)["pt"] == (5, 5) and len(game.effects) == 1
    next_turn(game)
    assert chars(game, bear)["pt"] == (2, 2)
    assert game.effects == []


def test_611_3a_the_static_effect_is_recomputed_when_the_board_changes_without_touching_it():
    """Nothing re-registers the Anthem's effect; the same entity simply covers new creatures."""
    game = board()
    put(game, "Glorious Anthem")
    [ent] = game.effects
    bears = [put(game, "Grizzly Bears") for _ in range(3)]
    assert game.effects == [ent]
    assert all(chars(game, b)["pt"] == (3, 3) for b in bears)
    move(game, bears[0], Zone.GRAVEYARD)
    state_check(game)
    assert all(chars(game, b)["pt"] == (3, 3) for b in bears[1:])
