"""A faster ``__init__`` for the frozen records built on the hot paths (issue 11).

A frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__(self, name, value)``: an
attribute look-up, a call and a search of the class for the slot, per field. About 1,700 such records are built in a
random game (zone changes, decisions, actions, events): 3% of its time. A slotted class's field is a member descriptor;
calling its ``__set__`` stores the value straight into the slot, as ``object.__setattr__`` ends up doing, without the
search. ``fast_init`` gives a frozen, slotted dataclass an ``__init__`` made of those calls: the same parameters, in
the same order, with the same defaults, so every construction gives the same object as before. The class stays
frozen (its ``__setattr__`` still refuses), hashable and comparable as the dataclass made it.

The compiled build (mypyc) wants something else: a class decorated with a function it does not know becomes a
non-native class (generic attribute reads), and a dataclass's generated ``__init__`` stays interpreted even in a native
class (mypyc issue 817). So the hottest records are declared ``@dataclass(frozen=True, slots=True, init=False)`` with
their ``__init__`` written out (``object.__setattr__`` per field, which mypyc compiles to direct stores), and
``fast_init(cls)`` is called after the class rather than as a decorator: compiled, the class stays native and keeps
its written ``__init__``; plain Python, ``fast_init`` replaces it with the faster one made here, after checking that
it takes the same parameters (tests/core/test_frozen_init.py checks its body against the dataclass's).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

# The classes given a fast ``__init__`` (tests/core/test_frozen_init.py checks each against its fields).
DECORATED: list[type] = []
# Every class given to ``fast_init``, native ones too (compiled: they keep the constructor mypyc made).
RECORDS: list[type] = []
# The ``__init__`` written out in a class (``init=False``) that plain Python replaced, for the tests.
WRITTEN: dict[type, Callable[..., None]] = {}


def fast_init(cls: type[T]) -> type[T]:
    """Replace the ``__init__`` of ``cls``, a ``@dataclass(frozen=True, slots=True)`` class whose fields are all
    positional init fields without a default factory and which has no ``__post_init__``. Its ``__init__`` is the
    dataclass's, or (``init=False``) one written in the class that takes the fields in order with their defaults."""
    RECORDS.append(cls)
    if "__mypyc_attrs__" in vars(cls):  # compiled by mypyc (a native class): its own __init__ is already direct
        return cls
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"fast_init: {cls.__name__} is not a frozen, slotted dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"fast_init: {cls.__name__} has a __post_init__")
    own = cls.__dict__.get("__init__")
    if params.init and (own is None or own.__code__.co_filename != "<string>"):
        raise TypeError(f"fast_init: {cls.__name__} has an __init__ of its own, not the dataclass's")
    if not params.init:
        if own is None or not _takes_the_fields(own, cls):
            raise TypeError(f"fast_init: {cls.__name__}'s written __init__ does not take its fields as the dataclass's")
        WRITTEN[cls] = own
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
    init.__annotations__ = dict(cls.__init__.__annotations__)  # (the written one's when written)
    cls.__init__ = init  # type: ignore[method-assign]
    DECORATED.append(cls)
    return cls


def _takes_the_fields(init: Any, cls: type) -> bool:
    """``init`` takes ``self``, then each field of ``cls`` in order, by position or name, with the field's own
    default object (what the dataclass's ``__init__`` would take), and nothing else."""
    code = init.__code__
    fields = dataclasses.fields(cls)
    if code.co_kwonlyargcount or code.co_flags & 0x0C:  # keyword-only parameters, *args or **kwargs
        return False
    if code.co_varnames[:code.co_argcount] != ("self", *(f.name for f in fields)):
        return False
    defaults = [f.default for f in fields if f.default is not dataclasses.MISSING]
    if any(f.default is dataclasses.MISSING for f in fields[len(fields) - len(defaults):]):
        return False
    given = init.__defaults__ or ()
    return len(given) == len(defaults) and all(a is b for a, b in zip(given, defaults, strict=True))
