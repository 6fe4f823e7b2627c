"""Every module imports on its own, first, in a fresh interpreter: no import cycle hides behind the order in which
the CLI happens to import things. (A library user's ``from ecs.simulate import simulate`` once met a cycle
``systems.static_rules`` -> ``systems.mana`` -> ``systems.static_rules`` while compiling a card, and the card was
refused as an engine bug.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("components", "content", "ecs", "systems")

# One interpreter: before each module, the project's modules are dropped from sys.modules (the third-party ones
# stay loaded: they are not the project's cycles), so each module is imported first, as a user's script would.
_PROGRAM = """
import importlib, pkgutil, sys
packages = sys.argv[1:]
names = []
for package in packages:
    module = importlib.import_module(package)
    names.append(package)
    names.extend(info.name for info in pkgutil.walk_packages(module.__path__, package + ".")
                 if not info.name.endswith("__main__"))  # (it would run the CLI)
failed = []
for name in names:
    for loaded in [m for m in sys.modules if m.split(".")[0] in packages]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] in packages:
            failed.append(f"{name}: {exc}")  # (not an optional extra's package, such as pyspiel: [spiel])
    except ImportError as exc:
        failed.append(f"{name}: {exc}")
print(len(names))
print("\\n".join(failed))
"""


def test_every_module_imports_first() -> None:
    done = subprocess.run([sys.executable, "-c", _PROGRAM, *PACKAGES], cwd=ROOT, capture_output=True, text=True,
                          timeout=240, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    count, *failed = done.stdout.strip().split("\n")
    assert int(count) > 200  # (the walk found the project)
    assert not [f for f in failed if f], "modules that fail when imported first:\n" + "\n".join(failed)
