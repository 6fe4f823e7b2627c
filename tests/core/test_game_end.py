"""How games end (CR 104, 704.5a-c)."""

from __future__ import annotations

import dataclasses

import pytest
from board import advance_to, build, cast, pass_priority

from components.objects import Step, Zone
from content.card_pool import builtin_pool
from ecs import IllegalActionError, PassPriority, new_game


def test_104_3a_concede_loses_immediately_opponent_wins():
    sc = build([{"name": "alice"}, {"name": "bob"}])
    game = sc.game
    assert game.pending.player == 0
    game.concede(1)  # bob concedes while it is alice's decision: any time (104.3a)
    assert game.is_over and game.pending is None
    assert game.result.winner == 0 and not game.result.is_draw
    assert game.player_states[1].lost and not game.player_states[0].lost
    assert "conced" in game.result.reason
    assert game.whole_actions() == []
    with pytest.raises(IllegalActionError):
        game.concede(0)


def test_104_3a_800_4a_concede_in_multiplayer_leaves_the_rest_playing():
    sc = build([{"name": "alice"}, {"name": "bob"}, {"name": "carol"}])
    game = sc.game
    game.concede(1)
    assert not game.is_over and game.pending is not None
    game.concede(2)
    assert game.result.winner == 0


def test_704_5a_life_zero_loses():
    sc = build([{"name": "alice", "hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                {"name": "bob", "life": 3}])
    game = sc.game
    cast(game, "Lightning Bolt", [game.players[1]])
    pass_priority(game, 2)
    assert game.player_states[1].life == 0
    assert game.is_over and game.result.winner == 0
    assert "704.5a" in game.result.reason


def test_704_5a_life_above_zero_does_not_lose():
    sc = build([{"name": "alice", "hand": ["Shock"], "battlefield": ["Mountain"]},
                {"name": "bob", "life": 3}])
    game = sc.game
    cast(game, "Shock", [game.players[1]])
    pass_priority(game, 2)
    assert game.player_states[1].life == 1 and not game.is_over


def test_704_5a_negative_life_loses():
    sc = build([{"name": "alice"}, {"name": "bob", "life": -4}])
    assert sc.game.result.winner == 0


def test_704_5b_drawing_from_empty_library_loses_at_next_check():
    sc = build([{"name": "alice", "library": ["Forest"]}, {"name": "bob"}],
               turn={"number": 1, "active": "alice", "step": "end"})
    game = sc.game
    advance_to(game, Step.UPKEEP, 2)  # bob's upkeep: he has not drawn yet, so he has not lost
    assert game.active == 1 and not game.is_over
    pass_priority(game, 2)  # into bob's draw step: he draws from an empty library
    assert game.is_over and game.result.winner == 0
    assert game.player_states[1].lost and "704.5b" in game.result.reason


def test_704_5b_empty_library_alone_does_not_lose():
    sc = build([{"name": "alice"}, {"name": "bob"}])
    assert not sc.game.is_over  # no one has attempted to draw


def test_704_5c_ten_poison_counters_lose():
    sc = build([{"name": "alice", "poison": 9}, {"name": "bob", "poison": 10}])
    game = sc.game
    assert game.is_over and game.result.winner == 0
    assert "704.5c" in game.result.reason
    assert not game.player_states[0].lost


def test_104_4a_simultaneous_loss_is_a_draw():
    sc = build([{"name": "alice", "life": 0}, {"name": "bob", "life": 0}])
    game = sc.game
    assert game.is_over and game.result.winner is None and game.result.is_draw
    assert game.player_states[0].lost and game.player_states[1].lost


def test_104_4a_different_losing_conditions_at_once_are_a_draw():
    sc = build([{"name": "alice", "life": 0}, {"name": "bob", "poison": 12}])
    game = sc.game
    assert game.result is not None and game.result.is_draw


def _land_decks(n: int = 2):
    forest = builtin_pool().get("Forest")
    return [[forest] * 40 for _ in range(n)]


def test_104_4_turn_cap_is_reported_as_a_draw_with_its_reason():
    """The engine's turn limit (not a CR rule) ends the game as a draw (like CR 104.4) and says why."""
    game = new_game(_land_decks(), seed=1, max_turns=4, mulligans=False, auto_pass=True)
    # lands only: play a land or pass; no damage can be dealt, so only the turn limit ends the game
    for _ in range(10_000):
        if game.is_over:
            break
        game.apply(game.whole_actions()[0] if len(game.whole_actions()) == 1 else PassPriority()
                   if PassPriority() in game.whole_actions() else game.whole_actions()[0])
    assert game.is_over and game.result.winner is None and game.result.is_draw
    assert "turn limit" in game.result.reason
    assert game.result.turns == 4
    assert not any(s.lost for s in game.player_states)


def test_104_finished_game_has_no_pending_decision():
    sc = build([{"name": "alice"}, {"name": "bob", "life": 0}])
    game = sc.game
    assert game.pending is None and game.current_player is None and game.whole_actions() == []


def test_800_4a_objects_of_a_player_who_left_leave_the_game():
    sc = build([{"name": "alice"}, {"name": "bob", "battlefield": [{"card": "Grizzly Bears", "id": "bear"}]},
                {"name": "carol"}])
    game = sc.game
    game.concede(1)
    assert not game.is_over
    assert [e for e in game.battlefield() if game.obj(e).owner == 1] == []


def test_800_4a_priority_passes_on_when_its_holder_leaves():
    sc = build([{"name": "alice"}, {"name": "bob", "hand": ["Shock"], "battlefield": ["Mountain"]},
                {"name": "carol"}])
    game = sc.game
    pass_priority(game)  # alice passes: bob has priority
    assert game.pending.player == 1
    game.concede(1)
    assert game.pending is not None and game.pending.player == 2


def test_decision_cap_ends_a_simulated_game_as_a_draw_with_its_reason():
    """Like the turn cap, the decision cap (a guard against endless legal loops of random agents) ends
    the game as a draw and says why (README: simulation caps)."""
    from content.decks import load_deck
    from ecs import RandomAgent, new_game, play_out

    decks = [load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]]
    game = new_game(decks, 3)
    game.max_decisions = 10
    result = play_out(game, [RandomAgent(1), RandomAgent(2)])
    assert result.winner is None and "decision limit of 10" in result.reason
    assert len(game.history) == 10 and game.pending is None


def test_704_3_800_4a_a_losing_players_creature_leaves_the_game_instead_of_dying_in_the_same_check():
    """Found by the fuzz (game 3297 of seed 0): bob loses (704.5a) in the same state check in which his 0-toughness
    creature would be put into his graveyard (704.5f). As he leaves, his objects leave the game (800.4a); the check
    used to move the departed creature anyway (KeyError). Carol's dying creature still dies."""
    from board import creature

    sc = build([{"name": "alice", "library": ["Island"] * 3},
                {"name": "bob", "life": 0, "battlefield": ["Test Wisp"], "library": ["Island"] * 3},
                {"name": "carol", "battlefield": ["Test Shade"], "library": ["Island"] * 3}],
               cards=[creature("Test Wisp", 1, 0), creature("Test Shade", 1, 0)])
    game = sc.game
    assert game.player_states[1].lost and not game.is_over
    names = {name: [game.name(e) for e in game.zones[p][Zone.GRAVEYARD]] for p, name in enumerate(("alice", "bob",
                                                                                                       "carol"))}
    assert names["bob"] == [] and names["carol"] == ["Test Shade"]
    assert not any(game.name(e) == "Test Wisp" for p in range(3) for z in Zone for e in game.zones[p].get(z, []))


def test_800_4a_a_spell_the_leaver_controls_but_another_player_owns_is_exiled():
    """800.4a: "if there are any objects still controlled by that player, those objects are exiled" — a spell on the
    stack is an object too. Bob casts Shock; the card is made carol's (as a card cast from another player's zone
    would be), then bob concedes: the spell is exiled to its owner's exile, not resolved and not left on the stack."""
    from components.objects import CardObject

    sc = build([{"name": "alice", "life": 20}, {"name": "bob", "hand": ["Shock"], "battlefield": ["Mountain"]},
                {"name": "carol"}])
    game = sc.game
    pass_priority(game)  # alice passes: bob has priority
    cast(game, "Shock", [game.players[0]])
    spell = game.stack[-1]
    game.world.add(spell, dataclasses.replace(game.world.get(spell, CardObject), owner=2))  # carol owns it, bob controls it
    game.concede(1)
    assert not game.stack
    assert [game.card(e).name for e in game.zones[2][Zone.EXILE]] == ["Shock"]
    assert game.player_states[0].life == 20
