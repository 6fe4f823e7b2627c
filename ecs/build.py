"""Which build of the engine is running: plain Python, or compiled by mypyc (``MTG_ECS_COMPILE=1 pip install .``,
setup.py). Benchmarks print it beside their figures, and the test suite skips what only holds in plain Python."""

from __future__ import annotations

import importlib.machinery
import sys

# A module that is always compiled in the compiled build (setup.py compiles all of systems/).
_PROBE = "systems.priority"


def compiled() -> bool:
    """True when the engine's rules run compiled (their modules are extension modules, not Python source)."""
    __import__(_PROBE)
    origin = getattr(sys.modules[_PROBE], "__file__", None) or ""
    return origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def compiled_modules() -> list[str]:
    """The engine's modules loaded so far from compiled extension files (sorted)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    roots = ("components", "systems", "ecs", "content")
    return sorted(name for name, module in list(sys.modules.items())
                  if name.split(".", 1)[0] in roots and (getattr(module, "__file__", None) or "").endswith(suffixes))


def describe() -> str:
    """One line for a report: "plain Python" or "compiled (mypyc)"."""
    return "compiled (mypyc)" if compiled() else "plain Python"
