"""Agents against each other: many seeded games with seats alternated, and win rates with Wilson intervals.

Game ``i`` seats the agents in the given order when ``i`` is even and rotated by one when it is odd, so each
agent plays each deck and each seat equally often (decks stay with their seats). Win rate = wins / games;
draws are not wins. Every game's seed depends only on the base seed and its index (``simulate.game_seed``),
and each agent is built from its spec with a seed derived from the game's, so any worker count gives the
same games.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from tqdm import tqdm

from content.decks import load_deck
from ecs.agents.base import play_out
from ecs.agents.spec import make_agent
from ecs.setup import new_game
from ecs.simulate import game_seed, wilson_interval


@dataclass(frozen=True, slots=True)
class MatchGame:
    seed: int
    seats: tuple[int, ...]  # seats[s] = index of the agent spec playing seat s
    winner_agent: int | None
    turns: int
    reason: str


@dataclass
class MatchReport:
    agents: list[str]
    decks: list[str]
    games: int = 0
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    total_turns: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"games": self.games, "decks": self.decks, "draws": self.draws,
                                  "mean_turns": round(self.total_turns / max(1, self.games), 3),
                                  "seconds": round(self.seconds, 2)}
        rows = []
        for spec, wins in zip(self.agents, self.wins, strict=True):
            lo, hi = wilson_interval(wins, self.games)
            rows.append({"agent": spec, "wins": wins, "win_rate": round(wins / max(1, self.games), 4),
                         "ci95": [round(lo, 4), round(hi, 4)]})
        out["agents"] = rows
        return out


def play_match_game(args: tuple[Sequence[str], Sequence[str], int, int, int]) -> MatchGame:
    deck_refs, specs, index, base_seed, max_turns = args
    seed = game_seed(base_seed, index)
    n = len(deck_refs)
    seats = tuple((s + index) % len(specs) for s in range(n))
    decks = [load_deck(ref)[1] for ref in deck_refs]
    game = new_game(decks, seed, max_turns=max_turns, log=False)
    agents = [make_agent(specs[seats[s]], seed=seed * 7 + s + 1) for s in range(n)]
    result = play_out(game, agents)
    winner = None if result.winner is None else seats[result.winner]
    return MatchGame(seed, seats, winner, result.turns, result.reason)


def match(deck_refs: Sequence[str], specs: Sequence[str], games: int, *, workers: int = 1, seed: int = 0,
          max_turns: int = 100, progress: bool = True) -> MatchReport:
    """Play ``games`` games between the agents ``specs`` (one per deck), seats alternated."""
    if len(specs) != len(deck_refs):
        from ecs.agents.spec import AgentSpecError

        raise AgentSpecError(f"--agents names {len(specs)} agents for {len(deck_refs)} decks: give one per deck")
    for i, spec in enumerate(specs):
        make_agent(spec, seed=i)  # a bad spec fails here, before any game runs
    report = MatchReport(list(specs), [load_deck(ref)[0] for ref in deck_refs], wins=[0] * len(specs))
    jobs = [(tuple(deck_refs), tuple(specs), i, seed, max_turns) for i in range(games)]
    bar = tqdm(total=games, disable=not progress, unit="game", leave=False)
    start = time.perf_counter()
    results: list[MatchGame] = []
    if workers <= 1:
        for job in jobs:
            results.append(play_match_game(job))
            bar.update()
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for r in pool.map(play_match_game, jobs):
                results.append(r)
                bar.update()
    bar.close()
    report.seconds = time.perf_counter() - start
    for r in results:
        report.games += 1
        report.total_turns += r.turns
        if r.winner_agent is None:
            report.draws += 1
        else:
            report.wins[r.winner_agent] += 1
    return report


def format_match(report: MatchReport) -> str:
    lines = [f"{report.games} games: {' vs '.join(report.decks)}, agents {' vs '.join(report.agents)} "
             "(seats alternated)"]
    for spec, wins in zip(report.agents, report.wins, strict=True):
        lo, hi = wilson_interval(wins, report.games)
        lines.append(f"  {spec:<40} wins {wins:>5}  {wins / max(1, report.games):6.1%}  95% CI [{lo:.1%}, {hi:.1%}]")
    lines.append(f"  {'draws':<40}      {report.draws:>5}")
    lines.append(f"  mean turns {report.total_turns / max(1, report.games):.2f}; {report.seconds:.1f} s")
    return "\n".join(lines)
