"""Runs every scenario file under tests/scenarios through the scenario runner."""

from pathlib import Path

import pytest

from ecs.scenario import run_file, scenario_files

SCENARIOS = scenario_files([Path(__file__).parent / "scenarios"])


@pytest.mark.parametrize("path", SCENARIOS, ids=[str(p.relative_to(Path(__file__).parent)) for p in SCENARIOS])
def test_scenario(path):
    result = run_file(path)
    assert result.passed, result.failure
