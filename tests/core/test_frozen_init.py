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
from components.frozen import DECORATED, fast_init


def _reference(cls: type) -> type:
    """The same record made by dataclasses alone (its generated __init__), to compare with."""
    fields = [(f.name, f.type, dataclasses.field(default=f.default)) if f.default is not dataclasses.MISSING
              else (f.name, f.type) for f in dataclasses.fields(cls)]
    return dataclasses.make_dataclass(cls.__name__, fields, frozen=True, slots=True)


def test_the_hot_records_are_decorated() -> None:
    names = {cls.__name__ for cls in DECORATED}
    assert {"InZone", "CardObject", "ZoneChanged", "CastSpell", "Decision", "EffectContext"} <= names


@pytest.mark.parametrize("cls", DECORATED, ids=lambda c: c.__name__)
def test_fast_init_sets_every_field_as_the_dataclass_init(cls: type) -> None:
    reference = _reference(cls)
    fields = dataclasses.fields(cls)
    values = [object() for _ in fields]  # distinct sentinels: a field set from the wrong argument shows
    for made, ref in ((cls(*values), reference(*values)),
                      (cls(**{f.name: v for f, v in zip(fields, values, strict=True)}), reference(*values))):
        for f in fields:
            assert getattr(made, f.name) is getattr(ref, f.name), f"{cls.__name__}.{f.name}"
    required = [object() for f in fields if f.default is dataclasses.MISSING]
    made, ref = cls(*required), reference(*required)
    for f in fields:  # the defaults: the same objects
        assert getattr(made, f.name) is getattr(ref, f.name), f"{cls.__name__}.{f.name} default"
    with pytest.raises(TypeError):
        cls(*values, object())  # one argument too many
    if required:
        with pytest.raises(TypeError):
            cls(*required[:-1])  # one too few


def test_a_fast_record_stays_frozen_hashable_and_copyable() -> None:
    from components.objects import BATTLEFIELD, InZone

    where = InZone(BATTLEFIELD, 1)
    assert where == InZone(zone=BATTLEFIELD, player=1) and hash(where) == hash(InZone(BATTLEFIELD, 1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        where.player = 0  # type: ignore[misc]
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

    for cls in (Mutable, Factory, Post, Own):
        with pytest.raises(TypeError):
            fast_init(cls)
