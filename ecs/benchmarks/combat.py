"""``mtg-ecs bench combat``: one whole combat of N attackers against N blockers, in bulk.

The board holds N attacking and N blocking creatures mixing first strike, double strike, trample,
deathtouch and lifelink (plus vanilla ones), created in bulk (one esper pass, ``add_many`` rows).
The timed combat is: the bulk declaration of attackers and blocks (CR 508-509, with every
restriction checked), the first-strike damage step, SBAs, the regular damage step, SBAs (CR 510,
704) -- all the column paths of ``systems/combat.py``, ``systems/damage.py`` and the bulk deaths of
``systems/zones.py``. Damage divisions that would be choices use the default division rule.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np

from components.objects import CardObject, InZone, Zone
from ecs.benchmarks import synthetic_cards
from ecs.game import Game
from systems.combat import begin_combat_damage, declare_bulk, first_strike_needed
from systems.state_based import state_check

_ATTACKERS = [
    ("Bench Duelist", "{1}{W}", "Creature — Human Knight", "2", "2", "First strike"),
    ("Bench Blademaster", "{2}{R}", "Creature — Human Warrior", "2", "2", "Double strike"),
    ("Bench Behemoth", "{3}{G}", "Creature — Beast", "5", "4", "Trample"),
    ("Bench Stalker", "{1}{B}", "Creature — Human Assassin", "1", "1", "Deathtouch"),
    ("Bench Paladin", "{2}{W}", "Creature — Human Cleric", "2", "3", "Lifelink"),
    ("Bench Brute", "{2}{R}", "Creature — Ogre", "3", "3", ""),
    ("Bench Reaper", "{3}{B}{G}", "Creature — Horror", "3", "3", "Deathtouch, trample"),
]
_BLOCKERS = [
    ("Bench Sentry", "{1}{W}", "Creature — Human Soldier", "2", "2", "First strike"),
    ("Bench Fencer", "{2}{R}", "Creature — Human Warrior", "1", "2", "Double strike"),
    ("Bench Viper", "{B}", "Creature — Snake", "1", "2", "Deathtouch"),
    ("Bench Acolyte", "{1}{W}", "Creature — Human Cleric", "2", "2", "Lifelink"),
    ("Bench Wall", "{2}{G}", "Creature — Plant Wall", "1", "5", ""),
    ("Bench Bear", "{1}{G}", "Creature — Bear", "2", "2", ""),
]


def _add_creatures(game: Game, cards: list, which: np.ndarray, controller: int) -> np.ndarray:
    """Put creatures on the battlefield in bulk: one esper pass, one ``add_many``."""
    n = len(which)
    objs = [CardObject(cards[c], controller) for c in which.tolist()]
    zones = [InZone(Zone.BATTLEFIELD, controller)] * n
    ents = np.array(game.world.create_many(objs, zones), dtype=np.int64)
    cls_of = np.array([game.classes.class_for(card, controller, False) for card in cards], dtype=np.int32)
    cls = cls_of[which]
    base = game.classes.arrays()
    ts = game.next_timestamp
    game.next_timestamp += n
    game.table.add_many(
        ents, owner=controller, base_controller=controller, controller=controller, cls=cls,
        base_power=base["power"][cls], base_toughness=base["toughness"][cls], base_types=base["types"][cls],
        base_colors=base["colors"][cls], base_keywords=base["keywords"][cls],
        base_supertypes=base["supertypes"][cls], timestamp=np.arange(ts, ts + n),
    )
    return ents


def build_combat(n: int, seed: int = 0) -> tuple[Game, np.ndarray, np.ndarray, np.ndarray]:
    """A game on its declare-attackers step with ``n`` creatures on each side, and a block plan.

    Blocks: 60% of the blockers block attackers one to one, the other 40% block in pairs (two
    blockers on one attacker), so some attackers are blocked by two and some are unblocked.
    Returns the game, the attackers, the blockers and the attacker each blocker blocks.
    """
    rng = np.random.default_rng(seed)
    game = Game(["attacker", "defender"], seed, log=False, auto_pass=False)
    game.turn, game.active = 3, 0
    attackers = _add_creatures(game, synthetic_cards(_ATTACKERS), rng.integers(len(_ATTACKERS), size=n), 0)
    blockers = _add_creatures(game, synthetic_cards(_BLOCKERS), rng.integers(len(_BLOCKERS), size=n), 1)
    game.player_states[1].life = 10 * n + 1000  # the defender survives: the whole combat is timed
    single = int(n * 0.6)
    pairs = (n - single) // 2
    order = rng.permutation(n)
    target = np.empty(n, dtype=np.int64)
    target[:single] = order[:single]
    target[single:single + 2 * pairs] = np.repeat(order[single:single + pairs], 2)
    target[single + 2 * pairs:] = order[single + pairs: single + pairs + (n - single - 2 * pairs)]
    blocked = attackers[target]
    game.table.mark_changed()
    game.refresh_layers()
    return game, attackers, blockers, blocked


def run_combat(game: Game, attackers: np.ndarray, blockers: np.ndarray, blocked: np.ndarray) -> None:
    """Declare, then both damage steps with their SBAs (CR 508-510, 704)."""
    declare_bulk(game, attackers, game.players[1], blockers, blocked, auto_assign=True)
    if first_strike_needed(game):
        begin_combat_damage(game, first_strike_step=True)
        state_check(game)
    begin_combat_damage(game, first_strike_step=False)
    state_check(game)


def run_combat_bench(args: argparse.Namespace) -> int:
    rows = []
    for size in [int(n) for n in args.attackers]:
        times = []
        for rep in range(max(1, args.repeat)):
            game, attackers, blockers, blocked = build_combat(size, args.seed + rep)
            t0 = time.perf_counter()
            run_combat(game, attackers, blockers, blocked)
            times.append(time.perf_counter() - t0)
            died = 2 * size - game.table.n
        ms = statistics.median(times) * 1e3
        rows.append({"attackers": size, "ms_per_combat": round(ms, 3),
                     "us_per_creature": round(ms * 1e3 / (2 * size), 3), "died": int(died)})
    if args.json:
        print(json.dumps({"rows": rows}))
        return 0
    print(f"{'attackers':>10} {'blockers':>9} {'ms/combat':>10} {'us/creature':>12} {'died (last run)':>16}")
    for r in rows:
        print(f"{r['attackers']:>10} {r['attackers']:>9} {r['ms_per_combat']:>10.2f} {r['us_per_creature']:>12.2f} "
              f"{r['died']:>16}")
    if len(rows) >= 2:
        print(f"cost ratio {rows[-1]['attackers']}/{rows[-2]['attackers']}: "
              f"{rows[-1]['ms_per_combat'] / rows[-2]['ms_per_combat']:.2f}")
    return 0
