"""RandomAgent draws exactly what numpy's ``Generator.integers`` draws from the same seed (issue 11: it computes them
from the raw stream, which is cheaper), so every seeded random game plays as before."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ecs.agents import RandomAgent


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1),
       sizes=st.lists(st.one_of(st.integers(1, 40), st.integers(1, 2**32)), min_size=1, max_size=300))
def test_draws_are_numpys_integers(seed: int, sizes: list[int]) -> None:
    agent, reference = RandomAgent(seed), np.random.default_rng(seed)
    assert [agent._index(n) for n in sizes] == [int(reference.integers(n)) for n in sizes]


def test_draws_follow_numpy_past_a_batch_and_through_rejections() -> None:
    # sizes just over 2**31 reject almost half the words: many redraws, across several raw batches
    sizes = [2**31 + 1, 3, 2**32 - 1, 1, 2**32, 7] * 400
    agent, reference = RandomAgent(11), np.random.default_rng(11)
    assert [agent._index(n) for n in sizes] == [int(reference.integers(n)) for n in sizes]


def test_one_option_draws_nothing() -> None:
    agent, reference = RandomAgent(5), np.random.default_rng(5)
    assert agent._index(1) == 0
    assert agent._index(10) == int(reference.integers(10))  # the single option used no word


@pytest.mark.parametrize("n", [0, -3, 2**32 + 1])
def test_impossible_option_counts_are_refused(n: int) -> None:
    with pytest.raises(ValueError, match="option"):
        RandomAgent(0)._index(n)
