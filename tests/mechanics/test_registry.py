"""The mechanic registry (content/registry.py): one module per mechanic, discovered; exactly one reader, one
renderer and one executor per type a mechanic owns; explicit reader precedence."""

from __future__ import annotations

import collections
import dataclasses
import pkgutil
import sys

import pytest

import components.abilities as generic_shapes
import ecs  # noqa: F401  (the card loader's layer: it wires discovery of systems/mechanics)
import systems.mechanics
from content import registry
from content.registry import RegistryError

# Mechanics whose abilities the compiler's own templates write back (content/oracle/render.py), not a renderer
# of theirs: the loyalty abilities of planeswalkers, miracle/fuse/tribute/hidden agenda keyword lines.
RENDERED_BY_THE_COMPILER = {"loyalty", "miracle", "fuse", "tribute", "hidden_agenda"}


def _effects_of(obj: object, out: list[object]) -> None:
    """Every effect reachable from an ability: the members of its ``effects`` tuples, nested (modes, MayEffect)."""
    if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
        return
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name, None)
        items = value if isinstance(value, tuple) else (value,)
        for item in items:
            if dataclasses.is_dataclass(item) and not isinstance(item, type):
                if f.name == "effects":
                    out.append(item)
                _effects_of(item, out)


@pytest.fixture(scope="module")
def read_by_mechanic() -> dict[type, set[str]]:
    """Compile the built-in pool again with every reader watched: which mechanic read which ability type."""
    from content import card_pool

    produced: dict[type, set[str]] = collections.defaultdict(set)
    original = list(registry.readers())

    def watch(entry: registry.Entry) -> registry.Reader:
        def read(line: str, raw: str, name: str, types: object) -> object:
            ability = entry.fn(line, raw, name, types)
            for a in ability if isinstance(ability, tuple) else (ability,):
                if a is not None:
                    produced[type(a)].add(entry.mechanic)
            return ability
        return read  # type: ignore[return-value]

    registry._readers[:] = [dataclasses.replace(e, fn=watch(e)) for e in original]
    patch = pytest.MonkeyPatch()
    try:
        patch.setenv("MTG_ECS_NO_CACHE", "1")  # compiled here, not read from the compiled-card cache
        card_pool.builtin_pool.cache_clear()
        card_pool.builtin_pool().cards  # noqa: B018 - compiles every card (the pool compiles lazily)
    finally:
        patch.undo()
        registry._readers[:] = original
        card_pool.builtin_pool.cache_clear()
    return produced


def test_mechanic_modules_are_discovered_not_listed() -> None:
    names = {m.name for m in pkgutil.iter_modules(systems.mechanics.__path__)}
    registered = {e.mechanic for e in registry.readers()} | set(registry.EXECUTOR_OWNERS.values())
    assert {"extort", "bestow", "kicker", "persist"} <= names
    assert {"extort", "bestow", "kicker", "persist"} <= registered
    assert not hasattr(systems.mechanics, "MODULES")


def test_reader_precedence_is_explicit_and_unique() -> None:
    import content.oracle.compiler  # noqa: F401  (the compiler's own readers register as it loads: statics, hidden zones)

    priorities = [e.priority for e in registry.readers()]
    assert len(priorities) == len(set(priorities)), "two readers share a priority: their order would be implicit"
    assert priorities == sorted(priorities)
    assert registry.readers()[-1].mechanic == "statics"  # the compiler's last resort


def test_each_owned_ability_type_has_exactly_one_reader_and_one_renderer(read_by_mechanic: dict) -> None:
    generic = {v for v in vars(generic_shapes).values() if isinstance(v, type)}
    owned = {t: ms for t, ms in read_by_mechanic.items() if t not in generic}
    assert len(owned) >= 20
    rendering = {e.mechanic for e in registry.renderers()}
    for t, mechanics in owned.items():
        assert len(mechanics) == 1, f"{t.__name__} is read by {sorted(mechanics)}"
        (mechanic,) = mechanics
        assert mechanic in rendering or mechanic in RENDERED_BY_THE_COMPILER, f"{mechanic} reads but can't render"


def test_each_effect_in_the_pool_has_exactly_one_executor() -> None:
    from content.card_pool import builtin_pool
    from systems.effects import load_executors

    load_executors()  # what a game does before its first effect
    effects: list[object] = []
    for card in builtin_pool().cards.values():
        for ability in card.abilities:
            _effects_of(ability, effects)
    types = {type(e) for e in effects}
    assert len(types) >= 50
    missing = sorted(t.__name__ for t in types if t not in registry.EXECUTORS)
    assert missing == []


def test_a_second_executor_for_a_type_is_refused() -> None:
    from components.keyword_abilities import ExtortPayment

    before = registry.EXECUTORS[ExtortPayment]

    def impostor(game: object, effect: object, ctx: object) -> None:  # registered from this test module
        raise AssertionError

    with pytest.raises(RegistryError, match="two executors"):
        registry.add_executor(ExtortPayment, impostor)
    assert registry.EXECUTORS[ExtortPayment] is before


def _subclasses(cls: type) -> set[type]:
    """The classes derived from ``cls`` that their modules define (dataclass(slots=True) replaces the class it
    decorates: the replaced one may still be listed by __subclasses__ until it is collected)."""
    out: set[type] = set()
    for sub in cls.__subclasses__():
        if getattr(sys.modules[sub.__module__], sub.__qualname__, None) is sub:
            out |= {sub} | _subclasses(sub)
    return out


def _slotted(cls: type) -> bool:
    """The class itself adds no ``__dict__``: it declares ``__slots__``, or it is compiled by mypyc (a native class,
    whose ``__mypyc_attrs__`` name its attributes) without a ``__dict__``."""
    native = vars(cls).get("__mypyc_attrs__")
    return "__slots__" in vars(cls) if native is None else "__dict__" not in native


def test_ability_and_effect_types_derive_from_the_open_bases() -> None:
    """Ability and Effect (components/abilities.py) are open base classes, not unions: every type a card compiles
    to derives from them, a mechanic's own as well as the core ones, so their sets need no list. Each is a frozen
    dataclass, slotted through the whole MRO (ecs/state_copy.py copies such a class by its slots)."""
    from content.card_pool import builtin_pool
    from systems.effects import load_executors

    load_executors()
    assert all(issubclass(t, generic_shapes.Effect) for t in registry.EXECUTORS)
    kinds = _subclasses(generic_shapes.Ability) | _subclasses(generic_shapes.Effect)
    assert len(kinds) >= 200
    for t in kinds:
        assert dataclasses.is_dataclass(t) and t.__dataclass_params__.frozen, t  # type: ignore[attr-defined]
        assert all(_slotted(k) for k in t.__mro__[:-1]), t
    effects: list[object] = []
    for card in builtin_pool().cards.values():
        assert all(isinstance(a, generic_shapes.Ability) for a in card.abilities), card.name
        for ability in card.abilities:
            _effects_of(ability, effects)
    assert effects and all(isinstance(e, generic_shapes.Effect) for e in effects)


def test_every_type_a_reader_produces_is_an_ability(read_by_mechanic: dict) -> None:
    assert [t.__name__ for t in read_by_mechanic if not issubclass(t, generic_shapes.Ability)] == []
