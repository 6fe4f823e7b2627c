"""The permanent table: one row per permanent on the battlefield, one numpy array per column.

Hot numeric state lives here so that layers (CR 613), state-based actions (CR 704) and combat
damage (CR 510) are column operations over the whole board. Rows are packed: removing a row moves
the last row into its place (swap-remove), and ``row_of`` maps entity -> row.
"""

from __future__ import annotations

import numpy as np

# name -> dtype. "base_*" columns hold copiable/printed values (CR 613.2); the unprefixed twins hold
# the values after all continuous effects, recomputed by systems/layers.py.
COLUMNS: dict[str, type] = {
    "entity": np.int64,
    "owner": np.int8,
    "base_controller": np.int8,
    "controller": np.int8,
    "base_power": np.int32,
    "base_toughness": np.int32,
    "power": np.int32,
    "toughness": np.int32,
    "base_types": np.uint32,
    "types": np.uint32,
    "base_colors": np.uint8,
    "colors": np.uint8,
    "base_keywords": np.uint64,
    "keywords": np.uint64,
    "damage": np.int32,
    "deathtouched": np.bool_,  # dealt damage by a deathtouch source since the last SBA check (704.5h)
    "plus1": np.int32,  # +1/+1 counters (CR 122.1a)
    "minus1": np.int32,  # -1/-1 counters
    "loyalty": np.int32,  # loyalty counters (CR 306.5b)
    "tapped": np.bool_,
    "sick": np.bool_,  # not continuously controlled since the controller's most recent turn began (302.6)
    "token": np.bool_,
    "timestamp": np.int64,  # CR 613.7d
}


class PermanentTable:
    """Columnar storage of battlefield permanents with swap-remove."""

    __slots__ = ("n", "capacity", "row_of", "_cols", *COLUMNS)

    def __init__(self, capacity: int = 64) -> None:
        self.n = 0
        self.capacity = capacity
        self.row_of: dict[int, int] = {}
        self._cols = tuple(COLUMNS)
        for name, dtype in COLUMNS.items():
            setattr(self, name, np.zeros(capacity, dtype=dtype))

    def _grow(self, needed: int) -> None:
        cap = self.capacity
        while cap < needed:
            cap *= 2
        for name in self._cols:
            old = getattr(self, name)
            new = np.zeros(cap, dtype=old.dtype)
            new[: self.n] = old[: self.n]
            setattr(self, name, new)
        self.capacity = cap

    def add(self, entity: int, **values: int | bool) -> int:
        """Append a row for ``entity``; unspecified columns are 0/False."""
        if self.n >= self.capacity:
            self._grow(self.n + 1)
        row = self.n
        for name in self._cols:
            getattr(self, name)[row] = 0
        self.entity[row] = entity
        for name, value in values.items():
            getattr(self, name)[row] = value
        self.row_of[entity] = row
        self.n += 1
        return row

    def add_many(self, entities: np.ndarray, **values: np.ndarray | int | bool) -> None:
        """Append one row per entity in bulk (large benchmark boards)."""
        k = len(entities)
        if self.n + k > self.capacity:
            self._grow(self.n + k)
        lo, hi = self.n, self.n + k
        for name in self._cols:
            getattr(self, name)[lo:hi] = 0
        self.entity[lo:hi] = entities
        for name, value in values.items():
            getattr(self, name)[lo:hi] = value
        self.row_of.update(zip(entities.tolist(), range(lo, hi), strict=True))
        self.n = hi

    def remove(self, entity: int) -> None:
        """Delete ``entity``'s row, moving the last row into the hole."""
        row = self.row_of.pop(entity)
        last = self.n - 1
        if row != last:
            for name in self._cols:
                col = getattr(self, name)
                col[row] = col[last]
            self.row_of[int(self.entity[row])] = row
        self.n = last

    def get(self, entity: int, column: str) -> int:
        return getattr(self, column)[self.row_of[entity]].item()

    def set(self, entity: int, column: str, value: int | bool) -> None:
        getattr(self, column)[self.row_of[entity]] = value

    def view(self, column: str) -> np.ndarray:
        """The live part of a column (a view: writes go to the table)."""
        return getattr(self, column)[: self.n]

    def copy(self) -> PermanentTable:
        other = PermanentTable.__new__(PermanentTable)
        other.n = self.n
        other.capacity = self.capacity
        other.row_of = dict(self.row_of)
        other._cols = self._cols
        for name in self._cols:
            setattr(other, name, getattr(self, name).copy())
        return other
