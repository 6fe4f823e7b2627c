"""make_agent: built-in agents by name with parameters, a user's agent by import path, clear errors."""

from __future__ import annotations

import textwrap

import pytest

from content.decks import load_deck
from ecs import new_game
from ecs.agents import AgentSpecError, RandomAgent, make_agent, play_out


def test_builtin_random_by_name_is_seeded():
    a, b = make_agent("random", seed=3), make_agent("random", seed=3)
    assert isinstance(a, RandomAgent)
    assert [int(a.rng.integers(100)) for _ in range(5)] == [int(b.rng.integers(100)) for _ in range(5)]


@pytest.mark.parametrize("spec, words", [
    ("nosuchagent", "unknown agent 'nosuchagent'"),
    ("random:depth=3", "unknown parameter 'depth'"),
    ("random:seed", "is not key=value"),
    ("random:seed=3", "'seed' is not a parameter of a spec"),
    ("no_such_module_xyz:Agent", "cannot import module 'no_such_module_xyz'"),
    ("ecs.agents.base:NoSuchAgent", "has no 'NoSuchAgent'"),
    ("ecs.agents.base.Zone", "ecs.agents.base.Zone"),
])
def test_bad_specs_say_what_is_wrong(spec, words):
    with pytest.raises(AgentSpecError, match="agent spec") as info:
        make_agent(spec, seed=0)
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)


USER_MODULE = textwrap.dedent('''
    class FirstOption:
        """Always the first legal option."""

        def __init__(self, seed, bias=0):
            self.seed = seed
            self.bias = bias
            self.calls = 0

        def act(self, view):
            self.calls += 1
            return view.options[0]
''')


@pytest.mark.parametrize("spec", ["my_user_agents:FirstOption", "my_user_agents.FirstOption",
                                  "my_user_agents:FirstOption?bias=2"])
def test_user_agent_loads_by_import_path(tmp_path, monkeypatch, spec):
    (tmp_path / "my_user_agents.py").write_text(USER_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    agent = make_agent(spec, seed=9)
    assert type(agent).__name__ == "FirstOption" and agent.seed == 9
    assert agent.bias == (2 if "bias" in spec else 0)
    decks = [load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]]
    game = new_game(decks, 1, log=False, max_turns=3)
    play_out(game, [agent, make_agent("random", seed=1)])
    assert agent.calls > 0 and game.is_over


def test_user_agent_with_a_bad_parameter(tmp_path, monkeypatch):
    (tmp_path / "my_user_agents2.py").write_text(USER_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(AgentSpecError, match="unknown parameter 'depth'; FirstOption takes bias"):
        make_agent("my_user_agents2:FirstOption?depth=1", seed=0)
