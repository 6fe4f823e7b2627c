"""The permanent table: one row per permanent on the battlefield, one numpy array per column.

Hot numeric state lives here so that layers (CR 613), state-based actions (CR 704) and combat
damage (CR 510) are column operations over the whole board. Rows are packed: removing a row moves
the last row into its place (swap-remove), and ``row_of`` maps entity -> row.

Guarded state
-------------
Every change to the table goes through a named operation of :class:`PermanentTable` (``add``,
``remove``, ``tap``, ``untap``, ``mark_damage``, ``set_counters``, ``attach``, ...). Reading a column
is free (``t.tapped[row]``, ``t.view("power")``); writing one anywhere else is refused by
``tests/core/test_table_guard.py``, which reads the source tree. The one exception is the layer
system (``systems/layers*.py``): it recomputes the derived columns (``power``, ``controller``, ...)
from the ``base_*`` columns and the continuous effects (CR 613), which is a function of state
already covered by the version below.

Kept lists
----------
On a board of a few dozen rows a numpy call costs its dispatch, not its work, so the table also keeps Python lists
for the row-by-row readers: ``entity_list`` and ``tapped_list`` (the live part of those columns, kept by the named
operations that write them) and ``live_list(column)`` (any column the layers' version covers, made once per
``layers_version`` and forgotten after each layer pass). ``entity_list`` and ``tapped_list`` are the table's own and
written in place (a tap, an entry or an exit costs O(1) on a board of thousands of rows): a reader may hold one
within a call that writes no row, and takes a snapshot (``list(...)``) to keep it longer (systems/mana.py's template
basis; a copy of the table copies them). ``live_list``'s other lists are never written once given out (a change
makes the next version's list). MTG_ECS_CHECK_CACHES=1 compares them with the columns at every layer pass.

The state version
-----------------
``version`` is an int that every named operation increments, and so does :meth:`mark_changed`,
which systems call when something outside the table that the layers or the state-based actions read
has changed (a continuous effect begins or ends, a counter is put on a player ...). Contract:

* if ``version`` is unchanged between two reads, no named operation ran in between, so the
  ``base_*`` and status columns hold the same values and the dirty flags were not raised;
* it only grows (a copy keeps its value), so ``(id(game), version)`` or ``version`` alone is a
  sound cache key for answers computed from the table, such as legal actions;
* reading it costs one attribute load; bumping it one integer add.

A layer pass (``systems/layers.apply_layers``) does not bump it: what it writes is determined by
what the bump that made the layers dirty already covered. A cache must therefore be keyed on the
version read *after* ``game.refresh_layers()``.

The two dirty flags say what must be recomputed before the next look: ``layers_dirty`` (the derived
columns, CR 613) and ``sba_dirty`` (state-based actions may apply, CR 704.3). Each operation raises
the flags its change can affect.

With the layers dirty, ``layers_rows`` says how much of them: a list of the entities whose rows alone changed
since the last layer pass (rows added or removed, counters set: :meth:`_mark_row_changed`), or None when
anything else did (every :meth:`mark_changed` with the layers). A pass may then recompute those rows only
(systems/layers.py ``update_rows``), when what it computed last time does not depend on the other rows.
``sba_rows`` is the same for the state check: the entities whose rows alone changed since the last complete check
(None after any :meth:`mark_changed` with ``sba``); with no whole layer pass since (``whole_passes``), the check may
look at those rows alone (systems/state_based.py ``_quiet_rows``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Final

import numpy as np
import numpy.typing as npt

Int8Column = npt.NDArray[np.int8]
Int32Column = npt.NDArray[np.int32]
Int64Column = npt.NDArray[np.int64]
UInt8Column = npt.NDArray[np.uint8]
UInt32Column = npt.NDArray[np.uint32]
UInt64Column = npt.NDArray[np.uint64]
BoolColumn = npt.NDArray[np.bool_]

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

# The copiable values of the face or card a permanent shows (CR 707.2): what a permanent turning into
# another face (712) or ceasing to be bestowed (702.103f) replaces without leaving the battlefield.
FACE_COLUMNS = frozenset(
    {"cls", "base_types", "base_supertypes", "base_colors", "base_keywords", "produces", "base_power",
     "base_toughness", "timestamp"}
)
COUNTER_COLUMNS = frozenset({"plus1", "minus1", "loyalty"})
# The columns written with the layers clean (``PermanentTable.live_list`` keeps no list of them): tapped status and
# summoning sickness (``tap_state`` moves), damage, deathtouch and shields (``version`` moves). ``entity`` and
# ``tapped`` have the table's own lists.
_UNLAYERED: Final = frozenset({"tapped", "sick", "damage", "deathtouched", "regen_shields", "entity"})

# The columns of one dtype are the rows of one 2-D array (a block), so that a copy of the table copies 7 arrays,
# not 31, and a new row is zeroed with 7 writes (issue 11: clone). Each column attribute is a view of its block row.
BLOCKS: dict[type, tuple[str, ...]] = {}
for _name, _dtype in COLUMNS.items():
    BLOCKS[_dtype] = (*BLOCKS.get(_dtype, ()), _name)

# Each block is also seen as one flat memoryview (``PermanentTable.flat``): column k's cell of row r is at
# ``k * capacity + r``. A memoryview's item write or read costs a third of numpy's (no numpy scalar, no index parsing:
# ~180 instructions compiled, ~490 for numpy's), so the single-cell operations (a row entering or leaving, a tap) write
# through it. ``enter`` and ``remove`` write the blocks by position: this is their layout.
assert tuple(BLOCKS.values()) == (
    ("entity", "attached_to", "timestamp"),
    ("owner", "base_controller", "controller"),
    ("base_power", "base_toughness", "power", "toughness", "cls", "regen_shields", "damage", "plus1", "minus1",
     "counter_pt", "loyalty"),
    ("base_types", "types"),
    ("base_colors", "colors", "base_supertypes", "supertypes", "produces"),
    ("base_keywords", "keywords"),
    ("no_abilities", "deathtouched", "tapped", "sick", "token"),
), "PermanentTable.enter and .remove write the blocks by position"
_WIDTHS: Final[list[int]] = [len(names) for names in BLOCKS.values()]  # columns per block, in block order
_FLAGS: Final = 6  # the bool block's index; the tapped and sick columns' positions in it:
_TAPPED: Final = 2
_SICK: Final = 3
# column -> (its block's index, its position in the block): where ``live_list`` reads it in ``flat``
_CELLS: Final[dict[str, tuple[int, int]]] = {
    name: (b, k) for b, names in enumerate(BLOCKS.values()) for k, name in enumerate(names)}


def _flat_view(block: npt.NDArray[Any]) -> memoryview:
    """``block`` as one flat memoryview of its items (a cast needs a C-contiguous block: every block is made by
    np.zeros or a copy, and a cast of any other raises rather than seeing a copy)."""
    item_format: Any = block.dtype.char  # (the struct format of COLUMNS' dtypes; typeshed names each one's literal)
    return block.data.cast("B").cast(item_format)


class PermanentTable:
    """Columnar storage of battlefield permanents with swap-remove; changed only by named operations."""

    __slots__ = ("n", "capacity", "row_of", "rowmap", "version", "layers_version", "layers_dirty", "layers_rows",
                 "sba_dirty", "sba_rows", "whole_passes", "sba_clean_passes", "damage_marked", "shielded",
                 "taps_read", "combat_read", "tap_state", "tap_seq", "blocks", "flat", "_lists", "_lists_version", "entity_list", "tapped_list",
                 *COLUMNS)

    # Declared columns (one numpy array each, ``capacity`` long; the live part is ``[:n]``).
    entity: Int64Column
    owner: Int8Column
    base_controller: Int8Column
    controller: Int8Column
    base_power: Int32Column
    base_toughness: Int32Column
    power: Int32Column
    toughness: Int32Column
    base_types: UInt32Column
    types: UInt32Column
    base_colors: UInt8Column
    colors: UInt8Column
    base_keywords: UInt64Column
    keywords: UInt64Column
    base_supertypes: UInt8Column
    supertypes: UInt8Column
    cls: Int32Column
    attached_to: Int64Column
    regen_shields: Int32Column
    produces: UInt8Column
    no_abilities: BoolColumn
    damage: Int32Column
    deathtouched: BoolColumn
    plus1: Int32Column
    minus1: Int32Column
    counter_pt: Int32Column
    loyalty: Int32Column
    tapped: BoolColumn
    sick: BoolColumn
    token: BoolColumn
    timestamp: Int64Column

    n: int
    capacity: int
    row_of: dict[int, int]
    rowmap: Int64Column
    version: int
    layers_version: int  # bumped only with the layers dirty: the rows and their characteristics may have changed
    layers_dirty: bool
    layers_rows: list[int] | None  # entities whose rows alone changed since the last layer pass; None: not only rows
    sba_dirty: bool
    # With ``sba_dirty``: the entities whose rows alone were added, removed or given counters since the last complete
    # state check, or None when anything else changed (systems/state_based.py ``_quiet_rows``)
    sba_rows: list[int] | None
    whole_passes: int  # whole layer passes made (systems/layers.py): a pass may change any row
    sba_clean_passes: int  # ``whole_passes`` when the last complete state check ended, or -1
    # False only while no row has damage marked or is deathtouched (704.5g-h have nothing to read): raised by what
    # marks damage, lowered when damage wears off with no deathtouch left (a removed row may leave it raised)
    damage_marked: bool
    # False only while no row has a regeneration shield (701.15a): raised by what gives one, lowered as they end (514.2)
    shielded: bool
    taps_read: bool  # some continuous effect looks at tapped status (systems/layers.state_reads): taps dirty the layers
    combat_read: bool  # ... at attacking or blocking: declaring attackers or blockers dirties the layers
    blocks: list[npt.NDArray[Any]]  # one 2-D array per dtype of BLOCKS; the columns are views of their rows
    flat: list[memoryview]  # each block as one flat memoryview, in block order (see _CELLS)
    _lists: dict[str, list[int]]  # ``live_list``'s lists, made at ``layers_version`` ``_lists_version``
    _lists_version: int
    # The live part of the ``entity`` and ``tapped`` columns as Python values, kept equal to them by the named
    # operations (their only writers; the layers write neither): read row by row on small boards, where a numpy
    # scalar read or a ``tolist`` per look costs more than the work (``live_list`` gives them). Written in place by
    # the single-row operations (O(1), not a copy of the list per tap); the bulk ones may put a new list: a reader
    # that keeps one past a write of the table keeps a snapshot (systems/mana.py's template basis), and a copy of
    # the table gets its own.
    entity_list: list[int]
    tapped_list: list[bool]

    def __init__(self, capacity: int = 64, source: PermanentTable | None = None) -> None:
        if source is not None:  # a copy of ``source`` (``copy``): a constructor call, as a compiled class's __new__
            self._copy_from(source)  # runs __init__ too (which would make and then drop a new table's arrays)
            return
        self.n = 0
        self.capacity = capacity
        self.row_of = {}
        # Dense entity -> row map (-1: not on the battlefield) for vectorised look-ups of many entities.
        self.rowmap = np.full(256, -1, dtype=np.int64)
        self.version = 0
        self.layers_version = 0
        self.layers_dirty = True
        self.layers_rows = None
        self.sba_dirty = True
        self.sba_rows = None
        self.whole_passes = 0
        self.sba_clean_passes = -1
        self.damage_marked = False
        self.shielded = False
        self.taps_read = False
        self.combat_read = False
        # An id of the tapped and sick columns' contents (with the rows, which ``layers_version`` covers): a fresh
        # id from ``tap_seq`` at every write of either, so a cache keyed on it (systems/mana.py's mana units) never
        # sees two contents under one id; ``assume_tapped`` gives its look-ahead a fresh id and then restores the
        # old one with the old contents.
        self.tap_state = 0
        self.tap_seq = 0
        self._lists = {}
        self.forget_lists()
        self.entity_list = []
        self.tapped_list = []
        self._bind([np.zeros((len(names), capacity), dtype=dtype) for dtype, names in BLOCKS.items()])

    def _bind(self, blocks: list[npt.NDArray[Any]]) -> None:
        """Make ``blocks`` the table's storage: each column attribute a view of its block's row."""
        self.blocks = blocks
        self.flat = [_flat_view(block) for block in blocks]
        for block, names in zip(blocks, BLOCKS.values(), strict=True):
            for i, name in enumerate(names):
                setattr(self, name, block[i])

    # ------------------------------------------------------------------ reading

    def column(self, name: str) -> npt.NDArray[Any]:
        """The whole array of column ``name`` (for code that iterates over :data:`COLUMNS`)."""
        if name not in COLUMNS:
            raise KeyError(f"the permanent table has no column {name!r}")
        array: npt.NDArray[Any] = getattr(self, name)
        return array

    def get(self, entity: int, column: str) -> int:
        b, k = _CELLS[column]  # (through the block's flat view: no generic attribute read, no numpy scalar)
        value: int = self.flat[b][k * self.capacity + self.row_of[entity]]
        return value

    def last_known(self, row: int) -> tuple[int, int, int, int, int, int, int, int]:
        """(controller, power, toughness, types, keywords, plus1, minus1, attached_to) of ``row``, as Python ints:
        what a permanent leaving the battlefield is remembered by (608.2h, 603.10a: systems/zones.py). Read through
        the flat views in one call (a numpy ``item`` each costs ~3 times as much)."""
        cap = self.capacity
        flat = self.flat
        cells = flat[2]  # the int32 block: power, toughness, plus1, minus1 at positions 2, 3, 7, 8
        return (flat[1][2 * cap + row], cells[2 * cap + row], cells[3 * cap + row], flat[3][cap + row],
                flat[5][cap + row], cells[7 * cap + row], cells[8 * cap + row], flat[0][cap + row])

    def view(self, column: str) -> npt.NDArray[Any]:
        """The live part of a column. Read it only: writes go through the named operations."""
        array: npt.NDArray[Any] = getattr(self, column)
        return array[: self.n]

    def row_values(self, entity: int) -> dict[str, int | bool]:
        """Every column of ``entity``'s row but ``entity`` (to put the same row back, e.g. phasing, 702.26d)."""
        row = self.row_of[entity]
        return {name: self.column(name)[row].item() for name in COLUMNS if name != "entity"}

    def live_list(self, column: str) -> list[Any]:
        """The live part of ``column`` as Python ints (bools for the flag columns), kept for this ``layers_version``:
        on a board of a few dozen rows a loop over a list costs less than numpy's scalar reads and whole-column calls
        (compiled above all: a list index is native, a numpy read a C-API call), and asked again at the same version
        (targets at the next priority stop, the state check) it is not made again. Never written afterwards: it may be
        kept. ``entity`` and ``tapped`` are the table's own lists (``entity_list``, ``tapped_list``), written in place
        by the table's operations: snapshot them to keep them past a write.

        Only for the columns that change with the layers dirtied: the rows entering or leaving, counters, attachments
        and faces all move ``layers_version``, and a layer pass (which writes the derived columns without moving it)
        :meth:`forget_lists` after it. Not the tapped-status, summoning-sickness, damage, deathtouch or shield columns
        (:data:`_UNLAYERED`), written with the layers clean. tests/core/test_table_guard.py compares the lists with the
        columns after each named operation; MTG_ECS_CHECK_CACHES=1 at each layer pass (``stale_lists``)."""
        if self._lists_version != self.layers_version:
            self._lists = {}
            self._lists_version = self.layers_version
        kept = self._lists.get(column)
        if kept is None:
            if column in _UNLAYERED:
                if column == "entity":
                    return self.entity_list
                if column == "tapped":
                    return self.tapped_list
                raise KeyError(f"{column!r} changes with the layers clean: read it with tolist()")
            b, k = _CELLS[column]  # (the column's live part through its block's flat view: a memoryview's slice
            at = k * self.capacity  # and tolist cost less than numpy's, and give the same Python ints and bools)
            kept = self._lists[column] = self.flat[b][at: at + self.n].tolist()
        return kept

    def stale_lists(self) -> list[str]:
        """The columns whose kept lists (``entity_list``, ``tapped_list``, ``live_list``'s) differ from them now: none,
        or a write went around the named operations (MTG_ECS_CHECK_CACHES=1 asks at every layer pass)."""
        stale = [name for name, values in (("entity", self.entity_list), ("tapped", self.tapped_list))
                 if values != getattr(self, name)[: self.n].tolist()]
        if self._lists_version == self.layers_version:  # (kept at an older version: never given out again)
            stale += [name for name, kept in self._lists.items() if kept != getattr(self, name)[: self.n].tolist()]
        return stale

    def forget_lists(self) -> None:
        """The columns were written outside the named operations (a layer pass, systems/layers.py): no kept list.
        (The version alone: ``live_list`` starts a new dict at the next version it is asked at, and no reader takes
        ``_lists`` at another version.)"""
        self._lists_version = -1

    def rows_of(self, entities: npt.ArrayLike) -> Int64Column:
        """Rows of the given entities that are on the battlefield (vectorised)."""
        ents = np.asarray(entities, dtype=np.int64)
        ents = ents[ents < len(self.rowmap)]
        rows: Int64Column = self.rowmap[ents]
        return rows[rows >= 0]

    # ------------------------------------------------------------------ the version and the dirty flags

    def mark_changed(self, *, layers: bool = True, sba: bool = True) -> None:
        """Something the layers (613) or the state-based actions (704) read changed outside the table."""
        self.version += 1
        if layers:
            self.layers_dirty = True
            self.layers_rows = None
            self.layers_version += 1
        if sba:
            self.sba_dirty = True
            self.sba_rows = None

    def _mark_row_changed(self, entity: int) -> None:
        """``entity``'s row was added or removed, or its counters set: like :meth:`mark_changed`, but the layers
        may recompute that row only (``layers_rows``), if nothing else changed since their last pass."""
        self.version += 1
        self.layers_version += 1
        if not self.sba_dirty:
            self.sba_dirty = True
            self.sba_rows = [entity]
        elif self.sba_rows is not None:
            self.sba_rows.append(entity)
        rows = self.layers_rows
        if not self.layers_dirty:
            self.layers_dirty = True
            self.layers_rows = [entity]
        elif rows is not None:
            rows.append(entity)

    def mark_rows_changed(self, entities: Iterable[int]) -> None:
        """What the layers compute for these entities' rows alone changed outside the table (a locked-in layer 7c
        effect on them began or ended, CR 611.2c): the layers may recompute those rows only (``layers_rows``)."""
        for entity in entities:
            self._mark_row_changed(entity)
        self.version += 1  # (none on the battlefield: still a change)

    def mark_players_changed(self) -> None:
        """Something only the players' state-based actions read changed, no row (life or poison from damage to
        players, 704.5a-c; triggered abilities put on the stack): like ``mark_changed(layers=False)``, but the state
        check may still look at the rows kept in ``sba_rows`` alone (``_quiet_rows`` looks at every player too). The
        engine has no player-side action beyond 704.5a-c today: one added (704.6a-c: a Two-Headed Giant team's life
        or poison, commander damage) must be looked at in ``_quiet_rows`` as well, or its marks use ``mark_changed``."""
        self.version += 1
        if not self.sba_dirty:
            self.sba_dirty = True
            self.sba_rows = []

    # ------------------------------------------------------------------ rows: entering and leaving (CR 400.7)

    def _grow(self, needed: int) -> None:
        cap = self.capacity
        while cap < needed:
            cap *= 2
        grown = []
        for old in self.blocks:
            new = np.zeros((old.shape[0], cap), dtype=old.dtype)
            new[:, : self.n] = old[:, : self.n]
            grown.append(new)
        self._bind(grown)
        self.capacity = cap

    def add(self, entity: int, **values: int | bool) -> int:
        """Append a row for ``entity`` (it enters the battlefield); unspecified columns are 0/False."""
        if self.n >= self.capacity:
            self._grow(self.n + 1)
        row = self.n
        for block in self.blocks:
            block[:, row] = 0
        self.entity[row] = entity
        self.attached_to[row] = -1
        for name, value in values.items():
            if name not in COLUMNS:
                raise KeyError(f"the permanent table has no column {name!r}")
            if value:  # (the row was zeroed above: a zero or False needs no write)
                getattr(self, name)[row] = value
        if "damage" in values or "deathtouched" in values:
            self.damage_marked = True  # (a row put back as it was, e.g. phasing in: 702.26d)
        if "regen_shields" in values:
            self.shielded = True
        self.row_of[entity] = row
        self._map(entity, row)
        self.entity_list.append(entity)
        self.tapped_list.append(bool(values.get("tapped", False)))
        self.n += 1
        self._mark_row_changed(entity)
        return row

    def enter(self, entity: int, *, owner: int, controller: int, cls: int, base_power: int, base_toughness: int,
              base_types: int, base_colors: int, base_supertypes: int, base_keywords: int, produces: int,
              tapped: bool, sick: bool, timestamp: int, token: bool) -> int:
        """:meth:`add` of a permanent entering the battlefield (systems/zones.py ``enter_battlefield``), its base and
        its controller both ``controller``: each column's cell written once with a scalar, not the zeroing and a write
        per given column. (A scalar store through the flat memoryviews is the cheapest write: a numpy scalar store
        costs ~3 of them, a block's row written from a tuple as much as four numpy ones; the row past ``n`` may hold a
        removed row's values, so every column is written.) The row is the one ``add`` writes
        (tests/core/test_table_guard.py compares them)."""
        if self.n >= self.capacity:
            self._grow(self.n + 1)
        row = self.n
        cap = self.capacity
        # (through the flat views, by position: see BLOCKS' layout above; one local per block, cells by column)
        flat = self.flat
        cells = flat[0]  # entity, attached_to, timestamp
        cells[row] = entity
        cells[cap + row] = -1
        cells[2 * cap + row] = timestamp
        cells = flat[1]  # owner, base_controller, controller
        cells[row] = owner
        cells[cap + row] = controller
        cells[2 * cap + row] = controller
        cells = flat[2]  # base_power, base_toughness, power, toughness, cls, then six zeros
        cells[row] = base_power
        cells[cap + row] = base_toughness
        cells[2 * cap + row] = 0
        cells[3 * cap + row] = 0
        cells[4 * cap + row] = cls
        at = 5 * cap + row
        for _ in range(6):  # regen_shields, damage, plus1, minus1, counter_pt, loyalty
            cells[at] = 0
            at += cap
        cells = flat[3]  # base_types, types
        cells[row] = base_types
        cells[cap + row] = 0
        cells = flat[4]  # base_colors, colors, base_supertypes, supertypes, produces
        cells[row] = base_colors
        cells[cap + row] = 0
        cells[2 * cap + row] = base_supertypes
        cells[3 * cap + row] = 0
        cells[4 * cap + row] = produces
        cells = flat[5]  # base_keywords, keywords
        cells[row] = base_keywords
        cells[cap + row] = 0
        cells = flat[6]  # no_abilities, deathtouched, tapped, sick, token
        cells[row] = False
        cells[cap + row] = False
        cells[2 * cap + row] = tapped
        cells[3 * cap + row] = sick
        cells[4 * cap + row] = token
        self.row_of[entity] = row
        self._map(entity, row)
        self.entity_list.append(entity)
        self.tapped_list.append(bool(tapped))
        self.n += 1
        self._mark_row_changed(entity)
        return row

    def _map(self, entity: int, row: int) -> None:
        if entity >= len(self.rowmap):
            grown = np.full(max(2 * len(self.rowmap), entity + 1), -1, dtype=np.int64)
            grown[: len(self.rowmap)] = self.rowmap
            self.rowmap = grown
        self.rowmap[entity] = row

    def add_many(self, entities: Int64Column, **values: npt.ArrayLike | int | bool) -> None:
        """Append one row per entity in bulk (large benchmark boards)."""
        k = len(entities)
        if self.n + k > self.capacity:
            self._grow(self.n + k)
        lo, hi = self.n, self.n + k
        for block in self.blocks:
            block[:, lo:hi] = 0
        self.entity[lo:hi] = entities
        self.attached_to[lo:hi] = -1
        for name, value in values.items():
            self.column(name)[lo:hi] = value
        if "damage" in values or "deathtouched" in values:
            self.damage_marked = True
        if "regen_shields" in values:
            self.shielded = True
        self.row_of.update(zip(entities.tolist(), range(lo, hi), strict=True))
        if k:
            self._map(int(entities.max()), -1)
            self.rowmap[entities] = np.arange(lo, hi)
        self.entity_list.extend(self.entity[lo:hi].tolist())
        self.tapped_list.extend(self.tapped[lo:hi].tolist())
        self.n = hi
        self.mark_changed()

    def remove(self, entity: int) -> None:
        """Delete ``entity``'s row (it left the battlefield), moving the last row into the hole."""
        row = self.row_of.pop(entity)
        self.rowmap[entity] = -1
        last = self.n - 1
        entities, tapped = self.entity_list, self.tapped_list
        if row != last:
            # (a narrow block cell by cell through its flat view, a wide one by one numpy copy of its column: a cell
            # costs ~600 instructions compiled, a block's numpy copy ~2.7k whatever its width)
            cap = self.capacity
            flat = self.flat
            blocks = self.blocks
            for b in range(len(flat)):
                width = _WIDTHS[b]
                if width > 4:
                    block = blocks[b]
                    block[:, row] = block[:, last]
                    continue
                cells = flat[b]
                at = 0
                for _ in range(width):
                    cells[at + row] = cells[at + last]
                    at += cap
            moved = entities[row] = entities[last]
            tapped[row] = tapped[last]
            self.row_of[moved] = row
            self.rowmap[moved] = row
        entities.pop()
        tapped.pop()
        self.n = last
        self._mark_row_changed(entity)  # the moved row keeps its derived columns

    def remove_many(self, rows: npt.ArrayLike) -> None:
        """Delete many rows at once (bulk zone changes): kept rows from the tail fill the holes.

        ``rows`` are distinct live row indices. Only the rows that move are re-indexed in ``row_of``.
        """
        n = self.n
        mark = np.zeros(n, dtype=bool)
        mark[np.asarray(rows, dtype=np.int64)] = True
        gone_rows = np.flatnonzero(mark)  # distinct and ascending
        k = len(gone_rows)
        if k == 0:
            return
        new_n = n - k
        gone = self.entity[gone_rows]
        for ent in gone.tolist():
            del self.row_of[ent]
        self.rowmap[gone] = -1
        holes = gone_rows[gone_rows < new_n]  # removed rows inside the kept range, ascending
        tail = np.arange(new_n, n, dtype=np.int64)
        keep_tail = np.ones(len(tail), dtype=bool)
        keep_tail[gone_rows[gone_rows >= new_n] - new_n] = False
        movers = tail[keep_tail]  # as many kept tail rows as there are holes
        if len(holes):
            for block in self.blocks:
                block[:, holes] = block[:, movers]
            self.row_of.update(zip(self.entity[holes].tolist(), holes.tolist(), strict=True))
            self.rowmap[self.entity[holes]] = holes
        self.entity_list = self.entity[:new_n].tolist()
        self.tapped_list = self.tapped[:new_n].tolist()
        self.n = new_n
        self.mark_changed()

    # ------------------------------------------------------------------ status (CR 110.5)

    def _taps_changed(self) -> None:
        """The tapped or sick column was written: a fresh ``tap_state``."""
        self.tap_seq += 1
        self.tap_state = self.tap_seq

    def tap(self, entity: int) -> bool:
        """Tap ``entity`` (701.26a); True if it was untapped, i.e. it *became* tapped (701.21a)."""
        row = self.row_of[entity]
        was = self.tapped_list[row]
        self.flat[_FLAGS][_TAPPED * self.capacity + row] = True  # (self.tapped[row], through the flat view)
        if not was:
            self.tapped_list[row] = True
        self._taps_changed()
        self.mark_changed(layers=self.taps_read, sba=False)  # the layers read it only for some effects (taps_read)
        return not was

    def untap(self, entity: int) -> bool:
        """Untap ``entity`` (701.26b); True if it was tapped, i.e. it *became* untapped (701.21b)."""
        row = self.row_of[entity]
        was = self.tapped_list[row]
        self.flat[_FLAGS][_TAPPED * self.capacity + row] = False  # (self.tapped[row], through the flat view)
        if was:
            self.tapped_list[row] = False
        self._taps_changed()
        self.mark_changed(layers=self.taps_read, sba=False)
        return was

    def tap_rows(self, rows: npt.ArrayLike) -> Int64Column:
        """Tap many rows at once; the rows that became tapped (they were untapped)."""
        rows = np.asarray(rows, dtype=np.int64)
        newly: Int64Column = rows[~self.tapped[rows]]
        self.tapped[rows] = True
        self.tapped_list = self.tapped[: self.n].tolist()
        self._taps_changed()
        self.mark_changed(layers=self.taps_read, sba=False)
        return newly

    def untap_mask(self, mask: BoolColumn) -> BoolColumn:
        """Untap the live rows selected by ``mask`` (502.3); the mask of those that became untapped."""
        n = self.n
        became = mask & self.tapped[:n]
        self.tapped[:n][mask] = False
        self.tapped_list = self.tapped[:n].tolist()
        self._taps_changed()
        self.mark_changed(layers=self.taps_read, sba=False)
        return became

    def untap_rows(self, rows: list[int]) -> list[int]:
        """:meth:`untap_mask` for a short list of live rows (a small board: a numpy call costs more than its rows
        read one by one); the rows that became untapped, in order."""
        cells, listed = self.flat[_FLAGS], self.tapped_list  # (the tapped column through its flat view)
        at = _TAPPED * self.capacity
        became = [row for row in rows if listed[row]]
        for row in became:
            cells[at + row] = False
            listed[row] = False
        self._taps_changed()
        self.mark_changed(layers=self.taps_read, sba=False)
        return became

    @contextmanager
    def assume_tapped(self, entity: int) -> Iterator[None]:
        """Look ahead as if ``entity`` were tapped (its {T} is part of a cost being checked, so it can't
        also tap for mana), then put it back. Nothing changes afterwards, so the version does not move."""
        row = self.row_of[entity]
        was = self.tapped_list[row]
        saved = self.tap_state
        self.tapped[row] = True
        self.tapped_list[row] = True
        self._taps_changed()  # (the look-ahead's own id)
        try:
            yield
        finally:
            row = self.row_of[entity]
            self.tapped[row] = was
            self.tapped_list[row] = was
            self.tap_state = saved  # the same contents as before: their id again

    def set_sick(self, entity: int, sick: bool = True) -> None:
        """302.6: whether ``entity`` has been under its controller's control since their latest turn began."""
        self.sick[self.row_of[entity]] = sick
        self._taps_changed()
        self.mark_changed(layers=False, sba=False)  # the layers write summoning sickness (302.6), never read it

    def clear_sick(self, mask: BoolColumn) -> None:
        """302.6: the active player has controlled these live rows continuously since their turn began."""
        self.sick[: self.n][mask] = False
        self._taps_changed()
        self.mark_changed(layers=False, sba=False)

    def clear_sick_rows(self, rows: list[int]) -> None:
        """:meth:`clear_sick` for a short list of live rows (as :meth:`untap_rows`)."""
        cells = self.flat[_FLAGS]  # (the sick column through its flat view)
        at = _SICK * self.capacity
        for row in rows:
            cells[at + row] = False
        self._taps_changed()
        self.mark_changed(layers=False, sba=False)

    # ------------------------------------------------------------------ damage and regeneration (CR 120, 701.15)

    def add_damage(self, entity: int, amount: int) -> None:
        """``amount`` damage marked on ``entity`` (120.3e)."""
        self.damage[self.row_of[entity]] += amount
        self.damage_marked = True
        self.mark_changed(layers=False)

    def mark_damage(self, rows: Int64Column, amounts: npt.ArrayLike) -> None:
        """Damage marked on creatures (120.3e); rows may repeat."""
        n = self.n
        self.damage[:n] += np.bincount(rows, weights=amounts, minlength=n).astype(np.int32)
        self.damage_marked = True
        self.mark_changed(layers=False)

    def mark_damage_at(self, rows: list[int], amounts: list[int]) -> None:
        """:meth:`mark_damage` of a few rows given as lists (rows may repeat): a write to each row, not a bincount over
        the whole column (systems/damage.deal_damage_lists)."""
        damage = self.damage
        for row, amount in zip(rows, amounts, strict=True):
            damage[row] += amount
        self.damage_marked = True
        self.mark_changed(layers=False)

    def mark_deathtouched(self, rows: Int64Column) -> None:
        """704.5h: these rows were dealt damage by a source with deathtouch since the last state check."""
        self.deathtouched[rows] = True
        self.damage_marked = True
        self.mark_changed(layers=False)

    def clear_deathtouched(self) -> None:
        """704.5h is checked: "dealt damage by a deathtouch source since the last check" starts again."""
        if self.n:
            if self.damage_marked:  # (not marked: no row is deathtouched)
                self.deathtouched[: self.n] = False
            self.version += 1

    def remove_all_damage(self) -> None:
        """514.2: damage wears off every permanent."""
        if self.damage_marked:  # (down: no row has damage marked or is deathtouched, nothing to clear or count)
            self.damage[: self.n] = 0
            self.damage_marked = bool(np.count_nonzero(self.deathtouched[: self.n]))
        # No state-based action can start to apply with less damage marked (704.5g, 704.5h read it only to destroy)
        self.mark_changed(layers=False, sba=False)

    def add_regen_shield(self, entity: int) -> None:
        """701.15a: "the next time it would be destroyed this turn, instead ..."."""
        self.regen_shields[self.row_of[entity]] += 1
        self.shielded = True
        self.version += 1

    def regenerate(self, entity: int) -> bool:
        """701.15a: use a shield: tap it, remove all damage from it. True if it became tapped (701.21a)."""
        row = self.row_of[entity]
        was = self.tapped_list[row]
        self.regen_shields[row] -= 1
        self.tapped[row] = True
        self.tapped_list[row] = True
        self._taps_changed()
        self.damage[row] = 0
        self.deathtouched[row] = False
        self.mark_changed()
        return not was

    def remove_all_regen_shields(self) -> None:
        """514.2: unused regeneration shields end with the turn."""
        if self.shielded:  # (down: no row has a shield, nothing to clear)
            self.regen_shields[: self.n] = 0
            self.shielded = False
        self.version += 1

    # ------------------------------------------------------------------ counters (CR 122)

    def set_counters(self, entity: int, column: str, count: int) -> None:
        """Keep the counter columns (``plus1``, ``minus1``, ``loyalty``) equal to the counters on ``entity``."""
        if column not in COUNTER_COLUMNS:
            raise KeyError(f"{column!r} is not a counter column ({', '.join(sorted(COUNTER_COLUMNS))})")
        row = self.row_of[entity]
        self.column(column)[row] = count
        self.counter_pt[row] = self.plus1[row] - self.minus1[row]  # what counters add in layer 7c
        self._mark_row_changed(entity)

    # ------------------------------------------------------------------ attachment (CR 301.5, 303.4)

    def attach(self, entity: int, target: int) -> None:
        """``entity`` (an Aura, Equipment or Fortification) becomes attached to ``target``."""
        self.attached_to[self.row_of[entity]] = target
        self.mark_changed()

    def detach(self, entity: int) -> None:
        """``entity`` becomes unattached (it stays on the battlefield; 704.5m-n may apply)."""
        self.attached_to[self.row_of[entity]] = -1
        self.mark_changed()

    # ------------------------------------------------------------------ copiable values (CR 707.2)

    def set_face(self, entity: int, **values: int) -> None:
        """``entity`` shows another face or card without leaving the battlefield (712, 702.103f): its
        copiable columns (:data:`FACE_COLUMNS`) take the given values."""
        wrong = values.keys() - FACE_COLUMNS
        if wrong:
            raise KeyError(f"set_face changes only copiable columns, not {', '.join(sorted(wrong))}")
        row = self.row_of[entity]
        for name, value in values.items():
            self.column(name)[row] = value
        self.mark_changed()

    # ------------------------------------------------------------------ copies

    # Pickled without the column attributes, which are views: the unpickled table binds them to its own blocks.
    _STATE = ("n", "capacity", "row_of", "rowmap", "version", "layers_version", "layers_dirty", "layers_rows",
              "sba_dirty", "sba_rows", "whole_passes", "sba_clean_passes", "damage_marked", "shielded", "taps_read",
              "combat_read", "tap_state", "tap_seq")

    def __getstate__(self) -> dict[str, Any]:
        state = {name: getattr(self, name) for name in self._STATE}
        state["blocks"] = self.blocks
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        state.setdefault("layers_rows", None)  # saved before it existed: a whole pass
        state.setdefault("tap_state", 0)  # (saved before they existed: caches start empty after loading)
        state.setdefault("tap_seq", 0)
        state.setdefault("damage_marked", True)  # (saved before it existed: look at the columns)
        state.setdefault("shielded", True)
        state.setdefault("sba_rows", None)  # (saved before these existed: the next state check looks at every row)
        state.setdefault("whole_passes", 0)
        state.setdefault("sba_clean_passes", -1)
        for name in self._STATE:
            setattr(self, name, state[name])
        self._lists = {}
        self.forget_lists()
        self._bind(state["blocks"])
        self.entity_list = self.entity[: self.n].tolist()
        self.tapped_list = self.tapped[: self.n].tolist()

    def __deepcopy__(self, memo: dict[int, Any]) -> PermanentTable:
        other = memo[id(self)] = self.copy()
        return other

    def copy(self) -> PermanentTable:
        return PermanentTable(source=self)

    def _copy_from(self, source: PermanentTable) -> None:
        """Make this new table a copy of ``source``, its own arrays and lists."""
        self.n = source.n
        self.capacity = source.capacity
        self.row_of = dict(source.row_of)
        self.rowmap = source.rowmap.copy()
        self.version = source.version
        self.layers_version = source.layers_version
        self.layers_dirty = source.layers_dirty
        self.layers_rows = None if source.layers_rows is None else list(source.layers_rows)
        self.sba_dirty = source.sba_dirty
        self.sba_rows = None if source.sba_rows is None else list(source.sba_rows)
        self.whole_passes = source.whole_passes
        self.sba_clean_passes = source.sba_clean_passes
        self.damage_marked = source.damage_marked
        self.shielded = source.shielded
        self.taps_read = source.taps_read
        self.combat_read = source.combat_read
        self.tap_state = source.tap_state
        self.tap_seq = source.tap_seq
        # (its own dict: the two tables' versions move on with different contents; none kept at another version)
        self._lists = dict(source._lists) if source._lists_version == source.layers_version else {}
        self._lists_version = source._lists_version
        self.entity_list = source.entity_list.copy()  # (its own: each table writes its lists in place)
        self.tapped_list = source.tapped_list.copy()
        self._bind([block.copy() for block in source.blocks])
