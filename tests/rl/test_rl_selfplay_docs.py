"""Every Python block of docs/selfplay.md runs (the OpenSpiel one where the [spiel] extra is installed, the
PPO one where torch is)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "selfplay.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def _title(code: str) -> str:
    for name in ("pyspiel", "torch", "gymnasium", "ecs.rl.env", "ObservationEncoder"):
        if name in code:
            return name
    return "block"


def test_the_page_has_the_loops_of_all_three_interfaces_and_the_ppo_example():
    joined = "\n".join(BLOCKS)
    assert len(BLOCKS) >= 5
    for needle in ("ecs.rl.env()", 'gym.make("mtg_ecs/Duel-v0"', 'pyspiel.load_game("python_mtg_ecs"', "import torch"):
        assert needle in joined


@pytest.mark.parametrize("code", BLOCKS, ids=[f"{i}-{_title(b)}" for i, b in enumerate(BLOCKS)])
def test_the_block_runs(code, capsys):
    for module in ("gymnasium", "pettingzoo", "pyspiel", "torch"):
        if re.search(rf"^import {module}\b|^from {module}\b", code, re.M) and importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed")
    if "ecs.rl.env" in code and importlib.util.find_spec("pettingzoo") is None:
        pytest.skip("pettingzoo is not installed")
    exec(compile(code, f"{DOC.name} block", "exec"), {"__name__": "__docs__"})
    assert capsys.readouterr().out.strip()  # each block reports what it did
