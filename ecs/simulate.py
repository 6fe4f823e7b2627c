"""Batch simulation: many seeded games of fixed seats over worker processes or Ray, with summary statistics.

The games are played by the batch engine (:mod:`ecs.batch`): per-game records, Ctrl-C, resume, engine-error
isolation and backends are shared with ``tournament``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ecs.batch import (
    BatchRun,
    GameJob,
    RunDecks,
    exit_status,
    game_seed,
    interrupted_message,
    run_batch,
    run_decks,
    settings_json,
)

__all__ = ["SimulationReport", "format_report", "game_seed", "simulate", "wilson_interval"]


@dataclass
class SimulationReport:
    deck_names: list[str]
    games: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    draws: int = 0
    draw_reasons: dict[str, int] = field(default_factory=dict)
    total_turns: int = 0
    seconds: float = 0.0
    engine_errors: list[dict[str, Any]] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    interrupted: bool = False
    planned: int = 0  # games the run was asked for
    records_path: str | None = None
    run: BatchRun | None = None

    @property
    def mean_turns(self) -> float:
        return self.total_turns / self.games if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        played = self.games + len(self.engine_errors) - (self.run.resumed if self.run else 0)
        return played / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, object]:
        """The summary; ``games`` counts finished games (engine errors are counted apart)."""
        rates = {}
        for name, wins in self.wins.items():
            lo, hi = wilson_interval(wins, self.games)
            rates[name] = {"rate": round(wins / self.games, 6) if self.games else 0.0,
                           "ci95": [round(lo, 6), round(hi, 6)]}
        return {
            "games": self.games,
            "wins": dict(self.wins),
            "draws": self.draws,
            "mean_turns": round(self.mean_turns, 3),
            "games_per_second": round(self.games_per_second, 2),
            "win_rates": rates,
            "draw_reasons": dict(sorted(self.draw_reasons.items())),
            "engine_errors": [{"game": r["game"], "seed": r["seed"], "error": r["error"]} for r in self.engine_errors],
            "planned_games": self.planned,
            "interrupted": self.interrupted,
            "seconds": round(self.seconds, 3),
            "settings": self.settings,
            "game_seeds": "seed of game i = seed * 1000003 + i; agent in seat s: game seed * 7 + s + 1",
            "records": self.records_path,
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


def simulate(
    deck_refs: Sequence[str],
    games: int,
    *,
    workers: int = 1,
    seed: int = 0,
    max_turns: int = 100,
    progress: bool = True,
    agents: Sequence[str] = ("random",),
    records: str | None = None,
    resume: str | None = None,
    backend: str = "local",
    address: str | None = None,
    chunk_games: int | None = None,
    cards: Sequence[str] = (),
    deck_format: str | None = None,
    prepared: RunDecks | None = None,
) -> SimulationReport:
    """Play ``games`` games of the decks in fixed seats (deck i in seat i).

    ``cards``: MTGJSON card files whose cards the decks may use; ``deck_format``: check the decks' legality.
    """
    prepared = prepared or run_decks(deck_refs, agents, card_files=cards, deck_format=deck_format)
    entrants = prepared.entrants
    settings = settings_json(prepared, games=games, seed=seed, max_turns=max_turns)
    seats = tuple(range(len(entrants)))
    jobs = [GameJob(i, game_seed(seed, i), seats) for i in range(games)]
    run = run_batch("simulate", settings, prepared.context(max_turns), jobs, records_path=records,
                    resume=resume, workers=workers, backend=backend, address=address, chunk_games=chunk_games,
                    progress=progress)
    names = [e.label for e in entrants]
    report = SimulationReport(names, wins={name: 0 for name in names}, settings=settings, run=run,
                              interrupted=run.interrupted, planned=games, seconds=run.seconds,
                              records_path=resume or records)
    for r in run.records:
        if r.get("error"):
            report.engine_errors.append(r)
            continue
        report.games += 1
        report.total_turns += r["turns"]
        if r["winner"] is None:
            report.draws += 1
            report.draw_reasons[r["reason"]] = report.draw_reasons.get(r["reason"], 0) + 1
        else:
            report.wins[names[r["winner"]]] += 1
    return report


def format_report(report: SimulationReport) -> str:
    head = f"{report.games} games: {' vs '.join(report.deck_names)}"
    if report.interrupted:
        head += f" (interrupted: {report.games + len(report.engine_errors)} of {report.planned} played)"
    lines = [head]
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
    if report.engine_errors:
        lines.append(f"  engine errors: {len(report.engine_errors)} (games "
                     f"{', '.join(str(r['game']) for r in report.engine_errors[:10])}"
                     f"{', ...' if len(report.engine_errors) > 10 else ''}; their records hold the error and a save)")
    lines.append(f"  {report.games_per_second:.1f} games per second ({report.seconds:.2f} s)")
    return "\n".join(lines)


def run_command(args: argparse.Namespace) -> int:
    """``mtg-ecs simulate`` (its output paths were checked by the command line): exit 3 on engine errors,
    130 on Ctrl-C."""
    from ecs.deck_options import decks_from_args

    pool, decks = decks_from_args(args)
    prepared = run_decks(args.decks, args.agents, card_files=args.cards, pool=pool, decks=decks)
    report = simulate(args.decks, args.games, workers=args.workers, seed=args.seed, max_turns=args.max_turns,
                      progress=not args.no_progress, agents=args.agents, records=args.records, resume=args.resume,
                      backend=args.backend, address=args.address, chunk_games=args.chunk_games,
                      prepared=prepared)
    print(format_report(report))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(report.to_json(), fh, indent=2)
            fh.write("\n")
    assert report.run is not None
    if report.interrupted:
        print(interrupted_message(report.run, args.games, report.records_path), file=sys.stderr)
    return exit_status(report.run)
