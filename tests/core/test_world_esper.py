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


def test_renewed_and_added_components_reach_esper_and_its_query_cache() -> None:
    """``renew`` and ``add`` mark the world's own flag, not esper's (no switch of worlds): binding the world must
    still empty esper's query cache, and a renewed entity takes the next id of this world's counter, as esper's
    create_entity would."""
    world = World()
    a = world.create(_Tag(1), _Other("x"))
    other = World()  # another world made current in between: ids and caches stay each world's own
    other.create(_Tag(9))
    world._bind()
    assert [e for e, _ in esper.get_component(_Tag)] == [a]  # (fills esper's query cache)
    b = world.renew(a, _Tag(2), _Other("y"))
    assert b == a + 1 and not world.exists(a)
    world._bind()
    assert [(e, t.n) for e, t in esper.get_component(_Tag)] == [(b, 2)]
    world.add(b, 3.5)
    world._bind()
    assert [e for e, _ in esper.get_component(float)] == [b]
    assert esper.create_entity(_Tag(3)) == b + 1  # esper's own next id follows ours
