"""Last known information of objects that left their zone (CR 608.2h, 603.10a).

``Game.lki`` maps an old entity to a dict of what it last was on the battlefield ("controller", "power", ...).
Most objects get their entry one at a time (systems/zones.py ``leave_battlefield``), but a state check can move
10^5 creatures to graveyards at once; building 10^5 dicts there would cost more than the move itself. So a bulk move
stores its columns once, as a *batch*, and an entity's dict is built only when something asks for it. To every reader
this is the plain dict it always was: ``get``, ``in``, ``[]``, ``setdefault``, ``items`` and copies see the batches.

It is a class of its own holding a dict, not a dict subclass: compiled (mypyc), a caller's ``lki.get(e)`` and
``e in lki`` on a dict subclass are dict operations that never call the subclass's methods, so a batched row was
invisible there (a "dies" trigger of a bulk death read no last known row). As a plain class it is compiled too (setup.py
``ECS_CORE``) and every call is a native method call.
"""

from __future__ import annotations

import copy
from collections.abc import ItemsView, Iterator, KeysView, Sequence, ValuesView
from typing import Any


class LastKnown:
    """A mapping of last known information whose bulk entries are kept as columns until asked for."""

    __slots__ = ("_rows", "_batches")

    def __init__(self, rows: dict[int, dict[str, Any]] | None = None) -> None:
        self._rows: dict[int, dict[str, Any]] = {} if rows is None else rows
        # (entity -> position, field names, one list per field); newest last
        self._batches: list[tuple[dict[int, int], tuple[str, ...], tuple[Sequence[Any], ...]]] = []

    def add_batch(self, entities: Sequence[int], fields: dict[str, Sequence[Any]]) -> None:
        """Record the last known information of many objects at once (one list per field, in entity order)."""
        if entities:
            self._batches.append((dict(zip(entities, range(len(entities)), strict=True)), tuple(fields),
                                  tuple(fields.values())))

    def _from_batches(self, ent: int) -> dict[str, Any] | None:
        batches = self._batches
        for k in range(len(batches) - 1, -1, -1):
            index, names, columns = batches[k]
            i = index.get(ent)
            if i is not None:
                row = {name: column[i] for name, column in zip(names, columns, strict=True)}
                self._rows[ent] = row  # built once; later readers share it as before
                del index[ent]
                return row
        return None

    def _flush(self) -> None:
        rows = self._rows
        for index, names, columns in self._batches:
            for ent, i in index.items():
                if ent not in rows:
                    rows[ent] = {name: column[i] for name, column in zip(names, columns, strict=True)}
        self._batches.clear()

    def get(self, ent: int, default: Any = None) -> Any:
        row = self._rows.get(ent)
        if row is None and self._batches:
            row = self._from_batches(ent)
        return default if row is None else row

    def __contains__(self, ent: object) -> bool:
        if ent in self._rows:
            return True
        return bool(self._batches) and isinstance(ent, int) and self._from_batches(ent) is not None

    def __getitem__(self, ent: int) -> dict[str, Any]:
        row: dict[str, Any] | None = self.get(ent)
        if row is None:
            raise KeyError(ent)
        return row

    def __setitem__(self, ent: int, row: dict[str, Any]) -> None:
        self._rows[ent] = row

    def setdefault(self, ent: int, default: Any = None) -> Any:
        row = self.get(ent)
        if row is None:
            self._rows[ent] = default
            return default
        return row

    def pop(self, ent: int, *default: Any) -> Any:
        self.get(ent)
        return self._rows.pop(ent, *default)

    def __iter__(self) -> Iterator[int]:
        self._flush()
        return iter(self._rows)

    def __len__(self) -> int:
        self._flush()
        return len(self._rows)

    def keys(self) -> KeysView[int]:
        self._flush()
        return self._rows.keys()

    def values(self) -> ValuesView[dict[str, Any]]:
        self._flush()
        return self._rows.values()

    def items(self) -> ItemsView[int, dict[str, Any]]:
        self._flush()
        return self._rows.items()

    def __eq__(self, other: object) -> bool:
        self._flush()
        if isinstance(other, LastKnown):
            other._flush()
            return self._rows == other._rows
        return self._rows == other

    def __deepcopy__(self, memo: dict[int, Any]) -> LastKnown:
        self._flush()
        out = LastKnown()
        memo[id(self)] = out
        for ent, row in self._rows.items():
            out._rows[ent] = copy.deepcopy(row, memo)
        return out

    def __reduce__(self) -> tuple[Any, ...]:
        self._flush()
        return (LastKnown, (dict(self._rows),))
