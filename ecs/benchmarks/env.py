"""``mtg-ecs bench env`` and ``mtg-ecs bench options``: the self-play environments' speed, and option counts.

``bench env`` plays masked-random agents through the PettingZoo AEC environment and the Gymnasium
environment (one process), each with and without the observation encoding, and the bare engine loop for
reference; it reports agent steps per second (median of ``--repeat`` runs of ``--steps`` steps). An agent
step is one decision answered through the environment: in the AEC environment every decision of every
seat; in the Gymnasium environment the learner's decisions (the random opponent's decisions, taken inside
``step``, are reported as decisions/s beside them).

``bench options`` plays random games between random pairs of the built-in decks and reports the largest
option list of each decision kind (the action space is ``Discrete(64)`` by default).

Rates are given per CPU second of this process (``time.process_time``: the "per core" figure, which other
processes on a shared machine do not distort) and per wall-clock second. Each row is warmed up with one
untimed run of 200 steps first (card pools and caches load once).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

import numpy as np


def add_parsers(bench_sub: Any) -> None:
    """Register ``bench env`` and ``bench options`` (called from ecs/cli.py)."""
    env = bench_sub.add_parser("env", help="self-play environment steps/s (PettingZoo AEC, Gymnasium), "
                                           "with and without observation encoding")
    env.add_argument("--steps", type=int, default=3000, help="agent steps per timed run")
    env.add_argument("--repeat", type=int, default=3, help="timed runs per row (the median is reported)")
    env.add_argument("--decks", nargs="+", default=None, metavar="DECK")
    env.add_argument("--seed", type=int, default=0)
    env.add_argument("--json", action="store_true")
    env.set_defaults(func=run_env_bench)
    opt = bench_sub.add_parser("options", help="largest option count per decision kind over random games of "
                                               "the built-in decks")
    opt.add_argument("--games", type=int, default=1000)
    opt.add_argument("--seed", type=int, default=0)
    opt.add_argument("--threshold", type=int, default=64, help="count decisions with more options than this")
    opt.add_argument("--json", action="store_true")
    opt.add_argument("--no-progress", action="store_true")
    opt.set_defaults(func=run_options_bench)


def _clock() -> tuple[float, float]:
    return time.process_time(), time.perf_counter()


def _rates(n: int, start: tuple[float, float]) -> tuple[float, float]:
    cpu, wall = _clock()
    return n / max(cpu - start[0], 1e-9), n / max(wall - start[1], 1e-9)


def _masked(mask: np.ndarray, rng: np.random.Generator) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(len(legal))])


def engine_steps(match: Any, steps: int, seed: int) -> tuple[float, float]:
    """The bare engine loop (no environment): decisions per CPU second and per wall second."""
    rng = np.random.default_rng(seed)
    done = games = 0
    t0 = _clock()
    while done < steps:
        game, _ = match.new_game(rng)
        games += 1
        while game.pending is not None and done < steps:
            options = game.pending.options
            game.apply(options[int(rng.integers(len(options)))])
            done += 1
    return _rates(done, t0)


def aec_steps(env: Any, steps: int, seed: int) -> tuple[float, float]:
    rng = np.random.default_rng(seed)
    done = games = 0
    t0 = _clock()
    while done < steps:
        env.reset(seed=seed + games)
        games += 1
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(_masked(obs["action_mask"], rng))
            done += 1
            if done >= steps:
                break
    return _rates(done, t0)


def gym_steps(env: Any, steps: int, seed: int) -> tuple[float, float, float]:
    """Learner steps per CPU second and per wall second, and all decisions (learner and opponent) per CPU
    second."""
    rng = np.random.default_rng(seed)
    done = games = 0
    decisions = 0
    t0 = _clock()
    while done < steps:
        _, info = env.reset(seed=seed + games)
        games += 1
        over = False
        while not over and done < steps:
            _, _, terminated, truncated, info = env.step(_masked(info["action_mask"], rng))
            done += 1
            over = terminated or truncated
        decisions += len(env.game.history)  # the opponent's decisions in reset() and step() too
    cpu, wall = _rates(done, t0)
    return cpu, wall, cpu * decisions / max(done, 1)


def run_env_bench(args: argparse.Namespace) -> int:
    from ecs.rl.aec import raw_env
    from ecs.rl.duel import DuelEnv
    from ecs.rl.matches import load_match

    match = load_match(args.decks)
    rows: list[dict[str, Any]] = []

    def measure(name: str, encoded: str, run: Any) -> None:
        run(200, args.seed + 1000)  # warm-up, untimed
        runs = [run(args.steps, args.seed + rep) for rep in range(args.repeat)]
        row: dict[str, Any] = {"interface": name, "encoding": encoded,
                               "steps_per_cpu_s": round(statistics.median(r[0] for r in runs), 1),
                               "steps_per_wall_s": round(statistics.median(r[1] for r in runs), 1),
                               "runs_cpu": [round(r[0], 1) for r in runs]}
        if len(runs[0]) > 2:
            row["decisions_per_cpu_s"] = round(statistics.median(r[2] for r in runs), 1)
        rows.append(row)

    measure("engine (no env)", "-", lambda n, seed: engine_steps(match, n, seed))
    for encode in (False, True):
        aec = raw_env(decks=args.decks, encode_observations=encode)
        measure("pettingzoo AEC", "on" if encode else "off", lambda n, seed, e=aec: aec_steps(e, n, seed))
    for encode in (False, True):
        duel = DuelEnv(decks=args.decks, encode_observations=encode)
        measure("gymnasium Duel-v0", "on" if encode else "off", lambda n, seed, e=duel: gym_steps(e, n, seed))
    if args.json:
        print(json.dumps({"steps": args.steps, "repeat": args.repeat, "decks": list(match.names), "rows": rows}))
        return 0
    print(f"{args.steps} agent steps per run, median of {args.repeat} runs, one process; "
          f"decks: {' vs '.join(match.names)}")
    print(f"{'interface':<20} {'encoding':>8} {'steps/CPU s':>12} {'steps/wall s':>13} {'all decisions/CPU s':>20}")
    for r in rows:
        dec = f"{r['decisions_per_cpu_s']:>20.0f}" if "decisions_per_cpu_s" in r else f"{'':>20}"
        print(f"{r['interface']:<20} {r['encoding']:>8} {r['steps_per_cpu_s']:>12.0f} {r['steps_per_wall_s']:>13.0f} {dec}")
    return 0


def run_options_bench(args: argparse.Namespace) -> int:
    from ecs.rl.option_counts import measure_option_counts

    counts = measure_option_counts(args.games, seed=args.seed, threshold=args.threshold,
                                   progress=not args.no_progress)
    data = counts.to_json()
    if args.json:
        print(json.dumps(data))
        return 0
    print(f"{counts.games} random games of random pairs of the built-in decks, {counts.decisions} decisions, "
          f"{counts.seconds:.0f} s")
    print(f"{'decision kind':<16} {'max options':>11}  {'decisions over ' + str(args.threshold):>20}  where")
    for kind, most in sorted(counts.max_by_kind.items(), key=lambda kv: -kv[1]):
        print(f"{kind:<16} {most:>11}  {counts.over.get(kind, 0):>20}  {counts.example_by_kind[kind]}")
    return 0
