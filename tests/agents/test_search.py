"""Flat Monte Carlo and ISMCTS: budgets in iterations, seeded, legal answers, evaluation in [0, 1]."""

from __future__ import annotations

import pytest

from content.decks import load_deck
from ecs import new_game
from ecs.agents import AgentSpecError, ISMCTSAgent, PlayerView, make_agent, play_out
from ecs.agents.search import evaluate


def _game(seed: int = 2, max_turns: int = 5):
    decks = [load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]]
    return new_game(decks, seed, log=False, max_turns=max_turns)


@pytest.mark.parametrize("spec", ["ismcts:iterations=3,depth=3,rollout=random", "mc:playouts=3,depth=3"])
def test_search_agents_play_legal_games_to_the_end(spec):
    game = _game()
    result = play_out(game, [make_agent(spec, seed=1), make_agent("random", seed=2)])
    assert game.is_over and result.turns <= 6


def test_ismcts_is_deterministic_given_its_seed_and_shares_nodes_by_information_state():
    game = _game()
    agents = [make_agent("heuristic", seed=1), make_agent("heuristic", seed=2)]
    while game.turn < 3 or len(game.pending.options) < 2:
        game.apply(agents[game.pending.player].act(PlayerView(game, game.pending.player)))
    a, b = ISMCTSAgent(seed=5, iterations=12, depth=3), ISMCTSAgent(seed=5, iterations=12, depth=3)
    view = PlayerView(game, game.pending.player)
    assert a.act(view) == b.act(view) and a.act(view) in view.options
    # 12 iterations over fresh determinizations: the root is one node for all of them, so the tree has
    # at most one node per iteration plus the root.
    assert 1 <= a.last_tree_size <= 13


def test_104_evaluation_is_one_for_a_win_and_between_zero_and_one_otherwise():
    game = _game()
    assert 0.0 < evaluate(game, 0) < 1.0
    game.concede(1)
    assert evaluate(game, 0) == 1.0 and evaluate(game, 1) == 0.0


@pytest.mark.parametrize("spec, words", [("ismcts:rollout=greedy", "rollout must be one of"),
                                         ("ismcts:iterations=0", "iterations must be at least 1"),
                                         ("mc:depth=-1", "depth must be >= 0")])
def test_bad_search_parameters(spec, words):
    with pytest.raises(AgentSpecError, match=words):
        make_agent(spec, seed=0)
