"""Tokens (CR 111) and regeneration (CR 701.15).

Scenario files: tests/scenarios/layers/token_*.yaml, regenerate_*.yaml.
"""

from __future__ import annotations

from layer_support import (
    Layer,
    activate,
    board,
    card,
    cast,
    chars,
    effect,
    pass_priority,
    put,
    resolve_stack,
    scenario,
    zone_of,
)

from components.objects import CardObject, Step, Zone
from ecs.actions import DeclareAttacker, DeclareBlocker, FinishAttackers, FinishBlockers
from systems.effects import destroy
from systems.state_based import state_check
from systems.zones import create_token, move

# ------------------------------------------------------------------ tokens


def test_111_2_the_creator_of_a_token_owns_it_and_controls_it():
    game = board()
    token = create_token(game, card("Grizzly Bears"), 1)
    co = game.world.get(token, CardObject)
    assert co.is_token and co.owner == 1
    assert game.controller(token) == 1
    assert zone_of(game, token) == Zone.BATTLEFIELD


def test_111_2_a_token_is_a_permanent_like_any_other_for_layers():
    """111.6: a token is affected by anything that affects permanents: Glorious Anthem pumps it."""
    game = board()
    put(game, "Glorious Anthem", 0)
    token = create_token(game, card("Grizzly Bears"), 0)
    assert chars(game, token)["pt"] == (3, 3)


def test_704_5d_111_7_a_token_that_left_the_battlefield_ceases_to_exist_as_a_state_based_action():
    game = board()
    token = create_token(game, card("Grizzly Bears"), 1)
    in_yard = move(game, token, Zone.GRAVEYARD)
    # It did go to its owner's graveyard (triggers could see it there, 111.7 note) ...
    assert game.zones[1][Zone.GRAVEYARD] == [in_yard]
    assert state_check(game)
    # ... and then ceased to exist.
    assert game.zones[1][Zone.GRAVEYARD] == []
    assert not game.world.exists(in_yard)


def test_111_2_704_5d_a_stolen_token_goes_to_its_owners_graveyard_then_ceases_to_exist():
    game = board()
    token = create_token(game, card("Grizzly Bears"), 1)
    effect(game, Layer.CONTROL, source=token, controller=0, fixed=[token], new_controller=0)
    assert game.controller(token) == 0
    in_yard = move(game, token, Zone.GRAVEYARD)
    assert game.zones[1][Zone.GRAVEYARD] == [in_yard] and game.zones[0][Zone.GRAVEYARD] == []
    state_check(game)
    assert game.zones[1][Zone.GRAVEYARD] == []


def test_111_8_a_token_that_left_the_battlefield_cannot_change_zones_again():
    game = board()
    token = create_token(game, card("Grizzly Bears"), 0)
    in_yard = move(game, token, Zone.GRAVEYARD)
    assert move(game, in_yard, Zone.BATTLEFIELD) == in_yard
    assert move(game, in_yard, Zone.HAND) == in_yard
    assert zone_of(game, in_yard) == Zone.GRAVEYARD
    assert game.table.n == 0 and game.zones[0][Zone.HAND] == []
    state_check(game)
    assert not game.world.exists(in_yard)


def test_704_5d_a_token_killed_by_a_spell_is_gone_from_the_graveyard():
    sc = scenario([{"name": "alice", "hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                   {"name": "bob", "battlefield": [{"card": "Grizzly Bears", "id": "tok", "token": True}]}])
    game, tok = sc.game, sc.ids["tok"]
    assert game.obj(tok).owner == 1
    cast(game, "Lightning Bolt", [tok])
    resolve_stack(game)
    assert not game.world.exists(tok)
    assert game.zones[1][Zone.GRAVEYARD] == []
    assert [game.card(e).name for e in game.zones[0][Zone.GRAVEYARD]] == ["Lightning Bolt"]


def test_704_5d_a_token_on_the_battlefield_is_not_touched():
    game = board()
    token = create_token(game, card("Grizzly Bears"), 0)
    state_check(game)
    assert zone_of(game, token) == Zone.BATTLEFIELD


# ------------------------------------------------------------------ regeneration (701.15)


def _walking_dead(hand=(), lands=("Swamp",), bob_hand=(), bob_lands=(), step="precombat_main", dead_extra=None):
    entry = {"card": "Walking Dead", "id": "dead", **(dead_extra or {})}
    sc = scenario([{"name": "alice", "hand": list(hand), "battlefield": [*lands, entry], "library": ["Swamp"] * 3},
                   {"name": "bob", "hand": list(bob_hand), "battlefield": list(bob_lands),
                    "library": ["Swamp"] * 3}],
                  turn={"number": 3, "active": "alice", "step": step})
    return sc


def _shield(game, dead):
    activate(game, dead)
    resolve_stack(game)
    assert game.table.get(dead, "regen_shields") == 1


def test_701_15a_activating_walking_dead_creates_a_regeneration_shield():
    sc = _walking_dead()
    game, dead = sc.game, sc.ids["dead"]
    assert game.table.get(dead, "regen_shields") == 0
    _shield(game, dead)
    assert not game.table.get(dead, "tapped")  # creating a shield is not regenerating (701.15c)


def test_701_15a_704_5g_a_shield_replaces_destruction_by_lethal_damage():
    sc = _walking_dead(bob_hand=["Shock"], bob_lands=["Mountain"])
    game, dead = sc.game, sc.ids["dead"]
    _shield(game, dead)
    pass_priority(game)  # alice passes with an empty stack: bob gets priority
    cast(game, "Shock", [dead])
    resolve_stack(game)
    assert zone_of(game, dead) == Zone.BATTLEFIELD
    assert game.table.get(dead, "tapped")
    assert game.table.get(dead, "damage") == 0
    assert game.table.get(dead, "regen_shields") == 0


def test_701_15a_701_8_a_shield_replaces_destroy_target_creature():
    sc = _walking_dead(hand=["Murder"], lands=("Swamp",) * 4)
    game, dead = sc.game, sc.ids["dead"]
    _shield(game, dead)
    cast(game, "Murder", [dead])
    resolve_stack(game)
    assert zone_of(game, dead) == Zone.BATTLEFIELD
    assert game.table.get(dead, "tapped")


def test_701_15a_a_shield_is_used_up_by_one_destruction():
    sc = _walking_dead(hand=["Murder"], lands=("Swamp",) * 4)
    game, dead = sc.game, sc.ids["dead"]
    _shield(game, dead)
    assert destroy(game, dead) is False
    assert zone_of(game, dead) == Zone.BATTLEFIELD
    cast(game, "Murder", [dead])
    resolve_stack(game)
    assert zone_of(game, dead) is None  # a new object in the graveyard now (400.7)
    assert [game.card(e).name for e in game.zones[0][Zone.GRAVEYARD]] == ["Walking Dead", "Murder"]


def test_701_15a_two_shields_survive_two_destructions():
    sc = _walking_dead(lands=("Swamp", "Swamp"))
    game, dead = sc.game, sc.ids["dead"]
    activate(game, dead)
    activate(game, dead)
    resolve_stack(game)
    assert game.table.get(dead, "regen_shields") == 2
    assert destroy(game, dead) is False and destroy(game, dead) is False
    assert zone_of(game, dead) == Zone.BATTLEFIELD
    assert destroy(game, dead) is True


def test_704_5f_regeneration_cannot_replace_zero_toughness():
    sc = _walking_dead(hand=["Disfigure"], lands=("Swamp", "Swamp"))
    game, dead = sc.game, sc.ids["dead"]
    _shield(game, dead)
    cast(game, "Disfigure", [dead])
    resolve_stack(game)
    assert zone_of(game, dead) is None
    assert "Walking Dead" in [game.card(e).name for e in game.zones[0][Zone.GRAVEYARD]]


def test_514_2_701_15a_a_shield_lasts_only_this_turn():
    sc = _walking_dead()
    game, dead = sc.game, sc.ids["dead"]
    _shield(game, dead)
    from layer_support import next_turn

    next_turn(game)
    assert game.table.get(dead, "regen_shields") == 0


def test_701_15a_regeneration_removes_the_creature_from_combat():
    """Walking Dead attacks with a shield and is blocked by Hill Giant: the lethal damage is replaced,
    it is tapped, its damage removed and it is no longer an attacking creature, while Grizzly Bears,
    attacking alongside unblocked, still is."""
    sc = scenario([{"name": "alice", "battlefield": ["Swamp", {"card": "Walking Dead", "id": "dead"},
                                                      {"card": "Grizzly Bears", "id": "bear"}],
                    "library": ["Swamp"] * 3},
                   {"name": "bob", "battlefield": [{"card": "Hill Giant", "id": "giant"}],
                    "library": ["Swamp"] * 3}],
                  turn={"number": 3, "active": "alice", "step": "beginning_of_combat"})
    game, dead, bear, giant = sc.game, sc.ids["dead"], sc.ids["bear"], sc.ids["giant"]
    _shield(game, dead)
    pass_priority(game)  # alice
    pass_priority(game)  # bob: on to declare attackers
    assert game.step == Step.DECLARE_ATTACKERS
    for creature in (dead, bear):
        game.apply(next(o for o in game.whole_actions() if isinstance(o, DeclareAttacker) and o.creature == creature))
    game.apply(FinishAttackers())
    while game.pending.kind.value != "blockers":
        pass_priority(game)
    game.apply(DeclareBlocker(giant, dead))
    game.apply(FinishBlockers())
    while game.step != Step.COMBAT_DAMAGE:
        pass_priority(game)
    assert zone_of(game, dead) == Zone.BATTLEFIELD
    assert game.table.get(dead, "damage") == 0 and game.table.get(dead, "tapped")
    assert dead not in game.combat.attackers
    assert bear in game.combat.attackers
    assert game.player_states[1].life == 18


def test_701_15a_704_5h_a_shield_replaces_destruction_by_deathtouch_damage():
    sc = scenario([{"name": "alice", "battlefield": ["Swamp", {"card": "Walking Dead", "id": "dead"}],
                    "library": ["Swamp"] * 3},
                   {"name": "bob", "battlefield": [{"card": "Gilacorn", "id": "gila"}], "library": ["Swamp"] * 3}],
                  turn={"number": 3, "active": "alice", "step": "beginning_of_combat"})
    game, dead, gila = sc.game, sc.ids["dead"], sc.ids["gila"]
    _shield(game, dead)
    pass_priority(game, 2)
    game.apply(next(o for o in game.whole_actions() if isinstance(o, DeclareAttacker) and o.creature == dead))
    game.apply(FinishAttackers())
    while game.pending.kind.value != "blockers":
        pass_priority(game)
    game.apply(DeclareBlocker(gila, dead))
    game.apply(FinishBlockers())
    while game.step != Step.COMBAT_DAMAGE:
        pass_priority(game)
    assert zone_of(game, dead) == Zone.BATTLEFIELD  # regenerated from deathtouch (704.5h)
    assert zone_of(game, gila) is None  # the 1/1 Gilacorn took 1 lethal damage



def test_613_1f_a_creature_that_lost_all_abilities_cannot_activate_regenerate():
    sc = scenario([{"name": "alice", "hand": ["Turn to Frog"],
                    "battlefield": ["Island", "Island", "Swamp", {"card": "Walking Dead", "id": "dead"}]},
                   {"name": "bob"}])
    game, dead = sc.game, sc.ids["dead"]
    from ecs.actions import ActivateAbility

    assert any(isinstance(o, ActivateAbility) and o.source == dead for o in game.whole_actions())
    cast(game, "Turn to Frog", [dead])
    resolve_stack(game)
    assert not any(isinstance(o, ActivateAbility) and o.source == dead for o in game.whole_actions())
