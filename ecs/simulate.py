"""Batch simulation: many seeded games over worker processes, with summary statistics."""

from __future__ import annotations

import functools
import json
import math
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tqdm import tqdm

from content.card_files import pool_with_objects
from content.card_pool import CardPool, builtin_pool
from content.decks import load_deck
from ecs.agents import RandomAgent, play_out
from ecs.setup import new_game


@dataclass(frozen=True, slots=True)
class GameSummary:
    seed: int
    winner: int | None
    turns: int
    reason: str


@dataclass
class SimulationReport:
    deck_names: list[str]
    games: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    draws: int = 0
    draw_reasons: dict[str, int] = field(default_factory=dict)
    total_turns: int = 0
    seconds: float = 0.0

    @property
    def mean_turns(self) -> float:
        return self.total_turns / self.games if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "wins": dict(self.wins),
            "draws": self.draws,
            "mean_turns": round(self.mean_turns, 3),
            "games_per_second": round(self.games_per_second, 2),
        }


def wilson_interval(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (better than the normal one near 0 and 1)."""
    if n == 0:
        return (0.0, 0.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def game_seed(base: int, index: int) -> int:
    """Each game's seed depends only on the base seed and its index, never on the worker count."""
    return base * 1_000_003 + index


@functools.lru_cache(maxsize=4)
def _pool_of(cards_json: str) -> CardPool:
    """The built-in cards plus the user's cards the decks use (sent as JSON: a worker compiles only those)."""
    return pool_with_objects(json.loads(cards_json), "--cards") if cards_json else builtin_pool()


def play_one(args: tuple[Sequence[str], int, int] | tuple[Sequence[str], int, int, str]) -> GameSummary:
    deck_refs, seed, max_turns = args[:3]
    pool = _pool_of(args[3] if len(args) > 3 else "")  # type: ignore[misc]
    decks = [load_deck(ref, pool)[1] for ref in deck_refs]
    game = new_game(decks, seed, max_turns=max_turns, log=False)
    agents = [RandomAgent(seed * 7 + i + 1) for i in range(len(decks))]
    result = play_out(game, agents)
    return GameSummary(seed, result.winner, result.turns, result.reason)


def simulate(
    deck_refs: Sequence[str],
    games: int,
    *,
    workers: int = 1,
    seed: int = 0,
    max_turns: int = 100,
    progress: bool = True,
    cards: Sequence[Mapping[str, Any]] = (),
) -> SimulationReport:
    """``cards``: MTGJSON objects of the user's cards the decks use (CardPool.external_objects)."""
    cards_json = json.dumps(list(cards), sort_keys=True) if cards else ""
    pool = _pool_of(cards_json)
    names = [load_deck(ref, pool)[0] for ref in deck_refs]
    if len(set(names)) < len(names):  # a mirror match: tell the seats apart
        names = [f"{name}#{i + 1}" for i, name in enumerate(names)]
    report = SimulationReport(names, wins={name: 0 for name in names})
    jobs = [(tuple(deck_refs), game_seed(seed, i), max_turns, cards_json) for i in range(games)]
    start = time.perf_counter()
    bar = tqdm(total=games, disable=not progress, unit="game", leave=False)
    results: list[GameSummary] = []
    if workers <= 1:
        for job in jobs:
            results.append(play_one(job))
            bar.update()
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for summary in pool.map(play_one, jobs, chunksize=max(1, games // (workers * 8))):
                results.append(summary)
                bar.update()
    bar.close()
    report.seconds = time.perf_counter() - start
    for s in results:
        report.games += 1
        report.total_turns += s.turns
        if s.winner is None:
            report.draws += 1
            report.draw_reasons[s.reason] = report.draw_reasons.get(s.reason, 0) + 1
        else:
            report.wins[names[s.winner]] += 1
    return report


def format_report(report: SimulationReport) -> str:
    lines = [f"{report.games} games: {' vs '.join(report.deck_names)}"]
    for name, wins in report.wins.items():
        lo, hi = wilson_interval(wins, report.games)
        lines.append(f"  {name:<24} wins {wins:>6}  {wins / max(1, report.games):6.1%}  "
                     f"95% CI [{lo:.1%}, {hi:.1%}]")
    lo, hi = wilson_interval(report.draws, report.games)
    lines.append(f"  {'draws':<24}      {report.draws:>6}  {report.draws / max(1, report.games):6.1%}  "
                 f"95% CI [{lo:.1%}, {hi:.1%}]")
    for reason, count in sorted(report.draw_reasons.items()):
        lines.append(f"    {count} x {reason}")
    lines.append(f"  mean turns {report.mean_turns:.2f}")
    lines.append(f"  {report.games_per_second:.1f} games per second ({report.seconds:.2f} s)")
    return "\n".join(lines)
