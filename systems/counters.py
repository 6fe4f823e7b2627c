"""Counters (CR 122): one entity per object and kind, mirrored into the permanent table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.objects import Counter

if TYPE_CHECKING:
    from ecs.game import Game

# Counter kinds with a column in the permanent table (they feed layers and SBAs in bulk).
COLUMN_OF_KIND = {"+1/+1": "plus1", "-1/-1": "minus1", "loyalty": "loyalty"}


def counter_count(game: Game, obj: int, kind: str) -> int:
    ent = game.counters.get((obj, kind))
    return 0 if ent is None else game.world.get(ent, Counter).count


def add_counters(game: Game, obj: int, kind: str, n: int) -> None:
    """Put n counters of a kind on a permanent (CR 122.1)."""
    if n <= 0:
        return
    if kind == "+1/+1" and game.static_rule_sources:
        from systems.counter_replacement import extra_plus_one

        n += extra_plus_one(game, obj)  # "that many plus one +1/+1 counters are put on it instead" (614.1a)
    key = (obj, kind)
    ent = game.counters.get(key)
    before = 0
    if ent is None:
        game.counters[key] = game.world.create(Counter(obj, kind, n))
    else:
        before = game.world.get(ent, Counter).count
        game.world.get(ent, Counter).count += n
    _sync(game, obj, kind)
    for hook in game.hooks("counters.added"):
        hook(game, obj, kind, before, before + n)  # e.g. 714.2b: lore counters trigger chapter abilities


def remove_counters(game: Game, obj: int, kind: str, n: int) -> int:
    """Remove up to n counters; returns how many were removed. Counts never go negative."""
    key = (obj, kind)
    ent = game.counters.get(key)
    if ent is None or n <= 0:
        return 0
    c = game.world.get(ent, Counter)
    removed = min(n, c.count)
    c.count -= removed
    emptied = c.count == 0
    if emptied:
        game.world.delete(game.counters.pop(key))
    _sync(game, obj, kind)
    if removed and emptied and obj in game.table.row_of:
        for hook in game.hooks("counters.last_removed"):
            hook(game, obj, kind)  # e.g. vanishing: "When the last time counter is removed from this permanent" (702.63a)
    return removed


def counters_on(game: Game, obj: int) -> dict[str, int]:
    return {k: game.world.get(e, Counter).count for (o, k), e in game.counters.items() if o == obj}


def _sync(game: Game, obj: int, kind: str) -> None:
    column = COLUMN_OF_KIND.get(kind)
    if column is not None and obj in game.table.row_of:
        game.table.set_counters(obj, column, counter_count(game, obj, kind))
