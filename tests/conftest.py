"""Test-suite configuration.

In CI (the environment variable CI is set) hypothesis runs derandomized: the same examples every
run, so main's result doesn't depend on luck. Locally the property tests keep exploring new seeds.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
