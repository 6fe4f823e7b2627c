"""ecs.world.World writes esper's own tables for create and delete (inlined for speed, issue 11): esper's public
functions must see exactly what its create_entity and delete_entity would have left."""

from __future__ import annotations

from dataclasses import dataclass

import esper

from ecs.world import World


@dataclass
class _Tag:
    n: int


@dataclass
class _Other:
    s: str


def test_created_entities_are_esper_entities_with_their_components() -> None:
    world = World()
    a = world.create(_Tag(1), _Other("x"))
    b = world.create(_Tag(2))
    world._bind()
    assert esper.entity_exists(a) and esper.entity_exists(b) and a != b
    assert esper.component_for_entity(a, _Other) == _Other("x")
    assert sorted((e, t.n) for e, t in esper.get_component(_Tag)) == [(a, 1), (b, 2)]  # the cache saw both
    assert [e for e, _ in esper.get_component(_Other)] == [a]
    c = esper.create_entity(_Tag(3))  # esper's own next id follows ours
    assert c > b


def test_deleted_entities_leave_esper_and_its_component_index() -> None:
    world = World()
    a = world.create(_Tag(1), _Other("x"))
    b = world.create(_Tag(2))
    world._bind()
    assert len(esper.get_component(_Other)) == 1  # (fills esper's query cache: delete must clear it)
    world.delete(a)
    world._bind()
    assert not esper.entity_exists(a) and esper.entity_exists(b)
    assert esper.get_component(_Other) == []
    assert [e for e, _ in esper.get_component(_Tag)] == [b]
    assert not world.holders(_Other)
