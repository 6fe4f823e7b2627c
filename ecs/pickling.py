"""Pickles of the compiled build's frozen records (setup.py: ``MTG_ECS_COMPILE=1``).

Compiled by mypyc, a frozen dataclass is a native class whose own ``__setstate__`` assigns each field through the
class's ``__setattr__``, which a frozen dataclass refuses: the standard pickle of such a record cannot be loaded.
:class:`FrozenPickler` pickles those records as a call of their class with their fields instead (the way
``copy_state`` copies them); so are the compiled dataclasses whose ``__init__`` is written out (components/frozen.py),
which a compiled class's ``__new__`` runs. Plain Python never needs it: its dataclasses restore their slots themselves.
Pickles do not cross builds (the card cache keys on the build, content/pool_cache.py).
"""

from __future__ import annotations

import copyreg
import dataclasses
import io
import pickle
from typing import Any

# Per class: (its init fields, its other fields) if it is a frozen compiled dataclass, else None.
_PLANS: dict[type, tuple[tuple[str, ...], tuple[str, ...]] | None] = {}


def _plan(cls: type) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    params = getattr(cls, "__dataclass_params__", None)
    # A compiled dataclass with its __init__ written out (init=False, components/frozen.py) cannot be loaded either:
    # its __new__ runs that __init__, whose arguments the standard pickle does not give.
    if params is None or not (params.frozen or not params.init) or "__mypyc_attrs__" not in vars(cls):
        return None
    fields = dataclasses.fields(cls)
    return tuple(f.name for f in fields if f.init), tuple(f.name for f in fields if not f.init)


def rebuild(cls: type, init: dict[str, Any], rest: dict[str, Any]) -> Any:
    """A frozen record made again by a call of its class (as a compiled class's ``__new__`` runs ``__init__``)."""
    obj = cls(**init)
    for name, value in rest.items():
        object.__setattr__(obj, name, value)  # (a field outside __init__: the dataclass's own way to set it)
    return obj


def reduce_record(obj: Any) -> tuple[Any, ...] | None:
    """How :class:`FrozenPickler` pickles ``obj`` if it is a frozen compiled dataclass (a call of its class), else
    None (for a ``copyreg`` reducer of such a class: ecs/game.py's for cards outside the pool)."""
    cls = type(obj)
    try:
        plan = _PLANS[cls]
    except KeyError:
        plan = _PLANS[cls] = _plan(cls)
    if plan is None:
        return None
    init, rest = plan
    return rebuild, (cls, {n: getattr(obj, n) for n in init}, {n: getattr(obj, n) for n in rest})


class FrozenPickler(pickle.Pickler):
    """A pickler that writes frozen compiled dataclasses as calls of their class (what its dispatch table names is
    left to the table)."""

    def reducer_override(self, obj: Any) -> Any:
        if type(obj) in getattr(self, "dispatch_table", copyreg.dispatch_table):
            return NotImplemented
        reduced = reduce_record(obj)
        return NotImplemented if reduced is None else reduced


def dumps(obj: Any, dispatch_table: dict[type, Any] | None = None) -> bytes:
    """``pickle.dumps`` with :class:`FrozenPickler` (the highest protocol; ``dispatch_table`` in place of copyreg's)."""
    out = io.BytesIO()
    pickler = FrozenPickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    if dispatch_table is not None:
        pickler.dispatch_table = dispatch_table
    pickler.dump(obj)
    return out.getvalue()
