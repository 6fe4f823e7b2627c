"""Damage (CR 120): to players, planeswalkers and creatures, with deathtouch, lifelink, protection
and prevention.

:func:`deal_damage_arrays` deals any number of simultaneous damage events given as parallel arrays
(a whole combat damage step, CR 510.2) with column operations; :func:`deal_damage` is the one-event
form used by spells.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from components.characteristics import CardType
from components.events import DamageDealt, DamageReceived, DamageTotal, LifeGained
from components.keywords import Keyword
from systems.history import combat_damage_to_player, life_gained, life_lost
from systems.prevention import prevent
from systems.protection import EVERYTHING, source_qualities
from systems.triggers import emit

if TYPE_CHECKING:
    from ecs.game import Game
    from ecs.table import PermanentTable

CREATURE = np.uint32(CardType.CREATURE)
PLANESWALKER = np.uint32(CardType.PLANESWALKER)
DEATHTOUCH = np.uint64(Keyword.DEATHTOUCH)
LIFELINK = np.uint64(Keyword.LIFELINK)
INFECT = np.uint64(Keyword.INFECT)
WITHER_OR_INFECT = np.uint64(Keyword.WITHER | Keyword.INFECT)


# Up to this many entities, look-ups go through Python dicts: fewer calls than the column form on tiny arrays.
FEW = 16


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

    Arrays are parallel, one entry per event. Prevention and protection apply first (615, 702.16e).
    """
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
        # CR 603.2, 510.3a: damage and life-gain events for triggered abilities.
        ctrl = np.asarray(src_controller, dtype=np.int64)
        if len(ctrl) == 1 and len(amount) > 1:
            ctrl = np.repeat(ctrl, len(amount))
        for k in np.flatnonzero(dealt).tolist():
            emit(game, DamageDealt(int(src_ent[k]), int(ctrl[k]), int(rec_ent[k]), int(amount[k]), combat,
                                   bool(rec_is_player[k])))
        # One event per source and one per permanent dealt damage, with the totals (603.2c, 510.2):
        # "Whenever ~ deals damage" / "is dealt damage" trigger once however many recipients / sources.
        sources: dict[int, list[int]] = {}
        received: dict[int, int] = {}
        for k in np.flatnonzero(dealt).tolist():
            src = int(src_ent[k])
            if src >= 0:
                entry = sources.setdefault(src, [int(ctrl[k]), 0])
                entry[1] += int(amount[k])
            if rec_row[k] >= 0:
                received[int(rec_ent[k])] = received.get(int(rec_ent[k]), 0) + int(amount[k])
        for src, (controller, total) in sources.items():
            emit(game, DamageTotal(src, controller, total, combat))
        if combat and game.trigger_sources:
            from systems.trigger_events import combat_damage_to_players

            combat_damage_to_players(game, src_ent, ctrl, rec_ent, rec_is_player, dealt)  # 603.2c batches
        for rec, total in received.items():
            emit(game, DamageReceived(rec, total, combat))
        for player, value in gains:
            emit(game, LifeGained(player, value))
    return amount


def deal_damage(game: Game, source_name: str, source_keywords: int, source_controller: int,
                recipient: int, amount: int, *, source: int | None = None) -> int:
    """Deal ``amount`` damage from a source to a player or permanent; returns the damage dealt.

    ``source`` (the source object's entity) lets protection from its qualities apply (702.16e).
    """
    if amount <= 0:
        return 0
    quality = EVERYTHING if source is None else source_qualities(game, source)
    dealt = deal_damage_arrays(
        game, combat=False, src_ent=np.array([-1 if source is None else source]),
        src_keywords=np.array([source_keywords], dtype=np.uint64), src_controller=np.array([source_controller]),
        src_qualities=np.array([quality], dtype=np.uint64), rec_ent=np.array([recipient]),
        amount=np.array([amount]), src_names=[source_name],
    )
    return int(dealt[0])
