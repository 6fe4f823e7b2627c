"""One esper world per Game.

esper keeps its worlds in module globals and switches between them by name. ``World`` binds a
name to one Game, switches to it before every call, and deletes it when the Game is collected, so
that no caller outside ``ecs/`` ever touches esper and a million games leave no worlds behind.
"""

from __future__ import annotations

import copy
import itertools
import re
import weakref
from collections.abc import Iterator
from typing import Any, TypeVar

import esper

C = TypeVar("C")

_world_ids = itertools.count(1)


def _release(name: str) -> None:
    if esper.current_world == name:
        esper.switch_world("default")
    if name in esper._context_map:
        del esper._context_map[name]


class World:
    """A handle on one esper world; every method first makes that world current."""

    __slots__ = ("name", "__weakref__")

    def __init__(self) -> None:
        self.name = f"mtg-ecs-{next(_world_ids)}"
        esper.switch_world(self.name)
        weakref.finalize(self, _release, self.name)

    def _bind(self) -> None:
        if esper.current_world != self.name:
            esper.switch_world(self.name)

    def create(self, *components: Any) -> int:
        self._bind()
        return esper.create_entity(*components)

    def delete(self, entity: int) -> None:
        self._bind()
        esper.delete_entity(entity, immediate=True)

    def exists(self, entity: int) -> bool:
        self._bind()
        return esper.entity_exists(entity)

    def get(self, entity: int, component_type: type[C]) -> C:
        self._bind()
        return esper.component_for_entity(entity, component_type)

    def try_get(self, entity: int, component_type: type[C]) -> C | None:
        self._bind()
        return esper.try_component(entity, component_type)

    def has(self, entity: int, component_type: type[Any]) -> bool:
        self._bind()
        return esper.has_component(entity, component_type)

    def add(self, entity: int, component: Any) -> None:
        self._bind()
        esper.add_component(entity, component)

    def remove(self, entity: int, component_type: type[C]) -> C | None:
        self._bind()
        return esper.try_remove_component(entity, component_type)

    def query(self, component_type: type[C]) -> list[tuple[int, C]]:
        """All entities with a component type. Not for per-decision paths: it walks the world."""
        self._bind()
        return esper.get_component(component_type)

    def entities(self) -> Iterator[int]:
        self._bind()
        return iter(list(esper._entities.keys()))

    def clone(self) -> World:
        """A deep, independent copy of this world's entities and components."""
        self._bind()
        # Make sure the live context tuple is up to date before copying it.
        esper.switch_world(self.name)
        ctx = esper._context_map.get(self.name)
        entities = copy.deepcopy(esper._entities)
        components = {t: set(s) for t, s in esper._components.items()}
        # itertools.count cannot be read without advancing it; its repr carries the next value.
        match = re.fullmatch(r"count\((\d+)\)", repr(esper._entity_count))
        next_id = int(match.group(1)) if match else max(esper._entities, default=0) + 1
        del ctx
        other = World.__new__(World)
        other.name = f"mtg-ecs-{next(_world_ids)}"
        esper._context_map[other.name] = (
            itertools.count(next_id), components, entities, set(), {}, {}, [], {}, False, {}, {},
        )
        weakref.finalize(other, _release, other.name)
        return other
