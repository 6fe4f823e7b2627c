"""One esper world per Game.

esper keeps its worlds in module globals and switches between them by name. ``World`` binds a
name to one Game, switches to it before every call, and deletes it when the Game is collected, so
that no caller outside ``ecs/`` ever touches esper and a million games leave no worlds behind.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any, Final, TypeVar

import esper

from ecs import state_copy

C = TypeVar("C")

# esper's module globals, read as a dict: compiled, ``esper.current_world`` is a generic module attribute look-up
# (~250 instructions) where a dict read is a third of that
_ESPER: Final[dict[str, Any]] = vars(esper)

_world_ids = itertools.count(1)
_NONE: Final[frozenset[int]] = frozenset()


def _release(name: str) -> None:
    if esper.current_world == name:
        esper.switch_world("default")
    if name in esper._context_map:
        del esper._context_map[name]


class World:
    """A handle on one esper world. The methods that call esper first make that world current; the inlined ones
    (``create``, ``delete``, ``renew``, ``add`` and the reads) work on this world's own tables and counter, so need no
    switch (``_bind`` then empties esper's query cache if they changed the world)."""

    __slots__ = ("name", "_shared", "_entities", "_components", "_count", "_next_id", "_dirty")

    def __init__(self, adopt: tuple[Any, ...] | None = None) -> None:
        if adopt is not None:  # a copy's world (__deepcopy__): a constructor call, as a compiled class's __new__ runs
            self._adopt(*adopt)  # __init__ too
            return
        self.name = f"mtg-ecs-{next(_world_ids)}"
        esper.switch_world(self.name)
        # This world's own entity table and component index, held: esper swaps its module globals between these
        # objects as it switches worlds and changes them only in place (never replaces them), so a read through them
        # needs no switch first (``get``, ``components_of``, ``holders``: the engine's most frequent calls).
        self._entities: dict[int, dict[type[Any], Any]] = esper._entities
        self._components: dict[type[Any], set[int]] = esper._components
        # This world's id counter, held as the tables are (esper swaps it in and out, never replaces it): ``create``,
        # ``delete``, ``renew`` and ``add`` need no switch of worlds, and set ``_dirty`` instead of esper's module flag
        # (its component cache is this world's: emptied by ``_bind`` before esper is read).
        self._count: Iterator[int] = esper._entity_count
        self._next_id: Callable[[], int] = self._count.__next__  # (compiled, ``next(...)`` looks up the builtin)
        self._dirty = False
        # Entities whose component dict this world may share with a copy (copy on write, see __deepcopy__): such a
        # dict is replaced by a copy of it before this world changes it (``_own``).
        self._shared: set[int] = set()

    def __del__(self) -> None:
        # (not weakref.finalize: a class compiled by mypyc has no weak references)
        try:
            name = self.name
        except AttributeError:
            return
        _release(name)

    def _own(self, entity: int) -> None:
        """Before an entity's component dict is changed in place: make it this world's own if a copy shares it."""
        if entity in self._shared:
            self._shared.discard(entity)
            esper._entities[entity] = dict(esper._entities[entity])

    def _bind(self) -> None:
        if _ESPER["current_world"] != self.name:
            esper.switch_world(self.name)
        if self._dirty:  # (entities made or deleted since esper was last read: its query cache is stale)
            self._dirty = False
            esper.clear_cache()

    def create(self, *components: Any) -> int:
        # esper.create_entity, inlined (~190 objects are made a game, each zone change one): the same id, dict and
        # index entries, without its frame and clear_cache's (this world's own counter and flag: see __init__)
        entity = self._next_id()
        index = self._components
        entity_dict = {}
        for component in components:
            component_type = type(component)
            holders = index.get(component_type)
            if holders is None:
                holders = index[component_type] = set()
            holders.add(entity)
            entity_dict[component_type] = component
        self._entities[entity] = entity_dict
        self._dirty = True  # (esper.clear_cache, at the next _bind)
        return entity

    def delete(self, entity: int) -> None:
        # esper.delete_entity(entity, immediate=True), inlined as ``create``. It leaves the entity's dict as it was:
        # a copy of the world may share it.
        index = self._components
        table = self._entities
        old = table[entity]
        del table[entity]  # (not pop: compiled, a generic method call)
        for component_type in old:
            holders = index[component_type]
            holders.discard(entity)
            if not holders:
                del index[component_type]
        self._dirty = True  # (esper.clear_cache, at the next _bind)
        self._shared.discard(entity)

    def renew(self, entity: int, first: Any, second: Any) -> int:
        """``delete(entity)`` then ``create(first, second)``, in one call: a zone change makes a new object (CR 400.7;
        ~140 a game). The same tables, index and id as the two calls would leave."""
        index = self._components
        table = self._entities
        old = table[entity]
        del table[entity]  # (not pop: compiled, a method call on the dict)
        self._shared.discard(entity)
        t1, t2 = type(first), type(second)
        if len(old) == 2 and t1 in old and t2 in old and t1 is not t2:
            new = self._next_id()  # (create's id: the next one, as below)
            # (the usual move: the old object had just these two kinds of component) each kind's holders lose the
            # old object and gain the new one; a set left empty is deleted and made anew, as delete and create do
            # (written out for the two kinds: compiled, a loop over a tuple of them is a generic iteration)
            held = index[t1]
            held.discard(entity)
            if not held:
                del index[t1]
                index[t1] = held = set()
            held.add(new)
            held = index[t2]
            held.discard(entity)
            if not held:
                del index[t2]
                index[t2] = held = set()
            held.add(new)
            table[new] = {t1: first, t2: second}
            self._dirty = True  # (esper.clear_cache, at the next _bind)
            return new
        for component_type in old:  # (delete)
            held = index[component_type]
            held.discard(entity)
            if not held:
                del index[component_type]
        return self.create(first, second)

    def exists(self, entity: int) -> bool:
        # esper.entity_exists, read through the world's own table (see __init__); its dead entities (deleted but
        # kept until esper.process) are none here: this class deletes at once
        return entity in self._entities

    def get(self, entity: int, component_type: type[C]) -> C:
        # The hottest call in the engine: esper's own component_for_entity, without its extra frame, read through the
        # world's own table (no switch of worlds: see __init__).
        return self._entities[entity][component_type]  # type: ignore[no-any-return]

    def try_get(self, entity: int, component_type: type[C]) -> C | None:
        # esper.try_component, read through the world's own table (see __init__)
        comps = self._entities.get(entity)
        if comps and component_type in comps:
            return comps[component_type]  # type: ignore[no-any-return]
        return None

    def has(self, entity: int, component_type: type[Any]) -> bool:
        return component_type in self._entities[entity]  # (esper.has_component, read through the world's own table)

    def add(self, entity: int, component: Any) -> None:
        # _bind, _own and esper.add_component inlined (a spell put on the stack gets two components): the same dict,
        # index entry and cache flag (this world's own: see __init__)
        table = self._entities
        if entity in self._shared:
            self._shared.discard(entity)
            table[entity] = dict(table[entity])
        component_type = type(component)
        holders = self._components.get(component_type)
        if holders is None:
            holders = self._components[component_type] = set()
        holders.add(entity)
        table[entity][component_type] = component
        self._dirty = True  # (esper.clear_cache, at the next _bind)

    def remove(self, entity: int, component_type: type[C]) -> C | None:
        self._bind()
        self._own(entity)
        return esper.try_remove_component(entity, component_type)

    def create_many(self, *columns: list[Any]) -> list[int]:
        """Create ``len(columns[0])`` entities at once; entity i gets ``col[i]`` of every column.

        The bulk twin of :meth:`create` (large benchmark boards, bulk zone changes): one pass over
        esper's tables instead of one call per entity.
        """
        self._bind()
        k = len(columns[0]) if columns else 0
        ids = list(itertools.islice(esper._entity_count, k))
        types = [type(col[0]) for col in columns] if k else []
        if len(columns) == 2:
            t0, t1 = types
            esper._entities.update(zip(ids, [{t0: a, t1: b} for a, b in zip(*columns, strict=True)], strict=True))
        else:
            esper._entities.update(
                (e, dict(zip(types, comps, strict=True))) for e, *comps in zip(ids, *columns, strict=True)
            )
        for ty in types:
            esper._components.setdefault(ty, set()).update(ids)
        esper.clear_cache()
        return ids

    def delete_many(self, entities: list[int]) -> list[dict[type[Any], Any]]:
        """Delete many entities at once (the bulk twin of :meth:`delete`); returns each one's
        components as a dict keyed by component type, in order (read them, never change them: a copy of the world
        may share them)."""
        self._bind()
        if not entities:
            return []
        pop = esper._entities.pop
        removed = [pop(e) for e in entities]
        self._shared.difference_update(entities)
        types: set[type[Any]] = set().union(*removed)
        for ty in types:
            comp_set = esper._components[ty]
            comp_set.difference_update(entities)
            if not comp_set:
                del esper._components[ty]
        esper.clear_cache()
        return removed

    def renew_many(self, entities: list[int], keep: tuple[type[Any], ...]) -> tuple[list[int], list[dict[type[Any], Any]]]:
        """Replace many entities by new ones (new ids) that take over their ``keep`` components; the
        other components are deleted. Returns the new ids and their component dicts, in order.

        The bulk form of "delete an object and create a new one from its parts" (a zone change,
        CR 400.7) without building every component again.
        """
        self._bind()
        if not entities:
            return [], []
        table = esper._entities
        pop = table.pop
        shared = self._shared
        # the dicts are changed below and handed to the caller: a dict a copy of the world shares is copied first
        comps = [dict(pop(e)) if e in shared else pop(e) for e in entities]
        shared.difference_update(entities)
        keep_set = set(keep)
        extra = set().union(*comps) - keep_set
        if extra:
            for d in comps:
                for ty in extra & d.keys():
                    del d[ty]
        ids = list(itertools.islice(esper._entity_count, len(entities)))
        table.update(zip(ids, comps, strict=True))
        components = esper._components
        every = all(len(d) == len(keep_set) for d in comps)  # each kept every type in ``keep``
        for ty in keep_set | extra:
            comp_set = components.get(ty)
            if comp_set is None:
                continue
            comp_set.difference_update(entities)
            if ty in keep_set:
                comp_set.update(ids if every else (e for e, d in zip(ids, comps, strict=True) if ty in d))
            if not comp_set:
                del components[ty]
        esper.clear_cache()
        return ids, comps

    def get_many(self, entities: list[int], component_type: type[C]) -> list[C]:
        """One component of each of many entities (the bulk twin of :meth:`get`)."""
        table = self._entities
        return [table[e][component_type] for e in entities]

    def holders(self, component_type: type[Any]) -> set[int] | frozenset[int]:
        """The entities that have a component type: esper's own index, live (read it, never change it). One dict
        look-up, so a rare designation costs nothing where none exists ("is any card plotted?")."""
        return self._components.get(component_type, _NONE)  # (the world's own index: no switch, see __init__)

    def holds_either(self, first: type[Any], second: type[Any]) -> bool:
        """``bool(holders(first) or holders(second))`` in one call (asked at every priority stop: "is any card
        plotted or foretold?")."""
        components = self._components  # (the world's own index: no switch, see __init__)
        return bool(components.get(first) or components.get(second))

    def components_of(self, entity: int) -> dict[type[Any], Any]:
        """An entity's components by type: esper's own dict, live (read it, never change it). Deleting the entity
        leaves the dict as it was, so it keeps the object's components as it last existed."""
        return self._entities[entity]  # (the world's own table: no switch, see __init__)

    def query(self, component_type: type[C]) -> list[tuple[int, C]]:
        """All entities with a component type. Not for per-decision paths: it walks the world."""
        self._bind()
        return esper.get_component(component_type)

    def count(self) -> int:
        """How many entities the world holds."""
        self._bind()
        return len(esper._entities)

    def entities(self) -> Iterator[int]:
        self._bind()
        return iter(list(esper._entities.keys()))

    def _snapshot(self) -> tuple[int, dict[int, dict[type[Any], Any]], dict[type[Any], set[int]]]:
        """(next entity id, entities, component index) of this world, as live objects (not copied)."""
        # This world's own counter and tables (esper swaps them in and out, never replaces them: see __init__), read
        # without a switch. itertools.count cannot be read without advancing it; its repr, "count(N)", carries the next
        # value (sliced, not matched: a regular expression is compiled at the first clone of a process).
        return int(repr(self._count)[6:-1]), self._entities, self._components

    def _adopt(self, next_id: int, entities: dict[int, dict[type[Any], Any]],
               components: dict[type[Any], set[int]], shared: set[int] | None = None) -> World:
        """Make this handle name a new esper world that takes over the given entities and index (``shared``: the
        entities whose component dicts another world holds too)."""
        self.name = f"mtg-ecs-{next(_world_ids)}"
        self._shared = set() if shared is None else shared
        self._entities, self._components = entities, components
        self._count = itertools.count(next_id)
        self._next_id = self._count.__next__
        self._dirty = False
        esper._context_map[self.name] = (
            self._count, components, entities, set(), {}, {}, [], {}, False, {}, {},
        )
        return self

    def clone(self) -> World:
        """A deep, independent copy of this world's entities and components."""
        return self.__deepcopy__({})

    # A World is a name for esper's module-global state: copying the handle must copy that state, or
    # two handles would share one world and the first one collected would delete it under the other.
    def __deepcopy__(self, memo: dict[int, Any]) -> World:
        next_id, entities, components = self._snapshot()
        # Copy on write: most entities (the cards in libraries and hands) hold only immutable components, so both
        # worlds share their component dicts; each world copies such a dict before it first changes it (``_own``:
        # every change goes through this class). The entities holding a mutable component get their own dict now,
        # with those components copied type by type through esper's index, with the game's memo
        # (ecs/state_copy.py): a component also held by a Game attribute (a PlayerState) stays one object.
        copied = entities.copy()
        shared = state_copy.ATOMIC
        owned: set[int] = set()
        for ty, holders in components.items():
            if ty in shared:
                continue
            copier = state_copy.copier(ty)
            for entity in holders:
                if entity not in owned:
                    owned.add(entity)
                    copied[entity] = copied[entity].copy()
                comps = copied[entity]
                comps[ty] = copier(comps[ty], memo)
        common = set(entities)  # (from the dict itself, a bulk copy: ``keys() - owned`` iterates a view)
        common.difference_update(owned)
        self._shared |= common
        other = World((next_id, copied, {t: set(s) for t, s in components.items()}, common))
        memo[id(self)] = other
        return other

    def __copy__(self) -> World:
        raise TypeError("a World cannot be shallow-copied (it would share esper's state); use clone()")

    def __getstate__(self) -> tuple[int, dict[int, dict[type[Any], Any]], dict[type[Any], set[int]]]:
        # Pickled with the rest of its Game in one stream, so components shared with Game attributes
        # (the PlayerState objects) stay shared after loading.
        return self._snapshot()

    def __setstate__(self, state: tuple[int, dict[int, dict[type[Any], Any]], dict[type[Any], set[int]]]) -> None:
        self._adopt(*state)
