"""Damage (CR 120): to players, planeswalkers and creatures, with deathtouch, lifelink, protection
and prevention.

:func:`deal_damage_arrays` deals any number of simultaneous damage events given as parallel arrays
(a whole combat damage step, CR 510.2) with column operations; :func:`deal_damage` is the one-event
form used by spells.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import numpy as np

from components.characteristics import CardType
from components.events import DamageDealt, DamageReceived, DamageTotal, LifeGained
from components.keywords import PROTECTION_SHIFT, QUALITY_BITS, Keyword
from systems.history import combat_damage_to_player, life_gained, life_lost
from systems.mechanics.infect import _any_toxic, give_poison, toxic_value
from systems.prevention import prevent
from systems.protection import EVERYTHING, source_qualities
from systems.trigger_events import combat_damage_to_players
from systems.trigger_index import sources as watching
from systems.triggers import emit

if TYPE_CHECKING:
    from ecs.game import Game
    from ecs.table import PermanentTable

CREATURE = np.uint32(CardType.CREATURE)
PLANESWALKER = np.uint32(CardType.PLANESWALKER)
DEATHTOUCH = np.uint64(Keyword.DEATHTOUCH)
_map: Final = map  # (compiled: a C static read, not a look-up in the builtins module at each call)
LIFELINK = np.uint64(Keyword.LIFELINK)
INFECT = np.uint64(Keyword.INFECT)
WITHER_OR_INFECT = np.uint64(Keyword.WITHER | Keyword.INFECT)
# The masks above as Python ints, for the lists of a few events (``int()`` of a numpy scalar costs ~800 instructions
# each time it is made; these are made once).
_CREATURE, _PLANESWALKER, _DEATHTOUCH, _LIFELINK, _INFECT, _WITHER_OR_INFECT = (
    int(CREATURE), int(PLANESWALKER), int(DEATHTOUCH), int(LIFELINK), int(INFECT), int(WITHER_OR_INFECT))
QUALITY_MASK = (1 << QUALITY_BITS) - 1  # the qualities a permanent has protection from (systems/protection.py)


# Up to this many entities, look-ups go through Python dicts: fewer calls than the column form on tiny arrays.
FEW = 16


def at_rows(column: np.ndarray, rows: list[int]) -> list[Any]:
    """``column[rows].tolist()`` for a few rows given as a list: a read of each row costs less than numpy's index
    by a list, which first makes an array of it (~200 ns against ~1 us for three rows)."""
    return list(_map(column.item, rows))  # (no Python frame: map calls the array's own item)


def live_at(table: PermanentTable, column: str, rows: list[int]) -> list[int]:
    """:func:`at_rows` of a column the layers write (``table.live_list``'s: types, keywords, power ...), read from
    the table's kept list: compiled, an index of a list is native where ``item`` is a call through numpy (the kept
    list equals the column whether or not the layers are current, ``PermanentTable.live_list``). A row outside the
    live part (-1 for an object not on the battlefield; 0 of an empty table, _Standing's stand-in) reads the array,
    as :func:`at_rows` does (the value is never used)."""
    values: list[int] = table.live_list(column)
    n = len(values)
    return [values[r] if 0 <= r < n else int(getattr(table, column).item(r)) for r in rows]


def entity_rows(table: PermanentTable, entities: np.ndarray) -> np.ndarray:
    """Row of each entity in the permanent table, -1 for those not on the battlefield."""
    ents = np.asarray(entities, dtype=np.int64)
    if ents.ndim == 1 and len(ents) <= FEW:
        row_of = table.row_of  # the same map as ``rowmap``
        return np.array([row_of.get(e, -1) for e in ents.tolist()], dtype=np.int64)
    return entity_rows_by_column(table, ents)


def entity_rows_by_column(table: PermanentTable, entities: np.ndarray) -> np.ndarray:
    """:func:`entity_rows` as column operations on the dense ``rowmap`` (many entities)."""
    ents = np.asarray(entities, dtype=np.int64)
    rowmap = table.rowmap
    inside = (ents >= 0) & (ents < len(rowmap))
    return np.where(inside, rowmap[np.where(inside, ents, 0)], -1)


def player_indices(game: Game, entities: np.ndarray) -> np.ndarray:
    """Player index of each entity that is a player, -1 for the others."""
    if len(entities) <= FEW:
        index = {ent: i for i, ent in enumerate(game.players)}
        return np.array([index.get(e, -1) for e in np.asarray(entities).tolist()], dtype=np.int64)
    return player_indices_by_column(game, entities)


def player_indices_by_column(game: Game, entities: np.ndarray) -> np.ndarray:
    """:func:`player_indices` as column operations (many entities)."""
    out = np.full(len(entities), -1, dtype=np.int64)
    for i, ent in enumerate(game.players):
        out[entities == ent] = i
    return out


def deal_damage_arrays(game: Game, *, combat: bool, src_ent: np.ndarray, src_keywords: np.ndarray,
                       src_controller: np.ndarray, src_qualities: np.ndarray, rec_ent: np.ndarray,
                       amount: np.ndarray, src_names: list[str] | None = None) -> np.ndarray:
    """Deal simultaneous damage events (CR 120.3, 510.2); returns the damage actually dealt.

    Arrays are parallel, one entry per event. Prevention and protection apply first (615, 702.16e). A few events
    (the usual combat damage step or spell) are dealt by :func:`deal_damage_lists`, the same rules in plain Python.
    """
    n = np.shape(amount)
    if len(n) == 1 and n[0] <= FEW and all(np.shape(a) == n for a in (
            src_ent, src_keywords, src_controller, src_qualities, rec_ent)) and all(
            0 <= c < game.num_players for c in np.asarray(src_controller).tolist()):
        return np.array(deal_damage_lists(
            # (the column form's dtypes, as Python ints)
            game, combat=combat, src_ent=np.asarray(src_ent, dtype=np.int64).tolist(),
            src_keywords=np.asarray(src_keywords, dtype=np.uint64).tolist(),
            src_controller=np.asarray(src_controller, dtype=np.int64).tolist(),
            src_qualities=np.asarray(src_qualities, dtype=np.uint64).tolist(),
            rec_ent=np.asarray(rec_ent, dtype=np.int64).tolist(), amount=np.asarray(amount, dtype=np.int64).tolist(),
            src_names=src_names),
            dtype=np.int64)
    return deal_damage_by_column(game, combat=combat, src_ent=src_ent, src_keywords=src_keywords,
                                 src_controller=src_controller, src_qualities=src_qualities, rec_ent=rec_ent,
                                 amount=amount, src_names=src_names)


def deal_damage_by_column(game: Game, *, combat: bool, src_ent: np.ndarray, src_keywords: np.ndarray,
                          src_controller: np.ndarray, src_qualities: np.ndarray, rec_ent: np.ndarray,
                          amount: np.ndarray, src_names: list[str] | None = None) -> np.ndarray:
    """:func:`deal_damage_arrays` as column operations (many events)."""
    t = game.table
    amount = np.asarray(amount, dtype=np.int64)
    rec_ent = np.asarray(rec_ent, dtype=np.int64)
    src_keywords = np.asarray(src_keywords, dtype=np.uint64)
    rec_player = player_indices(game, rec_ent)
    rec_row = entity_rows(t, rec_ent)
    rec_is_player = rec_player >= 0
    # Damage to a permanent that is gone, or to a player who left the game, is not dealt.
    for i, state in enumerate(game.player_states):
        if state.lost:
            amount = np.where(rec_player == i, 0, amount)
    amount = np.where(rec_is_player | (rec_row >= 0), np.maximum(amount, 0), 0)
    rec_kw = np.where(rec_row >= 0, t.keywords[np.maximum(rec_row, 0)], np.uint64(0))
    amount = prevent(game, combat=combat, src_ent=np.asarray(src_ent, dtype=np.int64),
                     src_qualities=np.asarray(src_qualities, dtype=np.uint64), src_keywords=src_keywords,
                     rec_ent=rec_ent, rec_keywords=rec_kw, rec_is_player=rec_is_player, amount=amount)
    dealt = amount > 0
    if not dealt.any():
        return amount
    if game.log_enabled:
        for k in np.flatnonzero(dealt).tolist():
            name = src_names[k] if src_names is not None else game.name(int(src_ent[k]))
            game.say(f"{name} deals {int(amount[k])} damage to {game.name(int(rec_ent[k]))}")
    # Permanents (120.3c, 120.3e).
    on_field = dealt & (rec_row >= 0)
    if on_field.any():
        rows = rec_row[on_field]
        amt = amount[on_field]
        types = t.types[rows]
        creature = (types & CREATURE) != 0
        if creature.any():
            # 120.3d, 702.80a, 702.90c: damage from a source with wither or infect is -1/-1 counters instead.
            as_counters = creature & ((src_keywords[on_field] & WITHER_OR_INFECT) != 0)
            marked = creature & ~as_counters
            t.mark_damage(rows[marked], amt[marked])
            if as_counters.any():
                from systems.mechanics.infect import damage_as_counters

                damage_as_counters(game, rows[as_counters], amt[as_counters])
            dt = creature & ((src_keywords[on_field] & DEATHTOUCH) != 0)
            t.mark_deathtouched(rows[dt])  # 704.5h
        pw = (types & PLANESWALKER) != 0
        if pw.any():
            from systems.counters import remove_counters

            totals = np.bincount(rows[pw], weights=amt[pw]).astype(np.int64)
            ents = t.entity[np.flatnonzero(totals)].tolist()
            for ent, total in zip(ents, totals[np.flatnonzero(totals)].tolist(), strict=True):
                remove_counters(game, ent, "loyalty", total)  # 120.3c
    # Players (120.3a): damage causes that much life loss.
    to_player = dealt & rec_is_player
    if to_player.any():
        # 120.3b, 702.90b: damage to a player from a source with infect gives poison counters, not life loss;
        # 702.164c: combat damage from a creature with toxic also gives poison counters.
        infect = to_player & ((src_keywords & INFECT) != 0)
        if infect.any() or combat:
            from systems.mechanics.infect import poison_from_damage

            poison_from_damage(game, combat, np.asarray(src_ent, dtype=np.int64), rec_player, amount, to_player,
                               infect)
        lossy = to_player & ~infect
        loss = np.bincount(rec_player[lossy], weights=amount[lossy], minlength=game.num_players)
        for i, value in enumerate(loss.astype(np.int64).tolist()):
            game.player_states[i].life -= value
            if value > 0 or bool((infect & (rec_player == i)).any()):
                game.damaged_turn[i] = game.turn  # "was dealt damage this turn" (bloodthirst, 702.54a)
            if value > 0:

                life_lost(game, i, value)  # 120.3a
        if combat:

            ctrls = np.asarray(src_controller, dtype=np.int64)
            if ctrls.shape != amount.shape:
                ctrls = np.broadcast_to(ctrls, amount.shape)
            for c in sorted(set(ctrls[to_player].tolist())):
                combat_damage_to_player(game, c)  # "if you dealt combat damage to a player this turn"
            if game.monarch >= 0 and (to_player & (rec_player == game.monarch)).any():
                from systems.instructions import monarch_combat_damage

                srcs = np.broadcast_to(np.asarray(src_ent, dtype=np.int64), amount.shape)
                monarch_combat_damage(game, srcs[to_player & (rec_player == game.monarch)].tolist())  # 724.2b
            if game.combat_types_watched:
                from systems.mechanics.this_turn_costs import record

                record(game, src_ent, src_controller, to_player)  # prowl, freerunning (702.76a, 702.173a)
    # 702.15b: lifelink makes the source's controller gain that much life.
    ll = dealt & ((src_keywords & LIFELINK) != 0)
    gains: list[tuple[int, int]] = []
    if ll.any():
        gain = np.bincount(np.asarray(src_controller, dtype=np.int64)[ll], weights=amount[ll],
                           minlength=game.num_players)
        for i, value in enumerate(gain.astype(np.int64).tolist()):
            if value and game.static_rule_sources:
                from systems.static_rules import can_gain_life

                value = value if can_gain_life(game, i) else 0  # "Players can't gain life" (119.7)
            game.player_states[i].life += value
            if value:

                life_gained(game, i, value)
                gains.append((i, value))
    game.table.mark_changed(layers=False)
    if game.trigger_sources or game.hooks("triggers.damage_dealt"):
        ctrl = np.asarray(src_controller, dtype=np.int64)
        if len(ctrl) == 1 and len(amount) > 1:
            ctrl = np.repeat(ctrl, len(amount))
        _damage_events(game, combat, np.flatnonzero(dealt).tolist(), np.asarray(src_ent).tolist(), ctrl.tolist(),
                       np.asarray(rec_ent).tolist(), rec_row.tolist(), rec_is_player.tolist(), amount.tolist(),
                       dealt.tolist(), gains)
    return amount


def deal_damage_lists(game: Game, *, combat: bool, src_ent: list[int], src_keywords: list[int],
                      src_controller: list[int], src_qualities: list[int], rec_ent: list[int], amount: list[int],
                      src_names: list[str] | None = None) -> list[int]:
    """:func:`deal_damage_arrays` of a few events given as parallel lists: the same rules, results and order of
    events as :func:`deal_damage_by_column`, without its dozens of numpy calls on arrays of one to three entries
    (tests/combat/test_cr120_small_damage_property.py compares the two). Returns the damage actually dealt.
    Each source's controller is a player (the column form's per-player sums would fail on another value)."""
    t = game.table
    row_of = t.row_of
    player_index = game.player_of_entity  # (each player's entity -> its index, as game.players lists them)
    states = game.player_states
    prevented = game.static_rule_sources or game.prevention
    # One pass over the events (a few): each recipient's player index and row (-1: none), its keywords (a permanent's),
    # and the amount. Damage to a permanent that is gone, or to a player who left the game, is not dealt; without
    # prevention effects, 702.16e: damage from a source with a quality the recipient has protection from is prevented.
    rec_player: list[int] = []
    rec_row: list[int] = []
    rec_is_player: list[bool] = []
    rec_kw: list[int] = []
    dealing: list[int] = []
    keywords: list[int] = t.live_list("keywords")  # (a list index is native compiled, a numpy read is not)
    # (zip without strict: a generic call compiled; the lists are parallel by contract)
    for e, a, q in zip(rec_ent, amount, src_qualities):  # noqa: B905
        p = player_index.get(e, -1)
        r = row_of.get(e, -1)
        rec_player.append(p)
        rec_row.append(r)
        rec_is_player.append(p >= 0)
        kw = 0
        if p >= 0:
            a = 0 if states[p].lost else max(a, 0)
        elif r >= 0:
            kw = keywords[r]
            a = 0 if not prevented and (kw >> PROTECTION_SHIFT) & QUALITY_MASK & q else max(a, 0)
        else:
            a = 0
        rec_kw.append(kw)
        dealing.append(a)
    if prevented:
        # 615: prevention effects (shields used up in a chosen order, static abilities): the column form, exactly
        amount = prevent(game, combat=combat, src_ent=np.array(src_ent, dtype=np.int64),
                         src_qualities=np.array(src_qualities, dtype=np.uint64),
                         src_keywords=np.array(src_keywords, dtype=np.uint64), rec_ent=np.array(rec_ent, dtype=np.int64),
                         rec_keywords=np.array(rec_kw, dtype=np.uint64), rec_is_player=np.array(rec_is_player),
                         amount=np.array(dealing, dtype=np.int64)).tolist()
    else:
        amount = dealing
    hit = [k for k, a in enumerate(amount) if a > 0]
    if not hit:
        return amount
    if game.log_enabled:
        for k in hit:
            name = src_names[k] if src_names is not None else game.name(src_ent[k])
            game.say(f"{name} deals {amount[k]} damage to {game.name(rec_ent[k])}")
    # Permanents (120.3c, 120.3e), looked at in one pass (their types read before anything changes) and then changed
    # in the order of the column form: damage marked, -1/-1 counters, deathtouch marks, loyalty removed.
    on_field = False
    marked_rows: list[int] = []
    marked_amounts: list[int] = []
    counters: dict[int, int] = {}
    touched: list[int] = []
    loyalty: dict[int, int] = {}
    creature, planeswalker, wither_or_infect, deathtouch = _CREATURE, _PLANESWALKER, _WITHER_OR_INFECT, _DEATHTOUCH
    hurt = False
    types: list[int] = t.live_list("types")
    for k in hit:
        row = rec_row[k]
        if row < 0:
            continue
        on_field = True
        ty = types[row]
        if ty & creature:
            hurt = True
            # 120.3d, 702.80a, 702.90c: damage from a source with wither or infect is -1/-1 counters instead.
            if src_keywords[k] & wither_or_infect:
                counters[row] = counters.get(row, 0) + amount[k]
            else:
                marked_rows.append(row)
                marked_amounts.append(amount[k])
            if src_keywords[k] & deathtouch:
                touched.append(row)
        if ty & planeswalker:
            loyalty[row] = loyalty.get(row, 0) + amount[k]
    if on_field:
        if hurt:
            if marked_rows:
                t.mark_damage_at(marked_rows, marked_amounts)
            else:
                t.mark_changed(layers=False)  # (as mark_damage of no rows)
            if counters:
                from systems.counters import add_counters

                for row in sorted(counters):  # in row order, as infect.damage_as_counters
                    add_counters(game, int(t.entity[row]), "-1/-1", counters[row])
            if touched:
                t.mark_deathtouched(np.array(touched, dtype=np.int64))  # 704.5h
            else:
                t.mark_changed(layers=False)  # (as mark_deathtouched of no rows)
        if loyalty:
            from systems.counters import remove_counters

            pw_rows = sorted(loyalty)
            for ent, row in zip(t.entity[pw_rows].tolist(), pw_rows, strict=True):
                remove_counters(game, ent, "loyalty", loyalty[row])  # 120.3c
    # Players (120.3a): damage causes that much life loss.
    to_player = [k for k in hit if rec_is_player[k]]
    if to_player:
        # 120.3b, 702.90b: damage to a player from a source with infect gives poison counters, not life loss;
        # 702.164c: combat damage from a creature with toxic also gives poison counters.
        infect_bit = _INFECT
        infect = [k for k in to_player if src_keywords[k] & infect_bit]
        if infect or (combat and _any_toxic(game)):
            _poison_at(game, combat, src_ent, rec_player, amount, to_player, infect)
        loss = [0] * game.num_players
        poisoned = [False] * game.num_players
        for k in to_player:
            if src_keywords[k] & infect_bit:
                poisoned[rec_player[k]] = True
            else:
                loss[rec_player[k]] += amount[k]
        for i, value in enumerate(loss):
            states[i].life -= value
            if value > 0 or poisoned[i]:
                game.damaged_turn[i] = game.turn  # "was dealt damage this turn" (bloodthirst, 702.54a)
            if value > 0:
                life_lost(game, i, value)  # 120.3a
        if combat:
            for c in sorted({src_controller[k] for k in to_player}):
                combat_damage_to_player(game, c)  # "if you dealt combat damage to a player this turn"
            if game.monarch >= 0 and any(rec_player[k] == game.monarch for k in to_player):
                from systems.instructions import monarch_combat_damage

                monarch_combat_damage(game, [src_ent[k] for k in to_player if rec_player[k] == game.monarch])  # 724.2b
            if game.combat_types_watched:
                from systems.mechanics.this_turn_costs import record

                record(game, np.array(src_ent, dtype=np.int64), np.array(src_controller, dtype=np.int64),
                       np.array([is_player and a > 0 for is_player, a in zip(rec_is_player, amount, strict=True)]))
    # 702.15b: lifelink makes the source's controller gain that much life.
    lifelink = _LIFELINK
    gains: list[tuple[int, int]] = []
    drained = [k for k in hit if src_keywords[k] & lifelink]
    if drained:
        gain = [0] * game.num_players
        for k in drained:
            gain[src_controller[k]] += amount[k]
        for i, value in enumerate(gain):
            if value and game.static_rule_sources:
                from systems.static_rules import can_gain_life

                value = value if can_gain_life(game, i) else 0  # "Players can't gain life" (119.7)
            states[i].life += value
            if value:
                life_gained(game, i, value)
                gains.append((i, value))
    # (a row dealt damage or given counters is marked above, with its own mark: the players' life and poison are all
    # that is left, which the state check's look at the rows alone reads too, systems/state_based._quiet_rows)
    t.mark_players_changed()
    if game.trigger_sources or game.hooks("triggers.damage_dealt"):
        _damage_events(game, combat, hit, src_ent, src_controller, rec_ent, rec_row, rec_is_player, amount,
                       [a > 0 for a in amount], gains)
    return amount


def _poison_at(game: Game, combat: bool, src_ent: list[int], rec_player: list[int], amount: list[int],
               to_player: list[int], infect: list[int]) -> None:
    """infect.poison_from_damage of a few events, in lists (``to_player``, ``infect``: the indices of the events to a
    player and of those from a source with infect): the same poison counters given in the same order, without its
    numpy masks and sums (~50k instructions a combat damage step on arrays of one to three entries)."""
    if infect:
        totals = [0] * game.num_players
        for k in infect:
            totals[rec_player[k]] += amount[k]
        for player, value in enumerate(totals):
            give_poison(game, player, value)  # 702.90b
    if not combat or not _any_toxic(game):
        return
    from systems.granted import ability_card

    t = game.table
    row_of = t.row_of
    for k in to_player:
        ent = src_ent[k]
        row = row_of.get(ent)
        if row is None or t.no_abilities.item(row):
            continue  # 613.1f: a creature that lost its abilities has no toxic
        give_poison(game, rec_player[k], toxic_value(ability_card(game, ent)))  # 702.164b-c, granted ones too


def _damage_events(game: Game, combat: bool, hit: list[int], src_ent: list[int], src_controller: list[int],
                   rec_ent: list[int], rec_row: list[int], rec_is_player: list[bool], amount: list[int],
                   dealt: list[bool], gains: list[tuple[int, int]]) -> None:
    """CR 603.2, 510.3a: the damage and life-gain events of simultaneous damage (``hit``: the events that dealt
    damage), for triggered abilities; both forms of :func:`deal_damage_arrays` end here."""
    for k in hit:
        emit(game, DamageDealt(src_ent[k], src_controller[k], rec_ent[k], amount[k], combat, rec_is_player[k]))
    # One event per source and one per permanent dealt damage, with the totals (603.2c, 510.2):
    # "Whenever ~ deals damage" / "is dealt damage" trigger once however many recipients / sources.
    # emit does nothing with these events but match them against the abilities that can see them (603.2): none
    # watching, none is made (asked just before each kind is emitted, as emit itself would ask).
    if game.trigger_sources and watching(game, DamageTotal):
        sources: dict[int, list[int]] = {}
        for k in hit:
            src = src_ent[k]
            if src >= 0:
                entry = sources.setdefault(src, [src_controller[k], 0])
                entry[1] += amount[k]
        for src, (controller, total) in sources.items():
            emit(game, DamageTotal(src, controller, total, combat))
    if combat and game.trigger_sources:
        combat_damage_to_players(game, src_ent, src_controller, rec_ent, rec_is_player, dealt)  # 603.2c batches
    if game.trigger_sources and watching(game, DamageReceived):
        received: dict[int, int] = {}
        for k in hit:
            if rec_row[k] >= 0:
                received[rec_ent[k]] = received.get(rec_ent[k], 0) + amount[k]
        for rec, total in received.items():
            emit(game, DamageReceived(rec, total, combat))
    if gains and game.trigger_sources and watching(game, LifeGained):
        for player, value in gains:
            emit(game, LifeGained(player, value))


def deal_damage(game: Game, source_name: str, source_keywords: int, source_controller: int,
                recipient: int, amount: int, *, source: int | None = None) -> int:
    """Deal ``amount`` damage from a source to a player or permanent; returns the damage dealt.

    ``source`` (the source object's entity) lets protection from its qualities apply (702.16e).
    """
    if amount <= 0:
        return 0
    quality = EVERYTHING if source is None else source_qualities(game, source)
    dealt = deal_damage_lists(
        game, combat=False, src_ent=[-1 if source is None else source], src_keywords=[int(source_keywords)],
        src_controller=[int(source_controller)], src_qualities=[quality], rec_ent=[recipient], amount=[amount],
        src_names=[source_name],
    )
    return dealt[0]
