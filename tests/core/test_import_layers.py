"""One direction of dependency (issue 10): every module of ecs/ has its place in the import-linter layers.

``lint-imports`` (the README's test command) checks the contracts in pyproject.toml; a module of ecs/ that no
layer names would escape them, so this test fails when a new one is added without a place.
"""

from __future__ import annotations

import pkgutil
import tomllib
from pathlib import Path

import ecs

ROOT = Path(__file__).resolve().parents[2]


def _layer_modules() -> set[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    layers = next(c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers")["layers"]
    return {m.strip() for layer in layers for m in layer.replace("|", ":").split(":")}


def test_every_ecs_module_is_in_a_layer() -> None:
    placed = _layer_modules()
    missing = []
    for info in pkgutil.iter_modules(ecs.__path__, "ecs."):
        if info.name not in placed:
            missing.append(info.name)
    assert not missing, f"add these to a layer of [tool.importlinter] in pyproject.toml: {missing}"


def test_the_layers_run_from_the_api_down_to_the_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    layers = next(c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers")["layers"]
    order = [layer.split(":")[0].strip() for layer in layers]
    assert order.index("systems") < order.index("content") < order.index("components")
    assert order.index("ecs.cli") < order.index("systems") < order.index("ecs.actions")


def test_the_public_names_resolve_and_the_rules_can_be_imported_first() -> None:
    """``ecs`` loads its public names on first use (PEP 562), so a rules module that imports ``ecs.actions`` no
    longer imports the Game and its setup back while it is half loaded. These six modules failed as the first
    import of a process before (a cycle through ecs/__init__.py, ecs.setup and systems.mulligan)."""
    import subprocess
    import sys

    for name in ecs.__all__:
        assert getattr(ecs, name) is not None
    modules = ["systems.damage", "systems.effects", "systems.mulligan", "systems.triggers", "systems.turn",
               "systems.zones"]
    script = "import importlib, sys; importlib.import_module(sys.argv[1])"
    for module in modules:
        done = subprocess.run([sys.executable, "-c", script, module], cwd=ROOT, capture_output=True, text=True)
        assert done.returncode == 0, f"import {module} first: {done.stderr[-600:]}"
