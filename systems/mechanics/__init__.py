"""Mechanics as plug-ins: one module per mechanic (a keyword ability, a keyword action, an effect or
trigger template family), each registering in content/registry.py everything it is: its Oracle
readers and renderers, its executors, its conditions and its hooks into the core systems.

Modules here are discovered, not listed: :func:`discover` imports every module of this package
(sorted by name, so registration is deterministic). A new mechanic is a new file here and nothing else.
The package sits in the systems layer above the core systems (priority, casting, stack, zones, the
state check): a mechanic may use the core, the core reaches a mechanic only through registry hooks.
"""

from __future__ import annotations

import importlib
import pkgutil


def discover() -> None:
    """Import every mechanic module of this package (each registers itself in content.registry)."""
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        importlib.import_module(f"{__name__}.{info.name}")
