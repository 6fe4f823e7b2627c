"""components/dataclass_code.py (issue 11, fast start): the code dataclasses generate is compiled once and then
read from the cache directory; the classes made are the same; corrupt files, read-only directories and the
MTG_ECS_NO_CACHE opt-out are handled."""

from __future__ import annotations

import dataclasses
import marshal
import os
import subprocess
import sys
from pathlib import Path

import pytest

from components import dataclass_code

ROOT = Path(__file__).resolve().parents[2]
APPLIES = sys.implementation.name == "cpython" and sys.version_info[:2] == (3, 11)
PROBE = ("import dataclasses, components.card\n"
         "from components import dataclass_code as d\n"
         "print(d._compiled, dataclasses._create_fn.__module__)\n")


def _probe(cache: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k != "MTG_ECS_NO_CACHE"}
    environment.update(MTG_ECS_CACHE_DIR=str(cache), **env)
    return subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=environment, capture_output=True,
                          text=True, timeout=120)


def _cache_file(cache: Path) -> Path:
    (found,) = cache.glob("dataclass-code-*.marshal")
    return found


def _make(create_fn):
    """The same frozen dataclass, its methods made by ``create_fn``."""
    real = dataclasses._create_fn
    dataclasses._create_fn = create_fn
    try:
        @dataclasses.dataclass(frozen=True, slots=True)
        class Point:
            x: int
            y: int = 2
            tags: tuple[str, ...] = ()
        return Point
    finally:
        dataclasses._create_fn = real


@pytest.mark.skipif(not APPLIES, reason="the cache applies to CPython 3.11's dataclasses only")
def test_classes_made_from_cached_code_behave_as_the_standard_ones():
    assert dataclasses._create_fn is dataclass_code._create_fn  # installed when components was imported
    standard = _make(dataclass_code._original)
    first, again = _make(dataclass_code._create_fn), _make(dataclass_code._create_fn)  # again: from the cache
    for cls in (first, again):
        a, b = cls(1), cls(1, 2, ())
        reference = standard(1)
        assert a == b and hash(a) == hash(b) and cls(1, 3) != a
        assert repr(a).split("Point(", 1)[1] == repr(reference).split("Point(", 1)[1] == "x=1, y=2, tags=())"
        with pytest.raises(dataclasses.FrozenInstanceError):
            a.x = 5  # type: ignore[misc]
        with pytest.raises(TypeError):
            cls()  # x has no default


@pytest.mark.skipif(not APPLIES, reason="the cache applies to CPython 3.11's dataclasses only")
def test_a_second_process_compiles_nothing(tmp_path):
    first = _probe(tmp_path)
    assert first.returncode == 0, first.stderr
    compiled, module = first.stdout.split()
    assert int(compiled) > 0 and module == "components.dataclass_code"
    second = _probe(tmp_path)
    assert second.stdout.split() == ["0", "components.dataclass_code"]


@pytest.mark.skipif(not APPLIES, reason="the cache applies to CPython 3.11's dataclasses only")
def test_a_corrupt_file_is_ignored_and_rewritten(tmp_path):
    assert _probe(tmp_path).returncode == 0
    path = _cache_file(tmp_path)
    path.write_bytes(b"\x00 not marshal data")
    run = _probe(tmp_path)
    assert run.returncode == 0 and run.stderr == "" and int(run.stdout.split()[0]) > 0
    with path.open("rb") as fh:
        assert isinstance(marshal.load(fh), dict)


def test_the_opt_out_leaves_dataclasses_alone(tmp_path):
    run = _probe(tmp_path, MTG_ECS_NO_CACHE="1")
    assert run.returncode == 0 and run.stdout.split()[1] == "dataclasses"
    assert not list(tmp_path.glob("dataclass-code-*"))


def test_an_unwritable_directory_is_skipped_quietly(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    run = _probe(blocker / "cache")
    assert run.returncode == 0 and run.stderr == ""
