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
    "base_supertypes": np.uint8,
    "supertypes": np.uint8,
    "cls": np.int32,  # characteristics class: rows sharing (card, base controller, token) (systems/layers.py)
    "attached_to": np.int64,  # entity this Aura/Equipment/Fortification is attached to, or -1 (CR 301.5, 303.4)
    "regen_shields": np.int32,  # regeneration shields (CR 701.15)
    "produces": np.uint8,  # mana its printed mana abilities add, as W U B R G C bits (CR 305.6)
    "no_abilities": np.bool_,  # lost all abilities in layer 6 (CR 613.1f): nothing to activate or trigger
    "damage": np.int32,
    "deathtouched": np.bool_,  # dealt damage by a deathtouch source since the last SBA check (704.5h)
    "plus1": np.int32,  # +1/+1 counters (CR 122.1a)
    "minus1": np.int32,  # -1/-1 counters
    "counter_pt": np.int32,  # plus1 - minus1: what counters add to power and toughness in 7c
    "loyalty": np.int32,  # loyalty counters (CR 306.5b)
    "tapped": np.bool_,
    "sick": np.bool_,  # not continuously controlled since the controller's most recent turn began (302.6)
    "token": np.bool_,
    "timestamp": np.int64,  # CR 613.7d
}


class PermanentTable:
    """Columnar storage of battlefield permanents with swap-remove."""

    __slots__ = ("n", "capacity", "row_of", "rowmap", "_cols", *COLUMNS)

    def __init__(self, capacity: int = 64) -> None:
        self.n = 0
        self.capacity = capacity
        self.row_of: dict[int, int] = {}
        # Dense entity -> row map (-1: not on the battlefield) for vectorised look-ups of many entities.
        self.rowmap = np.full(256, -1, dtype=np.int64)
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
        self.attached_to[row] = -1
        for name, value in values.items():
            getattr(self, name)[row] = value
        self.row_of[entity] = row
        self._map(entity, row)
        self.n += 1
        return row

    def _map(self, entity: int, row: int) -> None:
        if entity >= len(self.rowmap):
            grown = np.full(max(2 * len(self.rowmap), entity + 1), -1, dtype=np.int64)
            grown[: len(self.rowmap)] = self.rowmap
            self.rowmap = grown
        self.rowmap[entity] = row

    def rows_of(self, entities: np.ndarray) -> np.ndarray:
        """Rows of the given entities that are on the battlefield (vectorised)."""
        ents = np.asarray(entities, dtype=np.int64)
        ents = ents[ents < len(self.rowmap)]
        rows = self.rowmap[ents]
        return rows[rows >= 0]

    def add_many(self, entities: np.ndarray, **values: np.ndarray | int | bool) -> None:
        """Append one row per entity in bulk (large benchmark boards)."""
        k = len(entities)
        if self.n + k > self.capacity:
            self._grow(self.n + k)
        lo, hi = self.n, self.n + k
        for name in self._cols:
            getattr(self, name)[lo:hi] = 0
        self.entity[lo:hi] = entities
        self.attached_to[lo:hi] = -1
        for name, value in values.items():
            getattr(self, name)[lo:hi] = value
        self.row_of.update(zip(entities.tolist(), range(lo, hi), strict=True))
        if k:
            self._map(int(entities.max()), -1)
            self.rowmap[entities] = np.arange(lo, hi)
        self.n = hi

    def remove(self, entity: int) -> None:
        """Delete ``entity``'s row, moving the last row into the hole."""
        row = self.row_of.pop(entity)
        self.rowmap[entity] = -1
        last = self.n - 1
        if row != last:
            for name in self._cols:
                col = getattr(self, name)
                col[row] = col[last]
            moved = int(self.entity[row])
            self.row_of[moved] = row
            self.rowmap[moved] = row
        self.n = last

    def remove_many(self, rows: np.ndarray) -> None:
        """Delete many rows at once (bulk zone changes): kept rows from the tail fill the holes.

        ``rows`` are distinct live row indices. Only the rows that move are re-indexed in ``row_of``.
        """
        n = self.n
        mark = np.zeros(n, dtype=bool)
        mark[np.asarray(rows, dtype=np.int64)] = True
        rows = np.flatnonzero(mark)  # distinct and ascending
        k = len(rows)
        if k == 0:
            return
        new_n = n - k
        gone = self.entity[rows]
        for ent in gone.tolist():
            del self.row_of[ent]
        self.rowmap[gone] = -1
        holes = rows[rows < new_n]  # removed rows inside the kept range, ascending
        tail = np.arange(new_n, n, dtype=np.int64)
        keep_tail = np.ones(len(tail), dtype=bool)
        keep_tail[rows[rows >= new_n] - new_n] = False
        movers = tail[keep_tail]  # as many kept tail rows as there are holes
        if len(holes):
            for name in self._cols:
                col = getattr(self, name)
                col[holes] = col[movers]
            self.row_of.update(zip(self.entity[holes].tolist(), holes.tolist(), strict=True))
            self.rowmap[self.entity[holes]] = holes
        self.n = new_n

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
        other.rowmap = self.rowmap.copy()
        other._cols = self._cols
        for name in self._cols:
            setattr(other, name, getattr(self, name).copy())
        return other
