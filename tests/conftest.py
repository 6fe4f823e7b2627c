"""Test-suite configuration.

In CI (the environment variable CI is set) hypothesis runs derandomized: the same examples every
run, so main's result doesn't depend on luck. Locally the property tests keep exploring new seeds.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

import pytest
from hypothesis import HealthCheck, settings

# A loaded CI machine can make input generation look slow; that says nothing about the code under test.
settings.register_profile("ci", derandomize=True, print_blob=True, suppress_health_check=[HealthCheck.too_slow])
if os.environ.get("CI"):
    settings.load_profile("ci")

# The compiled-card cache (content/pool_cache.py) of the test run goes to a directory of its own, never into
# the user's cache; the CLI subprocesses the tests start inherit it, and so read the cards compiled before.
if not os.environ.get("MTG_ECS_TEST_CACHE_DIR"):
    _cache_dir = tempfile.mkdtemp(prefix="mtg-ecs-test-cache-")
    os.environ["MTG_ECS_CACHE_DIR"] = _cache_dir
    os.environ["MTG_ECS_TEST_CACHE_DIR"] = _cache_dir  # xdist workers and subprocesses share this one
    atexit.register(shutil.rmtree, _cache_dir, True)


# The compiled build (setup.py, MTG_ECS_COMPILE=1) is tested by running this suite against it: MTG_ECS_EXPECT_COMPILED=1
# makes sure the run really imports the compiled engine (not the source tree beside it). A test marked plain_python
# replaces a module's function to watch or steer the engine; compiled code calls its functions directly, around
# any replacement, so such a test is skipped there, with that reason.
def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "plain_python: replaces an engine function (monkeypatch); skipped compiled")
    from ecs.build import compiled

    if os.environ.get("MTG_ECS_EXPECT_COMPILED") == "1" and not compiled():
        raise pytest.UsageError("MTG_ECS_EXPECT_COMPILED=1 but the engine imported is plain Python: "
                                "install it with MTG_ECS_COMPILE=1 pip install . and run outside the source tree")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    from ecs.build import compiled

    if compiled():
        skip = pytest.mark.skip(reason="replaces an engine function, which compiled code calls directly")
        for item in items:
            if item.get_closest_marker("plain_python") is not None:
                item.add_marker(skip)
