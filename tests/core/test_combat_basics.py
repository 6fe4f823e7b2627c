"""Combat (CR 506-511) and the combat keywords (CR 702)."""

from __future__ import annotations

import pytest
from board import build, cast, col, declare_attackers, declare_blocks, of_type, vanilla

from components.objects import Step, Zone
from ecs import (
    AssignDamage,
    DecisionKind,
    DeclareAttacker,
    DeclareBlocker,
    FinishBlockers,
    IllegalActionError,
    PassPriority,
)
from ecs.scenario import state_fingerprint


def until(game, kind: DecisionKind, limit: int = 200) -> None:
    """Pass priority until a decision of ``kind`` is pending (attackers/blockers are not skipped)."""
    for _ in range(limit):
        assert game.pending is not None, game.result
        if game.pending.kind == kind:
            return
        assert game.pending.kind == DecisionKind.PRIORITY, game.pending
        game.apply(PassPriority())
    raise AssertionError(f"no {kind} decision")


def pass_until_step(game, step: Step, steps_seen: list | None = None, limit: int = 200) -> None:
    for _ in range(limit):
        assert game.pending is not None, game.result
        if steps_seen is not None and (not steps_seen or steps_seen[-1] != game.step):
            steps_seen.append(game.step)
        if game.step == step and game.pending.kind == DecisionKind.PRIORITY:
            return
        assert game.pending.kind == DecisionKind.PRIORITY, game.pending
        game.apply(PassPriority())
    raise AssertionError(f"did not reach {step}")


def board(alice_bf, bob_bf, *, cards=None, alice_hand=(), bob_hand=(), alice_life=20, bob_life=20):
    return build([
        {"name": "alice", "battlefield": list(alice_bf), "hand": list(alice_hand), "life": alice_life},
        {"name": "bob", "battlefield": list(bob_bf), "hand": list(bob_hand), "life": bob_life},
    ], cards=cards)


def attackers_offered(game) -> set[int]:
    return {o.creature for o in of_type(game, DeclareAttacker)}


def fight(sc, attacks, blocks=(), until_step: Step = Step.END_OF_COMBAT):
    """Attack with ids, block with (blocker id, attacker id) pairs, then pass to ``until_step``."""
    game, ids = sc.game, sc.ids
    until(game, DecisionKind.ATTACKERS)
    declare_attackers(game, [ids[a] for a in attacks])
    if blocks:
        until(game, DecisionKind.BLOCKERS)
        declare_blocks(game, [(ids[b], ids[a]) for b, a in blocks])
    pass_until_step(game, until_step)
    return game


# ---------------------------------------------------------------- 302.6 / 508.1a who may attack


def test_302_6_summoning_sick_creature_cannot_attack():
    sc = board([{"card": "Grizzly Bears", "id": "sick", "sick": True}, {"card": "Hill Giant", "id": "ok"}], [])
    game = sc.game
    until(game, DecisionKind.ATTACKERS)
    assert attackers_offered(game) == {sc.ids["ok"]}
    before = state_fingerprint(game)
    with pytest.raises(IllegalActionError):
        game.apply(DeclareAttacker(sc.ids["sick"], game.players[1]))
    assert state_fingerprint(game) == before


def test_702_10b_haste_creature_attacks_the_turn_it_arrives():
    sc = board(["Mountain", "Mountain"], [], alice_hand=["Nest Robber", "Grizzly Bears"],
               cards=None)
    game = sc.game
    cast(game, "Nest Robber")
    game.apply(PassPriority())
    game.apply(PassPriority())
    (robber,) = [e for e in game.battlefield() if game.card(e).name == "Nest Robber"]
    assert col(game, robber, "sick") == 1
    until(game, DecisionKind.ATTACKERS)
    assert robber in attackers_offered(game)
    declare_attackers(game, [robber])
    pass_until_step(game, Step.END_OF_COMBAT)
    assert game.player_states[1].life == 18


def test_302_6_creature_cast_this_turn_cannot_attack_but_can_block():
    sc = build([{"name": "alice", "battlefield": ["Forest", "Forest"], "hand": ["Grizzly Bears"],
                 "library": ["Forest"] * 3},
                {"name": "bob", "battlefield": [{"card": "Hill Giant", "id": "giant"}], "library": ["Forest"] * 3}])
    game = sc.game
    cast(game, "Grizzly Bears")
    game.apply(PassPriority())
    game.apply(PassPriority())
    (bear,) = [e for e in game.battlefield() if game.card(e).name == "Grizzly Bears"]
    # alice has no creature able to attack: the declaration is empty and combat skips to its end (508.8)
    pass_until_step(game, Step.END_OF_COMBAT)
    assert col(game, bear, "tapped") == 0
    # on bob's turn the sick bear may block
    for _ in range(50):
        if game.turn == 2 and game.pending.kind == DecisionKind.ATTACKERS:
            break
        game.apply(game.whole_actions()[0])
    declare_attackers(game, [sc.ids["giant"]])
    until(game, DecisionKind.BLOCKERS)
    assert DeclareBlocker(bear, sc.ids["giant"]) in game.whole_actions()


def test_508_1a_tapped_creature_and_defender_cannot_attack():
    sc = board([{"card": "Grizzly Bears", "id": "tapped", "tapped": True}, {"card": "Wall of Mist", "id": "wall"},
                {"card": "Hill Giant", "id": "giant"}], [])
    game = sc.game
    until(game, DecisionKind.ATTACKERS)
    assert attackers_offered(game) == {sc.ids["giant"]}


def test_508_8_no_attackers_skips_to_end_of_combat():
    sc = board([{"card": "Grizzly Bears", "id": "bear"}], [{"card": "Hill Giant", "id": "giant"}])
    game = sc.game
    until(game, DecisionKind.ATTACKERS)
    declare_attackers(game, [])
    seen: list = []
    pass_until_step(game, Step.POSTCOMBAT_MAIN, seen)
    assert Step.DECLARE_BLOCKERS not in seen and Step.COMBAT_DAMAGE not in seen


# ---------------------------------------------------------------- 508.1f tapping, vigilance


def test_508_1f_attackers_tap_but_vigilance_does_not():
    sc = board([{"card": "Grizzly Bears", "id": "bear"}, {"card": "Greenwood Sentinel", "id": "vig"}], [])
    game = sc.game
    until(game, DecisionKind.ATTACKERS)
    declare_attackers(game, [sc.ids["bear"], sc.ids["vig"]])
    assert col(game, sc.ids["bear"], "tapped") == 1
    assert col(game, sc.ids["vig"], "tapped") == 0  # CR 702.20b
    pass_until_step(game, Step.END_OF_COMBAT)
    assert game.player_states[1].life == 16


# ---------------------------------------------------------------- 509.1 blocking restrictions


def test_702_9b_flying_attacker_cannot_be_blocked_by_ground_creature_but_reach_can():
    sc = board([{"card": "Wind Drake", "id": "drake"}],
               [{"card": "Grizzly Bears", "id": "bear"}, {"card": "Mammoth Spider", "id": "spider"},
                {"card": "Zephyr Gull", "id": "gull"}])
    game = sc.game
    until(game, DecisionKind.ATTACKERS)
    declare_attackers(game, [sc.ids["drake"]])
    until(game, DecisionKind.BLOCKERS)
    assert game.pending.player == 1
    blockers = {o.blocker for o in of_type(game, DeclareBlocker)}
    assert blockers == {sc.ids["spider"], sc.ids["gull"]}  # reach and flying only
    before = state_fingerprint(game)
    with pytest.raises(IllegalActionError):
        game.apply(DeclareBlocker(sc.ids["bear"], sc.ids["drake"]))
    assert state_fingerprint(game) == before


def test_702_9b_flying_creature_can_block_ground_creature():
    sc = board([{"card": "Grizzly Bears", "id": "bear"}], [{"card": "Wind Drake", "id": "drake"}])
    game = fight(sc, ["bear"], [("drake", "bear")])
    assert sc.ids["bear"] not in game.battlefield() and sc.ids["drake"] not in game.battlefield()
    assert game.player_states[1].life == 20


def test_509_1a_tapped_creature_cannot_block_and_sick_creature_can():
    sc = board([{"card": "Hill Giant", "id": "giant"}],
               [{"card": "Grizzly Bears", "id": "tapped", "tapped": True},
                {"card": "Grizzly Bears", "id": "sick", "sick": True}])
    game = sc.game
    until(game, DecisionKind.ATTACKERS)
    declare_attackers(game, [sc.ids["giant"]])
    until(game, DecisionKind.BLOCKERS)
    assert {o.blocker for o in of_type(game, DeclareBlocker)} == {sc.ids["sick"]}


def test_702_111b_menace_needs_two_blockers():
    sc = board([{"card": "Cursed Minotaur", "id": "mino"}],
               [{"card": "Grizzly Bears", "id": "b1"}, {"card": "Grizzly Bears", "id": "b2"}])
    game = sc.game
    ids = sc.ids
    until(game, DecisionKind.ATTACKERS)
    declare_attackers(game, [ids["mino"]])
    until(game, DecisionKind.BLOCKERS)
    game.apply(DeclareBlocker(ids["b1"], ids["mino"]))
    assert FinishBlockers() not in game.whole_actions()  # one blocker alone is illegal
    game.apply(DeclareBlocker(ids["b2"], ids["mino"]))
    assert game.combat.blocked[ids["mino"]] == [ids["b1"], ids["b2"]]


def test_702_111b_menace_cannot_be_blocked_by_a_lone_creature():
    sc = board([{"card": "Cursed Minotaur", "id": "mino"}], [{"card": "Grizzly Bears", "id": "b1"}])
    game = sc.game
    until(game, DecisionKind.ATTACKERS)
    declare_attackers(game, [sc.ids["mino"]])
    # bob's only creature can't block it at all: no blockers decision is even needed
    assert not (game.pending.kind == DecisionKind.BLOCKERS
                and DeclareBlocker(sc.ids["b1"], sc.ids["mino"]) in game.whole_actions())
    pass_until_step(game, Step.END_OF_COMBAT)
    assert game.player_states[1].life == 17


def _blocker_decisions_never_dead_end(game, depth=0):
    """Walk every sequence of block options; each blockers decision must offer a way forward, and a
    finished declaration must leave no menace attacker blocked by exactly one creature (702.111b)."""
    if game.pending is None or game.pending.kind != DecisionKind.BLOCKERS:
        for attacker, blockers in game.combat.blocked.items():
            if game.card(attacker).name == "Cursed Minotaur":
                assert len(blockers) != 1
        return
    assert game.whole_actions(), "a blockers decision with no options"
    for option in game.whole_actions():
        clone = game.clone()
        clone.apply(option)
        _blocker_decisions_never_dead_end(clone, depth + 1)


def test_509_1b_menace_block_declaration_never_dead_ends():
    """CR 509.1b / 702.111b: no sequence of offered blocks may strand the menace attacker with one blocker
    and a decision without options (the engine at 3f25610 offered exactly that dead end)."""
    sc = board([{"card": "Cursed Minotaur", "id": "mino"}, {"card": "Grizzly Bears", "id": "bear"}],
               [{"card": "Walking Corpse", "id": "b1"}, {"card": "Walking Corpse", "id": "b2"}])
    game = sc.game
    until(game, DecisionKind.ATTACKERS)
    declare_attackers(game, [sc.ids["mino"], sc.ids["bear"]])
    until(game, DecisionKind.BLOCKERS)
    _blocker_decisions_never_dead_end(game)


# ---------------------------------------------------------------- 510 combat damage


def test_510_1b_unblocked_creature_damages_defending_player():
    sc = board([{"card": "Hill Giant", "id": "giant"}], [])
    game = fight(sc, ["giant"])
    assert game.player_states[1].life == 17


def test_510_2_blocked_creatures_deal_damage_to_each_other_simultaneously():
    sc = board([{"card": "Grizzly Bears", "id": "bear"}], [{"card": "Walking Corpse", "id": "corpse"}])
    game = fight(sc, ["bear"], [("corpse", "bear")])
    assert sc.ids["bear"] not in game.battlefield() and sc.ids["corpse"] not in game.battlefield()
    assert [game.card(e).name for e in game.zones[0][Zone.GRAVEYARD]] == ["Grizzly Bears"]
    assert [game.card(e).name for e in game.zones[1][Zone.GRAVEYARD]] == ["Walking Corpse"]
    assert game.player_states[1].life == 20


def test_510_1c_single_blocker_is_assigned_all_the_damage():
    sc = board([{"card": "Hill Giant", "id": "giant"}], [{"card": "Wall of Mist", "id": "wall"}])
    game = fight(sc, ["giant"], [("wall", "giant")], Step.COMBAT_DAMAGE)
    assert col(game, sc.ids["wall"], "damage") == 3
    assert col(game, sc.ids["giant"], "damage") == 0  # the wall has 0 power: 510.1a
    assert game.player_states[1].life == 20
    assert game.pending.kind == DecisionKind.PRIORITY  # no assignment decision for one blocker


def test_510_1c_two_blockers_make_an_assignment_decision_with_every_division():
    sc = board([{"card": "Hill Giant", "id": "giant"}],
               [{"card": "Wall of Mist", "id": "w1"}, {"card": "Sworn Guardian", "id": "w2"}])
    game = sc.game
    ids = sc.ids
    until(game, DecisionKind.ATTACKERS)
    declare_attackers(game, [ids["giant"]])
    until(game, DecisionKind.BLOCKERS)
    declare_blocks(game, [(ids["w1"], ids["giant"]), (ids["w2"], ids["giant"])])
    until(game, DecisionKind.ASSIGN_DAMAGE)
    assert game.pending.player == 0  # the attacking creature's controller divides (510.1c)
    divisions = {tuple(sorted(dict(o.assignment).items())) for o in game.whole_actions()}
    w1, w2 = ids["w1"], ids["w2"]
    expected = set()
    for a in range(4):
        d = {w1: a, w2: 3 - a}
        expected.add(tuple(sorted((k, v) for k, v in d.items() if v)))
    assert divisions == expected
    assert all(o.attacker == ids["giant"] for o in game.whole_actions())
    game.apply(next(o for o in game.whole_actions() if dict(o.assignment) == {w2: 3}))
    # 3 damage on the 1/3 Guardian is lethal (704.5g); the wall got none
    assert w2 not in game.battlefield()
    assert [game.card(e).name for e in game.zones[1][Zone.GRAVEYARD]] == ["Sworn Guardian"]
    assert col(game, w1, "damage") == 0
    assert col(game, ids["giant"], "damage") == 1  # the Guardian's 1 power; the wall has 0


# ---------------------------------------------------------------- first strike, double strike


def test_702_7b_no_first_strike_step_without_first_strike():
    sc = board([{"card": "Grizzly Bears", "id": "bear"}], [{"card": "Wall of Mist", "id": "wall"}])
    game = sc.game
    until(game, DecisionKind.ATTACKERS)
    declare_attackers(game, [sc.ids["bear"]])
    until(game, DecisionKind.BLOCKERS)
    declare_blocks(game, [(sc.ids["wall"], sc.ids["bear"])])
    seen: list = []
    pass_until_step(game, Step.END_OF_COMBAT, seen)
    assert Step.FIRST_STRIKE_DAMAGE not in seen and Step.COMBAT_DAMAGE in seen


def test_702_7b_first_strike_step_when_a_combatant_has_it():
    sc = board([{"card": "Youthful Knight", "id": "knight"}], [])
    game = sc.game
    until(game, DecisionKind.ATTACKERS)
    declare_attackers(game, [sc.ids["knight"]])
    seen: list = []
    pass_until_step(game, Step.END_OF_COMBAT, seen)
    assert seen.index(Step.FIRST_STRIKE_DAMAGE) < seen.index(Step.COMBAT_DAMAGE)
    assert game.player_states[1].life == 18  # first strike alone deals damage once


def test_702_7b_first_striker_kills_blocker_before_it_deals_damage():
    sc = board([{"card": "Youthful Knight", "id": "knight"}], [{"card": "Elite Vanguard", "id": "vanguard"}])
    game = fight(sc, ["knight"], [("vanguard", "knight")], Step.FIRST_STRIKE_DAMAGE)
    assert sc.ids["vanguard"] not in game.battlefield()
    pass_until_step(game, Step.END_OF_COMBAT)
    assert col(game, sc.ids["knight"], "damage") == 0 and sc.ids["knight"] in game.battlefield()


def test_702_7b_first_strike_blocker_kills_attacker_first():
    sc = board([{"card": "Elite Vanguard", "id": "vanguard"}], [{"card": "Tundra Wolves", "id": "wolves"}])
    game = fight(sc, ["vanguard"], [("wolves", "vanguard")])
    assert sc.ids["vanguard"] not in game.battlefield()
    assert sc.ids["wolves"] in game.battlefield() and col(game, sc.ids["wolves"], "damage") == 0


def test_702_4b_double_strike_deals_damage_in_both_steps():
    sc = board([{"card": "Fencing Ace", "id": "ace"}], [])
    game = fight(sc, ["ace"], (), Step.FIRST_STRIKE_DAMAGE)
    assert game.player_states[1].life == 19
    pass_until_step(game, Step.COMBAT_DAMAGE)
    assert game.player_states[1].life == 18


def test_702_4b_regular_creature_deals_damage_only_in_second_step():
    sc = board([{"card": "Fencing Ace", "id": "ace"}, {"card": "Hill Giant", "id": "giant"}], [])
    game = fight(sc, ["ace", "giant"], (), Step.FIRST_STRIKE_DAMAGE)
    assert game.player_states[1].life == 19  # only the Ace
    pass_until_step(game, Step.END_OF_COMBAT)
    assert game.player_states[1].life == 20 - 1 - 1 - 3


def test_510_1c_509_1h_blocked_creature_whose_blocker_left_deals_no_damage():
    sc = board([{"card": "Hill Giant", "id": "giant"}, "Mountain"],
               [{"card": "Grizzly Bears", "id": "bear"}], alice_hand=["Lightning Bolt"])
    game = sc.game
    until(game, DecisionKind.ATTACKERS)
    declare_attackers(game, [sc.ids["giant"]])
    until(game, DecisionKind.BLOCKERS)
    declare_blocks(game, [(sc.ids["bear"], sc.ids["giant"])])
    assert game.step == Step.DECLARE_BLOCKERS and game.pending.player == 0
    cast(game, "Lightning Bolt", [sc.ids["bear"]])
    game.apply(PassPriority())
    game.apply(PassPriority())
    assert sc.ids["bear"] not in game.battlefield()
    pass_until_step(game, Step.END_OF_COMBAT)
    assert game.player_states[1].life == 20  # the giant stays blocked


# ---------------------------------------------------------------- deathtouch, lifelink, trample


def test_704_5h_deathtouch_blocker_destroys_attacker():
    sc = board([{"card": "Hill Giant", "id": "giant"}], [{"card": "Gilacorn", "id": "gila"}])
    game = fight(sc, ["giant"], [("gila", "giant")])
    assert sc.ids["giant"] not in game.battlefield() and sc.ids["gila"] not in game.battlefield()
    assert [game.card(e).name for e in game.zones[0][Zone.GRAVEYARD]] == ["Hill Giant"]


def test_704_5h_deathtouch_kills_big_creature_with_one_damage():
    sc = board([{"card": "Tajuru Blightblade", "id": "elf"}], [{"card": "Vastwood Gorger", "id": "wurm"}])
    game = fight(sc, ["elf"], [("wurm", "elf")])
    assert sc.ids["wurm"] not in game.battlefield()


def test_702_15b_lifelink_attacker_gains_its_controller_life():
    sc = board([{"card": "Aardvark Sloth", "id": "sloth"}], [], alice_life=10)
    game = fight(sc, ["sloth"])
    assert game.player_states[0].life == 13 and game.player_states[1].life == 17


def test_702_15b_lifelink_counts_damage_to_creatures_too():
    sc = board([{"card": "Aardvark Sloth", "id": "sloth"}], [{"card": "Wall of Mist", "id": "wall"}],
               alice_life=10)
    game = fight(sc, ["sloth"], [("wall", "sloth")])
    assert game.player_states[0].life == 13 and game.player_states[1].life == 20


def test_702_19b_trample_options_assign_lethal_to_blocker_before_player():
    sc = board([{"card": "Havoc Devils", "id": "devils"}], [{"card": "Grizzly Bears", "id": "bear"}])
    game = sc.game
    ids = sc.ids
    bob = game.players[1]
    until(game, DecisionKind.ATTACKERS)
    declare_attackers(game, [ids["devils"]])
    until(game, DecisionKind.BLOCKERS)
    declare_blocks(game, [(ids["bear"], ids["devils"])])
    until(game, DecisionKind.ASSIGN_DAMAGE)
    got = {tuple(sorted(dict(o.assignment).items())) for o in game.whole_actions()}
    bear = ids["bear"]
    expected = {
        tuple(sorted({bear: 4}.items())),
        tuple(sorted({bear: 3, bob: 1}.items())),
        tuple(sorted({bear: 2, bob: 2}.items())),
    }
    assert got == expected  # 1 to the bear and 3 to bob is not lethal to the bear first
    bad = AssignDamage(ids["devils"], ((bear, 1), (bob, 3)))
    before = state_fingerprint(game)
    with pytest.raises(IllegalActionError):
        game.apply(bad)
    assert state_fingerprint(game) == before
    game.apply(next(o for o in game.whole_actions() if dict(o.assignment) == {bear: 2, bob: 2}))
    assert game.player_states[1].life == 18
    pass_until_step(game, Step.END_OF_COMBAT)
    assert bear not in game.battlefield()


def test_702_19b_trample_counts_damage_already_marked():
    sc = board([{"card": "Havoc Devils", "id": "devils"}],
               [{"card": "Sworn Guardian", "id": "guard", "damage": 2}])  # 1/3 with 2 damage: 1 is lethal
    game = sc.game
    ids = sc.ids
    bob = game.players[1]
    until(game, DecisionKind.ATTACKERS)
    declare_attackers(game, [ids["devils"]])
    until(game, DecisionKind.BLOCKERS)
    declare_blocks(game, [(ids["guard"], ids["devils"])])
    until(game, DecisionKind.ASSIGN_DAMAGE)
    assert AssignDamage(ids["devils"], ((ids["guard"], 1), (bob, 3))) in game.whole_actions()
    assert all(dict(o.assignment).get(ids["guard"], 0) >= 1 for o in game.whole_actions())


def test_702_19b_702_2c_trample_with_deathtouch_needs_one_damage_per_blocker():
    cards = [vanilla("Test Deathtrampler", 4, 4, "Deathtouch\nTrample")]
    sc = board([{"card": "Test Deathtrampler", "id": "dt"}], [{"card": "Vastwood Gorger", "id": "wurm"}],
               cards=cards)
    game = sc.game
    ids = sc.ids
    bob = game.players[1]
    until(game, DecisionKind.ATTACKERS)
    declare_attackers(game, [ids["dt"]])
    until(game, DecisionKind.BLOCKERS)
    declare_blocks(game, [(ids["wurm"], ids["dt"])])
    until(game, DecisionKind.ASSIGN_DAMAGE)
    game.apply(AssignDamage(ids["dt"], ((ids["wurm"], 1), (bob, 3))))
    pass_until_step(game, Step.END_OF_COMBAT)
    assert game.player_states[1].life == 17 and ids["wurm"] not in game.battlefield()


def test_702_19d_trample_with_its_blocker_gone_hits_the_player_in_full():
    sc = board([{"card": "Havoc Devils", "id": "devils"}, "Mountain"],
               [{"card": "Grizzly Bears", "id": "bear"}], alice_hand=["Lightning Bolt"])
    game = sc.game
    until(game, DecisionKind.ATTACKERS)
    declare_attackers(game, [sc.ids["devils"]])
    until(game, DecisionKind.BLOCKERS)
    declare_blocks(game, [(sc.ids["bear"], sc.ids["devils"])])
    cast(game, "Lightning Bolt", [sc.ids["bear"]])
    game.apply(PassPriority())
    game.apply(PassPriority())
    pass_until_step(game, Step.END_OF_COMBAT)
    assert game.player_states[1].life == 16


def test_702_19a_unblocked_trampler_deals_full_damage_without_a_decision():
    sc = board([{"card": "Havoc Devils", "id": "devils"}], [])
    game = sc.game
    until(game, DecisionKind.ATTACKERS)
    declare_attackers(game, [sc.ids["devils"]])
    kinds = []
    while game.step != Step.END_OF_COMBAT:
        kinds.append(game.pending.kind)
        game.apply(PassPriority())
    assert DecisionKind.ASSIGN_DAMAGE not in kinds
    assert game.player_states[1].life == 16


def test_511_3_creatures_leave_combat_at_end_of_combat():
    sc = board([{"card": "Hill Giant", "id": "giant"}], [{"card": "Wall of Mist", "id": "wall"}])
    game = fight(sc, ["giant"], [("wall", "giant")], Step.END_OF_COMBAT)
    assert sc.ids["giant"] in game.combat.attackers
    pass_until_step(game, Step.POSTCOMBAT_MAIN)
    assert not game.combat.attackers and not game.combat.blocking


def test_702_4b_702_19d_double_strike_trample_second_hit_goes_to_player_when_blocker_died():
    cards = [vanilla("Test Double Trampler", 3, 3, "Double strike\nTrample")]
    sc = board([{"card": "Test Double Trampler", "id": "t"}], [{"card": "Grizzly Bears", "id": "bear"}],
               cards=cards)
    game = sc.game
    ids = sc.ids
    bob = game.players[1]
    until(game, DecisionKind.ATTACKERS)
    declare_attackers(game, [ids["t"]])
    until(game, DecisionKind.BLOCKERS)
    declare_blocks(game, [(ids["bear"], ids["t"])])
    until(game, DecisionKind.ASSIGN_DAMAGE)
    assert game.step == Step.FIRST_STRIKE_DAMAGE
    game.apply(AssignDamage(ids["t"], ((ids["bear"], 2), (bob, 1))))
    pass_until_step(game, Step.END_OF_COMBAT)
    assert game.player_states[1].life == 20 - 1 - 3  # the whole second strike tramples over
    assert col(game, ids["t"], "damage") == 0  # the bear died before it could deal damage


def test_702_7b_first_strike_and_double_strike_deal_damage_in_the_same_first_step():
    sc = board([{"card": "Fencing Ace", "id": "ace"}], [{"card": "Tundra Wolves", "id": "wolves"}])
    game = fight(sc, ["ace"], [("wolves", "ace")])
    assert sc.ids["ace"] not in game.battlefield() and sc.ids["wolves"] not in game.battlefield()


def test_702_15b_lifelink_blocker_gains_life_too():
    sc = board([{"card": "Hill Giant", "id": "giant"}], [{"card": "Faithbearer Paladin", "id": "paladin"}],
               bob_life=5)
    game = fight(sc, ["giant"], [("paladin", "giant")])
    assert game.player_states[1].life == 8
    assert sc.ids["giant"] not in game.battlefield()


def test_509_1_locked_in_blocks_read_as_arrays_leave_the_game_as_it_was():
    """The declarations are locked in as lists; reading Combat.att (or the others) makes the arrays from them, with
    the same values, and the game's fingerprint (which shows the combat) is the same before and after."""
    sc = board([{"card": "Hill Giant", "id": "giant"}, {"card": "Grizzly Bears", "id": "bear"}],
               [{"card": "Wall of Mist", "id": "wall"}])
    game = sc.game
    ids = sc.ids
    until(game, DecisionKind.ATTACKERS)
    declare_attackers(game, [ids["giant"], ids["bear"]])
    until(game, DecisionKind.BLOCKERS)
    declare_blocks(game, [(ids["wall"], ids["giant"])])
    c = game.combat
    assert c.locked_in and c.locked is not None
    lists = c.lists()
    before = state_fingerprint(game)
    assert c.att.tolist() == lists[0] == [ids["giant"], ids["bear"]]
    assert c.att_blocked.tolist() == lists[3] == [True, False]
    assert c.pair_blocker.tolist() == lists[4] == [ids["wall"]] and c.pair_attacker.tolist() == lists[5] == [0]
    assert c.locked is None and c.lists() == lists  # the arrays hold them now
    assert state_fingerprint(game) == before
