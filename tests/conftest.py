"""Test-suite configuration.

In CI (the environment variable CI is set) hypothesis runs derandomized: the same examples every
run, so main's result doesn't depend on luck. Locally the property tests keep exploring new seeds.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# A loaded CI machine can make input generation look slow; that says nothing about the code under test.
settings.register_profile("ci", derandomize=True, print_blob=True, suppress_health_check=[HealthCheck.too_slow])
if os.environ.get("CI"):
    settings.load_profile("ci")
