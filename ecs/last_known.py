"""Last known information of objects that left their zone (CR 608.2h, 603.10a).

``Game.lki`` maps an old entity to a dict of what it last was on the battlefield ("controller", "power", ...).
Most objects get their entry one at a time (systems/zones.py ``leave_battlefield``), but a state check can move
10^5 creatures to graveyards at once; building 10^5 dicts there would cost more than the move itself. So a bulk move
stores its columns once, as a *batch*, and an entity's dict is built only when something asks for it. To every reader
this is the plain dict it always was: ``get``, ``in``, ``[]``, ``setdefault``, ``items`` and copies see the batches.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from typing import Any


class LastKnown(dict[int, dict[str, Any]]):
    """A dict of last known information whose bulk entries are kept as columns until asked for."""

    __slots__ = ("_batches",)

    def __init__(self) -> None:
        super().__init__()
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
                dict.__setitem__(self, ent, row)  # built once; later readers share it as before
                del index[ent]
                return row
        return None

    def _flush(self) -> None:
        for index, names, columns in self._batches:
            for ent, i in index.items():
                if not dict.__contains__(self, ent):
                    dict.__setitem__(self, ent, {name: column[i] for name, column in zip(names, columns, strict=True)})
        self._batches.clear()

    def get(self, ent: int, default: Any = None) -> Any:
        if dict.__contains__(self, ent):
            return dict.__getitem__(self, ent)
        row = self._from_batches(ent) if self._batches else None
        return default if row is None else row

    def __contains__(self, ent: object) -> bool:
        if dict.__contains__(self, ent):
            return True
        return bool(self._batches) and isinstance(ent, int) and self._from_batches(ent) is not None

    def __getitem__(self, ent: int) -> dict[str, Any]:
        row: dict[str, Any] | None = self.get(ent)
        if row is None:
            raise KeyError(ent)
        return row

    def setdefault(self, ent: int, default: Any = None) -> Any:
        row = self.get(ent)
        if row is None:
            dict.__setitem__(self, ent, default)
            return default
        return row

    def pop(self, ent: int, *default: Any) -> Any:
        self.get(ent)
        return dict.pop(self, ent, *default)

    def __iter__(self) -> Iterator[int]:
        self._flush()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._flush()
        return dict.__len__(self)

    def keys(self):  # type: ignore[no-untyped-def]
        self._flush()
        return dict.keys(self)

    def values(self):  # type: ignore[no-untyped-def]
        self._flush()
        return dict.values(self)

    def items(self):  # type: ignore[no-untyped-def]
        self._flush()
        return dict.items(self)

    def __eq__(self, other: object) -> bool:
        self._flush()
        if isinstance(other, LastKnown):
            other._flush()
        return dict.__eq__(self, other)

    __hash__ = None

    def __deepcopy__(self, memo: dict[int, Any]) -> LastKnown:
        self._flush()
        out = LastKnown()
        memo[id(self)] = out
        for ent, row in dict.items(self):
            dict.__setitem__(out, ent, copy.deepcopy(row, memo))
        return out

    def __reduce__(self):  # type: ignore[no-untyped-def]
        self._flush()
        return (_rebuild, (dict(dict.items(self)),))


def _rebuild(entries: dict[int, dict[str, Any]]) -> LastKnown:
    out = LastKnown()
    dict.update(out, entries)
    return out
