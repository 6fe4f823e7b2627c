"""Priority, casting and the stack (CR 117, 305, 307, 601, 608)."""

from __future__ import annotations

import pytest
from board import (
    advance_to,
    build,
    cast,
    cast_options,
    col,
    name,
    of_type,
    pass_priority,
    play_land,
)

from components.objects import Step, Zone
from ecs import CastSpell, DecisionKind, IllegalActionError, PassPriority, PlayLand
from ecs.scenario import state_fingerprint

# ---------------------------------------------------------------- 305.2 land plays


def test_305_2_one_land_per_turn():
    sc = build([{"name": "alice", "hand": ["Forest", "Mountain"]}, {"name": "bob"}])
    game = sc.game
    assert {name(game, o.card) for o in of_type(game, PlayLand)} == {"Forest", "Mountain"}
    play_land(game, "Forest")
    assert of_type(game, PlayLand) == []  # second land is not offered
    mountain = game.zones[0][Zone.HAND][0]
    before = state_fingerprint(game)
    with pytest.raises(IllegalActionError):
        game.apply(PlayLand(mountain))
    assert state_fingerprint(game) == before


def test_305_2_land_play_resets_next_turn():
    sc = build([{"name": "alice", "hand": ["Forest", "Mountain"], "library": ["Mountain"]},
                {"name": "bob", "library": ["Island"]}], turn={"number": 3})
    game = sc.game
    play_land(game, "Forest")
    advance_to(game, Step.PRECOMBAT_MAIN, 5)  # alice's next turn
    assert game.active == 0
    assert [name(game, o.card) for o in of_type(game, PlayLand)] == ["Mountain"]


def test_305_1_117_3c_playing_a_land_keeps_priority_and_uses_no_stack():
    sc = build([{"name": "alice", "hand": ["Forest"]}, {"name": "bob"}])
    game = sc.game
    play_land(game, "Forest")
    assert game.stack == []
    assert game.pending.kind == DecisionKind.PRIORITY and game.pending.player == 0
    assert [name(game, e) for e in game.battlefield()] == ["Forest"]


@pytest.mark.parametrize("step", ["upkeep", "draw", "beginning_of_combat", "end_of_combat", "end"])
def test_305_2_307_1_no_land_play_outside_main_phase(step):
    sc = build([{"name": "alice", "hand": ["Forest"]}, {"name": "bob"}], turn={"step": step})
    game = sc.game
    assert game.pending.kind == DecisionKind.PRIORITY and game.pending.player == 0
    assert of_type(game, PlayLand) == []


def test_305_2_no_land_play_while_stack_not_empty():
    sc = build([{"name": "alice", "hand": ["Forest", "Lightning Bolt"], "battlefield": ["Mountain"]},
                {"name": "bob"}])
    game = sc.game
    cast(game, "Lightning Bolt", [game.players[1]])
    assert game.pending.player == 0
    assert of_type(game, PlayLand) == []
    pass_priority(game, 2)
    assert [name(game, o.card) for o in of_type(game, PlayLand)] == ["Forest"]


def test_305_2_no_land_play_on_opponents_turn():
    sc = build([{"name": "alice", "hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                {"name": "bob", "hand": ["Forest", "Shock"], "battlefield": ["Mountain"]}])
    game = sc.game
    cast(game, "Lightning Bolt", [game.players[1]])
    pass_priority(game)  # alice passes: bob has priority in alice's main phase
    assert game.pending.player == 1
    assert of_type(game, PlayLand) == []
    assert cast_options(game, "Shock")  # bob may still cast an instant


# ---------------------------------------------------------------- 307.1 sorcery timing


def _timing_state(step: str = "precombat_main", active: str = "alice"):
    return build([
        {"name": "alice", "hand": ["Ragefire", "Shock"],
         "battlefield": ["Mountain", "Mountain", "Mountain", {"card": "Grizzly Bears", "id": "bear"}]},
        {"name": "bob", "hand": ["Ragefire", "Shock"],
         "battlefield": ["Mountain", "Mountain", "Mountain", {"card": "Hill Giant", "id": "giant"}]},
    ], turn={"step": step, "active": active})


def test_307_1_sorcery_in_own_main_phase_with_empty_stack():
    game = _timing_state().game
    assert cast_options(game, "Ragefire") and cast_options(game, "Shock")


@pytest.mark.parametrize("step", ["upkeep", "beginning_of_combat", "end_of_combat", "end"])
def test_307_1_no_sorcery_outside_main_phase_but_instants_are_fine(step):
    game = _timing_state(step).game
    assert game.pending.player == 0
    assert cast_options(game, "Ragefire") == []
    assert cast_options(game, "Shock")


def test_307_1_no_sorcery_while_stack_not_empty():
    sc = _timing_state()
    game = sc.game
    cast(game, "Shock", [game.players[1]])
    assert cast_options(game, "Ragefire") == []
    assert cast_options(game, "Lightning Bolt") == []  # (not in hand; sanity of the helper)


def test_307_1_no_sorcery_on_opponents_turn_instants_at_any_priority():
    sc = _timing_state()
    game = sc.game
    pass_priority(game)  # bob gets priority in alice's main phase, stack empty
    assert game.pending.player == 1
    assert cast_options(game, "Ragefire") == []
    assert cast_options(game, "Shock")
    # an illegal sorcery cast is refused and changes nothing
    ragefire = next(e for e in game.zones[1][Zone.HAND] if name(game, e) == "Ragefire")
    before = state_fingerprint(game)
    with pytest.raises(IllegalActionError):
        game.apply(CastSpell(ragefire, (sc.ids["bear"],)))
    assert state_fingerprint(game) == before


# ---------------------------------------------------------------- 117.3 who gets priority


def test_117_3c_caster_keeps_priority_and_can_respond_to_own_spell():
    sc = build([{"name": "alice", "hand": ["Shock", "Lightning Bolt"], "battlefield": ["Mountain", "Mountain"]},
                {"name": "bob"}])
    game = sc.game
    bob = game.players[1]
    cast(game, "Shock", [bob])
    assert game.pending.player == 0 and game.pending.kind == DecisionKind.PRIORITY
    cast(game, "Lightning Bolt", [bob])
    assert [name(game, e) for e in reversed(game.stack)] == ["Lightning Bolt", "Shock"]  # top first
    assert game.pending.player == 0


def test_117_3d_405_5_all_pass_resolves_top_only_then_active_player_gets_priority():
    sc = build([{"name": "alice", "hand": ["Shock", "Lightning Bolt"], "battlefield": ["Mountain", "Mountain"]},
                {"name": "bob"}])
    game = sc.game
    bob = game.players[1]
    cast(game, "Shock", [bob])
    cast(game, "Lightning Bolt", [bob])
    pass_priority(game)  # alice passes
    assert game.pending.player == 1 and len(game.stack) == 2  # one pass does not resolve
    pass_priority(game)  # bob passes: the top object (Bolt) resolves
    assert [name(game, e) for e in game.stack] == ["Shock"]
    assert game.player_states[1].life == 17
    assert game.pending.player == 0  # CR 117.3b: active player receives priority after resolution
    pass_priority(game, 2)
    assert game.player_states[1].life == 15 and game.stack == []
    assert game.step == Step.PRECOMBAT_MAIN  # the step does not end when the stack empties


def test_117_3b_active_player_gets_priority_after_opponents_spell_resolves():
    sc = build([{"name": "alice", "hand": ["Shock"], "battlefield": ["Mountain"]},
                {"name": "bob", "hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}],
               turn={"step": "upkeep"})
    game = sc.game
    pass_priority(game)  # alice passes in her upkeep
    cast(game, "Lightning Bolt", [game.players[0]])
    assert game.pending.player == 1  # 117.3c
    pass_priority(game, 2)
    assert game.player_states[0].life == 17
    assert game.pending.player == 0 and game.step == Step.UPKEEP


# ---------------------------------------------------------------- 608 resolving


def test_608_2b_spell_with_all_targets_illegal_does_not_resolve():
    """Shock's only target left the battlefield: Shock is removed and goes to the graveyard, no effect."""
    sc = build([{"name": "alice", "hand": ["Shock", "Lightning Bolt"], "battlefield": ["Mountain", "Mountain"]},
                {"name": "bob", "battlefield": [{"card": "Grizzly Bears", "id": "bear"}]}])
    game = sc.game
    bear = sc.ids["bear"]
    cast(game, "Shock", [bear])
    cast(game, "Lightning Bolt", [bear])
    pass_priority(game, 2)  # Bolt resolves, the bear dies (704.5g)
    assert game.zones[1][Zone.GRAVEYARD] and name(game, game.zones[1][Zone.GRAVEYARD][0]) == "Grizzly Bears"
    log_len = len(game.log)
    pass_priority(game, 2)  # Shock tries to resolve
    assert game.stack == []
    assert [name(game, e) for e in game.zones[0][Zone.GRAVEYARD]] == ["Lightning Bolt", "Shock"]
    assert game.player_states[0].life == 20 and game.player_states[1].life == 20
    assert any("does not resolve" in line for line in game.log[log_len:])


def test_608_2b_target_that_became_a_new_object_is_illegal():
    """CR 400.7 + 608.2b: the dead bear's graveyard card is a new object, not the Shock's target."""
    sc = build([{"name": "alice", "hand": ["Shock", "Lightning Bolt"], "battlefield": ["Mountain", "Mountain"]},
                {"name": "bob", "battlefield": [{"card": "Grizzly Bears", "id": "bear"}]}])
    game = sc.game
    bear = sc.ids["bear"]
    cast(game, "Shock", [bear])
    shock = game.stack[-1]
    cast(game, "Lightning Bolt", [bear])
    pass_priority(game, 2)
    assert not game.world.exists(bear)
    assert shock in game.stack


def test_608_2n_instant_goes_to_owners_graveyard_after_resolving():
    sc = build([{"name": "alice", "hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, {"name": "bob"}])
    game = sc.game
    cast(game, "Lightning Bolt", [game.players[1]])
    assert [name(game, e) for e in game.stack] == ["Lightning Bolt"]
    assert game.zones[0][Zone.GRAVEYARD] == []
    pass_priority(game, 2)
    assert game.stack == []
    assert [name(game, e) for e in game.zones[0][Zone.GRAVEYARD]] == ["Lightning Bolt"]
    assert game.player_states[1].life == 17


def test_608_3_permanent_spell_enters_the_battlefield_under_casters_control():
    sc = build([{"name": "alice", "hand": ["Grizzly Bears"], "battlefield": ["Forest", "Forest"]},
                {"name": "bob"}])
    game = sc.game
    cast(game, "Grizzly Bears")
    assert [name(game, e) for e in game.stack] == ["Grizzly Bears"]
    pass_priority(game, 2)
    bears = [e for e in game.battlefield() if name(game, e) == "Grizzly Bears"]
    assert len(bears) == 1 and game.controller(bears[0]) == 0
    assert game.zones[0][Zone.GRAVEYARD] == []


# ---------------------------------------------------------------- 601.2 casting and paying


def test_601_2g_h_cost_paid_automatically_from_untapped_lands():
    sc = build([{"name": "alice", "hand": ["Murder"],
                 "battlefield": [{"card": "Swamp", "id": "s1"}, {"card": "Swamp", "id": "s2"},
                                 {"card": "Mountain", "id": "m"}, {"card": "Forest", "id": "f", "tapped": True}]},
                {"name": "bob", "battlefield": [{"card": "Hill Giant", "id": "giant"}]}])
    game = sc.game
    ids = sc.ids
    cast(game, "Murder", [ids["giant"]])
    assert all(col(game, ids[k], "tapped") for k in ("s1", "s2", "m"))
    assert game.player_states[0].mana_pool == [0] * 6
    pass_priority(game, 2)
    assert ids["giant"] not in game.battlefield()
    assert [name(game, e) for e in game.zones[1][Zone.GRAVEYARD]] == ["Hill Giant"]


def test_601_2h_only_the_needed_lands_are_tapped():
    sc = build([{"name": "alice", "hand": ["Shock"],
                 "battlefield": [{"card": "Mountain", "id": "m"}, {"card": "Forest", "id": "f"}]},
                {"name": "bob"}])
    game = sc.game
    cast(game, "Shock", [game.players[1]])
    assert col(game, sc.ids["m"], "tapped") == 1
    assert col(game, sc.ids["f"], "tapped") == 0  # a Forest can't pay {R}


@pytest.mark.parametrize("lands, card", [
    (["Swamp", "Mountain", "Mountain"], "Murder"),  # {1}{B}{B}: only one black source
    ([{"card": "Forest", "tapped": True}], "Giant Growth"),  # the only source is tapped
    (["Mountain", "Mountain", "Mountain"], "Hill Giant"),  # {3}{R} needs four mana
    (["Forest", "Island"], "Shock"),  # no red source
])
def test_601_2h_unpayable_spell_is_not_offered(lands, card):
    sc = build([{"name": "alice", "hand": [card], "battlefield": lands + [{"card": "Grizzly Bears", "id": "b"}]},
                {"name": "bob"}])
    game = sc.game
    assert cast_options(game, card) == []


def test_601_2c_spell_without_legal_target_is_not_offered():
    sc = build([{"name": "alice", "hand": ["Murder"], "battlefield": ["Swamp", "Swamp", "Swamp"]},
                {"name": "bob"}])
    assert cast_options(sc.game, "Murder") == []  # no creature to target


def test_601_2c_targets_are_enumerated_per_legal_choice():
    sc = build([{"name": "alice", "hand": ["Shock", "Murder"],
                 "battlefield": ["Mountain", "Swamp", "Swamp", {"card": "Grizzly Bears", "id": "a"}]},
                {"name": "bob", "battlefield": [{"card": "Hill Giant", "id": "b"}, "Forest"]}])
    game = sc.game
    a, b = sc.ids["a"], sc.ids["b"]
    assert {o.targets for o in cast_options(game, "Shock")} == {(a,), (b,), (game.players[0],), (game.players[1],)}
    assert {o.targets for o in cast_options(game, "Murder")} == {(a,), (b,)}  # creatures only, not lands


def test_601_2_mana_pool_pays_costs():
    sc = build([{"name": "alice", "mana_pool": "{B}{B}{G}", "hand": ["Murder"]},
                {"name": "bob", "battlefield": [{"card": "Hill Giant", "id": "giant"}]}])
    game = sc.game
    cast(game, "Murder", [sc.ids["giant"]])
    assert game.player_states[0].mana_pool == [0] * 6


def test_117_1_passing_with_nothing_to_do_is_always_an_option():
    sc = build([{"name": "alice"}, {"name": "bob"}])
    assert sc.game.whole_actions() == [PassPriority()]
