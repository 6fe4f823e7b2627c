"""Guarded state (issue 10): the permanent table changes only through its named operations.

The first tests read the source tree (``ast``) and fail on a write to a table column anywhere but
ecs/table.py and the layer system (systems/layers*.py, which recomputes the derived columns, CR 613).
The others check that each named operation moves the state version and raises the dirty flags it
documents.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ecs.table import _UNLAYERED, COLUMNS, PermanentTable

ROOT = Path(__file__).resolve().parents[2]
# The table's own lists of columns (ecs/table.py "Kept lists"): written only by its named operations, too.
KEPT_LISTS = ("entity_list", "tapped_list")
PACKAGES = ("components", "content", "ecs", "systems")


def _allowed(rel: str) -> bool:
    return rel == "ecs/table.py" or (rel.startswith("systems/layers") and rel.endswith(".py"))


def _column_of(node: ast.AST, aliases: dict[str, str]) -> str | None:
    """The table column ``node`` denotes: ``x.tapped``, ``x.view("tapped")``, ``x.column("tapped")``,
    ``getattr(x, "tapped")``, a slice of one of them, or a local name bound to one."""
    if isinstance(node, ast.Attribute) and (node.attr in COLUMNS or node.attr in KEPT_LISTS):
        return node.attr
    if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in ("view", "column") and node.args[0].value in COLUMNS:
            return str(node.args[0].value)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr":
        if len(node.args) >= 2:
            name = node.args[1]
            if isinstance(name, ast.Constant) and name.value in COLUMNS:
                return str(name.value)
            if not isinstance(name, ast.Constant):
                return "<getattr>"  # a computed column name: only the table may do that
    if isinstance(node, ast.Name):
        return aliases.get(node.id)
    if isinstance(node, ast.Subscript):
        return _column_of(node.value, aliases)
    return None


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        out: list[ast.expr] = []
        for t in node.targets:
            out.extend(t.elts if isinstance(t, ast.Tuple | ast.List) else [t])
        return out
    if isinstance(node, ast.AugAssign | ast.AnnAssign):
        return [node.target]
    return []


def column_writes(source: str) -> list[tuple[int, str]]:
    """(line, column) of each write to a permanent-table column in ``source``."""
    tree = ast.parse(source)
    found: list[tuple[int, str]] = []
    scopes = [n for n in ast.walk(tree) if isinstance(n, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef)]
    for scope in scopes:
        aliases: dict[str, str] = {}
        for node in ast.walk(scope):  # names bound to a column: ``tapped = t.tapped`` / ``t.view("tapped")``
            if isinstance(node, ast.Assign):
                column = _column_of(node.value, {})
                if column is not None:
                    for target in _targets(node):
                        if isinstance(target, ast.Name):
                            aliases[target.id] = column
        for node in ast.walk(scope):
            for target in _targets(node):
                if isinstance(target, ast.Subscript):
                    column = _column_of(target.value, aliases)
                    if column is not None:
                        found.append((target.lineno, column))
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            # ``t.set(entity, "tapped", True)``: the old generic setter, gone from the table
            if isinstance(func, ast.Attribute) and func.attr == "set" and len(node.args) >= 3:
                name = node.args[1]
                if isinstance(name, ast.Constant) and name.value in COLUMNS:
                    found.append((node.lineno, str(name.value)))
            # ``np.add.at(t.damage, ...)``, ``np.copyto(t.tapped, ...)``, ``t.tapped.fill(...)``
            if isinstance(func, ast.Attribute) and func.attr in ("at", "copyto", "put", "place", "putmask") and node.args:
                column = _column_of(node.args[0], aliases)
                if column is not None:
                    found.append((node.lineno, column))
            if isinstance(func, ast.Attribute) and func.attr in ("fill", "sort", "setfield", "itemset", "resize"):
                column = _column_of(func.value, aliases)
                if column is not None:
                    found.append((node.lineno, column))
            # ``t.tapped_list.append(...)``: the table's own lists are written by its named operations alone
            if isinstance(func, ast.Attribute) and func.attr in ("append", "extend", "pop", "insert", "remove", "clear",
                                                                 "reverse"):
                column = _column_of(func.value, aliases)
                if column in KEPT_LISTS:
                    found.append((node.lineno, column))
            for kw in node.keywords:  # ``np.add(a, b, out=t.damage)``
                if kw.arg == "out" and _column_of(kw.value, aliases) is not None:
                    found.append((node.lineno, str(_column_of(kw.value, aliases))))
            if isinstance(func, ast.Name) and func.id == "setattr" and len(node.args) >= 2:
                name = node.args[1]
                if isinstance(name, ast.Constant) and name.value in COLUMNS:
                    found.append((node.lineno, str(name.value)))
    return sorted(set(found))  # a function's writes are seen from the module scope too


def test_no_table_column_written_outside_the_table_and_the_layers() -> None:
    offenders = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if _allowed(rel):
                continue
            for line, column in column_writes(path.read_text(encoding="utf-8")):
                offenders.append(f"{rel}:{line} writes {column}")
    assert not offenders, "use a named operation of ecs/table.py instead:\n" + "\n".join(offenders)


@pytest.mark.parametrize(
    "source",
    [
        "def f(t):\n    t.tapped[0] = True\n",
        "def f(t, rows):\n    t.damage[rows] += 1\n",
        "def f(t):\n    t.view('sick')[:] = False\n",
        "def f(t):\n    col = t.view('plus1')\n    col[3] = 2\n",
        "def f(t):\n    tapped = t.tapped\n    tapped[:4] = False\n",
        "def f(t, name):\n    getattr(t, name)[0] = 1\n",
        "def f(t):\n    t.set(5, 'attached_to', 7)\n",
        "import numpy as np\ndef f(t, r):\n    np.add.at(t.damage, r, 1)\n",
        "def f(t):\n    t.regen_shields.fill(0)\n",
        "def f(t, a):\n    setattr(t, 'tapped', a)\n",
        "def f(t):\n    t.tapped_list[0] = True\n",
        "def f(t):\n    ents = t.entity_list\n    ents.append(3)\n",
    ],
)
def test_the_guard_sees_each_kind_of_write(source: str) -> None:
    assert column_writes(source), source


def test_the_guard_lets_reads_and_other_objects_be() -> None:
    source = (
        "def f(game, t, row):\n"
        "    x = t.tapped[row]\n"
        "    powers = t.view('power')[t.tapped[: t.n]]\n"
        "    game.pending = None\n"
        "    counts = {}\n"
        "    counts[row] = x\n"
        "    t.tap(row)\n"
    )
    assert column_writes(source) == []


# ---------------------------------------------------------------------------- the state version


def _table_with(*entities: int) -> PermanentTable:
    t = PermanentTable(capacity=2)
    for ent in entities:
        t.add(ent, base_power=2, base_toughness=2)
    t.layers_dirty = t.sba_dirty = False
    return t


def _moves(t: PermanentTable, *, layers: bool, sba: bool) -> None:
    """Check, after one operation, that the version moved and exactly the documented flags are raised."""
    assert t.layers_dirty is layers
    assert t.sba_dirty is sba


OPERATIONS = [
    # (name, operation, raises layers_dirty, raises sba_dirty)
    ("add", lambda t: t.add(9), True, True),
    ("enter", lambda t: t.enter(9, owner=0, controller=0, cls=0, base_power=0, base_toughness=0, base_types=0,
                                base_colors=0, base_supertypes=0, base_keywords=0, produces=0, tapped=False,
                                sick=True, timestamp=1, token=False), True, True),
    ("add_many", lambda t: t.add_many(np.array([9, 10], dtype=np.int64)), True, True),
    ("remove", lambda t: t.remove(1), True, True),
    ("remove_many", lambda t: t.remove_many(np.array([0, 2])), True, True),
    # tapped status dirties the layers only once some effect reads it (taps_read, systems/layers.state_reads)
    ("tap", lambda t: t.tap(1), False, False),
    ("untap", lambda t: t.untap(1), False, False),
    ("tap_rows", lambda t: t.tap_rows(np.array([0, 1])), False, False),
    ("untap_mask", lambda t: t.untap_mask(np.ones(t.n, dtype=bool)), False, False),
    ("tap, read", lambda t: (setattr(t, "taps_read", True), t.tap(1)), True, False),
    ("untap, read", lambda t: (setattr(t, "taps_read", True), t.untap(1)), True, False),
    ("tap_rows, read", lambda t: (setattr(t, "taps_read", True), t.tap_rows(np.array([0, 1]))), True, False),
    ("untap_mask, read", lambda t: (setattr(t, "taps_read", True), t.untap_mask(np.ones(t.n, dtype=bool))), True,
     False),
    ("set_sick", lambda t: t.set_sick(1), False, False),  # the layers write summoning sickness, never read it
    ("clear_sick", lambda t: t.clear_sick(np.ones(t.n, dtype=bool)), False, False),
    ("untap_rows", lambda t: t.untap_rows([0, 1]), False, False),
    ("untap_rows, read", lambda t: (setattr(t, "taps_read", True), t.untap_rows([0, 1])), True, False),
    ("clear_sick_rows", lambda t: t.clear_sick_rows([0, 1]), False, False),
    ("mark_damage", lambda t: t.mark_damage(np.array([0, 0]), np.array([1, 2])), False, True),
    ("mark_damage_at", lambda t: t.mark_damage_at([0, 0], [1, 2]), False, True),
    ("mark_deathtouched", lambda t: t.mark_deathtouched(np.array([1])), False, True),
    ("remove_all_damage", lambda t: t.remove_all_damage(), False, False),  # 704.5g: less damage kills nothing
    ("add_damage", lambda t: t.add_damage(1, 2), False, True),
    ("add_regen_shield", lambda t: t.add_regen_shield(2), False, False),
    ("regenerate", lambda t: (t.add_regen_shield(2), t.regenerate(2)), True, True),
    ("remove_all_regen_shields", lambda t: t.remove_all_regen_shields(), False, False),
    ("clear_deathtouched", lambda t: t.clear_deathtouched(), False, False),
    ("set_counters", lambda t: t.set_counters(1, "plus1", 2), True, True),
    ("attach", lambda t: t.attach(1, 2), True, True),
    ("detach", lambda t: t.detach(1), True, True),
    ("set_face", lambda t: t.set_face(1, base_power=5, base_toughness=5), True, True),
    ("mark_changed", lambda t: t.mark_changed(), True, True),
    ("mark_rows_changed", lambda t: t.mark_rows_changed([1, 2]), True, True),
    ("mark_players_changed", lambda t: t.mark_players_changed(), False, True),
]


@pytest.mark.parametrize(("name", "operation", "layers", "sba"), OPERATIONS, ids=[o[0] for o in OPERATIONS])
def test_each_named_operation_moves_the_state_version(name, operation, layers, sba) -> None:
    t = _table_with(1, 2, 3)
    before = t.version
    operation(t)
    assert t.version > before, f"{name} did not move the state version"
    _moves(t, layers=layers, sba=sba)


def test_every_public_mutating_operation_is_covered_above() -> None:
    """A new operation on the table must join OPERATIONS (so its version bump is tested)."""
    readers = {"get", "view", "column", "row_values", "rows_of", "copy", "assume_tapped", "live_list", "stale_lists",
               "forget_lists", "last_known"}
    public = {name for name in vars(PermanentTable) if not name.startswith("_") and callable(vars(PermanentTable)[name])}
    assert public - readers == {o[0].split(",")[0] for o in OPERATIONS}


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 1), st.integers(0, 2**31 - 1), st.integers(-5, 20),
                          st.integers(-5, 20), st.integers(0, 2**32 - 1), st.integers(0, 255), st.integers(0, 255),
                          st.integers(0, 2**64 - 1), st.integers(0, 255), st.booleans(), st.booleans(),
                          st.integers(0, 2**62), st.booleans()), min_size=1, max_size=6),
       st.integers(0, 5))
@settings(max_examples=60, deadline=None)
def test_enter_writes_the_row_add_writes(rows, removed) -> None:
    """``enter`` (a permanent entering: systems/zones.enter_battlefield) writes the row ``add`` would, also into a
    row left dirty by a removal (the rows past ``n`` are not zeroed)."""
    names = ("owner", "controller", "cls", "base_power", "base_toughness", "base_types", "base_colors",
             "base_supertypes", "base_keywords", "produces", "tapped", "sick", "timestamp", "token")
    added, entered = PermanentTable(capacity=2), PermanentTable(capacity=2)
    for i, values in enumerate(rows):
        kwargs = dict(zip(names, values, strict=True))
        added.add(100 + i, base_controller=kwargs["controller"], **kwargs)
        entered.enter(100 + i, **kwargs)
        if i == removed:  # a removal leaves the last row's old values past ``n``
            for t in (added, entered):
                t.set_counters(100 + i, "plus1", 3)
                t.attach(100 + i, 7)
                t.remove(100 + i)
    assert added.n == entered.n and added.row_of == entered.row_of
    for block, other in zip(added.blocks, entered.blocks, strict=True):
        assert np.array_equal(block[:, : added.n], other[:, : entered.n])
    assert np.array_equal(added.rowmap, entered.rowmap)
    assert added.layers_rows == entered.layers_rows and added.version == entered.version


@pytest.mark.parametrize(("name", "operation", "layers", "sba"), OPERATIONS, ids=[o[0] for o in OPERATIONS])
def test_each_named_operation_keeps_the_kept_lists_equal_to_the_columns(name, operation, layers, sba) -> None:
    """``entity_list``, ``tapped_list`` and the lists ``live_list`` kept before an operation are the columns after it
    (a list kept from before a change is not given out again), in a copy too. The lists of the layered columns given
    out before are not written (they may be kept); ``entity_list`` and ``tapped_list`` are written in place, so a
    copy has its own: the operation on one table leaves the other's lists as they were."""
    t = _table_with(1, 2, 3)
    t.tap(2)
    t.set_counters(3, "minus1", 1)
    layered = [column for column in COLUMNS if column not in _UNLAYERED]
    given = {column: t.live_list(column) for column in layered}
    before = {column: list(values) for column, values in given.items()}
    other = t.copy()  # (made before the operation: it must not see it)
    other_lists = (list(other.entity_list), list(other.tapped_list))
    operation(t)
    for table in (t, t.copy()):
        assert table.stale_lists() == [], name
        for column in [*layered, "entity", "tapped"]:
            assert table.live_list(column) == table.column(column)[: table.n].tolist(), (name, column)
        assert table.entity_list == table.entity[: table.n].tolist()
        assert table.tapped_list == table.tapped[: table.n].tolist()
    assert given == before
    assert (other.entity_list, other.tapped_list) == other_lists and other.stale_lists() == [], name
    # ... and the other way round: the same operation on the older copy leaves ``t``'s lists
    t_lists = (list(t.entity_list), list(t.tapped_list))
    operation(other)
    assert (t.entity_list, t.tapped_list) == t_lists and t.stale_lists() == [], name
    assert other.stale_lists() == [] and (other.entity_list, other.tapped_list) == t_lists, name


# The single-row operations that write ``entity_list`` or ``tapped_list``, on a table of 10^4 rows (rows 0..9999)
_ONE_ROW = [
    ("tap", lambda t: t.tap(17)),
    ("untap", lambda t: (t.tap(17), t.untap(17))),
    ("untap_rows", lambda t: (t.tap(17), t.untap_rows([16, 17]))),
    ("regenerate", lambda t: (t.add_regen_shield(17), t.regenerate(17))),
    ("assume_tapped", lambda t: t.assume_tapped(17).__enter__()),
    ("add", lambda t: t.add(20_000, tapped=True)),
    ("enter", lambda t: t.enter(20_000, owner=0, controller=0, cls=0, base_power=0, base_toughness=0, base_types=0,
                                base_colors=0, base_supertypes=0, base_keywords=0, produces=0, tapped=True,
                                sick=True, timestamp=1, token=False)),
    ("remove", lambda t: t.remove(17)),
    ("remove, last row", lambda t: t.remove(9_999)),
]


@pytest.mark.parametrize(("name", "operation"), _ONE_ROW, ids=[o[0] for o in _ONE_ROW])
def test_single_row_operations_write_the_lists_in_place(name, operation) -> None:
    """A tap, entry or exit on a large board writes the table's lists in place, not a new list of every row (O(1),
    not O(n): a board of thousands of permanents pays that per tap). Checked by identity, not timed."""
    t = PermanentTable()
    t.add_many(np.arange(10_000, dtype=np.int64))
    entities, tapped = t.entity_list, t.tapped_list
    operation(t)
    assert t.entity_list is entities and t.tapped_list is tapped, name
    assert t.stale_lists() == [], name


def test_live_list_refuses_the_columns_written_with_the_layers_clean() -> None:
    t = _table_with(1, 2)
    for column in _UNLAYERED - {"entity", "tapped"}:
        with pytest.raises(KeyError):
            t.live_list(column)


def test_assume_tapped_keeps_the_tapped_list_with_the_column() -> None:
    t = _table_with(1, 2)
    kept = list(t.live_list("tapped"))  # (a snapshot: the table writes its list in place)
    with t.assume_tapped(2):
        assert t.live_list("tapped") == [False, True] == t.tapped_list
    assert t.live_list("tapped") == [False, False] == kept and t.stale_lists() == []


def test_reading_does_not_move_the_version() -> None:
    t = _table_with(1, 2)
    before = t.version
    t.get(1, "tapped")
    t.view("power")
    t.row_values(2)
    t.rows_of(np.array([1, 2]))
    with t.assume_tapped(1):  # a look-ahead that is undone leaves no change behind
        assert t.get(1, "tapped")
    assert not t.get(1, "tapped")
    assert t.version == before


def test_set_counters_keeps_counter_pt_and_refuses_other_columns() -> None:
    t = _table_with(1)
    t.set_counters(1, "plus1", 3)
    t.set_counters(1, "minus1", 1)
    assert t.get(1, "counter_pt") == 2  # what counters add in layer 7c (613.4c)
    with pytest.raises(KeyError, match="not a counter column"):
        t.set_counters(1, "power", 3)


def test_set_face_changes_only_copiable_columns() -> None:
    t = _table_with(1)
    with pytest.raises(KeyError, match="tapped"):
        t.set_face(1, tapped=True)


def test_tap_says_whether_it_became_tapped_701_21a() -> None:
    t = _table_with(1)
    assert t.tap(1) is True
    assert t.tap(1) is False  # an already tapped permanent doesn't become tapped
    assert t.untap(1) is True
    assert t.untap(1) is False


def test_a_copy_keeps_the_version() -> None:
    t = _table_with(1)
    t.tap(1)
    other = t.copy()
    assert other.version == t.version
    other.untap(1)
    assert other.version > t.version and t.get(1, "tapped")


def _class_annotations(cls: type) -> dict[str, str]:
    """The annotations of ``cls``'s own body. (A class compiled by mypyc keeps none at run time: read from the source
    beside its module, which declares its attributes, ``__mypyc_attrs__``.)"""
    if "__mypyc_attrs__" not in vars(cls):
        return dict(cls.__annotations__)
    module = sys.modules[cls.__module__]
    source = Path(str(module.__file__)).with_name(cls.__module__.rsplit(".", 1)[-1] + ".py")
    body = next(node for node in ast.parse(source.read_text()).body
                if isinstance(node, ast.ClassDef) and node.name == cls.__name__).body
    declared = {node.target.id: ast.unparse(node.annotation) for node in body
                if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}
    assert set(declared) <= set(vars(cls)["__mypyc_attrs__"]), "an annotation the compiled class doesn't declare"
    return declared


def test_columns_are_declared_attributes() -> None:
    """Every column in COLUMNS is a declared, typed attribute of the table (no setattr-made columns)."""
    annotations = _class_annotations(PermanentTable)
    alias = {np.int8: "Int8Column", np.int32: "Int32Column", np.int64: "Int64Column", np.uint8: "UInt8Column",
             np.uint32: "UInt32Column", np.uint64: "UInt64Column", np.bool_: "BoolColumn"}
    for name, dtype in COLUMNS.items():
        assert annotations.get(name) == alias[dtype], name
        assert PermanentTable().column(name).dtype == np.dtype(dtype)


def test_rows_added_removed_or_given_counters_are_listed_for_the_layers() -> None:
    """``layers_rows``: the entities whose rows alone changed since the last layer pass (so that the pass may redo
    those rows only, systems/layers.update_rows); any other change to what the layers read makes it None."""
    t = _table_with(1, 2, 3)
    t.add(9)
    t.remove(2)
    t.set_counters(1, "plus1", 1)
    assert t.layers_dirty and t.layers_rows == [9, 2, 1]
    copied = t.copy()
    assert copied.layers_rows == [9, 2, 1] and copied.layers_rows is not t.layers_rows
    t.attach(1, 3)
    assert t.layers_dirty and t.layers_rows is None
    t.add(10)  # still a whole pass: the attachment changed too
    assert t.layers_rows is None
    t.layers_dirty = False  # a pass
    t.add(11)
    t.mark_rows_changed([3, 12])  # a locked-in 7c effect on them began (12 is not on the battlefield)
    assert t.layers_rows == [11, 3, 12]


WRITES_OF_TAPS = [
    ("tap", lambda t: t.tap(1)), ("untap", lambda t: (t.tap(1), t.untap(1))),
    ("tap_rows", lambda t: t.tap_rows(np.array([0, 1]))), ("untap_mask", lambda t: t.untap_mask(np.ones(t.n, dtype=bool))),
    ("set_sick", lambda t: t.set_sick(1)), ("clear_sick", lambda t: t.clear_sick(np.ones(t.n, dtype=bool))),
    ("regenerate", lambda t: (t.add_regen_shield(2), t.regenerate(2))),
    ("untap_rows", lambda t: (t.tap(1), t.untap_rows([0, 1]))), ("clear_sick_rows", lambda t: t.clear_sick_rows([0])),
]


@pytest.mark.parametrize(("name", "operation"), WRITES_OF_TAPS, ids=[w[0] for w in WRITES_OF_TAPS])
def test_605_3a_each_write_of_the_tapped_or_sick_column_gives_a_fresh_tap_state(name, operation) -> None:
    """CR 605.3a, 302.6: which mana abilities can be activated depends on the tapped and summoning-sick columns;
    ``tap_state`` names their contents (the mana units of systems/mana.py are kept under it): every write gives an id
    no earlier contents had."""
    t = _table_with(1, 2, 3)
    seen = {t.tap_state}
    with t.assume_tapped(3):
        seen.add(t.tap_state)
    operation(t)
    assert t.tap_state not in seen, f"{name} left the tapped state's id as it was"


def test_602_2b_assume_tapped_looks_ahead_under_its_own_id_and_restores_the_old_one() -> None:
    """CR 602.2b, 601.2g: a look-ahead with a source tapped (its {T} pays a cost) must not share an id with the real
    columns, and nothing has changed afterwards."""
    t = _table_with(1, 2)
    before = t.tap_state
    with t.assume_tapped(1):
        inside = t.tap_state
        assert inside != before and bool(t.tapped[t.row_of[1]])
    assert t.tap_state == before and not bool(t.tapped[t.row_of[1]])
    t.tap(2)
    assert t.tap_state not in (before, inside)  # a later real write never reuses the look-ahead's id


def test_a_players_mark_keeps_the_rows_the_state_check_may_look_at_alone() -> None:
    """mark_players_changed (life or poison from damage to players, triggers put on the stack) leaves ``sba_rows``:
    after a complete check it starts an empty list (no row changed), after row marks it keeps them, and after a mark
    of anything else it stays None (systems/state_based._quiet_rows)."""
    t = _table_with(1, 2, 3)
    t.sba_dirty = False  # a complete check
    t.mark_players_changed()
    assert t.sba_dirty and t.sba_rows == []
    t.add(11)
    t.mark_players_changed()
    assert t.sba_rows == [11]
    t.mark_changed(layers=False)
    t.mark_players_changed()
    assert t.sba_rows is None


def test_120_3_mark_damage_at_marks_what_mark_damage_marks() -> None:
    """The list form (a few rows, systems/damage.deal_damage_lists) leaves the column and the flags as the array form."""
    a, b = _table_with(1, 2, 3), _table_with(1, 2, 3)
    a.mark_damage(np.array([2, 0, 2]), np.array([1, 4, 3]))
    b.mark_damage_at([2, 0, 2], [1, 4, 3])
    assert a.damage[: a.n].tolist() == b.damage[: b.n].tolist() == [4, 0, 4]
    assert (a.damage_marked, a.sba_dirty, a.sba_rows, a.layers_dirty) == (b.damage_marked, b.sba_dirty, b.sba_rows,
                                                                          b.layers_dirty)


def test_502_3_untap_rows_untaps_and_clears_sickness_as_the_masks_do() -> None:
    """CR 502.3, 302.6: the untap step's small-board path (``untap_rows``, ``clear_sick_rows``) leaves the columns as
    ``untap_mask`` and ``clear_sick`` leave them, and answers the rows that became untapped, in order."""
    by_rows, by_mask = _table_with(1, 2, 3, 4), _table_with(1, 2, 3, 4)
    for t in (by_rows, by_mask):
        t.tap(1)
        t.tap(3)
        t.tap(4)
        t.set_sick(2)
        t.set_sick(3)
    mask = np.array([True, True, True, False])
    became = by_mask.untap_mask(mask)
    by_mask.clear_sick(mask)
    assert by_rows.untap_rows([0, 1, 2]) == np.flatnonzero(became).tolist() == [0, 2]
    by_rows.clear_sick_rows([0, 1, 2])
    n = by_rows.n
    assert by_rows.tapped[:n].tolist() == by_mask.tapped[:n].tolist() == [False, False, False, True]
    assert by_rows.sick[:n].tolist() == by_mask.sick[:n].tolist()


def test_get_reads_each_column_as_its_item() -> None:
    """``get`` (read through the blocks' flat views) gives ``column[row].item()`` for every column, also after the
    table grew and a removal moved the last row into the hole."""
    t = PermanentTable(capacity=2)
    for ent in (5, 6, 7):
        t.enter(ent, owner=1, controller=1, cls=3, base_power=-2, base_toughness=4, base_types=2**31 + ent,
                base_colors=9, base_supertypes=2, base_keywords=2**63 + ent, produces=33, tapped=ent == 7, sick=False,
                timestamp=2**40 + ent, token=True)
    t.set_counters(7, "plus1", 2)
    t.attach(7, 6)
    t.remove(5)  # row 0 now holds 7
    assert t.row_of[7] == 0 and t.capacity == 4
    for ent in (6, 7):
        for column in COLUMNS:
            assert t.get(ent, column) == t.column(column)[t.row_of[ent]].item(), (ent, column)


def test_a_copy_has_its_own_blocks() -> None:
    """A copy's columns and flat views are its own arrays: a write to one table leaves the other's as they were."""
    t = _table_with(1, 2)
    other = t.copy()
    for mine, theirs in zip(t.blocks, other.blocks, strict=True):
        assert np.array_equal(mine, theirs) and not np.shares_memory(mine, theirs)
    other.tap(1)
    other.remove(1)
    assert not t.get(1, "tapped") and t.entity[: t.n].tolist() == [1, 2] and other.entity[: other.n].tolist() == [2]


def test_701_15a_shielded_is_down_only_while_no_row_has_a_regeneration_shield() -> None:
    """``remove_all_regen_shields`` (514.2) skips the column while ``shielded`` is down: each way a row gets a shield
    raises it, and the end of the turn clears the column and lowers it."""
    t = _table_with(1, 2)
    assert not t.shielded
    t.add_regen_shield(2)
    assert t.shielded and t.copy().shielded and t.get(2, "regen_shields") == 1
    t.remove_all_regen_shields()
    assert not t.shielded and t.view("regen_shields").tolist() == [0, 0]
    t.add(3, regen_shields=1)  # a row put back as it was (phasing in, 702.26d)
    assert t.shielded
    t.remove_all_regen_shields()
    assert not t.shielded and t.view("regen_shields").tolist() == [0, 0, 0]


def test_608_2h_last_known_reads_the_row_as_the_columns_hold_it() -> None:
    """``last_known`` (what systems/zones.py keeps of a permanent leaving) is the row's controller, power, toughness,
    types, keywords, counters and attachment as the columns hold them, in a grown table after a removal."""
    t = PermanentTable(capacity=2)
    for ent in (1, 2, 3):  # (each column its own value: a position read wrong gives another)
        t.add(ent, controller=ent % 2, power=10 + ent, toughness=20 + ent, types=30 + ent, keywords=2**63 + ent)
    t.set_counters(3, "plus1", 2)
    t.set_counters(3, "minus1", 1)
    t.attach(3, 2)
    t.remove(1)  # row 0 now holds 3
    names = ("controller", "power", "toughness", "types", "keywords", "plus1", "minus1", "attached_to")
    for ent in (2, 3):
        row = t.row_of[ent]
        assert t.last_known(row) == tuple(t.column(name)[row].item() for name in names), ent
    assert t.last_known(0) == (1, 13, 23, 33, 2**63 + 3, 2, 1, 2)


def test_400_7_remove_moves_the_last_row_whole_into_the_hole() -> None:
    """A row leaving (a new object elsewhere, 400.7) takes the last row into its place with every column's value:
    each column given its own value per row, the moved row reads as it did."""
    t = PermanentTable(capacity=2)
    for ent in (1, 2, 3):
        t.add(ent, **{name: (ent * 31 + k) % 100 + 1 if dtype is not np.bool_ else (ent + k) % 2 == 0
                      for k, (name, dtype) in enumerate(COLUMNS.items()) if name != "entity"})
    before = {ent: t.row_values(ent) for ent in (1, 2, 3)}
    t.remove(1)
    assert t.row_of == {3: 0, 2: 1} and t.n == 2
    assert {ent: t.row_values(ent) for ent in (2, 3)} == {2: before[2], 3: before[3]}
    assert t.entity_list == [3, 2] and t.tapped_list == [before[3]["tapped"], before[2]["tapped"]]
