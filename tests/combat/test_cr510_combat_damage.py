"""Combat damage (CR 510), first and double strike (702.7, 702.4), trample (702.19), deathtouch
(702.2), lifelink (702.15), indestructible (702.12) and planeswalkers (120.3c, 506.4c)."""

from __future__ import annotations

from board import (
    assignments,
    choose_assignment,
    planeswalker,
)
from board import (
    bear as creature,
)
from board import (
    combat_board as board,
)
from board import (
    sc_attack as attack,
)
from board import (
    sc_block as block,
)
from board import (
    sc_life as life,
)
from board import (
    sc_on_battlefield as on_battlefield,
)
from board import (
    sc_pass_until as pass_until,
)
from board import (
    sc_row as row,
)

from components.abilities import Layer
from components.keywords import Keyword
from components.objects import ContinuousEffect, Step, Zone
from ecs.actions import DecisionKind
from systems.layers import add_effect
from systems.zones import move

BEAR = creature("Test Bear", 2, 2)


def _grant(sc, ref, add=0, remove=0):
    game = sc.game
    add_effect(game, ContinuousEffect(layer=Layer.ABILITY, timestamp=game.new_timestamp(), source=sc.ids[ref],
                                      controller=0, until_end_of_turn=True, from_static=False,
                                      fixed=(sc.ids[ref],), keywords_add=int(add), keywords_remove=int(remove)))


def test_510_1b_unblocked_attacker_damages_the_defending_player():
    sc = board([{"card": "Test Bear", "id": "a"}], [], cards=[BEAR])
    attack(sc, ["a"])
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert life(sc, "bob") == 18


def test_510_1c_two_blockers_any_division_is_a_choice_without_damage_assignment_order():
    sc = board([{"card": "Test Giant", "id": "g"}], [{"card": "Test Bear", "id": "x"}, {"card": "Test Bear", "id": "y"}],
               cards=[BEAR, creature("Test Giant", 4, 5)])
    attack(sc, ["g"])
    block(sc, {"x": "g", "y": "g"})
    pass_until(sc, DecisionKind.ASSIGN_DAMAGE)
    options = assignments(sc)
    # Current rules: the attacking player divides freely among the blockers (no lethal-first order).
    expected = [{k: v for k, v in (("x", i), ("y", 4 - i)) if v} for i in range(5)]
    assert sorted(map(sorted, (o.items() for o in options))) == sorted(map(sorted, (e.items() for e in expected)))
    choose_assignment(sc, {"x": 0, "y": 4})
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert on_battlefield(sc, "x") and not on_battlefield(sc, "y")
    assert row(sc, "g", "damage") == 4 and on_battlefield(sc, "g")  # 510.2: both blockers' damage at once


def test_510_1c_single_blocker_takes_all_damage_without_a_decision():
    sc = board([{"card": "Test Giant", "id": "g"}], [{"card": "Test Bear", "id": "x"}],
               cards=[BEAR, creature("Test Giant", 4, 4)])
    attack(sc, ["g"])
    block(sc, {"x": "g"})
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert not on_battlefield(sc, "x") and life(sc, "bob") == 20


def test_702_19b_trample_player_gets_damage_only_after_lethal_to_each_blocker():
    sc = board([{"card": "Test Wurm", "id": "w"}], [{"card": "Test Bear", "id": "x"}, {"card": "Test Wall", "id": "y"}],
               cards=[BEAR, creature("Test Wurm", 6, 6, "Trample"), creature("Test Wall", 0, 3)])
    attack(sc, ["w"])
    block(sc, {"x": "w", "y": "w"})
    pass_until(sc, DecisionKind.ASSIGN_DAMAGE)
    for o in assignments(sc):
        if o.get("bob"):
            assert o.get("x", 0) >= 2 and o.get("y", 0) >= 3
    assert {"x": 2, "y": 3, "bob": 1} in assignments(sc)
    assert {"x": 6} in assignments(sc)  # excess may stay on the blockers
    choose_assignment(sc, {"x": 2, "y": 3, "bob": 1})
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert life(sc, "bob") == 19


def test_702_19b_trample_lethal_accounts_for_damage_already_marked():
    sc = board([{"card": "Test Wurm", "id": "w"}], [{"card": "Test Wall", "id": "y", "damage": 2}],
               cards=[creature("Test Wurm", 4, 4, "Trample"), creature("Test Wall", 0, 3)])
    attack(sc, ["w"])
    block(sc, {"y": "w"})
    pass_until(sc, DecisionKind.ASSIGN_DAMAGE)
    assert {"y": 1, "bob": 3} in assignments(sc)
    assert all(o.get("y", 0) >= 1 for o in assignments(sc))


def test_702_2c_deathtouch_trample_one_damage_is_lethal():
    sc = board([{"card": "Test Reaper", "id": "r"}], [{"card": "Test Wall", "id": "y"}],
               cards=[creature("Test Reaper", 4, 4, "Deathtouch, trample"), creature("Test Wall", 0, 6)])
    attack(sc, ["r"])
    block(sc, {"y": "r"})
    pass_until(sc, DecisionKind.ASSIGN_DAMAGE)
    assert {"y": 1, "bob": 3} in assignments(sc) and {"bob": 4} not in assignments(sc)
    choose_assignment(sc, {"y": 1, "bob": 3})
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert not on_battlefield(sc, "y") and life(sc, "bob") == 17  # 702.2b destroyed by deathtouch


def test_702_19d_blocked_trampler_whose_blockers_are_gone_hits_the_player_510_1c_others_deal_none():
    sc = board([{"card": "Test Wurm", "id": "w"}, {"card": "Test Giant", "id": "g"}],
               [{"card": "Test Bear", "id": "x"}, {"card": "Test Bear", "id": "y"}],
               cards=[BEAR, creature("Test Wurm", 5, 5, "Trample"), creature("Test Giant", 4, 4)])
    attack(sc, ["w", "g"])
    block(sc, {"x": "w", "y": "g"})
    pass_until(sc, step=Step.DECLARE_BLOCKERS)
    move(sc.game, sc.ids["x"], Zone.EXILE)  # 506.4: both blockers leave combat
    move(sc.game, sc.ids["y"], Zone.EXILE)
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert life(sc, "bob") == 15  # only the trampler's 5; the giant stays blocked and deals none


def test_510_4_702_7b_first_strike_damage_happens_first():
    sc = board([{"card": "Test Knight", "id": "k"}], [{"card": "Test Bear", "id": "x"}],
               cards=[BEAR, creature("Test Knight", 2, 2, "First strike")])
    attack(sc, ["k"])
    block(sc, {"x": "k"})
    pass_until(sc, step=Step.FIRST_STRIKE_DAMAGE)
    assert not on_battlefield(sc, "x")
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert row(sc, "k", "damage") == 0  # the bear died before it could deal damage


def test_702_4b_double_strike_deals_damage_in_both_steps():
    sc = board([{"card": "Test Duelist", "id": "d"}], [{"card": "Test Wall", "id": "y"}],
               cards=[creature("Test Duelist", 2, 2, "Double strike"), creature("Test Wall", 0, 5)])
    attack(sc, ["d"])
    block(sc, {"y": "d"})
    pass_until(sc, step=Step.FIRST_STRIKE_DAMAGE)
    assert row(sc, "y", "damage") == 2
    pass_until(sc, step=Step.COMBAT_DAMAGE)
    assert row(sc, "y", "damage") == 4


def test_702_7c_first_strike_gained_after_the_first_step_still_deals_damage_in_the_second():
    sc = board([{"card": "Test Knight", "id": "k"}, {"card": "Test Bear", "id": "b"}], [],
               cards=[BEAR, creature("Test Knight", 2, 2, "First strike")])
    attack(sc, ["k", "b"])
    pass_until(sc, step=Step.FIRST_STRIKE_DAMAGE)
    assert life(sc, "bob") == 18
    _grant(sc, "b", add=Keyword.FIRST_STRIKE)
    pass_until(sc, step=Step.COMBAT_DAMAGE)
    assert life(sc, "bob") == 16  # the bear had neither ability as the first step began


def test_702_7c_first_strike_removed_after_dealing_damage_does_not_allow_a_second_hit():
    sc = board([{"card": "Test Knight", "id": "k"}], [], cards=[creature("Test Knight", 2, 2, "First strike")])
    attack(sc, ["k"])
    pass_until(sc, step=Step.FIRST_STRIKE_DAMAGE)
    _grant(sc, "k", remove=Keyword.FIRST_STRIKE)
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert life(sc, "bob") == 18


def test_702_4c_removing_double_strike_in_the_first_step_stops_the_second_hit():
    sc = board([{"card": "Test Duelist", "id": "d"}], [], cards=[creature("Test Duelist", 2, 2, "Double strike")])
    attack(sc, ["d"])
    pass_until(sc, step=Step.FIRST_STRIKE_DAMAGE)
    _grant(sc, "d", remove=Keyword.DOUBLE_STRIKE)
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert life(sc, "bob") == 18


def test_702_4d_giving_double_strike_to_a_first_striker_after_the_first_step_lets_it_hit_again():
    sc = board([{"card": "Test Knight", "id": "k"}], [], cards=[creature("Test Knight", 2, 2, "First strike")])
    attack(sc, ["k"])
    pass_until(sc, step=Step.FIRST_STRIKE_DAMAGE)
    _grant(sc, "k", add=Keyword.DOUBLE_STRIKE)
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert life(sc, "bob") == 16


def test_702_15b_lifelink_gains_life_for_combat_damage_dealt():
    sc = board([{"card": "Test Cleric", "id": "c"}], [{"card": "Test Wall", "id": "y"}],
               cards=[creature("Test Cleric", 3, 3, "Lifelink"), creature("Test Wall", 0, 5)])
    attack(sc, ["c"])
    block(sc, {"y": "c"})
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert life(sc, "alice") == 23


def test_702_12b_indestructible_blocker_survives_lethal_combat_damage():
    sc = board([{"card": "Test Giant", "id": "g"}], [{"card": "Test Idol", "id": "i"}],
               cards=[creature("Test Giant", 5, 5), creature("Test Idol", 1, 1, "Indestructible")])
    attack(sc, ["g"])
    block(sc, {"i": "g"})
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert on_battlefield(sc, "i") and row(sc, "i", "damage") == 5


def test_120_3c_unblocked_attacker_removes_loyalty_from_the_planeswalker_it_attacks():
    sc = board([{"card": "Test Bear", "id": "a"}], [{"card": "Test Walker", "id": "pw"}],
               cards=[BEAR, planeswalker("Test Walker", 5)])
    attack(sc, {"a": "pw"})
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert row(sc, "pw", "loyalty") == 3 and life(sc, "bob") == 20


def test_702_19b_trample_attacking_a_planeswalker_sends_excess_only_to_it_702_19f():
    sc = board([{"card": "Test Wurm", "id": "w"}], [{"card": "Test Walker", "id": "pw"}, {"card": "Test Bear", "id": "x"}],
               cards=[BEAR, creature("Test Wurm", 6, 6, "Trample"), planeswalker("Test Walker", 9)])
    attack(sc, {"w": "pw"})
    block(sc, {"x": "w"})
    pass_until(sc, DecisionKind.ASSIGN_DAMAGE)
    assert all("bob" not in o for o in assignments(sc))
    choose_assignment(sc, {"x": 2, "pw": 4})
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert row(sc, "pw", "loyalty") == 5


def test_702_19c_trample_over_planeswalkers_excess_beyond_loyalty_to_the_controller():
    sc = board([{"card": "Test Dino", "id": "d"}], [{"card": "Test Walker", "id": "pw"}],
               cards=[creature("Test Dino", 7, 7, "Trample over planeswalkers"), planeswalker("Test Walker", 3)])
    attack(sc, {"d": "pw"})
    pass_until(sc, DecisionKind.ASSIGN_DAMAGE)
    for o in assignments(sc):
        if o.get("bob"):
            assert o.get("pw", 0) >= 3
    choose_assignment(sc, {"pw": 3, "bob": 4})
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert not on_battlefield(sc, "pw") and life(sc, "bob") == 16  # 704.5i


def test_506_4c_attacker_of_a_planeswalker_that_left_stays_attacking_deals_no_damage_others_unaffected():
    sc = board([{"card": "Test Bear", "id": "a"}, {"card": "Test Giant", "id": "g"}], [{"card": "Test Walker", "id": "pw"}],
               cards=[BEAR, creature("Test Giant", 4, 4), planeswalker("Test Walker", 3)])
    attack(sc, {"a": "pw", "g": "bob"})
    pass_until(sc, step=Step.DECLARE_BLOCKERS)
    move(sc.game, sc.ids["pw"], Zone.GRAVEYARD)
    pass_until(sc, step=Step.COMBAT_DAMAGE)
    assert sc.ids["a"] in sc.game.combat.attackers  # still attacking, attacking nothing
    assert life(sc, "bob") == 16  # the giant's damage only


def test_702_19e_trample_over_planeswalkers_attacker_of_a_removed_planeswalker_hits_its_controller():
    sc = board([{"card": "Test Dino", "id": "d"}], [{"card": "Test Walker", "id": "pw"}],
               cards=[creature("Test Dino", 5, 5, "Trample over planeswalkers"), planeswalker("Test Walker", 3)])
    attack(sc, {"d": "pw"})
    pass_until(sc, step=Step.DECLARE_BLOCKERS)
    move(sc.game, sc.ids["pw"], Zone.GRAVEYARD)
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert life(sc, "bob") == 15


def test_510_1d_blocker_of_two_attackers_divides_its_damage_as_its_controller_chooses():
    sc = board([{"card": "Test Bear", "id": "a1"}, {"card": "Test Bear", "id": "a2"}],
               [{"card": "Test Sentinel", "id": "s"}],
               cards=[BEAR, creature("Test Sentinel", 3, 9, "This creature can block an additional creature each combat.")])
    attack(sc, ["a1", "a2"])
    block(sc, [("s", "a1"), ("s", "a2")])
    pass_until(sc, DecisionKind.ASSIGN_DAMAGE)
    assert sc.game.pending.player == 1  # the defending player assigns the blocker's damage
    assert len(assignments(sc)) == 4  # 3+0, 2+1, 1+2, 0+3
    choose_assignment(sc, {"a1": 2, "a2": 1})
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert not on_battlefield(sc, "a1") and on_battlefield(sc, "a2") and row(sc, "s", "damage") == 4


def test_506_4_a_creature_removed_from_combat_deals_no_combat_damage():
    sc = board([{"card": "Test Giant", "id": "g"}], [{"card": "Test Bear", "id": "x"}],
               cards=[BEAR, creature("Test Giant", 4, 4)])
    attack(sc, ["g"])
    block(sc, {"x": "g"})
    pass_until(sc, step=Step.DECLARE_BLOCKERS)
    from systems.zones import remove_from_combat

    remove_from_combat(sc.game, sc.ids["g"])
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert row(sc, "x", "damage") == 0 and row(sc, "g", "damage") == 0 and life(sc, "bob") == 20


def test_510_2_combat_damage_is_dealt_simultaneously(monkeypatch):
    """CR 510.2: all combat damage of a step is dealt at once: both creatures are dealt their damage
    before either dies, and both damage events are reported together."""
    from components.events import DamageDealt
    from content import registry

    seen = []
    # The damage events, seen as a mechanic's hook sees them (systems/triggers.emit runs the hooks
    # "triggers.damage_dealt" of the game's mechanics): a hook of a test mechanic this game uses. (Not by replacing
    # systems.damage.emit, which compiled code would call around.)
    registry.ensure_discovered()
    watchers = [*registry.HOOKS.get("triggers.damage_dealt", []), ("test damage watcher",
                                                                  lambda game, event: seen.append((game.table.n, event)))]
    monkeypatch.setitem(registry.HOOKS, "triggers.damage_dealt", watchers)
    sc = board([{"card": "Test Bear", "id": "a"}], [{"card": "Test Bear", "id": "x"}], cards=[BEAR])
    sc.game.enable_mechanics(frozenset({"test damage watcher"}))  # (a hook listening: the damage events are made)
    attack(sc, ["a"])
    block(sc, {"x": "a"})
    pass_until(sc, step=Step.END_OF_COMBAT)
    damage = [(n, e) for n, e in seen if isinstance(e, DamageDealt)]
    assert sorted(e.amount for _, e in damage) == [2, 2]
    assert all(n == damage[0][0] for n, _ in damage)  # no creature left between the two events
    assert not on_battlefield(sc, "a") and not on_battlefield(sc, "x")
