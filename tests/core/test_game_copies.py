"""Copies of a Game (issue 11.4): ``clone()``, ``copy.deepcopy`` and ``pickle`` give independent games.

A copy that shared the original's esper world (what the generic deepcopy did) would let actions on
the copy change the original, and collecting the copy would delete the world under the original.
"""

from __future__ import annotations

import copy
import gc
import pickle

import pytest

from content.decks import load_deck
from ecs import RandomAgent, new_game
from ecs.scenario import state_fingerprint


def _game(seed: int):
    decks = [load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]]
    # without automatic passes every priority stop is a decision: long enough for 200 actions on a copy
    return new_game(decks, seed, log=False, max_turns=200, auto_pass=False)


def _play(game, agent: RandomAgent, actions: int) -> int:
    done = 0
    while game.pending is not None and done < actions:
        game.apply(agent.choose(game, game.legal_actions()))
        done += 1
    return done


COPIES = {
    "clone": lambda g: g.clone(),
    "deepcopy": copy.deepcopy,
    "pickle": lambda g: pickle.loads(pickle.dumps(g)),
}


@pytest.mark.parametrize("how", sorted(COPIES))
def test_copy_played_200_actions_leaves_the_original_unchanged(how):
    original, twin = _game(11), _game(11)
    _play(original, RandomAgent(5), 40)
    _play(twin, RandomAgent(5), 40)
    assert state_fingerprint(original) == state_fingerprint(twin)
    before, options = state_fingerprint(original), original.legal_actions()

    copied = COPIES[how](original)
    assert state_fingerprint(copied) == before  # a faithful copy ...
    played = _play(copied, RandomAgent(99), 200)  # ... that goes its own way
    assert played == 200
    assert state_fingerprint(copied) != before
    del copied
    gc.collect()  # collecting the copy must not delete anything the original uses

    assert state_fingerprint(original) == before
    assert original.legal_actions() == options
    # the original plays on exactly as its untouched twin does (same decisions, same result)
    a, b = RandomAgent(7), RandomAgent(7)
    while original.pending is not None:
        _play(original, a, 1)
        _play(twin, b, 1)
        assert state_fingerprint(original) == state_fingerprint(twin)
    assert twin.pending is None and original.result == twin.result


def test_unpickled_copy_plays_the_same_game_as_the_original():
    game = _game(4)
    _play(game, RandomAgent(1), 30)
    copied = pickle.loads(pickle.dumps(game))
    a, b = RandomAgent(2), RandomAgent(2)
    while game.pending is not None:
        _play(game, a, 1)
        _play(copied, b, 1)
    assert copied.result == game.result and copied.history == game.history
    assert state_fingerprint(copied) == state_fingerprint(game)


def test_shallow_copy_of_a_game_world_is_refused():
    game = _game(1)
    with pytest.raises(TypeError, match="clone"):
        copy.copy(game.world)
