"""The compiled code of the methods ``dataclasses`` generates, kept on disk (issue 11: fast start).

The engine defines over 300 dataclasses. For each, the standard library writes the source of ``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``... and compiles it when the module is imported; bytecode
files do not cover that code, and it is about 40% of a warm start (0.30 s of 0.75 s CPU measured). Here the
compiled code objects are kept in the cache directory of content/pool_cache.py, keyed on the exact source text
(so a changed class compiles its new source) and the interpreter's bytecode version, and are run instead of
compiling the same text again. The functions made are the same as without the cache: the same text, run the
same way.

Only for CPython 3.11, whose ``dataclasses._create_fn`` this reproduces (with a look-up before the compile);
elsewhere nothing changes. Off with ``MTG_ECS_NO_CACHE=1``, like the card cache; a corrupt or unreadable file
is ignored and rewritten, a directory that can't be written is skipped quietly.
"""

from __future__ import annotations

import atexit
import dataclasses
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER
from types import CodeType
from typing import Any

ENV_DIR = "MTG_ECS_CACHE_DIR"
ENV_OFF = "MTG_ECS_NO_CACHE"
MAX_ENTRIES = 20_000  # beyond this (many edits of many classes), the file keeps only what the last run used

_code: dict[str, CodeType] = {}
_used: set[str] = set()
_compiled = 0  # code objects compiled in this process (written at exit if any)
_path = ""
_original: Any = None  # the standard library's function, while the cache is installed


def enabled() -> bool:
    return os.environ.get(ENV_OFF, "").strip().lower() in ("", "0", "false", "no")


def cache_dir() -> str:
    """``$MTG_ECS_CACHE_DIR``, else ``$XDG_CACHE_HOME/mtg-ecs``, else ``~/.cache/mtg-ecs``."""
    explicit = os.environ.get(ENV_DIR)
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "mtg-ecs")


def _create_fn(name: str, args: list[str], body: list[str], *, globals: dict[str, Any] | None = None,
               locals: dict[str, Any] | None = None, return_type: Any = dataclasses.MISSING) -> Any:
    # CPython 3.11's dataclasses._create_fn, line for line, except that the compiled text is looked up first.
    global _compiled
    if locals is None:
        locals = {}
    return_annotation = ""
    if return_type is not dataclasses.MISSING:
        locals["_return_type"] = return_type
        return_annotation = "->_return_type"
    text = ",".join(args)
    lines = "\n".join(f"  {b}" for b in body)
    txt = f" def {name}({text}){return_annotation}:\n{lines}"
    local_vars = ", ".join(locals.keys())
    txt = f"def __create_fn__({local_vars}):\n{txt}\n return {name}"
    code = _code.get(txt)
    if type(code) is not CodeType:
        code = _code[txt] = compile(txt, "<string>", "exec")
        _compiled += 1
    _used.add(txt)
    ns: dict[str, Any] = {}
    exec(code, globals, ns)  # noqa: S102 - the code dataclasses would exec, compiled from the same text
    return ns["__create_fn__"](**locals)


def install() -> bool:
    """Use the cache for the dataclasses defined from now on; False where it does not apply or is off."""
    global _path, _original
    original = getattr(dataclasses, "_create_fn", None)
    if (_path or not enabled() or sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11)
            or original is None or original.__code__.co_varnames[:6] !=
            ("name", "args", "body", "globals", "locals", "return_type")):
        return False
    _path = os.path.join(cache_dir(), f"dataclass-code-{MAGIC_NUMBER.hex()}.marshal")
    try:
        with open(_path, "rb") as fh:
            stored = marshal.load(fh)
        if isinstance(stored, dict):
            _code.update(stored)
    except Exception:  # noqa: BLE001, S110 - missing, corrupt or unreadable: compiled as usual, rewritten at exit
        pass
    _original = original
    dataclasses._create_fn = _create_fn  # type: ignore[attr-defined]
    atexit.register(write)
    return True


def write() -> None:
    """Store the code compiled in this process (at exit); skipped quietly if the directory can't be written."""
    global _compiled
    if not _compiled or not _path:
        return
    _compiled = 0
    keep = _code if len(_code) <= MAX_ENTRIES else {t: c for t, c in _code.items() if t in _used}
    try:
        import tempfile

        os.makedirs(os.path.dirname(_path), exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix="dataclass-code-", suffix=".tmp", dir=os.path.dirname(_path))
        try:
            with os.fdopen(fd, "wb") as fh:
                marshal.dump({t: c for t, c in keep.items() if type(c) is CodeType}, fh)
            os.replace(tmp, _path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass  # a read-only home (cluster workers): no cache, no message
