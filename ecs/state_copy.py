"""Deep copies of game state, fast (issue 11: ``Game.clone()``, ``copy.deepcopy(game)``).

:func:`copy_state` has the semantics of ``copy.deepcopy(x, memo)`` (one memo for the whole game, so an
object reached from two places is one object in the copy) for the few kinds of values a Game holds,
without deepcopy's generic ``__reduce_ex__`` path:

* immutable values are shared, not copied: numbers, strings, enums, card definitions (``CardDef`` and
  their compiled abilities are immutable by design), classes and functions, and tuples, frozensets and
  frozen dataclasses made only of such values;
* ``dict``, ``list`` and ``set`` are copied with one pass over their items, a numpy array with
  ``ndarray.copy``, a random generator by its state;
* a dataclass (slotted or not) without its own copy protocol is copied by a function generated once for
  its class, which assigns the fields one by one;
* a class with its own ``__deepcopy__`` is asked directly, with the same memo;
* anything else (a class with ``__reduce__``, a subclass of dict without ``__deepcopy__``) goes to
  ``copy.deepcopy`` with the same memo.

Originals are not kept alive in the memo as ``copy.deepcopy`` keeps them: every original is part of the game
being copied, alive until the copy is done, so an id in the memo cannot be reused by another object. A
``__deepcopy__`` must therefore not pass temporary objects to the memo.

A new component or record class therefore needs nothing to be copied correctly; if it is immutable and
hot, add it to :data:`ATOMIC` with :func:`share_in_copies`.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import types
from collections.abc import Callable
from typing import Any, Final, TypeVar

import numpy as np

from components.card import CardDef
from components.objects import CardObject, ContinuousEffect, InZone

T = TypeVar("T")
Copier = Callable[[Any, dict[int, Any]], Any]

# Types whose values are shared by copies (immutable). Enum and numpy scalar types join on first sight.
ATOMIC: Final[set[type]] = {
    int, float, complex, bool, str, bytes, type(None), type(Ellipsis), range, type, types.FunctionType,
    types.BuiltinFunctionType, CardDef,
    CardObject, InZone,  # frozen components whose fields are all immutable (an object's card and zone)
    ContinuousEffect,  # frozen; its filter, count, condition and granted abilities are compiled (immutable) values
}


def share_in_copies(cls: type[T]) -> type[T]:
    """Declare a class immutable: its instances are shared by copies of a game (a class decorator)."""
    ATOMIC.add(cls)
    DISPATCH.pop(cls, None)
    return cls


def copy_state(x: T, memo: dict[int, Any]) -> T:
    """A deep copy of ``x`` (``copy.deepcopy(x, memo)`` semantics), sharing what is immutable."""
    cls = type(x)
    if cls in ATOMIC:
        return x
    # (compiled, the two most frequent kinds are native calls; a copier from the table is a generic call)
    if cls is dict:
        return copy_dict(x, memo)  # type: ignore[arg-type, return-value]
    if cls is list:
        return copy_list(x, memo)  # type: ignore[arg-type, return-value]
    copier = DISPATCH.get(cls) or copier_for(cls)
    return copier(x, memo)  # type: ignore[no-any-return]


def copier(cls: type) -> Copier:
    """The function that copies values of type ``cls`` (for callers that copy many values of one type)."""
    return _share if cls in ATOMIC else DISPATCH.get(cls) or copier_for(cls)


def _share(x: Any, memo: dict[int, Any]) -> Any:
    return x


def copy_dict(x: dict[Any, Any], memo: dict[int, Any]) -> dict[Any, Any]:
    i = id(x)
    found = memo.get(i)
    if found is not None:
        return found  # type: ignore[no-any-return]
    y: dict[Any, Any]
    atomic = ATOMIC
    # The common case: every key and value immutable (ints, strings, cards ...), or the dict empty (about half a
    # game's dicts: a mechanic's record that nothing has used yet). (A loop, not ``all(map(...))``: compiled, it is a
    # native loop, where the builtins are generic calls.)
    for k, v in x.items():
        if type(v) not in atomic or type(k) not in atomic:
            break
    else:
        y = memo[i] = x.copy()
        return y
    y = memo[i] = {}
    for k, v in x.items():
        if type(k) not in atomic:
            k = copy_state(k, memo)
        t = type(v)
        y[k] = v if t in atomic else copy_state(v, memo)
    return y


def copy_list(x: list[Any], memo: dict[int, Any]) -> list[Any]:
    i = id(x)
    found = memo.get(i)
    if found is not None:
        return found  # type: ignore[no-any-return]
    y: list[Any]
    y = memo[i] = x.copy()
    atomic = ATOMIC
    for n, v in enumerate(x):
        if type(v) not in atomic:
            y[n] = copy_state(v, memo)
    return y


def _copy_set(x: set[Any], memo: dict[int, Any]) -> set[Any]:
    i = id(x)
    found = memo.get(i)
    if found is not None:
        return found  # type: ignore[no-any-return]
    y: set[Any]
    atomic = ATOMIC
    for v in x:
        if type(v) not in atomic:
            y = memo[i] = set()
            y.update(copy_state(v, memo) for v in x)
            return y
    y = memo[i] = x.copy()
    return y


def _copy_tuple(x: tuple[Any, ...], memo: dict[int, Any]) -> tuple[Any, ...]:
    atomic = ATOMIC
    for v in x:
        if type(v) not in atomic:
            break
    else:
        return x  # only immutable items: the tuple itself is immutable and shared (as deepcopy does)
    y = memo.get(id(x))
    if y is not None:
        return y  # type: ignore[no-any-return]
    items = [copy_state(v, memo) for v in x]
    for c, v in zip(items, x):  # noqa: B905 - as long by construction (compiled, only this form is a native loop)
        if c is not v:
            break
    else:
        return x
    y = tuple(items)
    memo[id(x)] = y
    return y


def _copy_frozenset(x: frozenset[Any], memo: dict[int, Any]) -> frozenset[Any]:
    atomic = ATOMIC
    for v in x:
        if type(v) not in atomic:
            return copy.deepcopy(x, memo)
    return x


def _copy_array(x: np.ndarray, memo: dict[int, Any]) -> np.ndarray:
    y = memo.get(id(x))
    if y is None:
        y = memo[id(x)] = copy.deepcopy(x, memo) if x.dtype.hasobject else x.copy()
    return y


class _StateFollows(np.random.bit_generator.ISeedSequence):
    """Seeds a bit generator with zeros in no time; the copy's state is set right after (seeding a
    generator the usual way costs more than the rest of a clone)."""

    def generate_state(self, n_words: int, dtype: Any = np.uint32) -> np.ndarray:
        return np.zeros(n_words, dtype=dtype)


_STATE_FOLLOWS = _StateFollows()


def _copy_generator(x: np.random.Generator, memo: dict[int, Any]) -> np.random.Generator:
    y = memo.get(id(x))
    if y is None:
        bits = x.bit_generator
        twin = type(bits)(_STATE_FOLLOWS)  # type: ignore[arg-type]
        twin.state = bits.state  # the same position in the same stream: the copy draws what the original would
        y = memo[id(x)] = np.random.Generator(twin)
    return y


DISPATCH: Final[dict[type, Copier]] = {
    dict: copy_dict, list: copy_list, set: _copy_set, tuple: _copy_tuple, frozenset: _copy_frozenset,
    np.ndarray: _copy_array, np.random.Generator: _copy_generator,
}


def _fallback(x: Any, memo: dict[int, Any]) -> Any:
    return copy.deepcopy(x, memo)


def _own_deepcopy(x: Any, memo: dict[int, Any]) -> Any:
    # What copy.deepcopy does for a class with __deepcopy__, without its generic steps (it also keeps each original
    # alive in the memo, which is needed only when originals may be freed during the copy: a game's are not).
    y = memo.get(id(x))
    if y is None:
        y = memo[id(x)] = x.__deepcopy__(memo)
    return y


def _own_protocol(cls: type) -> bool:
    """The class copies or pickles itself its own way (so deepcopy must be asked)."""
    if getattr(cls, "__deepcopy__", None) is not None:
        return True
    reduce_ex, reduce = vars(object)["__reduce_ex__"], vars(object)["__reduce__"]
    if cls.__reduce_ex__ is not reduce_ex or cls.__reduce__ is not reduce:
        return True
    native = "__mypyc_attrs__" in vars(cls)
    for name in ("__getstate__", "__setstate__"):
        method = getattr(cls, name, None)
        # dataclass(slots=True, frozen=True) adds its own, which read and write the fields: like ours; so does
        # mypyc for a native class (a C method, without __module__)
        if (method is not None and method is not getattr(object, name, None)
                and getattr(method, "__module__", None) != "dataclasses"
                and not (native and type(method).__name__ == "method_descriptor")):
            return True
    return False


def _slots(cls: type) -> list[str] | None:
    """Every slot of a class without instance dicts, or None if its instances have a ``__dict__``."""
    names: list[str] = []
    native = vars(cls).get("__mypyc_attrs__")  # a class compiled by mypyc: its attributes, inherited ones too
    if native is not None:
        return None if "__dict__" in native else list(native)
    for klass in cls.__mro__[:-1]:
        if "__slots__" not in vars(klass):
            return None
        slots = vars(klass)["__slots__"]
        names += [slots] if isinstance(slots, str) else [s for s in slots if s != "__weakref__"]
    return names


def copier_for(cls: type) -> Copier:
    copier: Copier
    if issubclass(cls, (enum.Enum, np.generic)) or cls is types.BuiltinMethodType:
        ATOMIC.add(cls)  # enum members and numpy scalars are immutable
        copier = _share
    elif dataclasses.is_dataclass(cls) and not _own_protocol(cls):
        copier = _dataclass_copier(cls)
    elif callable(getattr(cls, "__deepcopy__", None)):
        copier = _own_deepcopy
    else:
        copier = _fallback
    DISPATCH[cls] = copier
    return copier


def _dataclass_copier(cls: type) -> Copier:
    """A function that deep-copies instances of one dataclass field by field (generated, once per class)."""
    slots = _slots(cls)
    frozen = cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    if "__mypyc_attrs__" in vars(cls):
        return _native_dataclass_copier(cls, frozen)
    if slots is None and frozen:
        return _fallback  # rare; deepcopy handles it
    env: dict[str, Any] = {"new": cls.__new__, "cls": cls, "atomic": ATOMIC, "copy_state": copy_state,
                           "set_attr": object.__setattr__, "deepcopy": copy.deepcopy, "dispatch": DISPATCH,
                           "copier_for": copier_for}
    head = ["def copier(x, memo):",
            "    i = id(x)",
            "    y = memo.get(i)",
            "    if y is not None:",
            "        return y"]
    if slots is None:
        source = head + ["    y = memo[i] = new(cls)",
                         "    d = y.__dict__",
                         "    for k, v in x.__dict__.items():",
                         "        t = type(v)",
                         "        d[k] = v if t in atomic else (dispatch.get(t) or copier_for(t))(v, memo)",
                         "    return y"]
    elif frozen and not slots:
        return _share
    elif frozen:
        # An immutable value is shared when all its fields are (as deepcopy does with tuples), which is
        # checked first: most are (actions, filters).
        source = ["def copier(x, memo):"]
        source += [f"    v{n} = x.{name}" for n, name in enumerate(slots)]
        source.append("    if " + " and ".join(f"type(v{n}) in atomic" for n in range(len(slots))) + ":")
        source.append("        return x")
        source += head[1:]
        source += [f"    c{n} = v{n} if type(v{n}) in atomic else copy_state(v{n}, memo)" for n in range(len(slots))]
        source.append("    if " + " and ".join(f"c{n} is v{n}" for n in range(len(slots))) + ":")
        source.append("        return x")
        source.append("    y = memo[i] = new(cls)")
        source += [f"    set_attr(y, {name!r}, c{n})" for n, name in enumerate(slots)]
        source.append("    return y")
    else:
        # A slot left unset (a field without a value) raises AttributeError: deepcopy takes that object.
        source = head + ["    y = memo[i] = new(cls)", "    try:"]
        for name in slots:
            source += [f"        v = x.{name}",
                       "        t = type(v)",
                       f"        y.{name} = v if t in atomic else (dispatch.get(t) or copier_for(t))(v, memo)"]
        source += ["    except AttributeError:",
                   "        del memo[i]",
                   "        return deepcopy(x, memo)",
                   "    return y"]
    exec("\n".join(source), env)  # noqa: S102 - generated from the class's own slot names
    return env["copier"]  # type: ignore[no-any-return]


def _native_dataclass_copier(cls: type, frozen: bool) -> Copier:
    """A copier for a dataclass compiled by mypyc (a native class), over all its attributes (``__mypyc_attrs__``:
    fields or not; one left unset stays unset). A class whose ``__init__`` is the dataclass's own (interpreted) is made
    without it: mypyc's ``__new__`` runs only a native ``__init__``; its attributes are then written one by one. A
    class with a native ``__init__`` (written out, components/frozen.py) is built by a call with the copied fields (an
    attribute not in ``__init__`` set after). (Read and written by name: a dict of them, mypyc's ``__getstate__``
    and ``__setstate__``, costs more.)"""
    fields = dataclasses.fields(cls)
    init = [f.name for f in fields if f.init]
    attrs: tuple[str, ...] = vars(cls)["__mypyc_attrs__"]
    if "__dict__" in attrs:
        return _fallback  # (not a game's: attributes outside the native layout)
    rest = [name for name in attrs if name not in init]
    atomic = ATOMIC
    new: Any = cls.__new__
    built = not isinstance(vars(cls).get("__init__"), types.FunctionType)  # a native __init__, run by __new__
    set_attr = object.__setattr__  # (a frozen dataclass's own way past its __setattr__)
    unset = _UNSET

    def copier(x: Any, memo: dict[int, Any]) -> Any:
        i = id(x)
        y = memo.get(i)
        if y is not None:
            return y
        values: list[Any] = []
        same = True
        for name in attrs:
            v = getattr(x, name, unset)
            if type(v) not in atomic:
                c = copy_state(v, memo)
                if c is not v:
                    same = False
                    v = c
            values.append(v)
        if frozen and same and not rest:
            return x  # an immutable value whose fields are all shared: shared too
        if built:
            given = dict(zip(attrs, values))  # noqa: B905 - as long by construction
            y = memo[i] = cls(**{name: given[name] for name in init})
            for name in rest:
                v = given[name]
                if v is not unset:
                    set_attr(y, name, v)
        else:
            y = memo[i] = new(cls)
            for name, v in zip(attrs, values):  # noqa: B905 - as long by construction (compiled, a native loop)
                if v is not unset:
                    if frozen:
                        set_attr(y, name, v)
                    else:
                        setattr(y, name, v)
        return y

    return copier


class _Unset:
    """An attribute without a value (``getattr``'s default in the copiers)."""


_UNSET: Final = _Unset()
ATOMIC.add(_Unset)
