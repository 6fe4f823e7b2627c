"""A faster ``__init__`` for the frozen records built on the hot paths (issue 11).

A frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__(self, name, value)``: an
attribute look-up, a call and a search of the class for the slot, per field. About 1,700 such records are built in a
random game (zone changes, decisions, actions, events): 3% of its time. A slotted class's field is a member descriptor;
calling its ``__set__`` stores the value straight into the slot, as ``object.__setattr__`` ends up doing, without the
search. ``fast_init`` gives a frozen, slotted dataclass an ``__init__`` made of those calls: the same parameters, in
the same order, with the same defaults, so every construction gives the same object as before. The class stays
frozen (its ``__setattr__`` still refuses), hashable and comparable as the dataclass made it.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")

# The classes given a fast ``__init__`` (tests/core/test_frozen_init.py checks each against its fields).
DECORATED: list[type] = []


def fast_init(cls: type[T]) -> type[T]:
    """Replace the ``__init__`` of ``cls``, a ``@dataclass(frozen=True, slots=True)`` class whose fields are all
    positional init fields without a default factory and which has no ``__post_init__``."""
    if "__mypyc_attrs__" in vars(cls):  # compiled by mypyc (a native class): its own __init__ is already direct
        return cls
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"fast_init: {cls.__name__} is not a frozen, slotted dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"fast_init: {cls.__name__} has a __post_init__")
    own = cls.__dict__.get("__init__")
    if not params.init or own is None or own.__code__.co_filename != "<string>":
        raise TypeError(f"fast_init: {cls.__name__} has an __init__ of its own, not the dataclass's")
    names: dict[str, Any] = {}
    args: list[str] = []
    body: list[str] = []
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if not f.init or f.kw_only or f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"fast_init: field {cls.__name__}.{f.name} is not a plain positional field")
        if f.default is dataclasses.MISSING:
            args.append(f.name)
        else:
            names[f"_default_{f.name}"] = f.default  # the default object itself, as the dataclass's __init__ holds it
            args.append(f"{f.name}=_default_{f.name}")
        names[f"_set_{f.name}"] = cls.__dict__[f.name].__set__  # the slot's member descriptor
        body.append(f"    _set_{f.name}(self, {f.name})")
    source = f"def __init__(self, {', '.join(args)}) -> None:\n" + ("\n".join(body) or "    pass") + "\n"
    exec(source, names)  # (as dataclasses builds its own __init__: from source text)
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__annotations__ = dict(cls.__init__.__annotations__)
    cls.__init__ = init  # type: ignore[method-assign]
    DECORATED.append(cls)
    return cls
