"""Test-suite configuration.

In CI (the environment variable CI is set) hypothesis runs derandomized: the same examples every
run, so main's result doesn't depend on luck. Locally the property tests keep exploring new seeds.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

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
