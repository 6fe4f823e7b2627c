"""``mtg-ecs bench board``: the full state check (layers, then SBAs) over very large boards.

A board of N permanents (creatures and tokens of several types, colours, subtypes and
controllers; some with counters and damage) lies under E continuous effects of mixed kinds. The
timed operation is the complete state check the engine runs before priority: every layer
recomputed (CR 613), then state-based actions (CR 704) to their fixed point. For the smallest N
the same board is also evaluated object by object in plain Python (systems/layers_reference.py)
and both results are compared.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

import numpy as np

from components.abilities import Layer, PermanentFilter
from components.characteristics import CardType, Color
from components.keywords import Keyword
from components.objects import CardObject, ContinuousEffect, Counter, InZone, Zone
from content.card_pool import card_from_json
from ecs.benchmarks import synthetic_cards
from ecs.game import Game
from systems.layers import add_effect
from systems.layers_reference import bulk_characteristics, reference_characteristics
from systems.state_based import state_check
from systems.zones import create_card

# Synthetic but well-formed cards: several types, colours and subtypes.
_CARDS = [
    ("Bench Elf", "{G}", "Creature — Elf Warrior", "1", "1", ""),
    ("Bench Goblin", "{R}", "Creature — Goblin", "2", "1", "Haste"),
    ("Bench Knight", "{1}{W}", "Creature — Human Knight", "2", "2", "First strike"),
    ("Bench Drake", "{1}{U}", "Creature — Drake", "2", "1", "Flying"),
    ("Bench Zombie", "{1}{B}", "Creature — Zombie", "2", "2", ""),
    ("Bench Golem", "{3}", "Artifact Creature — Golem", "3", "3", ""),
    ("Bench Wurm", "{4}{G}{G}", "Creature — Wurm", "6", "6", "Trample"),
    ("Bench Angel", "{3}{W}{W}", "Creature — Angel", "4", "4", "Flying, vigilance"),
    ("Bench Spirit", "{W}{U}", "Enchantment Creature — Spirit", "1", "3", "Flying"),
    ("Bench Beast", "{2}{R}{G}", "Creature — Beast", "4", "3", "Trample"),
]
_SOURCE = {"name": "Bench Source", "manaCost": "{2}", "type": "Enchantment", "text": ""}


def build_board(n: int, effects: int, seed: int = 0, players: int = 3) -> Game:
    """A game whose battlefield holds ``n`` permanents under ``effects`` continuous effects."""
    rng = np.random.default_rng(seed)
    game = Game([f"p{i}" for i in range(players)], seed, log=False)
    cards = synthetic_cards(_CARDS)
    source_card = card_from_json(_SOURCE)
    # The effect sources are ordinary permanents created first (they own the static abilities).
    sources = [create_card(game, source_card, i % players, Zone.BATTLEFIELD) for i in range(effects)]
    which = rng.integers(len(cards), size=n)
    ctrl = rng.integers(players, size=n).astype(np.int8)
    token = rng.random(n) < 0.3
    # Entities in bulk (one esper pass), then rows in bulk.
    objs = [CardObject(cards[c], int(p), bool(tk)) for c, p, tk in zip(which.tolist(), ctrl.tolist(), token.tolist(),
                                                                        strict=True)]
    zones = [InZone(Zone.BATTLEFIELD, int(p)) for p in ctrl.tolist()]
    ents = np.array(game.world.create_many(objs, zones), dtype=np.int64)
    cls = np.empty(n, dtype=np.int32)
    for c in range(len(cards)):
        for p in range(players):
            for tk in (False, True):
                sel = (which == c) & (ctrl == p) & (token == tk)
                cls[sel] = game.classes.class_for(cards[c], p, tk)
    base = game.classes.arrays()
    plus1 = np.where(rng.random(n) < 0.1, rng.integers(1, 3, size=n), 0).astype(np.int32)
    minus1 = np.where(rng.random(n) < 0.05, 1, 0).astype(np.int32)
    damage = np.where(rng.random(n) < 0.1, 1, 0).astype(np.int32)
    start_ts = game.next_timestamp
    game.next_timestamp += n
    game.table.add_many(
        ents, owner=ctrl, base_controller=ctrl, controller=ctrl, cls=cls,
        base_power=base["power"][cls], base_toughness=base["toughness"][cls],
        base_types=base["types"][cls], base_colors=base["colors"][cls], base_keywords=base["keywords"][cls],
        base_supertypes=base["supertypes"][cls], plus1=plus1, minus1=minus1, counter_pt=plus1 - minus1,
        damage=damage, token=token,
        timestamp=np.arange(start_ts, start_ts + n),
    )
    # Counters are entities (CR 122): one per object and kind.
    for kind, column in (("+1/+1", plus1), ("-1/-1", minus1)):
        idx = np.flatnonzero(column)
        made = game.world.create_many([Counter(int(ents[i]), kind, int(column[i])) for i in idx.tolist()])
        game.counters.update(zip([(int(ents[i]), kind) for i in idx.tolist()], made, strict=True))
    _add_effects(game, sources, effects, rng, ents)
    game.table.mark_changed()
    return game


def _add_effects(game: Game, sources: list[int], count: int, rng: np.random.Generator, ents: np.ndarray) -> None:
    creature = int(CardType.CREATURE)
    kinds = ["anthem_type", "anthem_color", "anthem_controller", "anthem_subtype", "set_base", "switch",
             "grant", "remove", "type_change", "locked"]
    colors = [int(c) for c in (Color.W, Color.U, Color.B, Color.R, Color.G)]
    for i in range(count):
        kind = kinds[i % len(kinds)]
        src = sources[i]
        ts = game.table.get(src, "timestamp")
        ctrl = game.table.get(src, "controller")
        common: dict[str, Any] = {"timestamp": ts, "source": src, "controller": ctrl, "until_end_of_turn": False,
                  "from_static": True}
        if kind == "anthem_type":
            ce = ContinuousEffect(layer=Layer.PT_MODIFY, affected=PermanentFilter(types_any=creature),
                                  power=1, toughness=1, **common)
        elif kind == "anthem_color":
            ce = ContinuousEffect(layer=Layer.PT_MODIFY, affected=PermanentFilter(
                types_any=creature, colors_any=colors[int(rng.integers(5))]), power=1, toughness=0, **common)
        elif kind == "anthem_controller":
            ce = ContinuousEffect(layer=Layer.PT_MODIFY, affected=PermanentFilter(
                types_any=creature, controller="you", exclude_source=True), power=0, toughness=1, **common)
        elif kind == "anthem_subtype":
            ce = ContinuousEffect(layer=Layer.PT_MODIFY, affected=PermanentFilter(
                subtypes_any=("Elf", "Goblin", "Warrior")), power=1, toughness=1, **common)
        elif kind == "set_base":
            ce = ContinuousEffect(layer=Layer.PT_SET, affected=PermanentFilter(
                types_any=creature, colors_any=colors[int(rng.integers(5))]), power=3, toughness=3, **common)
        elif kind == "switch":
            ce = ContinuousEffect(layer=Layer.PT_SWITCH, affected=PermanentFilter(
                types_any=int(CardType.ARTIFACT)), **common)
        elif kind == "grant":
            ce = ContinuousEffect(layer=Layer.ABILITY, affected=PermanentFilter(
                types_any=creature, controller="you"), keywords_add=int(Keyword.VIGILANCE), **common)
        elif kind == "remove":
            ce = ContinuousEffect(layer=Layer.ABILITY, affected=PermanentFilter(
                keywords_any=int(Keyword.FLYING), controller="opponent"),
                keywords_remove=int(Keyword.FLYING), **common)
        elif kind == "type_change":
            ce = ContinuousEffect(layer=Layer.TYPE, affected=PermanentFilter(
                types_any=int(CardType.ENCHANTMENT), types_none=int(CardType.CREATURE)),
                types_add=int(CardType.ARTIFACT), **common)
        else:
            # A resolved spell's effect on a few objects, locked in (611.2c).
            targets = tuple(int(e) for e in rng.choice(ents, size=min(3, len(ents)), replace=False))
            ce = ContinuousEffect(layer=Layer.PT_MODIFY, timestamp=game.new_timestamp(), source=src,
                                  controller=ctrl, until_end_of_turn=True, from_static=False, fixed=targets,
                                  power=2, toughness=2)
        add_effect(game, ce)


def full_check(game: Game) -> None:
    """The state check before priority: layers (forced) then SBAs to the fixed point."""
    game.table.mark_changed()
    state_check(game)


# The per-object reference is plain Python over every permanent and effect: at 10^6 permanents it ran for more than
# 17 minutes, so it is checked at the smallest size asked, or on a board of this many when every size is larger.
REFERENCE_MAX = 10_000


def _compare_with_per_object(game: Game, repeat: int) -> float:
    """Check the bulk layers against the per-object reference on ``game`` (exit on a difference); return how many times
    faster a forced layers pass is than the reference."""
    t0 = time.perf_counter()
    reference = reference_characteristics(game)
    ref_time = time.perf_counter() - t0
    bulk = bulk_characteristics(game)
    if bulk != reference:
        diff = [e for e in reference if reference[e] != bulk.get(e)][:5]
        raise SystemExit(f"bulk and per-object layers disagree on {len(diff)}+ permanents: "
                         f"{[(e, bulk.get(e), reference[e]) for e in diff]}")
    layers_only = []
    for _ in range(repeat):
        game.table.mark_changed(sba=False)
        t0 = time.perf_counter()
        game.refresh_layers()
        layers_only.append(time.perf_counter() - t0)
    return ref_time / statistics.median(layers_only)


def run_board_bench(args: argparse.Namespace) -> int:
    sizes = [int(n) for n in args.permanents]
    rows = []
    speedup = None
    for size in sizes:
        game = build_board(size, args.effects, args.seed)
        t0 = time.perf_counter()
        full_check(game)  # the first check performs whatever SBAs apply (fixed point)
        first = time.perf_counter() - t0
        times = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            full_check(game)
            times.append(time.perf_counter() - t0)
        ms = statistics.median(times) * 1e3
        rows.append({"permanents": size, "effects": args.effects, "ms_per_check": round(ms, 3),
                     "ns_per_permanent": round(ms * 1e6 / size, 2), "first_check_ms": round(first * 1e3, 3)})
        if size == min(sizes) and size <= REFERENCE_MAX:
            speedup = _compare_with_per_object(game, args.repeat)
    reference_size = min(min(sizes), REFERENCE_MAX)
    if speedup is None:  # (every size asked is larger: the check on a board of its own)
        board = build_board(reference_size, args.effects, args.seed)
        full_check(board)  # (as the boards above were checked before their comparison)
        speedup = _compare_with_per_object(board, args.repeat)
    if args.json:
        print(json.dumps({"rows": rows, "speedup_vs_per_object": round(speedup or 0.0, 1)}))
        return 0
    print(f"{'permanents':>11} {'effects':>8} {'ms/check':>10} {'ns/permanent':>13} {'first check ms':>15}")
    for r in rows:
        print(f"{r['permanents']:>11} {r['effects']:>8} {r['ms_per_check']:>10.2f} {r['ns_per_permanent']:>13.1f} "
              f"{r['first_check_ms']:>15.1f}")
    if len(rows) >= 2:
        print(f"cost ratio {rows[-1]['permanents']}/{rows[-2]['permanents']}: "
              f"{rows[-1]['ms_per_check'] / rows[-2]['ms_per_check']:.2f}")
    print(f"bulk layers vs per-object plain Python at N={reference_size}: identical, {speedup:.0f}x faster")
    return 0
