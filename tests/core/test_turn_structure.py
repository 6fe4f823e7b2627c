"""Turn structure (CR 500-514): the step table, the first draw, mana emptying, untap and cleanup."""

from __future__ import annotations

from board import advance_to, build, cast, col, on_battlefield, pass_priority

from components.objects import Step, Zone
from content.card_pool import builtin_pool
from ecs import DecisionKind, Discard, PassPriority, new_game
from systems import turn


def _names(systems) -> list[str]:
    return [s.__name__ for s in systems]


# ---------------------------------------------------------------- the step table as data


def test_500_1_steps_in_rule_order():
    """CR 500.1 / 501-514: every step of a turn is in the table, in the order the rules give."""
    assert list(turn.STEP_SYSTEMS) == [
        Step.UNTAP, Step.UPKEEP, Step.DRAW, Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT,
        Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE,
        Step.END_OF_COMBAT, Step.POSTCOMBAT_MAIN, Step.END, Step.CLEANUP,
    ]
    assert list(Step) == list(turn.STEP_SYSTEMS)


def test_turn_based_actions_per_step():
    """CR 502.3 untap, 504.1 draw, 508.1 attackers, 509.1 blockers, 510 damage, 514.1-2 cleanup.

    Upkeep, main phases, beginning of combat, end of combat and end step have no turn-based actions
    in this card pool (their triggers, CR 503/505/507/511/513, need triggered abilities).
    """
    expected = {
        Step.UNTAP: ["phasing", "choose_untaps", "untap_step"],  # 502.1: phasing first (702.26a)
        Step.UPKEEP: [],
        Step.DRAW: ["draw_step"],
        Step.PRECOMBAT_MAIN: [],
        Step.BEGINNING_OF_COMBAT: [],
        Step.DECLARE_ATTACKERS: ["declare_attackers"],
        Step.DECLARE_BLOCKERS: ["declare_blockers"],
        Step.FIRST_STRIKE_DAMAGE: ["first_strike_damage"],
        Step.COMBAT_DAMAGE: ["combat_damage"],
        Step.END_OF_COMBAT: [],
        Step.POSTCOMBAT_MAIN: [],
        Step.END: [],
    }
    for step, names in expected.items():
        assert _names(turn.STEP_SYSTEMS[step]) == names, step


def test_514_cleanup_discard_comes_before_damage_removal():
    """CR 514.1 (discard) happens first; 514.2 (damage removed, until-end-of-turn effects end) second."""
    names = _names(turn.STEP_SYSTEMS[Step.CLEANUP])
    assert names[0] == "discard_to_hand_size"
    assert sorted(names[1:]) == ["end_until_eot_effects", "remove_damage"]


def test_511_3_combat_ends_as_end_of_combat_step_ends():
    assert _names(turn.STEP_END_SYSTEMS[Step.END_OF_COMBAT]) == ["end_combat"]


# ---------------------------------------------------------------- 103.8 first draw


def _land_decks(n_players: int, size: int = 20):
    forest = builtin_pool().get("Forest")
    return [[forest] * size for _ in range(n_players)]


def test_103_8a_starting_player_skips_first_draw_in_two_player_game():
    game = new_game(_land_decks(2), seed=3, mulligans=False, auto_pass=False)
    first = game.starting_player
    other = 1 - first
    advance_to(game, Step.PRECOMBAT_MAIN, 1)
    assert game.active == first
    assert len(game.zones[first][Zone.HAND]) == 7  # no draw on the first turn
    assert len(game.zones[first][Zone.LIBRARY]) == 13
    advance_to(game, Step.PRECOMBAT_MAIN, 2)
    assert game.active == other
    assert len(game.zones[other][Zone.HAND]) == 8  # the other player draws normally
    advance_to(game, Step.PRECOMBAT_MAIN, 3, discard=True)
    assert game.active == first
    assert len(game.zones[first][Zone.HAND]) == 8  # and the starting player draws from turn 3 on


def test_103_8c_no_one_skips_first_draw_in_multiplayer():
    game = new_game(_land_decks(3), seed=5, mulligans=False, auto_pass=False)
    first = game.starting_player
    advance_to(game, Step.PRECOMBAT_MAIN, 1)
    assert game.active == first
    assert len(game.zones[first][Zone.HAND]) == 8


# ---------------------------------------------------------------- 500.4 mana empties


def test_500_4_mana_empties_between_steps_without_mana_burn():
    sc = build([{"name": "alice", "mana_pool": "{R}{R}{G}", "hand": ["Shock"]}, {"name": "bob"}])
    game = sc.game
    alice = game.player_states[0]
    assert alice.mana_pool == [0, 0, 0, 2, 1, 0]
    assert [o for o in game.whole_actions() if not isinstance(o, PassPriority)]  # Shock is castable now
    pass_priority(game, 2)  # both pass with an empty stack: the main phase ends
    assert game.step == Step.BEGINNING_OF_COMBAT
    assert alice.mana_pool == [0] * 6
    assert alice.life == 20  # CR 500.4: no mana burn
    # with the pool empty and no lands, Shock is no longer castable
    assert [o for o in game.whole_actions() if not isinstance(o, PassPriority)] == []


def test_500_4_unspent_mana_can_still_be_used_within_the_step():
    sc = build([{"name": "alice", "mana_pool": "{R}", "hand": ["Shock"]}, {"name": "bob"}])
    game = sc.game
    cast(game, "Shock", [game.players[1]])
    assert game.player_states[0].mana_pool == [0] * 6  # the mana paid for Shock (CR 601.2h)
    pass_priority(game, 2)
    assert game.player_states[1].life == 18


# ---------------------------------------------------------------- 502.3 untap, 302.6 sickness


def test_502_3_active_player_untaps_only_their_own_permanents():
    sc = build([
        {"name": "alice", "battlefield": [{"card": "Forest", "id": "f", "tapped": True},
                                          {"card": "Grizzly Bears", "id": "a_bear", "tapped": True, "sick": True}]},
        {"name": "bob", "battlefield": [{"card": "Mountain", "id": "m", "tapped": True},
                                        {"card": "Hill Giant", "id": "b_giant", "tapped": True}]},
    ], turn={"number": 1, "active": "bob", "step": "end"})
    game = sc.game
    ids = sc.ids
    advance_to(game, Step.UPKEEP, 2)
    assert game.active == 0
    assert col(game, ids["f"], "tapped") == 0
    assert col(game, ids["a_bear"], "tapped") == 0
    assert col(game, ids["a_bear"], "sick") == 0  # CR 302.6: controlled since alice's turn began
    assert col(game, ids["m"], "tapped") == 1  # bob's permanents stay tapped in alice's untap step
    assert col(game, ids["b_giant"], "tapped") == 1


def test_502_4_no_priority_during_untap():
    sc = build([{"name": "alice"}, {"name": "bob"}], turn={"number": 1, "active": "bob", "step": "end"})
    game = sc.game
    seen = []
    while game.turn == 1 or game.step <= Step.UPKEEP:
        seen.append(game.step)
        if game.turn == 2 and game.step == Step.UPKEEP:
            break
        game.apply(PassPriority())
    assert Step.UNTAP not in seen and Step.CLEANUP not in seen


# ---------------------------------------------------------------- 514 cleanup


def test_514_1_active_player_discards_to_seven_choosing_the_cards():
    hand = ["Forest", "Forest", "Forest", "Mountain", "Mountain", "Island", "Island", "Shock", "Giant Growth"]
    sc = build([{"name": "alice", "hand": hand}, {"name": "bob", "hand": ["Plains"] * 9}],
               turn={"step": "end"})
    game = sc.game
    pass_priority(game, 2)
    assert game.step == Step.CLEANUP
    assert game.pending.kind == DecisionKind.DISCARD and game.pending.player == 0
    hand_ents = list(game.zones[0][Zone.HAND])
    assert sorted(o.card for o in game.whole_actions()) == sorted(hand_ents)  # every card is a choice
    shock = next(e for e in hand_ents if game.card(e).name == "Shock")
    game.apply(Discard(shock))
    assert game.pending.kind == DecisionKind.DISCARD  # still 8: a second discard
    growth = next(e for e in game.zones[0][Zone.HAND] if game.card(e).name == "Giant Growth")
    game.apply(Discard(growth))
    assert len(game.zones[0][Zone.HAND]) == 7
    assert sorted(game.card(e).name for e in game.zones[0][Zone.GRAVEYARD]) == ["Giant Growth", "Shock"]
    # the non-active player keeps nine cards (514.1 only applies to the active player)
    assert len(game.zones[1][Zone.HAND]) == 9
    assert game.turn == 2 and game.active == 1


def test_514_1_no_discard_at_seven_or_fewer():
    sc = build([{"name": "alice", "hand": ["Forest"] * 7}, {"name": "bob"}], turn={"step": "end"})
    game = sc.game
    pass_priority(game, 2)
    assert game.pending.kind == DecisionKind.PRIORITY
    assert game.turn == 2 and len(game.zones[0][Zone.HAND]) == 7


def test_514_2_damage_removed_and_until_end_of_turn_effects_end_simultaneously():
    """A 2/2 with +3/+3 and 3 damage survives cleanup: damage and the pump end at the same time."""
    sc = build([
        {"name": "alice", "hand": ["Giant Growth", "Lightning Bolt"],
         "battlefield": ["Forest", "Mountain", {"card": "Grizzly Bears", "id": "bear"}]},
        {"name": "bob"},
    ], turn={"step": "postcombat_main"})
    game = sc.game
    bear = sc.ids["bear"]
    cast(game, "Giant Growth", [bear])
    pass_priority(game, 2)
    assert (col(game, bear, "power"), col(game, bear, "toughness")) == (5, 5)
    cast(game, "Lightning Bolt", [bear])
    pass_priority(game, 2)
    assert col(game, bear, "damage") == 3 and bear in game.battlefield()
    advance_to(game, Step.UPKEEP, 2)
    assert bear in game.battlefield()
    assert col(game, bear, "damage") == 0
    assert (col(game, bear, "power"), col(game, bear, "toughness")) == (2, 2)
    assert on_battlefield(game, "Grizzly Bears") == [bear]
