"""components/frozen.py: the fast ``__init__`` of hot frozen records builds the same object as the dataclass's own."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

import components.events  # noqa: F401  (the modules whose records are decorated)
import components.objects  # noqa: F401
import ecs.actions  # noqa: F401
import systems.effects  # noqa: F401
from components.frozen import DECORATED, RECORDS, WRITTEN, fast_init
from components.objects import AbilityOnStack, Counter, PendingTrigger, StackItem
from ecs.build import compiled
from ecs.pickling import dumps
from ecs.state_copy import copy_state
from systems.layers import Frame, RowValues


def _reference(cls: type) -> type:
    """The same record made by dataclasses alone (its generated __init__), to compare with."""
    fields = [(f.name, f.type, dataclasses.field(default=f.default)) if f.default is not dataclasses.MISSING
              else (f.name, f.type) for f in dataclasses.fields(cls)]
    return dataclasses.make_dataclass(cls.__name__, fields, frozen=True, slots=True)


def test_the_hot_records_are_decorated() -> None:
    names = {cls.__name__ for cls in RECORDS}
    assert {"InZone", "CardObject", "ZoneChanged", "CastSpell", "Decision", "EffectContext"} <= names
    for cls in RECORDS:  # plain Python: the fast __init__; compiled: a native class (its __init__ compiled too)
        assert cls in DECORATED or "__mypyc_attrs__" in vars(cls), cls.__name__
    # the hottest are written out for the compiled build: plain Python replaced each (checked below)
    written = {cls.__name__ for cls in RECORDS if not cls.__dataclass_params__.init}
    assert {"InZone", "CardObject", "ZoneChanged", "EffectContext"} <= written
    assert all(cls in WRITTEN or "__mypyc_attrs__" in vars(cls) for cls in RECORDS if cls.__name__ in written)


def _check_sets_every_field(cls: type, make: object) -> None:
    """``make(*args, **kwargs)`` builds a ``cls`` with the fields the dataclass's own __init__ would set."""
    assert callable(make)
    reference = _reference(cls)
    fields = dataclasses.fields(cls)
    values = [object() for _ in fields]  # distinct sentinels: a field set from the wrong argument shows
    for made, ref in ((make(*values), reference(*values)),
                      (make(**{f.name: v for f, v in zip(fields, values, strict=True)}), reference(*values))):
        for f in fields:
            assert getattr(made, f.name) is getattr(ref, f.name), f"{cls.__name__}.{f.name}"
    required = [object() for f in fields if f.default is dataclasses.MISSING]
    made, ref = make(*required), reference(*required)
    for f in fields:  # the defaults: the same objects
        assert getattr(made, f.name) is getattr(ref, f.name), f"{cls.__name__}.{f.name} default"
    with pytest.raises(TypeError):
        make(*values, object())  # one argument too many
    if required:
        with pytest.raises(TypeError):
            make(*required[:-1])  # one too few


@pytest.mark.parametrize("cls", DECORATED, ids=lambda c: c.__name__)
def test_fast_init_sets_every_field_as_the_dataclass_init(cls: type) -> None:
    _check_sets_every_field(cls, cls)


@pytest.mark.parametrize("cls", list(WRITTEN), ids=lambda c: c.__name__)
def test_a_written_init_sets_every_field_as_the_dataclass_init(cls: type) -> None:
    # The __init__ written in the class, which plain Python replaced: the compiled build runs it.
    def make(*args: object, **kwargs: object) -> object:
        obj = object.__new__(cls)
        WRITTEN[cls](obj, *args, **kwargs)
        return obj

    _check_sets_every_field(cls, make)


@pytest.mark.skipif(compiled(), reason="sentinels of no field's type: a compiled constructor checks the types")
@pytest.mark.parametrize("cls", [StackItem, AbilityOnStack, PendingTrigger, Counter, Frame, RowValues],
                         ids=lambda c: c.__name__)
def test_a_written_init_of_a_mutable_record_is_the_dataclass_init(cls: type) -> None:
    # (init=False, for the compiled build: plain Python runs it too)
    _check_sets_every_field(cls, cls)


def test_a_fast_record_stays_frozen_hashable_and_copyable() -> None:
    from components.objects import BATTLEFIELD, InZone

    where = InZone(BATTLEFIELD, 1)
    assert where == InZone(zone=BATTLEFIELD, player=1) and hash(where) == hash(InZone(BATTLEFIELD, 1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        where.player = 0  # type: ignore[misc]
    assert pickle.loads(dumps(where)) == where and copy_state(where, {}) == where  # (the game's own ways, both builds)
    if not compiled():  # (compiled, a native frozen record needs those, as every other one: ecs/pickling.py)
        assert pickle.loads(pickle.dumps(where)) == where and copy.deepcopy(where) == where
    assert dataclasses.replace(where, player=0) == InZone(BATTLEFIELD, 0)


def test_fast_init_refuses_what_it_cannot_build() -> None:
    @dataclasses.dataclass(slots=True)
    class Mutable:
        a: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Factory:
        a: list[int] = dataclasses.field(default_factory=list)

    @dataclasses.dataclass(frozen=True, slots=True)
    class Post:
        a: int

        def __post_init__(self) -> None:
            pass

    @dataclasses.dataclass(frozen=True, slots=True)
    class Own:
        a: int

        def __init__(self, a: int) -> None:
            object.__setattr__(self, "a", a + 1)

    @dataclasses.dataclass(frozen=True, slots=True, init=False)
    class Swapped:  # a written __init__ must take the fields in their order
        a: int
        b: int

        def __init__(self, b: int, a: int) -> None:
            object.__setattr__(self, "a", a)
            object.__setattr__(self, "b", b)

    @dataclasses.dataclass(frozen=True, slots=True, init=False)
    class OtherDefault:  # ... and with the field's default
        a: int = 0

        def __init__(self, a: int = 1) -> None:
            object.__setattr__(self, "a", a)

    @dataclasses.dataclass(frozen=True, slots=True, init=False)
    class NoInit:
        a: int

    for cls in (Mutable, Factory, Post, Own, Swapped, OtherDefault, NoInit):
        with pytest.raises(TypeError):
            fast_init(cls)
