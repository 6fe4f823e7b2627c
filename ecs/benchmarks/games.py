"""``mtg-ecs bench games``: the benchmark of record for whole games (issue 11).

Random agents play a fixed round robin of every built-in deck pairing (pairing ``i % P`` in sorted
order, seed ``i``), on one worker, in this process. Reported:

* games/s and decisions/s; decisions and priority stops per game (a priority stop: a player
  receives priority and the engine lists their options, whether the player then decides or the
  engine passes for them because passing is all they can do);
* microseconds per decision (run time / decisions) and per pass-only priority stop (the time the
  engine spends on a stop where the only option turns out to be passing: proving it, or listing the options);
* start-up: a fresh subprocess, from its launch to the end of its first game (imports, pool
  compilation, ``new_game``, the game): cold (no bytecode files, no compiled-card cache) and warm (the
  second start of an installation: Python's bytecode files and content/pool_cache.py's cards exist);
* ``new_game`` time (median CPU time, warm), and at mid-game positions (turn 8 of seeded games of three
  fixed pairings, listed in the output) the time of ``clone()`` and ``observation()`` and random
  playouts per CPU second from those positions, with a playout's median length (decisions, end turn);
* the interpreter (implementation and version): builds of Python differ in speed.

The round robin and the start-up are timed by the clock and by CPU time; the rest by CPU time. The
machine may be shared: figures are medians where repeated, and noisy.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ecs.build import describe

if TYPE_CHECKING:
    from ecs.actions import Action
    from ecs.game import Game

# Mid-game positions: turn 8 of the first seed (from these) whose game is still going at turn 8.
POSITION_PAIRINGS = (("red_green_aggro", "white_blue_skies"), ("azorius_control", "mono_black_control"),
                     ("golgari_infect", "izzet_spells"))
POSITION_TURN = 8
DEFAULT_GAMES = 136  # once round the 136 pairings of the 17 built-in decks


def round_robin(deck_names: Sequence[str]) -> list[tuple[str, str]]:
    return list(combinations(sorted(deck_names), 2))


@dataclass
class StopCounter:
    """Counts and times the engine's priority stops (systems.priority.stop_options calls: the pass-only proof,
    and the list of options when there is no proof), through the engine's stop probe (``set_stop_probe``: replacing
    the function in its module would count nothing in a compiled build, whose calls go around it)."""

    stops: int = 0
    pass_only: int = 0
    pass_only_seconds: float = 0.0

    @contextmanager
    def installed(self) -> Iterator[None]:
        from systems.priority import set_stop_probe, stop_options

        # A stop lasts microseconds: perf_counter (read without a system call, ~50 ns) rather than process_time, whose
        # system call (~0.5 us, several under a sampling profiler) was a tenth of what it measured and a few percent of
        # the run. Preemption inside a few microseconds is rare; the run's own figure stays CPU time.
        clock = time.perf_counter

        def counted(game: Game, player: int) -> list[Action]:
            start = clock()
            options = stop_options(game, player)
            if len(options) == 1:
                self.pass_only += 1
                self.pass_only_seconds += clock() - start
            self.stops += 1
            return options

        previous = set_stop_probe(counted)
        try:
            yield
        finally:
            set_stop_probe(previous)


@dataclass
class GamesBench:
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # this process's CPU time: the figure to trust on a shared machine
    stops: StopCounter = field(default_factory=StopCounter)
    pairings: int = 0
    startup_seconds: float = 0.0
    startup_cpu_seconds: float = 0.0
    warm_startup_seconds: float = 0.0
    warm_startup_cpu_seconds: float = 0.0
    new_game_ms: float = 0.0
    positions: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        s = self.stops
        return {
            # the interpreter: the same commit runs at different speeds on different builds of Python
            "python": f"{platform.python_implementation()} {platform.python_version()}",
            "build": describe(),  # plain Python or compiled (setup.py): the compiled build is ~1.7x as fast
            "games": self.games, "pairings": self.pairings, "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else 0.0,
            "decisions_per_second": round(self.decisions / self.seconds, 1) if self.seconds else 0.0,
            "cpu_seconds": round(self.cpu_seconds, 3),
            "games_per_cpu_second": round(self.games / self.cpu_seconds, 2) if self.cpu_seconds else 0.0,
            "decisions_per_game": round(self.decisions / max(1, self.games), 1),
            "priority_stops_per_game": round(s.stops / max(1, self.games), 1),
            "pass_only_stops_per_game": round(s.pass_only / max(1, self.games), 1),
            "us_per_decision": round(self.seconds / max(1, self.decisions) * 1e6, 1),
            "us_per_pass_only_stop": round(s.pass_only_seconds / max(1, s.pass_only) * 1e6, 1),
            "startup_to_first_game_s": round(self.startup_seconds, 3),
            "startup_to_first_game_cpu_s": round(self.startup_cpu_seconds, 3),
            "warm_startup_to_first_game_s": round(self.warm_startup_seconds, 3),
            "warm_startup_to_first_game_cpu_s": round(self.warm_startup_cpu_seconds, 3),
            "new_game_ms": round(self.new_game_ms, 2),
            "positions": self.positions,
        }

    def text(self) -> str:
        j = self.to_json()
        lines = [
            f"round robin: {j['games']} games over {j['pairings']} pairings of the built-in decks, 1 worker, "
            f"{j['seconds']} s ({j['python']}, {j['build']})",
            f"  {j['games_per_second']} games/s, {j['decisions_per_second']} decisions/s "
            f"({j['games_per_cpu_second']} games per CPU second: {j['cpu_seconds']} s of CPU)",
            f"  per game: {j['decisions_per_game']} decisions, {j['priority_stops_per_game']} priority stops "
            f"({j['pass_only_stops_per_game']} pass-only)",
            f"  {j['us_per_decision']} us per decision, {j['us_per_pass_only_stop']} us per pass-only priority stop",
            f"  start-up (fresh process) to the end of its first game: cold (no caches) {j['startup_to_first_game_s']} s "
            f"({j['startup_to_first_game_cpu_s']} s of CPU), warm {j['warm_startup_to_first_game_s']} s "
            f"({j['warm_startup_to_first_game_cpu_s']} s of CPU)" if self.startup_seconds
            else "  start-up: not measured (--no-startup)",
            f"  new_game: {j['new_game_ms']} ms (median)",
            f"  mid-game positions (turn {POSITION_TURN}):",
        ]
        for p in self.positions:
            lines.append(f"    {p['pairing']} seed {p['seed']} ({p['permanents']} permanents): clone "
                         f"{p['clone_ms']} ms, observation {p['observation_ms']} ms, "
                         f"{p['playouts_per_second']} random playouts/s (median playout: "
                         f"{p['playout_decisions']} decisions, to turn {p['playout_end_turn']})")
        return "\n".join(lines)


def _decks(names: Sequence[str]) -> list[Any]:
    from content.decks import load_deck

    return [load_deck(n)[1] for n in names]


def _median_seconds(fn: Callable[[], object], repeat: int) -> float:
    """Median CPU time of ``fn`` (CPU time, so that other processes on a shared machine count less)."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times)


def play_round_robin(bench: GamesBench, games: int, seed: int = 0) -> None:
    from content.decks import builtin_deck_names
    from ecs.agents import RandomAgent, play_out
    from ecs.setup import new_game

    pairs = round_robin(builtin_deck_names())
    bench.pairings = min(games, len(pairs))
    decks = {n: _decks([n])[0] for n in builtin_deck_names()}
    with bench.stops.installed():
        start, cpu = time.perf_counter(), time.process_time()
        for i in range(games):
            a, b = pairs[i % len(pairs)]
            s = seed + i
            game = new_game([decks[a], decks[b]], s, log=False)
            play_out(game, [RandomAgent(s * 7 + 1), RandomAgent(s * 7 + 2)])
            bench.decisions += len(game.history)
            bench.games += 1
        bench.seconds = time.perf_counter() - start
        bench.cpu_seconds = time.process_time() - cpu


def mid_game_position(pairing: Sequence[str], first_seed: int = 1) -> tuple[Game, int]:
    """Turn 8 of the first seeded game of ``pairing`` (random agents) still going at turn 8."""
    from ecs.agents import RandomAgent
    from ecs.setup import new_game

    decks = _decks(pairing)
    for seed in range(first_seed, first_seed + 50):
        game = new_game(decks, seed, log=False)
        agents = [RandomAgent(seed * 7 + 1), RandomAgent(seed * 7 + 2)]
        while game.pending is not None and game.turn < POSITION_TURN:
            game.apply(agents[game.pending.player].choose(game, game.pending.options))
        if game.pending is not None:
            return game, seed
    raise RuntimeError(f"no game of {pairing} reached turn {POSITION_TURN}")


def measure_position(pairing: Sequence[str], playouts: int = 40) -> dict[str, Any]:
    # 40 playouts, not 10: ten take ~60 ms of CPU at the aggro position, and one preemption moved that figure by 15%
    from ecs.agents import RandomAgent, play_out

    game, seed = mid_game_position(pairing)
    clone_s = _median_seconds(game.clone, 20)
    observation_s = _median_seconds(lambda: game.observation(game.pending.player), 20)  # type: ignore[union-attr]
    decisions, end_turns = [], []
    start = time.process_time()
    for k in range(playouts):
        copy = game.clone()
        play_out(copy, [RandomAgent(1000 + 2 * k), RandomAgent(1001 + 2 * k)])
        decisions.append(len(copy.history) - len(game.history))
        end_turns.append(copy.turn)
    playout_s = (time.process_time() - start) / playouts  # per CPU second
    # how long a playout is tells why a position's playouts are slow (a control mirror plays on to turn ~40)
    return {"pairing": " vs ".join(pairing), "seed": seed, "turn": game.turn, "permanents": game.table.n,
            "clone_ms": round(clone_s * 1e3, 3), "observation_ms": round(observation_s * 1e3, 3),
            "playouts_per_second": round(1 / playout_s, 1) if playout_s else 0.0,
            "playout_decisions": statistics.median(decisions), "playout_end_turn": statistics.median(end_turns)}


# A fresh interpreter that plays one game; it prints when the game is over.
_STARTUP_SCRIPT = """
from content.decks import load_deck
from ecs import RandomAgent, new_game, play_out
decks = [load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]]
play_out(new_game(decks, 1, log=False), [RandomAgent(8), RandomAgent(9)])
print("done", flush=True)
"""


def startup_seconds(repeat: int = 3, *, warm: bool = False) -> tuple[float, float]:
    """Median (clock, CPU) seconds of a fresh process from its launch to the end of its first game.

    Cold: no bytecode files and no compiled-card cache are read or written. Warm: both are in a temporary
    directory that one unmeasured run fills first (the user's own caches are not touched either way)."""
    import os
    import resource
    import tempfile

    root = Path(__file__).resolve().parents[2]
    clock, cpu = [], []
    with tempfile.TemporaryDirectory(prefix="mtg-ecs-startup-") as scratch:
        env = dict(os.environ, PYTHONPYCACHEPREFIX=os.path.join(scratch, "pyc"),
                   MTG_ECS_CACHE_DIR=os.path.join(scratch, "cards"))
        if warm:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env.pop("MTG_ECS_NO_CACHE", None)
        else:
            env.update(PYTHONDONTWRITEBYTECODE="1", MTG_ECS_NO_CACHE="1")

        def launch() -> None:
            subprocess.run([sys.executable, "-c", _STARTUP_SCRIPT], cwd=root, env=env, check=True,
                           capture_output=True, timeout=300)

        if warm:
            launch()
        for _ in range(repeat):
            used = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            launch()
            clock.append(time.perf_counter() - start)
            now = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(now.ru_utime + now.ru_stime - used.ru_utime - used.ru_stime)
    return statistics.median(clock), statistics.median(cpu)


def measure_copies(bench: GamesBench, positions: bool = True) -> None:
    """``new_game`` time, and clone/observation/playouts at the mid-game positions."""
    from ecs.setup import new_game

    decks = _decks(POSITION_PAIRINGS[0])
    bench.new_game_ms = _median_seconds(lambda: new_game(decks, 3, log=False), 15) * 1e3
    if positions:
        bench.positions = [measure_position(p) for p in POSITION_PAIRINGS]


def run(games: int = DEFAULT_GAMES, seed: int = 0, *, positions: bool = True, startup: bool = True,
        profile: str | None = None) -> tuple[GamesBench, str]:
    """The whole bench; the round robin is profiled into ``profile`` if given (returns the profile's kind)."""
    bench = GamesBench()
    if startup:
        bench.startup_seconds, bench.startup_cpu_seconds = startup_seconds()
        bench.warm_startup_seconds, bench.warm_startup_cpu_seconds = startup_seconds(warm=True)
    with profiled(profile) as kind:
        play_round_robin(bench, games, seed)
    measure_copies(bench, positions)
    return bench, kind


@contextmanager
def profiled(path: str | None) -> Iterator[str]:
    """Profile the block into ``path``: pyinstrument's HTML if it is installed, else cProfile's stats."""
    if not path:
        yield ""
        return
    try:
        from pyinstrument import Profiler
    except ImportError:
        import cProfile

        prof = cProfile.Profile()
        prof.enable()
        try:
            yield "cProfile (pyinstrument is not installed: pip install 'mtg-ecs[profile]'); read it with pstats"
        finally:
            prof.disable()
            prof.dump_stats(path)
        return
    profiler = Profiler()
    profiler.start()
    try:
        yield "pyinstrument HTML"
    finally:
        profiler.stop()
        Path(path).write_text(profiler.output_html(), encoding="utf-8")


def add_games_bench_parser(bench_sub: Any) -> None:
    """Register ``mtg-ecs bench games`` on the bench subcommands."""
    from ecs.options import positive_int, seed_number

    p = bench_sub.add_parser("games", help="whole games of random agents: a round robin of the built-in decks "
                                           "(games/s, decisions, priority stops, start-up, clone, playouts)")
    p.add_argument("--games", type=positive_int, default=DEFAULT_GAMES,
                   help=f"games of the round robin (default {DEFAULT_GAMES}: every pairing once)")
    p.add_argument("--seed", type=seed_number, default=0)
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.add_argument("--profile", metavar="FILE", help="also profile the round robin into FILE (pyinstrument "
                                                     "HTML, or cProfile stats without pyinstrument)")
    p.add_argument("--no-startup", action="store_true", help="skip the fresh-process start-up measurement")
    p.set_defaults(func=run_games_bench)


def run_games_bench(args: argparse.Namespace) -> int:
    from ecs.errors import MtgError

    if args.profile and not Path(args.profile).resolve().parent.is_dir():
        raise MtgError(f"--profile {args.profile}: folder {Path(args.profile).resolve().parent} does not exist")
    if args.seed < 0:
        raise MtgError(f"--seed must be 0 or more, got {args.seed}")
    bench, kind = run(args.games, args.seed, startup=not args.no_startup, profile=args.profile)
    if args.json:
        print(json.dumps(bench.to_json(), indent=2))
    else:
        print(bench.text())
        if args.profile:
            print(f"  profile of the round robin: {args.profile} ({kind})")
    return 0
