"""The OpenSpiel adapter (the [spiel] extra): OpenSpiel's own random-simulation test and its ISMCTS bot."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import ecs.rl.spiel  # noqa: E402,F401  (registers python_mtg_ecs)
from ecs.rl.spiel import SHORT_NAME  # noqa: E402


def test_the_game_is_registered_as_sequential_imperfect_information_zero_sum_sampled_stochastic():
    game = pyspiel.load_game(SHORT_NAME)
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.num_distinct_actions() == 64 and game.num_players() == 2


def test_random_sim_test_passes():
    pyspiel.random_sim_test(pyspiel.load_game(SHORT_NAME, {"max_turns": 6}), num_sims=2, serialize=False,
                            verbose=False)


def test_the_observer_tensor_hides_the_opponents_hand():
    game = pyspiel.load_game(SHORT_NAME, {"seed": 3})
    state = game.new_initial_state()
    other = state.clone()
    from components.objects import CardObject, Zone

    engine = other.engine
    hand, library = engine.zones[1][Zone.HAND], engine.zones[1][Zone.LIBRARY]
    for h, c in zip(hand, library, strict=False):
        a, b = engine.world.get(h, CardObject), engine.world.get(c, CardObject)
        engine.set_card(h, b.card, a.printed)
        engine.set_card(c, a.card, b.printed)
    assert state.observation_tensor(0) == other.observation_tensor(0)
    assert state.information_state_string(0) == other.information_state_string(0)
    assert state.observation_tensor(1) != other.observation_tensor(1)


def test_openspiels_ismcts_bot_finishes_a_game():
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(SHORT_NAME, {"max_turns": 6, "decks": "mono_red_burn,white_weenie"})
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)), 2.0, 4,
                           random_state=np.random.RandomState(2))
    rng = np.random.default_rng(0)
    state = game.new_initial_state()
    bot_moves = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            state.apply_action(bot.step(state))
            bot_moves += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert bot_moves > 0 and sum(state.returns()) == 0.0
