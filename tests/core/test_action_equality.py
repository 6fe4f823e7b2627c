"""The actions whose ``__eq__`` and ``__hash__`` are written out (ecs/actions.py: compiled, they run natively) compare
and hash exactly as the frozen dataclass's generated ones would: the same answers, the same hash values (sets and
dicts of options keep the same order), and NotImplemented against any other class."""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

import pytest

from ecs.actions import (
    ActivateAbility,
    Announce,
    CastSpell,
    ChooseCard,
    DeclareAttacker,
    PassPriority,
    Pick,
    PlaceCard,
    PutTrigger,
)

WRITTEN = (CastSpell, ActivateAbility, Announce, DeclareAttacker, PutTrigger, PlaceCard, ChooseCard, Pick)


def _reference(cls: type) -> Any:
    """A frozen dataclass with ``cls``' fields (names, order, defaults) and the generated ``__eq__``/``__hash__``."""
    fields = [(f.name, f.type, dataclasses.field(default=f.default)) if f.default is not dataclasses.MISSING
              else (f.name, f.type) for f in dataclasses.fields(cls)]
    return dataclasses.make_dataclass(f"Reference{cls.__name__}", fields, frozen=True)


def _other(value: object) -> object:
    """Another value of the field's kind."""
    if isinstance(value, bool):  # before int: compiled, a native constructor takes no int for a bool
        return not value
    if isinstance(value, tuple):
        return (*value, 7)
    if isinstance(value, str):
        return value + "W"
    assert isinstance(value, int)
    return value + 1


def _samples(cls: type) -> list[dict[str, object]]:
    """Field values: a base, and the base with each field changed in turn (two fields too), so every field's part in
    the comparison is seen."""
    base: dict[str, object] = {}
    for f in dataclasses.fields(cls):
        # (a str field gets a str: compiled, a native constructor checks its arguments' types. The annotation is the
        # string "str" in plain Python, the class itself compiled)
        base[f.name] = f.default if f.default is not dataclasses.MISSING else "top" if f.type in ("str", str) else 3
    out = [dict(base)]
    names = list(base)
    for name in names:
        out.append({**base, name: _other(base[name])})
    if cls is Pick:  # Pick.value None: the list is complete
        out.append({**base, "value": None})
    for a, b in itertools.combinations(names[:4], 2):
        out.append({**base, a: _other(base[a]), b: _other(base[b])})
    return out


@pytest.mark.parametrize("cls", WRITTEN, ids=lambda c: c.__name__)
def test_written_equality_is_the_dataclass_one(cls: type) -> None:
    assert "__eq__" in vars(cls) and "__hash__" in vars(cls)  # the class's own, not generated
    reference = _reference(cls)
    samples = _samples(cls)
    for a, b in itertools.product(samples, repeat=2):
        ours_a, ours_b = cls(**a), cls(**b)
        ref_a, ref_b = reference(**a), reference(**b)
        assert (ours_a == ours_b) == (ref_a == ref_b), (a, b)
        assert (ours_a != ours_b) == (ref_a != ref_b), (a, b)
        # the dataclass's hash: a hash of the fields' tuple, which the reference's is too
        assert hash(ours_a) == hash(ref_a) == hash(tuple(a.values()))
    # equal values made apart: equal, one set element, one dict key
    first, again = cls(**samples[0]), cls(**samples[0])
    assert first == again and first is not again and len({first, again}) == 1


@pytest.mark.parametrize("cls", WRITTEN, ids=lambda c: c.__name__)
def test_written_equality_with_other_classes(cls: type) -> None:
    ours = cls(**_samples(cls)[0])
    reference = _reference(cls)(**_samples(cls)[0])
    for other in (PassPriority(), reference, (3, -1), 3, None):
        assert ours.__eq__(other) is NotImplemented  # as the generated __eq__: the other operand is asked
        assert ours != other and (ours == other) is False
    assert CastSpell(3) != Announce(3) and Announce(3) != CastSpell(3)
    assert ActivateAbility(3, 0) != Announce(3, 0)
