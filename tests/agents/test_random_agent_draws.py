"""RandomAgent's fast draw (``_index``) gives numpy's ``integers(n)`` values and leaves the generator as it would."""

from __future__ import annotations

import random

import numpy as np

from ecs.agents.base import RandomAgent


def test_fast_draws_match_numpy() -> None:
    r = random.Random(1)
    for trial in range(120):
        seed = r.randrange(10**6)
        agent, ref = RandomAgent(seed), np.random.default_rng(seed)
        for _ in range(r.randrange(1, 200)):
            n = r.choice([1, 2, 3, 7, r.randrange(1, 50), r.randrange(1, 2**32), 2**32 - 1, 2**32, 3 * 2**30])
            assert agent._index(n) == int(ref.integers(n))
        if trial % 2:
            assert agent.rng.bit_generator.state == ref.bit_generator.state  # the kept half given back
        for _ in range(10):  # draws from outside and the agent's own, after the generator was looked at
            n = r.randrange(1, 1000)
            assert int(agent.rng.integers(n)) == int(ref.integers(n))
            assert agent._index(n) == int(ref.integers(n))
        assert agent.rng.random() == ref.random()


def test_replaced_generator() -> None:
    agent = RandomAgent(3)
    agent._index(5)
    agent.rng = np.random.default_rng(9)
    ref = np.random.default_rng(9)
    assert [agent._index(6) for _ in range(20)] == [int(ref.integers(6)) for _ in range(20)]
