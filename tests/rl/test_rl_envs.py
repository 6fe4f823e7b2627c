"""The PettingZoo and Gymnasium environments pass their ecosystems' own checkers, and end games per CR 104."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium as gym  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import ecs.rl  # noqa: E402
from ecs.rl.duel import DuelEnv  # noqa: E402


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        # api_test suggests a Box observation; ours is a Dict of Boxes by design (flatten=True gives a Box)
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", message=".*render fps.*")
        yield


def test_pettingzoo_api_test_passes():
    api_test(ecs.rl.env(), num_cycles=300)


def test_pettingzoo_api_test_passes_with_flat_observations():
    api_test(ecs.rl.env(flatten=True, decks=["mono_red_burn", "white_weenie"]), num_cycles=100)


def test_pettingzoo_seed_test_passes():
    seed_test(ecs.rl.env, num_cycles=200)


def _play_aec(env, seed):
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    return totals, steps


def test_104_2a_the_winner_gets_plus_one_and_the_loser_minus_one():
    env = ecs.rl.env()
    outcomes = []
    for seed in range(3):
        totals, steps = _play_aec(env, seed)
        game = env.unwrapped.game
        assert steps > 10 and game.is_over
        if game.result.winner is not None:
            winner = f"player_{game.result.winner}"
            assert totals[winner] == 1.0 and sum(totals.values()) == 0.0
        outcomes.append(totals)
    assert any(1.0 in t.values() for t in outcomes)


def test_a_game_cut_at_the_turn_cap_is_truncated_with_no_reward():
    env = ecs.rl.raw_env(max_turns=1)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    while not all(env.terminations.values()) and not all(env.truncations.values()):
        obs = env.observe(env.agent_selection)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert env.game.result.winner is None and all(r == 0 for r in env._cumulative_rewards.values())


def test_an_illegal_action_ends_the_aec_game_with_minus_one_for_its_agent():
    env = ecs.rl.env()
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(illegal)
    assert env.rewards[agent] == -1 and all(env.terminations.values())


def test_envs_work_with_no_arguments_and_deal_the_built_in_decks_to_random_seats():
    env = ecs.rl.raw_env()
    decks = set()
    for seed in range(8):
        env.reset(seed=seed)
        decks.add(env.infos["player_0"]["deck"])
    assert decks == {"red_green_aggro", "white_blue_skies"}
    gym_env = gym.make("mtg_ecs/Duel-v0")
    seats = {gym_env.reset(seed=s)[1]["seat"] for s in range(8)}
    assert seats == {0, 1}


def test_gymnasium_check_env_passes():
    check_env(gym.make("mtg_ecs/Duel-v0").unwrapped)
    check_env(DuelEnv(seat=1, flatten=True))


def test_gymnasium_duel_plays_to_the_end_with_masks_and_rewards():
    env = gym.make("mtg_ecs/Duel-v0", seat=0)
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    done, reward, steps = False, 0.0, 0
    while not done:
        mask = info["action_mask"]
        assert np.array_equal(mask.astype(bool), env.unwrapped.action_masks())
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert obs in env.observation_space
        done = terminated or truncated
        steps += 1
    assert steps > 5 and reward in (-1.0, 0.0, 1.0)
    game = env.unwrapped.game
    assert reward == (0.0 if game.result.winner is None else (1.0 if game.result.winner == 0 else -1.0))


def test_an_illegal_action_ends_the_episode_with_the_configured_penalty():
    env = DuelEnv(illegal_action_penalty=-5.0)
    _, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-5.0, True, False, True)


def test_the_opponent_may_be_a_policy_over_its_own_observation():
    seen = []

    def first_legal(observation, mask):
        seen.append(observation["globals"].copy())
        return int(np.flatnonzero(mask)[0])

    env = DuelEnv(opponent=first_legal, seat=0)
    _, info = env.reset(seed=3)
    for _ in range(30):
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        if terminated or truncated:
            break
    assert seen  # the policy was asked


def test_async_vector_env_steps_two_duels():
    envs = gym.vector.AsyncVectorEnv([lambda: gym.make("mtg_ecs/Duel-v0") for _ in range(2)])
    try:
        obs, infos = envs.reset(seed=[0, 1])
        assert obs["objects"].shape[0] == 2
        rng = np.random.default_rng(0)
        for _ in range(5):
            masks = infos["action_mask"]
            actions = np.array([int(rng.choice(np.flatnonzero(m))) for m in masks])
            obs, rewards, terminated, truncated, infos = envs.step(actions)
        assert rewards.shape == (2,)
    finally:
        envs.close()


def test_bad_arguments_are_refused_with_the_reason():
    with pytest.raises(ValueError, match="seat must be between 0 and 1"):
        DuelEnv(seat=2)
    with pytest.raises(ValueError, match="at least two decks"):
        ecs.rl.raw_env(decks=["mono_red_burn"])
    from ecs.errors import DeckError

    with pytest.raises(DeckError, match="no such deck"):
        ecs.rl.raw_env(decks=["mono_red_burn", "no_such_deck"])


def test_bench_env_and_bench_options_report_their_figures(capsys):
    import json

    from ecs.cli import main

    assert main(["bench", "env", "--steps", "30", "--repeat", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    names = [(r["interface"], r["encoding"]) for r in data["rows"]]
    assert names == [("engine (no env)", "-"), ("pettingzoo AEC", "off"), ("pettingzoo AEC", "on"),
                     ("gymnasium Duel-v0", "off"), ("gymnasium Duel-v0", "on")]
    assert all(r["steps_per_cpu_s"] > 0 and r["steps_per_wall_s"] > 0 for r in data["rows"])
    assert main(["bench", "options", "--games", "2", "--json", "--no-progress"]) == 0
    counts = json.loads(capsys.readouterr().out)
    assert counts["games"] == 2 and counts["max"] == max(counts["max_by_kind"].values()) >= 2
    assert counts["max_by_kind"]["mulligan"] == 2  # keep or mulligan (CR 103.5)


def test_decks_may_be_deck_files(tmp_path):
    deck = tmp_path / "bears.txt"
    deck.write_text("20 Forest\n40 Grizzly Bears\n", encoding="utf-8")
    env = ecs.rl.raw_env(decks=[str(deck), "mono_red_burn"], random_seats=False, max_turns=3)
    env.reset(seed=0)
    assert env.infos["player_0"]["deck"] == "bears"
    _play_aec(env, 0)
    assert env.game.is_over


def test_the_opponent_may_be_an_engine_agent():
    from ecs.agents import make_agent

    env = DuelEnv(opponent=make_agent("random", seed=1), seat=1, max_turns=4)
    _, info = env.reset(seed=5)
    done = False
    while not done:
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        done = terminated or truncated
    assert env.game.is_over
