"""Invariants of a game in progress, checked between decisions (by ``mtg-ecs fuzz`` and the property tests).

Each check raises :class:`InvariantViolation` naming what broke. They read the game only (a layer
refresh aside, which the engine itself does before any read), so checking changes nothing.

* zones (CR 400.1): every object is in exactly one zone, the zone lists agree with each object's
  ``InZone``, cards are in their owner's library/hand/graveyard (400.3), card counts per owner are
  conserved, tokens and copies outside the battlefield/stack have ceased to exist (704.5d, 707.10a);
* the permanent table: rows packed, ``row_of`` one to one with the battlefield entities;
* nothing negative (704.5: damage, counters, poison, mana);
* layers (CR 613): the bulk path's characteristics equal the per-object reference
  (systems/layers_reference.py);
* mana empties as each step ends (500.4);
* copies and replays: ``clone()`` has the original's fingerprint, a save replays to the same bytes;
* no leak: esper keeps no world of a game that was deleted.
"""

from __future__ import annotations

import json
from collections import Counter as Multiset
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import esper

from components.objects import AbilityOnStack, CardObject, Counter, InZone, PlayerState, Zone

if TYPE_CHECKING:
    from ecs.game import Game


class InvariantViolation(Exception):
    """An invariant of the engine does not hold; ``kind`` names which one."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


def _require(ok: object, kind: str, detail: object) -> None:
    if not ok:
        raise InvariantViolation(kind, str(detail))


def fingerprint(game: Game) -> str:
    """Everything observable about a game as text (the scenario runner's fingerprint)."""
    from ecs.scenario import state_fingerprint

    return state_fingerprint(game)


def _zone_entities(game: Game) -> list[tuple[int, Zone, int]]:
    """(entity, zone, zone's player) for every object the game's zone structures hold."""
    out: list[tuple[int, Zone, int]] = []
    for player, zones in enumerate(game.zones):
        for zone, cards in zones.items():
            out.extend((e, zone, player) for e in cards)
    t = game.table
    out.extend((int(e), Zone.BATTLEFIELD, -1) for e in t.entity[: t.n].tolist())
    out.extend((e, Zone.STACK, -1) for e in game.stack)
    return out


_OWN_ZONES = frozenset({Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD})


def check_zones(game: Game, deck_sizes: Sequence[int]) -> None:
    """CR 400.1, 400.3, 704.5d: each object in exactly one zone, the right one, and nothing lost.

    It runs after every action of a fuzzed game, so it makes one pass over the zone lists with local names
    (every object is still looked at each time: nothing is skipped)."""
    t = game.table
    battlefield = t.entity[: t.n].tolist()
    lists: list[tuple[list[int], Zone, int]] = [(cards, zone, player) for player, zones in enumerate(game.zones)
                                                for zone, cards in zones.items()]
    lists.append((battlefield, Zone.BATTLEFIELD, -1))
    lists.append((game.stack, Zone.STACK, -1))
    distinct: set[int] = set()
    located = 0
    for cards, _, _ in lists:
        distinct.update(cards)
        located += len(cards)
    if located != len(distinct):
        ents = [e for cards, _, _ in lists for e in cards]
        raise InvariantViolation("object in two zones", str(Multiset(ents).most_common(3)))
    game.world.count()  # binds the game's esper world: the component dicts below are this game's
    table = esper._entities
    objs: dict[int, CardObject] = {}
    owners = [0] * max(len(deck_sizes), game.num_players)
    special: list[tuple[int, Zone, CardObject]] = []  # tokens and copies (704.5d-e)
    stack = Zone.STACK
    emblems = game.grants.emblems
    for cards, zone, player in lists:
        own = zone in _OWN_ZONES
        for ent in cards:
            comps = table.get(ent)
            if comps is None:
                raise InvariantViolation("zone holds a deleted entity", str((ent, zone)))
            co = comps.get(CardObject)
            if co is None:
                # only the stack holds objects that are not cards: activated abilities (CR 113.3b, 405.1)
                _require(zone == stack and AbilityOnStack in comps, "non-card object in a zone", (ent, zone))
                continue
            objs[ent] = co
            where = comps[InZone]
            if where.zone != zone:
                raise InvariantViolation("zone list disagrees with InZone", str((ent, where, zone)))
            if own and (co.owner != player or where.player != player):
                raise InvariantViolation("CR 400.3: card outside its owner's library/hand/graveyard",
                                         str((ent, zone, player, co.owner)))
            if co.is_token or co.is_copy:
                special.append((ent, zone, co))
            elif ent in emblems:  # 114.1-114.2: an emblem is a marker in the command zone, not a card
                _require(zone == Zone.COMMAND, "CR 114.1: emblem outside the command zone", (ent, zone))
            else:
                owners[co.owner] += 1
    all_cards = esper._components.get(CardObject, set())
    _require(len(all_cards) == len(objs) and all_cards.issuperset(objs), "card object in no zone",
             sorted(set(all_cards).symmetric_difference(objs))[:5])
    multiplayer = game.num_players > 2
    for p, size in enumerate(deck_sizes):
        # 800.4a: a player who leaves a multiplayer game takes every object they own along
        # (those who lose in the check that ends the game don't leave: the game is over, 104.3a)
        wanted = {0} if multiplayer and game.player_states[p].lost else {size}
        if multiplayer and game.is_over and game.player_states[p].lost:
            wanted = {0, size}
        _require(owners[p] in wanted, "cards not conserved", f"player {p} owns {owners[p]} cards, expected {wanted}")
    # State-based actions are not checked while a spell or ability resolves (704.3), so a decision
    # taken mid-resolution may see a token or copy that has not ceased to exist yet; once the game is
    # over (104.1) nothing more happens to those the last check put into graveyards.
    if game.resolution is not None or game.is_over:
        return
    for ent, zone, co in special:
        if co.is_token:
            _require(zone == Zone.BATTLEFIELD, "CR 704.5d: token outside the battlefield", (ent, zone))
        if co.is_copy:
            _require(zone in (Zone.BATTLEFIELD, Zone.STACK), "CR 704.5e: copy outside the battlefield/stack",
                     (ent, zone))


def check_table(game: Game) -> None:
    """The permanent table: packed rows, ``row_of`` one to one with the entity column."""
    t = game.table
    _require(0 <= t.n <= t.capacity, "table size", (t.n, t.capacity))
    _require(len(t.row_of) == t.n, "table row map size", (len(t.row_of), t.n))
    for ent, row in t.row_of.items():
        _require(0 <= row < t.n and int(t.entity[row]) == ent, "table row map", (ent, row))
    _require(set(t.entity[: t.n].tolist()) == set(t.row_of), "table entities", "entity column != row map")
    for ent in t.row_of:
        where = game.world.try_get(ent, InZone)
        _require(where is not None and where.zone == Zone.BATTLEFIELD, "table row of an object not on the "
                 "battlefield", (ent, where))


def check_amounts(game: Game) -> None:
    """Nothing negative (damage, counters, poison, mana); counters only on permanents."""
    t = game.table
    n = t.n
    for column in ("damage", "plus1", "minus1", "loyalty", "regen_shields"):
        _require((getattr(t, column)[:n] >= 0).all(), "negative amount", column)
    world = game.world
    for (obj, kind), cent in game.counters.items():
        c = world.get(cent, Counter)
        _require(c.count > 0 and c.obj == obj and c.kind == kind, "counter entity", (obj, kind, c))
        _require(obj in t.row_of, "counter on an object off the battlefield", (obj, kind))
    for state in game.player_states:
        _require(world.get(game.players[state.index], PlayerState) is state, "player state", state.index)
        _require(type(state.life) is int, "life is not an int", type(state.life))
        _require(type(state.poison) is int and state.poison >= 0, "poison", state.poison)
        _require(all(type(m) is int and m >= 0 for m in state.mana_pool), "mana pool", state.mana_pool)
    if game.pending is not None:
        _require(len(game.pending.options) >= 1, "decision without options", game.pending.kind)
        _require(not game.player_states[game.pending.player].lost, "decision for a player who lost",
                 game.pending.player)


def check_layers(game: Game) -> None:
    """CR 613: characteristics in the table (as the engine left them) equal the per-object reference."""
    from systems.layers_reference import reference_characteristics

    game.refresh_layers()
    t = game.table
    n = t.n
    if n == 0:
        return
    names = ("controller", "types", "supertypes", "colors", "keywords", "power", "toughness")
    got_rows = list(zip(*(getattr(t, c)[:n].tolist() for c in names), strict=True))
    reference = reference_characteristics(game)
    ents = t.entity[:n].tolist()
    want_rows = [reference.get(ent) for ent in ents]
    if got_rows == want_rows:
        return
    for ent, got, want in zip(ents, got_rows, want_rows, strict=True):
        if want != got:
            diff = {name: (g, w) for name, g, w in zip(names, got, want or (None,) * 7, strict=True) if g != w}
            raise InvariantViolation("layers differ from the reference",
                                     f"{game.name(ent)} (#{ent}): (table, reference) {diff}")


def step_key(game: Game) -> tuple[int, int]:
    return game.turn, int(game.step)


def pools(game: Game) -> list[tuple[int, ...]]:
    return [tuple(s.mana_pool) for s in game.player_states]


def check_mana_emptied(game: Game, previous: tuple[int, int] | None, previous_pools: Sequence[tuple[int, ...]] = ()
                       ) -> None:
    """CR 500.4: mana empties as each step and phase ends (no effect in the engine keeps mana). At the
    first decision of a new step, no pool may still hold the mana it held at the last decision of
    the old step. (Mana can be added in the new step before anyone decides, by a triggered mana
    ability such as "At the beginning of your first main phase, add {G}{G}", so an exact check
    would need the engine's events: a pool at least as full, in every type, as before is flagged.)"""
    if previous is None or previous == step_key(game):
        return
    for state, before in zip(game.player_states, previous_pools, strict=False):
        now = state.mana_pool
        kept = any(before) and all(n >= b for n, b in zip(now, before, strict=True))
        _require(not kept, "CR 500.4: mana kept after its step ended",
                 f"{state.name}: {list(before)} before, {now} at the first decision of turn {game.turn} "
                 f"{game.step.label}")


def check_invariants(game: Game, deck_sizes: Sequence[int], *, layers: bool = True) -> None:
    """All checks that run after every action."""
    check_zones(game, deck_sizes)
    check_table(game)
    check_amounts(game)
    if layers:
        check_layers(game)


def check_clone(game: Game) -> None:
    """``clone()`` has the original's fingerprint (and leaves the original's unchanged)."""
    before = fingerprint(game)
    copy = game.clone()
    _require(fingerprint(copy) == before, "clone differs from the original", f"turn {game.turn} {game.step.label}")
    _require(fingerprint(game) == before, "clone() changed the original", f"turn {game.turn}")


def check_replay(game: Game) -> None:
    """The save of the game replays (ecs/saves.py) to the same game: same save bytes, same fingerprint."""
    from ecs.game import Game as GameClass

    save = json.dumps(game.to_json(), sort_keys=True)
    again = GameClass.from_json(json.loads(save), "<fuzz save>")
    _require(json.dumps(again.to_json(), sort_keys=True) == save, "replay's save differs", "history or origin")
    _require(fingerprint(again) == fingerprint(game), "replay differs from the game",
             f"{again.result} vs {game.result}")


def check_no_leak(world_names: Iterable[str]) -> None:
    """esper holds no world of a deleted game (call after the games are gone and collected)."""
    left = sorted(set(world_names) & set(esper._context_map))
    _require(not left, "esper world leaked", f"{len(left)} world(s) of deleted games remain: {left[:3]}")
