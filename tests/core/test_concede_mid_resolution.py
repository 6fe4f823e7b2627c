"""A player concedes (CR 104.3a) while a choice is asked mid-resolution (608.2c): found by a fuzz of conceding at
such choices in 3-player games (the next priority action was taken as the answer: AssertionError)."""

from __future__ import annotations

from board import build, cast, pass_until, resolve_top

from components.objects import Step, Zone
from ecs.actions import Choose, DecisionKind


def _guide_trigger_asks_alice():
    """District Guide's "you may search" trigger (alice's) is resolving and asks alice."""
    sc = build([{"name": "alice", "hand": ["District Guide"], "library": ["Forest", "Island", "Forest"],
                 "battlefield": ["Forest", "Forest", "Forest"]},
                {"name": "bob", "library": ["Island"] * 3}, {"name": "carol", "library": ["Island"] * 3}],
               turn={"active": "alice", "step": "precombat_main", "number": 2})
    game = sc.game
    cast(game, "District Guide")
    resolve_top(game)  # the creature resolves; its enters trigger goes on the stack
    pass_until(game, DecisionKind.MAY)
    assert game.resolution is not None and game.pending.player == 0
    return game


def test_800_4a_the_resolving_ability_ceases_to_exist_when_its_controller_concedes():
    game = _guide_trigger_asks_alice()
    trigger = game.resolution.ent
    game.concede(0)
    assert game.player_states[0].lost and not game.is_over
    assert game.resolution is None and not game.world.exists(trigger)  # 800.4a: its controller's ability is gone
    assert game.pending.kind == DecisionKind.PRIORITY and game.pending.player != 0
    game.apply(game.pending.options[0])  # a priority action, not an answer to the search


def test_608_2c_104_3a_the_choice_is_asked_again_when_another_player_concedes():
    game = _guide_trigger_asks_alice()
    game.concede(2)
    assert game.player_states[2].lost and not game.is_over
    assert game.pending.kind == DecisionKind.MAY and game.pending.player == 0  # asked again of alice
    game.apply(Choose(True))
    while game.resolution is not None:
        game.apply(game.pending.options[0])  # pick the land found
    assert game.step == Step.PRECOMBAT_MAIN and len(game.zones[0][Zone.HAND]) == 1  # a basic land was put in hand


def test_800_4j_after_a_resolution_in_the_turn_of_a_player_who_left_the_next_player_receives_priority():
    sc = build([{"name": "alice", "library": ["Forest"] * 3},
                {"name": "bob", "hand": ["Reach Through Mists"], "library": ["Island"] * 4,
                 "battlefield": ["Island"]},
                {"name": "carol", "library": ["Island"] * 3}],
               turn={"active": "alice", "step": "precombat_main", "number": 2})
    game = sc.game
    game.concede(0)  # alice leaves during her own turn: the turn goes on without an active player
    assert game.pending.player == 1
    cast(game, "Reach Through Mists")
    pass_until(game, DecisionKind.PRIORITY)
    game.apply(game.pending.options[0])  # bob passes
    assert game.pending.player == 2
    game.apply(game.pending.options[0])  # carol passes: Reach Through Mists resolves
    assert len(game.zones[1][Zone.HAND]) == 1 and not game.stack
    assert game.pending.player == 1 and game.step == Step.PRECOMBAT_MAIN  # 800.4j: bob, not alice, gets priority
    game.apply(game.pending.options[0])
    assert game.pending.player == 2 and game.step == Step.PRECOMBAT_MAIN  # and carol still gets it before the step ends
