"""The build: plain Python by default; ``MTG_ECS_COMPILE=1 pip install .`` compiles the engine with mypyc.

The compiled build (README, "Speed") plays the very same games ~1.7x faster: the data model (``components/``, the
``Game``, its world and tables) becomes native classes and the rules (``systems/``) native functions. Everything
else (the Oracle compiler in ``content/``, the CLI, agents, environments) stays Python. pyproject.toml holds the
project's metadata; this file only decides what is compiled.
"""

from __future__ import annotations

import os
import shutil
import sys
import tomllib
from pathlib import Path

from setuptools import setup

# The compiler, pinned: mypyc's output and what it accepts change between releases, and CI builds and tests this one.
MYPY = "mypy==2.4.1"
# The ECS core beside the data model and the rules: the game, its world and tables, its decisions and actions, and
# what they copy and keep. (ecs/actions.py compiled keeps its fields' classes only, not their annotations as written: the RL
# observation reads both, ecs/rl/observation.py ``_annotation``.)
ECS_CORE = ("actions", "game", "last_known", "options", "records", "state_copy", "table", "world")


def compiled_modules(root: Path) -> list[str]:
    """The source files compiled, relative to ``root``: every module of components/ and systems/ (the mechanics
    too) and the ECS core, not the packages' ``__init__`` files."""
    files = [*root.glob("components/*.py"), *root.glob("systems/*.py"), *root.glob("systems/mechanics/*.py"),
             *(root / "ecs" / f"{name}.py" for name in ECS_CORE)]
    return sorted(str(f.relative_to(root)) for f in files if f.name != "__init__.py")


if os.environ.get("MTG_ECS_COMPILE", "") not in ("", "0"):
    if "editable_wheel" in sys.argv:
        # an editable install would leave the compiled modules beside the sources, where they shadow every edit
        sys.exit("MTG_ECS_COMPILE=1 needs a regular install (`pip install .`), not an editable one (`-e`)")
    try:
        from mypyc.build import mypycify
    except ImportError:
        # setuptools runs this file first to learn the build's own requirements: the compiler, and the project's
        # own dependencies, whose types it compiles against (numpy's above all)
        with open(Path(__file__).resolve().parent / "pyproject.toml", "rb") as f:
            dependencies = tomllib.load(f)["project"]["dependencies"]
        setup(setup_requires=[MYPY, *dependencies])
    else:
        root = Path(__file__).resolve().parent
        os.chdir(root)  # (mypyc reads pyproject.toml's [tool.mypy] and writes build/ here)
        for old in root.glob("build/lib*"):
            shutil.rmtree(old)  # an earlier build's modules, which the wheel would take even if no longer compiled
        setup(ext_modules=mypycify(compiled_modules(root), opt_level="2", multi_file=True),
              options={"build_ext": {"parallel": os.cpu_count() or 1}})
else:
    setup()
