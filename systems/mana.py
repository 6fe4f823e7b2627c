"""Mana: pools, mana abilities of lands, and automatic cost payment (CR 106, 107.4, 601.2g-h, 605).

Costs are paid automatically: the engine activates the mana abilities of the paying player's
untapped lands (CR 601.2g) and spends pool mana first. Choosing which lands to tap is a search
over a handful of sources, so it is exact (a cost is payable iff some assignment exists).
"""

from __future__ import annotations

import functools
import os
from itertools import compress
from typing import TYPE_CHECKING, Final, TypeVar

import numpy as np

from components.abilities import ManaAbility
from components.characteristics import CardType, ManaCost, SymbolKind
from components.keywords import Keyword
from systems import static_rules  # (the module, not its names: static_rules imports this module too)
from systems.definition_memos import remember
from systems.mana_spending import SHIFT, add_to_pool, for_spending, pool_units, spend_from_pool

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from ecs.game import Game
    from ecs.table import PermanentTable

# Mana types as bits, in pool order: W U B R G and colourless C (CR 106.1b).
MANA_TYPES: Final = ("W", "U", "B", "R", "G", "C")
C_BIT: Final = 32
LAND: Final = int(CardType.LAND)
CREATURE: Final = int(CardType.CREATURE)
ANY_MANA: Final = 63
# A unit that pays only generic mana: a creature tapped for convoke (702.51a) or an artifact tapped for
# improvise (702.126a) rather than paying that mana (systems/mechanics/convoke.py). Generic pips accept it.
GENERIC_ONLY: Final = 64
GENERIC_PIP: Final = ANY_MANA | GENERIC_ONLY
CHOSEN_COLOR: Final = 128  # components.abilities.CHOSEN_COLOR: "one mana of the chosen color" (607.2d)
HASTE: Final = int(Keyword.HASTE)


# (module constants: on Python 3.11 an enum class look-up such as ``SymbolKind.GENERIC`` is slow; _pips runs per payment)
_GENERIC_KIND: Final = SymbolKind.GENERIC
_COLORED_KIND: Final = SymbolKind.COLORED
_COLORLESS_KIND: Final = SymbolKind.COLORLESS
_X_KIND: Final = SymbolKind.X
_HYBRID_KIND: Final = SymbolKind.HYBRID
_MONO_HYBRID_KIND: Final = SymbolKind.MONO_HYBRID
_COLORLESS_HYBRID_KIND: Final = SymbolKind.COLORLESS_HYBRID
_PHYREXIAN_KIND: Final = SymbolKind.PHYREXIAN
_HYBRID_PHYREXIAN_KIND: Final = SymbolKind.HYBRID_PHYREXIAN


def _pips(cost: ManaCost, x: int) -> list[list[int]] | None:
    """Per symbol, the alternatives: each alternative is a list of acceptable-mana masks.

    None if the cost has a symbol that automatic payment cannot handle (snow mana).
    """
    pips: list[int] = []  # one acceptable-mana mask per mana
    alts: list[list[list[int]]] = []  # per mono-hybrid symbol: its alternatives
    for sym in cost.symbols:
        kind = sym.kind
        if kind == _GENERIC_KIND:
            pips.extend([GENERIC_PIP] * sym.amount)
        elif kind == _COLORED_KIND:
            pips.append(int(sym.colors))
        elif kind == _COLORLESS_KIND:
            pips.append(C_BIT)
        elif kind == _X_KIND:
            pips.extend([GENERIC_PIP] * x)
        elif kind == _HYBRID_KIND:
            pips.append(int(sym.colors))
        elif kind == _MONO_HYBRID_KIND:
            alts.append([[int(sym.colors)], [GENERIC_PIP] * sym.amount])  # CR 107.4e
        elif kind == _COLORLESS_HYBRID_KIND:
            pips.append(C_BIT | int(sym.colors))  # {C/W}: one colourless or one white mana
        elif kind in (_PHYREXIAN_KIND, _HYBRID_PHYREXIAN_KIND):
            # CR 107.4f: may be paid with 2 life; automatic payment always uses mana, and a cost
            # that would need life instead is not offered (a documented limitation).
            pips.append(int(sym.colors) or C_BIT)  # {C/P} has no colour: colourless mana
        else:
            return None
    if not alts:
        return [pips]
    # Expand the (rare) mono-hybrid alternatives.
    results = [pips]
    for alt in alts:
        results = [r + a for r in results for a in alt]
    return results


BASIC_LAND_MANA: Final = {"Plains": 1, "Island": 2, "Swamp": 4, "Mountain": 8, "Forest": 16}


def land_mana(subtypes: frozenset[str]) -> int:
    """CR 305.6: the mana the intrinsic abilities of these basic land types can add, as bits."""
    out = 0
    for sub in subtypes:
        out |= BASIC_LAND_MANA.get(sub, 0)
    return out


class CacheChecks:
    """The switch ``on``: check every cached answer against a fresh computation (tests turn it on with
    ``monkeypatch.setattr(mana.CHECKS, "on", True)``; so does MTG_ECS_CHECK_CACHES=1 in the environment): a cache
    that can go stale is a rules bug. An attribute of a ``Final`` object rather than a module global: compiled, other
    modules read ``mana.CHECKS.on`` as a native attribute instead of a module attribute look-up (~260 instructions,
    read thousands of times a playout), and it stays switchable at run time in both builds."""

    def __init__(self, on: bool) -> None:
        self.on = on


CHECKS: Final = CacheChecks(os.environ.get("MTG_ECS_CHECK_CACHES", "") not in ("", "0"))


def mana_sources(game: Game, player: int) -> list[tuple[int, int]]:
    """(mask, entity) per mana unit available: pool mana first (entity -1), then untapped lands; an enchanted
    land's triggered mana abilities add units of that land (605.1b, systems/mana_triggers.py). Read the list only:
    it may be the one kept for the next ask (``game.mana_units_cache``: given out as it is, not copied at each of
    the ~350 asks of a playout); a caller that changes units makes a list of its own."""
    # (``_cached_mana_sources``'s kept answer read here first: asked at every priority stop, often twice)
    t = game.table
    cached = game.mana_units_cache.get(player)
    if cached is not None and not (t.n and t.layers_dirty) and cached[0] == t.layers_version \
            and cached[1] == t.tap_state and not game.static_rule_sources and not game.mana_trigger_sources:
        state = game.player_states[player]
        if cached[2] == state.mana_pool and not state.restricted_pool:
            if CHECKS.on:
                fresh = _mana_sources(game, player)
                assert fresh == cached[3], f"stale mana units for player {player}: {cached[3]} != {fresh}"
            return cached[3]
    if t.n and not t.layers_dirty and not game.static_rule_sources and not game.mana_trigger_sources:
        # (``_mana_sources``' common answer without its frames, when the player's units kept by ``_unit_template`` for
        # this layers version are there and no summoning sickness gates them: only the tapped column and the pool are
        # read, as there; kept by ``_cached_mana_sources`` likewise)
        entry = game.land_rows_cache.get(_KEPT)
        kept: _Kept | None = entry[0] if entry is not None else None
        state = game.player_states[player]
        # (read through a typed name: compiled, the loop below is then native, not generic iteration; at a new layers
        # version the templates are made here, as ``_mana_sources`` would make them, without its and
        # ``_cached_mana_sources``' frames and look-ups: ~47 versions a playout)
        template: _Template | None = kept.templates[player] \
            if kept is not None and kept.version == t.layers_version else _unit_template(game, player)
        if template is not None and template[1] is None and not state.restricted_pool:
            unit_rows, every = template[0], template[2]
            pool = state.mana_pool
            units: list[tuple[int, int]] = []
            if pool != _EMPTY_POOL:  # (a list comparison: compiled, any() is a generic call)
                for i, amount in enumerate(pool):
                    units.extend([(1 << i, -1)] * amount)
            if every:
                tapped = t.tapped_list
                # (a loop: no list comprehension frame; zip without strict=, which mypyc compiles into a native loop:
                # the template's two lists are made together, one row per unit)
                for unit, row in zip(every, unit_rows):  # noqa: B905
                    if not tapped[row]:
                        units.append(unit)
            if CHECKS.on:
                fresh = _mana_sources(game, player)
                assert fresh == units, f"mana units (template kept) for player {player}: {units} != {fresh}"
            game.mana_units_cache[player] = (t.layers_version, t.tap_state, list(pool), units, [])
            return units
    units = _cached_mana_sources(game, player)
    if game.mana_trigger_sources:
        from systems.mana_triggers import with_extra_units

        units = with_extra_units(game, player, units)
    return units


def ability_units(game: Game, player: int, source: int, exclude: tuple[int, ...] = ()) -> list[tuple[int, int]]:
    """The mana units that may pay an activated ability of ``source`` (602.2b); ``exclude``: permanents its other
    costs sacrifice, which can't also be sacrificed for mana (a Treasure, 601.2h)."""
    units = mana_sources(game, player)
    if exclude:
        units = [u for u in units if u[1] not in exclude]
    return for_spending(game, player, units, source=source)


def _cached_mana_sources(game: Game, player: int) -> list[tuple[int, int]]:
    """``_mana_sources``, asked at every priority stop, kept until the layers are dirtied, the tapped or summoning
    sickness column changes or the pool moves. Only a plain answer is kept: one read from the table's columns and the pool alone (no
    restricted pool, no static rules such as "can't be activated", no mana ability with a condition, an X, the
    chosen color or one granted by an effect: those read other state)."""
    state = game.player_states[player]
    t = game.table
    if t.n and t.layers_dirty:
        game.refresh_layers()  # (the version is read after the layers are current: ecs/table.py)
    # The rows and their characteristics change only with the layers dirtied (``layers_version``); the tapped column
    # and summoning sickness (302.6, for creatures' mana abilities) change without: ``tap_state`` names their contents
    # (a fresh id at every write, and inside table.assume_tapped's look-ahead). (``version`` also moves with damage,
    # zone changes elsewhere and life: the answer missed its cache at most stops.)
    cached = game.mana_units_cache.get(player)
    # (restricted pool mana and static rules are read too, outside the key: while either is there nothing kept is used)
    if cached is not None and cached[0] == t.layers_version and cached[1] == t.tap_state \
            and cached[2] == state.mana_pool and not (state.restricted_pool or game.static_rule_sources):
        if CHECKS.on:
            fresh = _mana_sources(game, player)
            assert fresh == cached[3], f"stale mana units for player {player}: {cached[3]} != {fresh}"
        return cached[3]
    plain = [True]
    units = _mana_sources(game, player, plain)
    if plain[0] and not state.restricted_pool and not game.static_rule_sources:
        game.mana_units_cache[player] = (t.layers_version, t.tap_state, list(state.mana_pool), units, [])
    return units


def _mana_sources(game: Game, player: int, plain: list[bool] | None = None, *, scan: bool = False
                  ) -> list[tuple[int, int]]:
    """(mask, entity) per mana unit available: pool mana first (entity -1), then untapped lands. ``plain[0]`` is
    cleared if the answer read more than the table's columns and the pool (see _cached_mana_sources). ``scan``: read
    the whole table even where the units kept by ``_unit_template`` would do (MTG_ECS_CHECK_CACHES compares the two)."""
    units: list[tuple[int, int]] = []
    pool = game.player_states[player].mana_pool
    if pool != _EMPTY_POOL:  # (most stops: an empty pool)
        for i, amount in enumerate(pool):
            units.extend([(1 << i, -1)] * amount)
    if game.player_states[player].restricted_pool:
        units.extend(pool_units(game, player))  # 106.6: spendable only where its restriction allows
    t = game.table
    if t.n:
        if t.layers_dirty:  # (tested here: most calls find the layers current, and the call's frame costs more)
            game.refresh_layers()
        if not scan:
            found = _unit_template(game, player)
            if found is not None:  # the common case: only the tapped and sick columns are read now
                unit_rows, gated, every = found
                banned = None
                if game.static_rule_sources:
                    banned = static_rules.activation_banned(game)  # 602.5, 605.3a: mana abilities that can't be activated
                if every and gated is None and banned is None:
                    # (the rows as a list, the tapped column read as one: cheaper than numpy's row selection here)
                    tapped = t.tapped_list
                    for unit, row in zip(every, unit_rows):  # noqa: B905 - (as in mana_sources: a native loop compiled)
                        if not tapped[row]:
                            units.append(unit)
                elif every:
                    rows = np.array(unit_rows, dtype=np.int64)
                    keep = ~t.tapped[rows]
                    if gated is not None:  # 302.6: a creature's mana ability, without haste
                        keep &= ~(t.sick[rows] & gated)
                    if banned is not None:
                        keep &= ~banned[rows]
                    units.extend(compress(every, keep.tolist()))
                if CHECKS.on:
                    scanned = _mana_sources(game, player, scan=True)
                    assert units == scanned, f"stale mana units (rows kept) for player {player}: {units} != {scanned}"
                return units
        n = t.n
        mask = (t.controller[:n] == player) & ~t.tapped[:n] & ((t.types[:n] & LAND) != 0)
        if game.static_rule_sources:
            banned = static_rules.activation_banned(game)  # 602.5, 605.3a: mana abilities that can't be activated
            if banned is not None:
                mask &= ~banned
        if game.mana_ability_sources:
            units.extend(_mana_ability_units(game, player, mask, plain))  # '{T}: Add ...' of any permanent
        creature = (t.types[:n] & CREATURE) != 0
        if np.count_nonzero(creature & mask):  # (np.count_nonzero: a cheaper .any())
            # CR 302.6: a land creature ({T}: Add ...) must have been under its controller's control since
            # their most recent turn began, unless it has haste.
            mask &= ~(creature & t.sick[:n] & ((t.keywords[:n] & np.uint64(Keyword.HASTE)) == 0))
        override = game.subtypes_override
        if not override and not np.count_nonzero(mask & t.no_abilities[:n]):
            # The common case: printed mana abilities, read from the table column in one go (rows in order).
            produces = t.produces[:n]
            keep = mask & (produces != 0)
            units.extend(zip(produces[keep].tolist(), t.entity[:n][keep].tolist(), strict=True))
            return units
        rows = mask.nonzero()[0]  # (1-D: as np.flatnonzero, without its wrapper's overhead)
        if not len(rows):
            return units
        for ent, lost, printed in zip(t.entity[rows].tolist(), t.no_abilities[rows].tolist(),
                                      t.produces[rows].tolist(), strict=True):
            if lost:
                continue  # CR 613.1f: no abilities, no mana ability (305.6's intrinsic one included)
            # CR 305.7: a land's current basic land types give its intrinsic mana abilities.
            made = land_mana(override[ent]) if ent in override else printed
            if made:
                units.append((made, ent))
    return units


_Template = tuple[list[int], "np.ndarray | None", list[tuple[int, int]]]


def units_by_rows(game: Game, player: int) -> bool:
    """Are ``player``'s permanent mana units found from ``_unit_template`` (each unit there iff its own row is
    untapped and, if gated, not sick): no mana ability of theirs reads more than the table?"""
    t = game.table
    if not t.n:
        return False
    if t.layers_dirty:
        game.refresh_layers()
    return _unit_template(game, player) is not None


def _unit_template(game: Game, player: int) -> _Template | None:
    """``_mana_sources``'s permanent units of ``player`` as if none were tapped or summoning sick, in its order (the
    '{T}: Add ...' abilities of ``game.mana_ability_sources`` by entity, then the other lands by row), with each
    unit's row and, where summoning sickness matters (302.6: a creature without haste), True in ``gated``. A unit is
    there now iff its row is untapped and, if gated, not sick: those are the only columns the scan reads that change
    without the layers. None if a mana ability reads more than the table (a condition, X, the chosen color or a
    granted ability: see _cached_mana_sources): the scan answers then. Kept per ``table.layers_version``: the rows,
    their characteristics, the abilities granted and the subtypes set by effects change only with it. Every
    player's is made at once (both are asked at most layers versions), from the last ones where no whole layer pass
    came between (``_templates_since``: most versions move with a permanent entering or leaving, or counters).
    (Static rules are not read: a row whose abilities can't be activated, 602.5, is a third gate, read at each ask.)"""
    t = game.table
    entry = game.land_rows_cache.get(_KEPT)
    kept: _Kept | None = entry[0] if entry is not None else None
    if kept is not None and kept.version == t.layers_version:
        return kept.templates[player]
    found = _templates_since(game, kept.basis) if kept is not None else None
    if found is None:
        found = _fresh_templates(game, None if kept is None else kept.basis)
    elif CHECKS.on:
        fresh = _fresh_templates(game, None)
        assert found[1][1] == fresh[1][1], f"the rows' facts carried {found[1][1]} != the columns' {fresh[1][1]}"
        assert _same_templates(found[0], fresh[0]), f"carried mana templates {found[0]} != {fresh[0]}"
    if kept is None:
        game.land_rows_cache[_KEPT] = (_Kept(t.layers_version, found[0], found[1]),)
    else:  # (the one object written in place: no dict entries made and dropped per layers version)
        kept.version = t.layers_version
        kept.templates = found[0]
        kept.basis = found[1]
    return found[0][player]


class _Kept:
    """The unit templates of every player (by player) at layers version ``version``, and what they were made from
    (``basis``, for ``_templates_since``): ``game.land_rows_cache``'s one entry, under ``_KEPT``, written in place
    at each new version (a copy of a game starts its caches empty: never shared)."""

    def __init__(self, version: int, templates: list[_Template | None], basis: _Basis) -> None:
        self.version = version
        self.templates = templates
        self.basis = basis

    def __reduce__(self) -> tuple[type[_Kept], tuple[int, list[_Template | None], _Basis]]:
        # (compiled, the default pickle would call __init__ without its arguments: a pickled game keeps its caches)
        return _Kept, (self.version, self.templates, self.basis)


# ``land_rows_cache``'s key of the ``_Kept`` templates
_KEPT: Final = (-1, -1)
# What the templates read of each row: its entity, types, no_abilities, controller and produces (lists, by row)
_Rows = tuple[list[int], list[int], list[bool], list[int], list[int]]
# (the table's ``whole_passes`` then, the rows' facts, the mana ability sources with (entity, granted, card) of each
# with a row, a copy of subtypes_override, the templates made)
_Basis = tuple[int, _Rows, frozenset[int], tuple[tuple[int, bool, object], ...], dict[int, frozenset[str]],
               list["_Template | None"]]
_NEW_ROWS_READ: Final = 4  # more rows entered than this since the last templates: the columns are read whole
_T = TypeVar("_T")


def _same_templates(a: list[_Template | None], b: list[_Template | None]) -> bool:
    """(MTG_ECS_CHECK_CACHES) Are the players' templates equal, their ``gated`` arrays compared by value?"""
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):  # noqa: B905 - (the lengths compared above)
        if x is None or y is None:
            if x is not y:
                return False
        elif x[0] != y[0] or x[2] != y[2] or (x[1] is None) != (y[1] is None) \
                or (x[1] is not None and y[1] is not None and x[1].tolist() != y[1].tolist()):
            return False
    return True


def _sources_facts(game: Game) -> tuple[tuple[int, bool, object], ...]:
    """What ``_fresh_templates`` reads of each mana ability source with a row: its entity, whether it has granted
    abilities and its card definition (its mana abilities)."""
    if not game.mana_ability_sources:
        return ()
    granted, row_of = game.grants.granted, game.table.row_of
    return tuple((ent, ent in granted, game.card(ent)) for ent in sorted(game.mana_ability_sources) if ent in row_of)


def _templates_since(game: Game, basis: _Basis) -> tuple[list[_Template | None], _Basis] | None:
    """The templates of ``basis`` (made at an older layers version) brought up to the table now, where no whole
    layer pass came since (the table's ``whole_passes``): the layers then recomputed only the rows that entered or
    got counters (a locked-in 7c effect likewise: ``update_rows``, as a whole pass would compute them; anything else
    marked changed takes a whole pass, ecs/table.py), so every permanent still on the battlefield has the types,
    abilities lost, controller, keywords and printed mana it had (counters change power and toughness, 613.4c), and
    only the rows that entered are read. Rows entered (``_templates_added``), or one row left and perhaps others
    entered (``_templates_moved``): most layers versions. The mana ability sources, their granted abilities and cards
    and the subtypes set by effects are compared, and no new row may be a source (its units go first, by entity).
    None where that is not so: ``_fresh_templates`` answers. (MTG_ECS_CHECK_CACHES compares both the rows' facts and
    the templates with those read from the columns.)"""
    t = game.table
    passes, rows, sources, facts, override, old = basis
    if passes != t.whole_passes or game.mana_ability_sources != sources or game.subtypes_override != override:
        return None
    if sources and _sources_facts(game) != facts:
        return None  # (a source left, or its granted abilities or its card changed)
    was = rows[0]
    entities = t.entity_list
    n, m = t.n, len(was)
    if n == m and entities == was:
        return old, basis  # the same rows: counters or a locked-in 7c effect (power and toughness alone)
    if n > m and entities[:m] == was:
        return _templates_added(game, basis)
    if n >= m - 1 and m >= 2:
        return _templates_moved(game, basis)
    return None  # (several rows left)


def _new_row(t: PermanentTable, row: int, kinds: list[int], lost: list[bool], controllers: list[int],
             printed: list[int]) -> None:
    """The facts of a row that entered, read from the columns (scalars: a row or two), onto the lists."""
    kinds.append(int(t.types.item(row)))
    lost.append(bool(t.no_abilities.item(row)))
    controllers.append(int(t.controller.item(row)))
    printed.append(int(t.produces.item(row)))


def _gated(t: PermanentTable, kinds: list[int], unit_rows: list[int]) -> np.ndarray:
    """302.6: per unit, is its row a creature without haste (a bool array, as the scan's row selection reads it)?"""
    return np.array([bool(kinds[r] & CREATURE) and not int(t.keywords.item(r)) & HASTE for r in unit_rows],
                    dtype=bool)


def _templates_added(game: Game, basis: _Basis) -> tuple[list[_Template | None], _Basis] | None:
    """``_templates_since`` where rows were only added after the rows of ``basis`` (the same, in place): the old
    units stay, in order, and the new rows' lands (``_templates``' second loop, by row after the old) are appended."""
    t = game.table
    passes, rows, sources, facts, override, old = basis
    was, kinds_was, lost_was, controllers_was, printed_was = rows
    n, m = t.n, len(was)
    if n - m > _NEW_ROWS_READ:
        return None
    entities = t.entity_list.copy()  # (kept: the table writes its own list in place)
    if sources and not sources.isdisjoint(entities[m:]):
        return None  # (its units go first, by entity)
    kinds: list[int] = []
    lost: list[bool] = []
    controllers: list[int] = []
    printed: list[int] = []
    added: dict[int, tuple[list[int], list[tuple[int, int]]]] = {}
    for row in range(m, n):
        _new_row(t, row, kinds, lost, controllers, printed)
        types = kinds[-1]
        if not types & LAND or lost[-1]:
            continue  # (CR 613.1f: no abilities, no mana ability, 305.6's intrinsic one included)
        player, ent = controllers[-1], entities[row]
        # CR 305.7: a land's current basic land types give its intrinsic mana abilities.
        mana = land_mana(override[ent]) if override and ent in override else printed[-1]
        if mana and old[player] is not None:
            rows_units = added.get(player)
            if rows_units is None:
                rows_units = added[player] = ([], [])
            rows_units[0].append(row)
            rows_units[1].append((mana, ent))
    now = (entities, kinds_was + kinds, lost_was + lost, controllers_was + controllers, printed_was + printed)
    out = old
    if added:
        out = list(old)
        for player, more in added.items():
            template = old[player]
            if template is None:
                continue
            unit_rows, gated, units = template
            unit_rows, units = unit_rows + more[0], units + more[1]
            if gated is not None or any(kinds[r - m] & CREATURE for r in more[0]):
                gated = _gated(t, now[1], unit_rows)  # (the old rows' keep their keywords: a new array all the same)
            out[player] = (unit_rows, gated, units)
    return out, (passes, now, sources, facts, override, out)


def _filled(values: list[_T], hole: int) -> list[_T]:
    """A column's rows after row ``hole`` left: the last row moved into it (table.remove), or gone if it was the
    last (slices and one write: no loop per row)."""
    last = len(values) - 1
    out = values[:last]
    if hole < last:
        out[hole] = values[last]
    return out


def _templates_moved(game: Game, basis: _Basis) -> tuple[list[_Template | None], _Basis] | None:
    """``_templates_since`` where one row left (the last row moved into its hole, or it was the last) and perhaps
    others entered after: the old facts with that row moved (``_filled``), then rows added as ``_templates_added``
    adds them. Where neither the row that left nor the one moved is a land or a mana ability source, no unit's row
    moved and the old templates stay; else they are made again from the facts (``_templates``). None for another
    change (two rows left): ``_fresh_templates`` answers."""
    t = game.table
    passes, rows, sources, facts, override, old = basis
    was = rows[0]
    entities = t.entity_list
    last = len(was) - 1
    moved = was[last]
    if entities[:last] == was[:last]:
        hole = last  # the last row left
    elif moved in entities:
        hole = entities.index(moved)
        if hole >= last or entities[:last] != _filled(was, hole):
            return None
    else:
        return None
    now = (_filled(was, hole), _filled(rows[1], hole), _filled(rows[2], hole), _filled(rows[3], hole),
           _filled(rows[4], hole))
    kinds, lost = rows[1], rows[2]
    if (kinds[hole] & LAND and not lost[hole]) or (kinds[last] & LAND and not lost[last]) \
            or (sources and (was[hole] in sources or moved in sources)):
        templates = _templates(game, now)
    else:
        templates = old  # (no unit's row left or moved; a land without its abilities makes none, 613.1f)
    filled = (passes, now, sources, facts, override, templates)
    if t.n > last:
        return _templates_added(game, filled)  # (rows entered after it left)
    return templates, filled


def _fresh_templates(game: Game, basis: _Basis | None) -> tuple[list[_Template | None], _Basis]:
    """``_unit_template`` of each player, from the table's columns, and what they were made from. After a whole
    layer pass, the last templates (``basis``) are carried as ``_templates_since`` carries them where none came, if
    the rows' facts so carried are the columns' now (a pass that changed none of them, as a pump spell's or an
    anthem's: power and toughness), their ``gated`` arrays read again (keywords: haste may have been granted)."""
    t = game.table
    n = t.n
    # (whole columns as lists, read once: cheaper than numpy's scalar and row reads for a table this size)
    now = (t.entity_list.copy(), t.live_list("types"), t.no_abilities[:n].tolist(), t.live_list("controller"),
           t.produces[:n].tolist())
    if basis is not None and basis[0] != t.whole_passes:
        passes, rows, sources, facts, override, old = basis
        carried = _templates_since(game, (t.whole_passes, rows, sources, facts, override, old))
        if carried is not None and carried[1][1] == now:
            templates = _regated(t, now[1], carried[0])
            if CHECKS.on:
                fresh = _templates(game, now)
                assert _same_templates(templates, fresh), f"mana templates kept over a pass {templates} != {fresh}"
            _, _, sources, facts, override, _ = carried[1]
            return templates, (t.whole_passes, now, sources, facts, override, templates)
    templates = _templates(game, now)
    # (the sources read after ``_templates``: it drops those without a row)
    return templates, (t.whole_passes, now, frozenset(game.mana_ability_sources), _sources_facts(game),
                       dict(game.subtypes_override), templates)


def _regated(t: PermanentTable, kinds: list[int], templates: list[_Template | None]) -> list[_Template | None]:
    """``templates`` with each ``gated`` array read again from the keywords (302.6: haste), the rest as they are."""
    out = templates
    for player, template in enumerate(templates):
        if template is not None and template[1] is not None:
            if out is templates:
                out = list(templates)
            out[player] = (template[0], _gated(t, kinds, template[0]), template[2])
    return out


def _templates(game: Game, now: _Rows) -> list[_Template | None]:
    """``_unit_template`` of each player, made from the rows' facts ``now`` (the same tests as ``_mana_sources``'s scan
    and ``_mana_ability_units``, less the tapped and sick columns)."""
    t = game.table
    entities, kinds, lost_abilities, controllers, printed_mana = now
    players = len(game.players)
    # (per player, lists indexed by the player: native compiled, where a dict boxes its key)
    made: list[list[tuple[int, int]]] = []
    rows: list[list[int]] = []
    for _ in range(players):  # (a loop: two comprehensions cost twice as much)
        made.append([])
        rows.append([])
    creatures = [False] * players  # a unit of a creature (302.6: summoning sickness may matter)
    failed = [False] * players  # a mana ability that reads more than the table
    listed: set[int] = set()  # lands whose units the mana abilities list (their basic-land-type mana merged in)
    override = game.subtypes_override
    if game.mana_ability_sources:
        granted = game.grants.granted
        row_of = t.row_of
        for ent in sorted(game.mana_ability_sources):
            row = row_of.get(ent)
            if row is None:
                game.mana_ability_sources.discard(ent)  # (as the scan does)
                continue
            player = controllers[row]
            if ent in granted:
                failed[player] = True  # its units read the granted abilities (113.1b)
                continue
            if lost_abilities[row]:
                continue  # CR 613.1f
            card = game.card(ent)
            known = _PLAIN_UNITS.get(id(card))
            produced = known[1] if known is not None and known[0] is card else _plain_units(card)
            if produced is None:
                failed[player] = True  # its units read more than the table
                continue
            types = kinds[row]
            if types & LAND:
                listed.add(row)  # (as _mana_ability_units)
                basic = land_mana(override[ent]) if ent in override else card.produces
                if basic and len(produced) == 1:
                    produced = (produced[0] | basic,)
                elif basic:
                    produced = (basic,)
            if produced:
                if types & CREATURE:
                    creatures[player] = True
                made[player].extend([(m, ent) for m in produced])
                rows[player].extend([row] * len(produced))
    for row, types in enumerate(kinds):
        if not types & LAND or lost_abilities[row] or (listed and row in listed):
            continue  # (CR 613.1f: no abilities, no mana ability, 305.6's intrinsic one included)
        player, ent = controllers[row], entities[row]
        # CR 305.7: a land's current basic land types give its intrinsic mana abilities.
        mana = land_mana(override[ent]) if override and ent in override else printed_mana[row]
        if mana:
            made[player].append((mana, ent))
            rows[player].append(row)
            if types & CREATURE:
                creatures[player] = True
    out: list[_Template | None] = []
    for player in range(players):
        if failed[player]:
            out.append(None)
            continue
        unit_rows = rows[player]
        # 302.6: a creature without haste (a bool array, as the scan's row selection reads it)
        out.append((unit_rows, _gated(t, kinds, unit_rows) if creatures[player] else None, made[player]))
    return out


def mana_ability_units(card: object, game: Game | None = None, ent: int = -1) -> tuple[int, ...]:
    """The mana one activation of a card's '{T}: Add ...' abilities makes (components.abilities.ManaAbility):
    one mask per mana. Several one-mana abilities are alternatives of one activation (605.3a: tapping
    pays for one of them), so their masks merge."""
    abilities = [a for a in card.abilities if isinstance(a, ManaAbility)]  # type: ignore[attr-defined]
    if game is not None and any(a.condition is not None for a in abilities):
        from systems.triggers import check_condition

        # "Activate only if you control a Swamp or a Mountain." (602.5b): only while the condition holds
        controller = int(game.table.get(ent, "controller"))
        abilities = [a for a in abilities if check_condition(game, a.condition, controller, ent)]
    if not abilities:
        return ()
    keep = [a for a in abilities if not a.sacrifice_self]
    # A permanent with both kinds pays with the one that keeps it; only a permanent whose mana abilities
    # all sacrifice it (a Treasure) pays by being sacrificed.
    abilities = keep or abilities
    if len(abilities) == 1 and abilities[0].dynamic is not None:
        if game is None:
            return ()
        return _restricted(abilities[0]) * _x_of(game, abilities[0], ent)  # "Add X mana ..." (107.3a)
    if any(a.dynamic is not None for a in abilities):
        return ()  # (an X-mana ability among others: not offered by the automatic payment)
    if len(abilities) == 1:
        return _restricted(abilities[0])
    mask = 0
    for a in abilities:
        mask |= _restricted(a)[0]
    return (mask,)


_PLAIN_UNITS: Final[dict[int, tuple[object, tuple[int, ...] | None]]] = {}  # id(card) -> (card, _plain_units(card))


def _plain_units(card: object) -> tuple[int, ...] | None:
    """``mana_ability_units`` of a card whose mana abilities read nothing but the card (``_reads_state``: no condition,
    X or chosen color; then the game and the entity change nothing), else None; kept per card definition (its
    abilities don't change; the card is kept with the answer, so its id stays its own)."""
    return remember(_PLAIN_UNITS, card, None if _reads_state(card) else mana_ability_units(card))


def _reads_state(card: object) -> bool:
    """Do this card's mana abilities read state beyond the permanent table: a condition (602.5b), an amount X
    (107.3a) or the chosen color (607.2d)?"""
    return any(isinstance(a, ManaAbility) and (a.condition is not None or a.dynamic is not None
                                               or any(m & CHOSEN_COLOR for m in a.produces))
               for a in card.abilities)  # type: ignore[attr-defined]


def _x_of(game: Game, a: object, ent: int) -> int:
    """X of "Add X mana of any one color, where X is ~'s power", as the ability would be activated now."""
    from systems.effects import EffectContext
    from systems.oracle_effects import count_value

    controller = int(game.table.get(ent, "controller"))
    ctx = EffectContext(-1, game.name(ent), 0, controller, ent, (), ())
    return max(0, count_value(game, a.dynamic, controller, ctx))  # type: ignore[attr-defined]


def _restricted(a: object) -> tuple[int, ...]:
    """A mana ability's units; mana it makes under a spending restriction (106.6) in the bits above
    systems/mana_spending.SHIFT."""
    if a.restriction is None:  # type: ignore[attr-defined]
        return a.produces  # type: ignore[attr-defined]
    return tuple(((m & 63) << SHIFT) | (m & ~63) for m in a.produces)  # type: ignore[attr-defined]


def _mana_ability_units(game: Game, player: int, land_mask: np.ndarray,
                        plain: list[bool] | None = None) -> list[tuple[int, int]]:
    """Units from the mana abilities of untapped permanents (content/oracle ManaAbility). A land's
    basic-land-type mana (305.6) merges into its units; a creature needs to have been controlled
    since its controller's turn began, or haste (302.6)."""
    t = game.table
    out: list[tuple[int, int]] = []
    for ent in sorted(game.mana_ability_sources):
        row = t.row_of.get(ent)
        if row is None:
            game.mana_ability_sources.discard(ent)
            continue
        if int(t.controller[row]) != player or t.tapped_list[row] or (t.no_abilities[row]
                                                                   and ent not in game.grants.granted):
            continue
        if game.static_rule_sources:
            banned = static_rules.activation_banned(game)
            if banned is not None and banned[row]:
                continue  # CR 602.5: its activated abilities can't be activated (605.3a)
        types = int(t.types[row])
        if t.sick[row] and types & int(CardType.CREATURE) and not int(t.keywords[row]) & int(Keyword.HASTE):
            continue
        card = game.grants.granted.get(ent) or game.card(ent)  # granted in quotes too (113.1b)
        if plain is not None and plain[0] and (ent in game.grants.granted or _reads_state(card)):
            plain[0] = False  # its units depend on more than the table (see _cached_mana_sources)
        produced = mana_ability_units(card, game, ent)
        if produced and any(m & CHOSEN_COLOR for m in produced):
            # "{T}: Add one mana of the chosen color." (607.2d): the color chosen as it entered, if any.
            chosen = game.chosen_color.get(ent, 0)
            produced = tuple(u for u in ((m & ~CHOSEN_COLOR) | chosen for m in produced) if u)
            if not produced:
                continue
        if types & LAND:
            land_mask[row] = False  # listed here, its basic-land-type mana merged in
            override = game.subtypes_override
            if ent in game.grants.granted:
                from systems.layers import subtypes_of

                basic = land_mana(subtypes_of(game, ent))  # 305.7: types set in a class-wide layer pass too
            else:
                basic = land_mana(override[ent]) if ent in override else card.produces
            if basic and len(produced) == 1:
                produced = (produced[0] | basic,)
            elif basic:
                out.append((basic, ent))  # tapping it for its intrinsic mana instead is one more unit option
                continue
        out.extend((m, ent) for m in produced)
    return out


_ASSIGNED: Final[dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...] | None]] = {}
_ASSIGNED_MAX = 50_000  # entries kept before the memo starts afresh (it only saves time)


def _assign(pips: list[int], units: list[tuple[int, int]]) -> list[int] | None:
    """Indices into ``units`` paying each pip, or None. Most restrictive pips first.

    A pure function of the pips and the units' masks in order (the entities play no part), so memoised:
    priority stops ask the same question again and again."""
    if len(pips) > len(units):
        return None
    hit = _assigned(tuple(pips), tuple([mask for mask, _ent in units]), units)
    return None if hit is None else list(hit)


def _assigned(pips: tuple[int, ...], masks: tuple[int, ...], units: list[tuple[int, int]]
              ) -> tuple[int, ...] | None:
    """``_assign`` for pips and the units' masks already made tuples (at least as many units as pips)."""
    key = (pips, masks)
    if key in _ASSIGNED:
        return _ASSIGNED[key]
    found = _search(list(pips), units)
    if len(_ASSIGNED) >= _ASSIGNED_MAX:
        _ASSIGNED.clear()
    hit = _ASSIGNED[key] = None if found is None else tuple(found)
    return hit


def _search(pips: list[int], units: list[tuple[int, int]]) -> list[int] | None:
    """``_assign``'s backtracking search (``_backtrack``), its first path tried alone first: each pip in order paid by
    the first unused unit that can pay it (the first unit each level of the search tries). When that path pays every
    pip it is the search's answer, found without the recursion (most payments: the costs asked are payable, and units
    seldom compete for a pip)."""
    order = sorted(range(len(pips)), key=[pip.bit_count() for pip in pips].__getitem__)  # (stable: ties in order)
    used = [False] * len(units)
    chosen = [-1] * len(pips)
    for k in order:
        need = pips[k]
        for u, (mask, _ent) in enumerate(units):
            if not used[u] and mask & need:
                used[u] = True
                chosen[k] = u
                break
        else:
            return _backtrack(pips, units, order)  # (a pip left unpaid: the search backtracks)
    return chosen


def _backtrack(pips: list[int], units: list[tuple[int, int]], order: list[int]) -> list[int] | None:
    """The depth-first search for a unit of its own paying each pip, the pips in ``order``; the first assignment
    found, or None."""
    used = [False] * len(units)
    chosen = [-1] * len(pips)

    def solve(k: int) -> bool:
        if k == len(order):
            return True
        need = pips[order[k]]
        seen_masks: set[int] = set()
        for u, (mask, _ent) in enumerate(units):
            # Units with the same mask are interchangeable: trying a second one cannot help.
            if used[u] or not mask & need or mask in seen_masks:
                continue
            seen_masks.add(mask)
            used[u] = True
            chosen[order[k]] = u
            if solve(k + 1):
                return True
            used[u] = False
        return False

    return chosen if solve(0) else None


def find_payment(game: Game, player: int, cost: ManaCost, x: int = 0,
                 units: list[tuple[int, int]] | None = None) -> list[tuple[int, int]] | None:
    """The mana units that pay ``cost``, or None if the player cannot pay it now."""
    options = _cost_pips(cost, x)
    if options is None:
        return None
    if units is None:
        units = mana_sources(game, player)
    units = for_spending(game, player, units)  # restricted mana not made spendable by the caller (106.6)
    if game.mana_ability_sources and any(_sacrificed_for_mana(game, ent) for _, ent in units):
        # Sources that are sacrificed to make mana (Treasures) are used last.
        units = sorted(units, key=lambda u: _sacrificed_for_mana(game, u[1]))
    listed: list[int] = []
    high = 0  # every unit's bits: one above the mana types iff some mask is
    for mask, _ent in units:  # (a loop: cheaper than map and max, compiled and interpreted alike)
        listed.append(mask)
        high |= mask
    masks = tuple(listed)
    if high < ONE_COLOR:
        # The common case: no "two mana of any one color" source (106.1a), so the units are paid as they are
        # (_one_color_choices would yield them alone), and the pips come as tuples from the memo.
        for pips in options:
            if len(pips) > len(masks):
                continue
            chosen = _assigned(pips, masks, units)
            if chosen is not None:
                game.last_payment_pips = list(pips)  # which pip each unit pays (systems/mana_spent.py)
                return [units[i] for i in chosen]
        return None
    for choice in _one_color_choices(units):
        for pips in options:
            found = _assign(list(pips), choice)
            if found is not None:
                game.last_payment_pips = list(pips)  # which pip each unit pays (systems/mana_spent.py)
                return [choice[i] for i in found]
    return None


_COST_PIPS: Final[dict[tuple[int, int], tuple[ManaCost, tuple[tuple[int, ...], ...] | None]]] = {}


def _cost_pips(cost: ManaCost, x: int) -> tuple[tuple[int, ...], ...] | None:
    """``_pips`` as tuples, memoised: a pure function of the cost (a frozen ManaCost) and X. Keyed by the cost's
    id, and the cost kept with the answer, so the id stays its own while the entry lives."""
    key = (id(cost), x)
    hit = _COST_PIPS.get(key)
    if hit is not None and hit[0] is cost:
        if CHECKS.on:
            fresh = _pips(cost, x)
            assert hit[1] == (None if fresh is None else tuple(map(tuple, fresh))), f"stale pips for {cost}"
        return hit[1]
    options = _pips(cost, x)
    found = None if options is None else tuple(tuple(pips) for pips in options)
    if len(_COST_PIPS) >= _ASSIGNED_MAX:
        _COST_PIPS.clear()  # (a memo only)
    _COST_PIPS[key] = (cost, found)
    return found


ONE_COLOR: Final = 256  # components.mana_spending.ONE_COLOR: "two mana of any one color"

# ``payable``'s answers: per tuple of unit masks, id(cost) -> (the cost, the answer)
_PayableMemo = dict[int, tuple[ManaCost, bool]]
_PAYABLE: Final[dict[tuple[int, ...], _PayableMemo]] = {}
_PAYABLE_MAX: Final = 1_000  # mask tuples (and costs per tuple) kept before a memo starts afresh (it only saves time)


def payable(game: Game, player: int, cost: ManaCost, units: list[tuple[int, int]]) -> bool:
    """``find_payment(game, player, cost, 0, units) is not None``: could these units pay ``cost`` (601.2g-h)? With
    no unit flagged above the mana types (no restricted mana, 106.6; no "two mana of any one color", 106.1a; no
    Aura-triggered mana), that depends on the cost and the units' masks alone (the entities only order the search,
    which is exhaustive), so it is memoised: the pass-only proof asks it of the same hand and units at stop after
    stop, and a memo skips building the pips and the checks of the units. The units ``mana_sources`` keeps (most
    asks: ``units`` is that list) carry their masks' memo, found at the first ask, so a repeated ask makes no tuple
    of masks and hashes none."""
    kept = game.mana_units_cache.get(player)
    # (typed names: compiled, the kept slot holds ``Any``, and reads through it would be generic calls: the memo's
    # unpacking, its ``get`` and the hit's items)
    found_memo: tuple[tuple[int, ...], _PayableMemo] | None
    if kept is not None and kept[3] is units:  # (kept units are never changed: mana_sources)
        slot = kept[4]
        if not slot:
            found_memo = _payable_memo(units)
            slot.append(found_memo)
        else:
            found_memo = slot[0]
            if CHECKS.on:  # (the masks: the memo itself may have been started afresh since)
                fresh_memo = _payable_memo(units)
                assert (None if found_memo is None else found_memo[0]) \
                    == (None if fresh_memo is None else fresh_memo[0]), \
                    f"stale masks kept with the mana units of player {player}"
    else:
        found_memo = _payable_memo(units)
    if found_memo is None:
        return find_payment(game, player, cost, 0, units) is not None  # (the entities matter)
    masks, memo = found_memo
    hit: tuple[ManaCost, bool] | None = memo.get(id(cost))
    if hit is not None and hit[0] is cost:  # (the cost is kept with the answer, so its id stays its own)
        if CHECKS.on:
            fresh = find_payment(game, player, cost, 0, units) is not None
            assert fresh == hit[1], f"stale payable answer for {cost}: {hit[1]} != {fresh}"
        return hit[1]
    # Whether some assignment exists, not which one find_payment would choose: its search is exhaustive (every pip
    # paid by its own unit, a unit paying a pip it shares a mana bit with), so the answer is Hall's (``_coverable``).
    options = _cost_pips(cost, 0)
    found = options is not None and any(_coverable(pips, masks) for pips in options)
    if CHECKS.on:
        assert found == (find_payment(game, player, cost, 0, units) is not None), f"payable wrong for {cost}: {masks}"
    if len(memo) >= _PAYABLE_MAX:
        memo.clear()  # (a memo only)
    memo[id(cost)] = (cost, found)
    return found


def _payable_memo(units: list[tuple[int, int]]) -> tuple[tuple[int, ...], _PayableMemo] | None:
    """The units' masks (sorted: a multiset) and ``payable``'s memo of answers for them, or None if a unit is flagged
    above the mana types (then the entities matter: find_payment answers)."""
    listed: list[int] = []
    high = 0  # every unit's bits: one above the mana types iff some mask is (106.1a, 106.6)
    for mask, _ent in units:  # (a loop: cheaper than map and max, compiled and interpreted alike)
        listed.append(mask)
        high |= mask
    if high >= ONE_COLOR:
        return None
    # (in order of value: whether units can pay a cost does not depend on their order, so one memo serves the same
    # lands wherever their rows are; fewer misses while the memo fills in a process's first playouts)
    listed.sort()
    masks = tuple(listed)
    memo = _PAYABLE.get(masks)
    if memo is None:
        if len(_PAYABLE) >= _PAYABLE_MAX:
            _PAYABLE.clear()  # (a memo only)
        memo = _PAYABLE[masks] = {}
    return masks, memo


def _coverable(pips: tuple[int, ...], masks: tuple[int, ...]) -> bool:
    """Can each pip be paid by a unit of its own (a unit pays a pip iff their masks share a bit; no flags above the
    mana types)? Hall's theorem: iff every set of pips has at least as many units able to pay one of them; a set's
    units are those of the union of its pips' masks, so the sets to check are the unions of whole classes of equal
    pips (a handful: generic and a color or two). A set holding a pip that every unit can pay (generic mana, most
    often) has all the units: it holds with the count (no more pips than units), so only the sets of the other
    classes are checked; with one such class, one count. (Plain loops over the few pips and units: no dicts.)"""
    if len(pips) > len(masks):
        return False
    if len(pips) == 1:  # (one pip: one unit that can pay it)
        pip = pips[0]
        for mask in masks:  # noqa: SIM110 - not any(): a generator costs a call per unit here
            if mask & pip:
                return True
        return False
    restricted: list[int] = []  # the classes (a pip value each) that some unit can't pay
    for pip in set(pips):
        for mask in masks:
            if not mask & pip:
                restricted.append(pip)
                break
    if not restricted:
        return True
    if len(restricted) == 1:
        pip = restricted[0]
        have = 0
        for mask in masks:
            if mask & pip:
                have += 1
        return have >= pips.count(pip)
    for subset in range(1, 1 << len(restricted)):
        union = need = 0
        for i, pip in enumerate(restricted):
            if subset >> i & 1:
                union |= pip
                need += pips.count(pip)
        have = 0
        for mask in masks:
            if mask & union:
                have += 1
        if have < need:
            return False
    return True


def _one_color_choices(units: list[tuple[int, int]]) -> Iterator[list[tuple[int, int]]]:
    """``units`` as they may be paid: a source making "two mana of any one color" (106.1a) makes them all of one
    color, so each color it could choose is tried in turn (WUBRG order) - the sources are few."""
    sources = sorted({ent for mask, ent in units if mask & ONE_COLOR})
    if not sources:
        yield units
        return
    import itertools

    options = []
    for ent in sources:
        mask = next(m for m, e in units if e == ent and m & ONE_COLOR)
        options.append([b for b in (1, 2, 4, 8, 16) if mask & b])
    for colors in itertools.product(*options):
        chosen = dict(zip(sources, colors, strict=True))
        yield [((mask & ~(ONE_COLOR | 31)) | chosen[ent], ent) if mask & ONE_COLOR else (mask, ent)
               for mask, ent in units]


def can_pay(game: Game, player: int, cost: ManaCost, x: int = 0) -> bool:
    return find_payment(game, player, cost, x) is not None


def pay(game: Game, player: int, cost: ManaCost, x: int = 0,
        units: list[tuple[int, int]] | None = None) -> bool:
    """Pay ``cost`` (CR 601.2h): tap the chosen lands for mana and spend it. False if unpayable. ``units``: the
    units that may pay (default: :func:`mana_sources`; a convoke spell adds its creatures, 702.51a)."""
    payment = find_payment(game, player, cost, x, units)
    if payment is None:
        return False
    # mana spent (106.1), for "whenever you expend N" (700.14); tapping for convoke/improvise spends none; and per
    # mana spent, the types it could have been made as for the pip it paid (the player chooses the type as the mana
    # ability resolves, 106.1, 605.3a; systems/mana_spent.py). (One loop: no generator frames.)
    spent: list[int] = []
    # (zip without strict=: a native loop compiled; find_payment made the pips with the payment, one per unit)
    for (mask, _), pip in zip(payment, game.last_payment_pips):  # noqa: B905
        if not mask & GENERIC_ONLY:
            spent.append(mask & pip & 63)
    game.last_mana_spent = len(spent)
    game.last_mana_masks = tuple(spent)
    pool = game.player_states[player].mana_pool
    own: dict[int, list[int]] = {}
    if game.mana_trigger_sources:
        from systems.mana_triggers import own_units

        own = own_units(game, player, payment)  # enchanted lands' own mana, before they are tapped (605.1b)
    restricted = [ent for _, ent in payment if ent <= -2]
    if restricted:
        spend_from_pool(game, player, restricted)  # 106.6: restricted mana from the pool
    report: Callable[[Game, list[int]], None] | None = None
    for mask, ent in payment:
        if ent == -1:
            pool[mask.bit_length() - 1] -= 1
        elif ent <= -2:
            continue
        else:
            # CR 605.3a: a mana ability resolves immediately; its mana is spent at once.
            became = game.table.tap(ent)
            if game.trigger_sources and became:  # a source making several mana is tapped once
                if report is None:
                    report = _became_tapped()  # (once a payment: a generic call compiled)
                report(game, [ent])  # 701.21a
    if own:
        from systems.mana_triggers import leftovers

        leftovers(game, player, payment, own, pool)  # 605.1b: the mana the cost didn't use (106.4)
    if game.mana_ability_sources:
        _leftover_mana(game, payment, pool, player)
        for ent in dict.fromkeys(e for _, e in payment):
            if _sacrificed_for_mana(game, ent) and ent in game.table.row_of:

                game.say(f"{game.name(ent)} is sacrificed for mana")
                from systems.trigger_events import sacrifice

                sacrifice(game, ent, player)  # CR 605.3a: its cost includes sacrificing it (701.21a)
    game.table.mark_changed(layers=game.table.taps_read, sba=False)  # tapped state can feed filters
    return True


@functools.cache
def _became_tapped() -> Callable[[Game, list[int]], None]:
    """systems.triggers.became_tapped, imported once (it imports this module; ``pay`` taps a land at most casts)."""
    from systems.triggers import became_tapped

    return became_tapped


def _sacrificed_for_mana(game: Game, ent: int) -> bool:
    """Is this a permanent whose mana abilities all sacrifice it ("{T}, Sacrifice this artifact: ...")?"""
    if ent < 0 or ent not in game.mana_ability_sources:
        return False
    card = game.grants.granted.get(ent) or game.card(ent)  # with abilities granted in quotes (113.1b)
    abilities = [a for a in card.abilities if isinstance(a, ManaAbility)]
    return bool(abilities) and all(a.sacrifice_self for a in abilities)


def _leftover_mana(game: Game, payment: list[tuple[int, int]], pool: list[int], player: int) -> None:
    """A mana ability that makes more than one mana ({T}: Add {C}{C}) puts what the cost didn't use
    into its controller's mana pool (CR 106.4, 605.3a)."""
    used: dict[int, list[int]] = {}
    for mask, ent in payment:
        if ent >= 0:
            used.setdefault(ent, []).append(mask)
    for ent, masks in used.items():
        if ent not in game.mana_ability_sources:
            continue
        produced = list(mana_ability_units(game.grants.granted.get(ent) or game.card(ent), game, ent))
        if len(produced) < 2:
            continue
        if produced[0] & ONE_COLOR:  # "two mana of any one color": the rest are of the color the payment used
            color = masks[0] & 31
            for _ in range(len(produced) - len(masks)):
                pool[color.bit_length() - 1] += 1
            continue
        for m in masks:
            for p in produced:
                if (p & 511) | (p >> 9) == m or p == m:  # restricted mana made spendable (systems/mana_spending)
                    produced.remove(p)
                    break
        restricted = [m for m in produced if m >> 9]
        if restricted:
            add_to_pool(game, player, ent, restricted)  # it keeps its restriction in the pool (106.6)
        for m in produced:
            if not m >> 9:
                pool[m.bit_length() - 1] += 1


def parse_pool(text: str) -> list[int]:
    """Parse a mana-pool string such as "{G}{G}{C}" into W U B R G C counts."""
    pool = [0] * 6
    for piece in text.replace("}", "").split("{")[1:]:
        if piece not in MANA_TYPES:
            raise ValueError(f"{piece!r} is not a type of mana (use W, U, B, R, G or C)")
        pool[MANA_TYPES.index(piece)] += 1
    return pool


_EMPTY_POOL: Final = [0] * 6  # (read only: compared with)


def empty_pools(game: Game) -> None:
    """Mana empties at the end of each step and phase (CR 500.4); there is no mana burn."""
    for state in game.player_states:
        # (a list comparison, not any(): asked at every step, where the pools are nearly always empty)
        if state.mana_pool != _EMPTY_POOL or state.restricted_pool:
            state.mana_pool[:] = [0] * 6
            state.restricted_pool.clear()


def pool_text(pool: list[int]) -> str:
    return "".join(("{" + t + "}") * n for t, n in zip(MANA_TYPES, pool, strict=True))
