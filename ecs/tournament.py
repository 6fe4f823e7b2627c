"""``mtg-ecs tournament``: a round robin (or a gauntlet: the first entrant against the field) of decks and
agents, N games per pairing with the seats alternated, reported as a win-rate matrix with Wilson 95%
intervals, on-the-play / on-the-draw splits, mean turns, draws with their reasons and engine errors.

Games are played by the batch engine (:mod:`ecs.batch`), so records, Ctrl-C, resume, engine-error
isolation and the Ray backend work as for ``simulate``. A win rate is wins / finished games of the
pairing (a draw counts as not a win); games that ended by an engine error are counted apart.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ecs.batch import (
    BatchError,
    BatchRun,
    Entrant,
    GameJob,
    add_run_options,
    check_run_options,
    exit_status,
    game_seed,
    interrupted_message,
    run_batch,
    run_decks,
    settings_json,
)
from ecs.simulate import wilson_interval

MODES = ("round-robin", "gauntlet")
DEFAULT_TOURNAMENT_DECKS = ("red_green_aggro", "white_blue_skies", "mono_red_burn", "azorius_control")


def pairings(entrant_count: int, mode: str) -> list[tuple[int, int]]:
    """Unordered pairs of entrant indices: every pair, or the first entrant against each other one."""
    if mode == "gauntlet":
        return [(0, j) for j in range(1, entrant_count)]
    return [(i, j) for i in range(entrant_count) for j in range(i + 1, entrant_count)]


def tournament_jobs(entrant_count: int, mode: str, games_per_pairing: int, seed: int) -> list[GameJob]:
    """Game k of pairing p has index p*N+k; the seats alternate (even k: the first of the pair in seat 0)."""
    jobs = []
    for p, (i, j) in enumerate(pairings(entrant_count, mode)):
        for k in range(games_per_pairing):
            index = p * games_per_pairing + k
            jobs.append(GameJob(index, game_seed(seed, index), (i, j) if k % 2 == 0 else (j, i)))
    return jobs


@dataclass
class Cell:
    """One entrant's results against one opponent."""

    games: int = 0  # finished games (engine errors excluded)
    wins: int = 0
    losses: int = 0
    draws: int = 0
    turns: int = 0
    play_games: int = 0  # games this entrant started (on the play, CR 103.1)
    play_wins: int = 0
    draw_games: int = 0  # games the opponent started (on the draw)
    draw_wins: int = 0
    errors: int = 0

    def add(self, other: Cell) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def to_json(self) -> dict[str, Any]:
        lo, hi = wilson_interval(self.wins, self.games)
        play_lo, play_hi = wilson_interval(self.play_wins, self.play_games)
        draw_lo, draw_hi = wilson_interval(self.draw_wins, self.draw_games)
        return {
            "games": self.games, "wins": self.wins, "losses": self.losses, "draws": self.draws,
            "win_rate": _rate(self.wins, self.games), "ci95": [round(lo, 6), round(hi, 6)],
            "on_the_play": {"games": self.play_games, "wins": self.play_wins,
                            "win_rate": _rate(self.play_wins, self.play_games),
                            "ci95": [round(play_lo, 6), round(play_hi, 6)]},
            "on_the_draw": {"games": self.draw_games, "wins": self.draw_wins,
                            "win_rate": _rate(self.draw_wins, self.draw_games),
                            "ci95": [round(draw_lo, 6), round(draw_hi, 6)]},
            "mean_turns": round(self.turns / self.games, 3) if self.games else 0.0,
            "engine_errors": self.errors,
        }


def _rate(k: int, n: int) -> float:
    return round(k / n, 6) if n else 0.0


@dataclass
class TournamentReport:
    entrants: list[Entrant]
    mode: str
    games_per_pairing: int
    settings: dict[str, Any]
    run: BatchRun
    cells: dict[tuple[int, int], Cell] = field(default_factory=dict)
    draw_reasons: Counter[str] = field(default_factory=Counter)
    turns: list[int] = field(default_factory=list)  # per finished game, for the length distribution
    records_path: str | None = None

    @classmethod
    def from_run(cls, entrants: Sequence[Entrant], mode: str, games_per_pairing: int, settings: dict[str, Any],
                 run: BatchRun, records_path: str | None) -> TournamentReport:
        report = cls(list(entrants), mode, games_per_pairing, settings, run, records_path=records_path)
        index = {e.label: i for i, e in enumerate(entrants)}
        for a, b in pairings(len(entrants), mode):
            report.cells[(a, b)] = Cell()
            report.cells[(b, a)] = Cell()
        for r in run.records:
            seats = [index[label] for label in r["seats"]]
            for seat, me in enumerate(seats):
                opponent = seats[1 - seat]
                cell = report.cells[(me, opponent)]
                if r.get("error"):
                    cell.errors += 1
                    continue
                cell.games += 1
                cell.turns += r["turns"]
                on_the_play = r["starting_seat"] == seat
                cell.play_games += on_the_play
                cell.draw_games += not on_the_play
                if r["winner"] is None:
                    cell.draws += 1
                elif r["winner"] == seat:
                    cell.wins += 1
                    cell.play_wins += on_the_play
                    cell.draw_wins += not on_the_play
                else:
                    cell.losses += 1
            if not r.get("error"):
                report.turns.append(r["turns"])
                if r["winner"] is None:
                    report.draw_reasons[r["reason"]] += 1
        return report

    @property
    def planned(self) -> int:
        return len(pairings(len(self.entrants), self.mode)) * self.games_per_pairing

    @property
    def finished(self) -> int:
        return len(self.turns)

    def total(self, i: int) -> Cell:
        out = Cell()
        for (a, _), cell in self.cells.items():
            if a == i:
                out.add(cell)
        return out

    def to_json(self) -> dict[str, Any]:
        labels = [e.label for e in self.entrants]
        played = len(self.run.records) - self.run.resumed
        return {
            "mode": self.mode,
            "entrants": [e.to_json() | {"cards": len(e.cards)} for e in self.entrants],
            "games_per_pairing": self.games_per_pairing,
            "planned_games": self.planned,
            "finished_games": self.finished,
            "engine_errors": [{"game": r["game"], "seed": r["seed"], "seats": r["seats"], "error": r["error"]}
                              for r in self.run.errors],
            "draws": sum(self.draw_reasons.values()),
            "draw_reasons": dict(sorted(self.draw_reasons.items())),
            "mean_turns": round(sum(self.turns) / len(self.turns), 3) if self.turns else 0.0,
            "totals": {labels[i]: self.total(i).to_json() for i in range(len(labels))},
            "matrix": {labels[a]: {labels[b]: cell.to_json() for (x, b), cell in sorted(self.cells.items()) if x == a}
                       for a in range(len(labels))},
            "interrupted": self.run.interrupted,
            "seconds": round(self.run.seconds, 3),
            "games_per_second": round(played / self.run.seconds, 2) if self.run.seconds else 0.0,
            "settings": self.settings,
            "game_seeds": "game k of pairing p has index i = p*games_per_pairing + k and seed seed*1000003 + i; "
                          "seats alternate (even k: the pair's first entrant in seat 0); agent in seat s: "
                          "game seed * 7 + s + 1",
            "records": self.records_path,
        }

    def csv_rows(self) -> list[dict[str, Any]]:
        """One row per (entrant, opponent) and one per entrant against the whole field (opponent ``*``)."""
        rows = []
        labels = [e.label for e in self.entrants]
        keyed = [((labels[a], labels[b]), cell) for (a, b), cell in sorted(self.cells.items())]
        keyed += [((labels[i], "*"), self.total(i)) for i in range(len(labels))]
        for (me, opponent), cell in keyed:
            data = cell.to_json()
            rows.append({
                "entrant": me, "opponent": opponent, "games": cell.games, "wins": cell.wins,
                "losses": cell.losses, "draws": cell.draws, "win_rate": data["win_rate"],
                "ci95_low": data["ci95"][0], "ci95_high": data["ci95"][1],
                "play_games": cell.play_games, "play_wins": cell.play_wins,
                "play_win_rate": data["on_the_play"]["win_rate"],
                "draw_games": cell.draw_games, "draw_wins": cell.draw_wins,
                "draw_win_rate": data["on_the_draw"]["win_rate"],
                "mean_turns": data["mean_turns"], "engine_errors": cell.errors,
            })
        return rows

    def format(self) -> str:
        labels = [e.label for e in self.entrants]
        head = (f"{self.mode} of {len(labels)} entrants, {self.games_per_pairing} games per pairing: "
                f"{self.finished} finished of {self.planned}")
        if self.run.interrupted:
            head += " (interrupted)"
        lines = [head, "win rate of the row against the column (numbered as the rows), 95% Wilson interval:"]
        width = max(len(label) for label in labels) + 4
        lines.append(" " * (width + 4) + "".join(f"{f'({b + 1})':^20}" for b in range(len(labels))))
        for a, label in enumerate(labels):
            cells = []
            for b in range(len(labels)):
                cell = self.cells.get((a, b))
                if cell is None or not cell.games:
                    cells.append(f"{'-':^20}")
                    continue
                lo, hi = wilson_interval(cell.wins, cell.games)
                cells.append(f"{cell.wins / cell.games:5.0%} [{lo:4.0%},{hi:4.0%}]   ")
            lines.append(f"  {f'({a + 1}) {label}':<{width}}  " + "".join(cells))
        lines.append("against the field (all / on the play / on the draw), mean turns:")
        for i, label in enumerate(labels):
            t = self.total(i)
            lo, hi = wilson_interval(t.wins, t.games)
            lines.append(f"  {label:<{width}}  {_pct(t.wins, t.games)} [{lo:.0%}, {hi:.0%}] of {t.games}  "
                         f"play {_pct(t.play_wins, t.play_games)} of {t.play_games}  "
                         f"draw {_pct(t.draw_wins, t.draw_games)} of {t.draw_games}  "
                         f"turns {t.turns / t.games if t.games else 0:.1f}")
        draws = sum(self.draw_reasons.values())
        lines.append(f"draws: {draws}" + "".join(f"\n    {n} x {reason}" for reason, n in sorted(self.draw_reasons.items())))
        errors = self.run.errors
        lines.append(f"engine errors: {len(errors)}" + (
            f" (games {', '.join(str(r['game']) for r in errors[:10])}{', ...' if len(errors) > 10 else ''}; "
            "replay one with: mtg-ecs replay RECORDS --game N)" if errors else ""))
        played = len(self.run.records) - self.run.resumed
        rate = played / self.run.seconds if self.run.seconds else 0.0
        lines.append(f"{rate:.1f} games per second ({self.run.seconds:.2f} s)")
        return "\n".join(lines)


def _pct(k: int, n: int) -> str:
    return f"{k / n:5.1%}" if n else "    -"


def write_json(report: TournamentReport, path: str) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(report.to_json(), fh, indent=2)
        fh.write("\n")


def write_csv(report: TournamentReport, path: str) -> None:
    rows = report.csv_rows()
    with open(path, "w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def require_matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise BatchError("--plot needs matplotlib: pip install 'mtg-ecs[plot]'") from None


def write_plot(report: TournamentReport, path: str) -> None:
    """The win-rate heat map (each cell: rate and 95% interval) beside the game-length distribution."""
    import matplotlib

    matplotlib.use("Agg")  # files only; no display needed
    import matplotlib.pyplot as plt
    import matplotlib.ticker
    import numpy as np

    labels = [e.label for e in report.entrants]
    n = len(labels)
    rates = np.full((n, n), np.nan)
    for (a, b), cell in report.cells.items():
        if cell.games:
            rates[a, b] = cell.wins / cell.games
    size = max(4.0, 1.3 * n + 2.5)
    fig, (heat, hist) = plt.subplots(1, 2, figsize=(size + 5.5, size), gridspec_kw={"width_ratios": [size, 5]})
    cmap = matplotlib.colormaps["RdYlGn"].with_extremes(bad="#dddddd")
    image = heat.imshow(np.ma.masked_invalid(rates), cmap=cmap, vmin=0.0, vmax=1.0)
    for (a, b), cell in report.cells.items():
        if not cell.games:
            continue
        lo, hi = wilson_interval(cell.wins, cell.games)
        rate = cell.wins / cell.games
        heat.text(b, a, f"{rate:.0%}\n[{lo:.0%}, {hi:.0%}]\nn={cell.games}", ha="center", va="center", fontsize=8,
                  color="white" if rate < 0.15 or rate > 0.85 else "black")  # readable on the darkest cells
    heat.set_xticks(range(n), labels, rotation=35, ha="right", fontsize=8)
    heat.set_yticks(range(n), labels, fontsize=8)
    heat.set_xlabel("opponent")
    heat.set_ylabel("entrant")
    heat.set_title("win rate of row vs column (95% Wilson CI)", fontsize=10)
    fig.colorbar(image, ax=heat, fraction=0.046, pad=0.04, label="win rate")
    if report.turns:
        top = max(report.turns)
        hist.hist(report.turns, bins=range(min(report.turns), top + 2), color="#4c72b0", edgecolor="white", align="left")
        mean = sum(report.turns) / len(report.turns)
        hist.axvline(mean, color="#c44e52", linestyle="--", label=f"mean {mean:.1f}")
        hist.legend(fontsize=8)
    hist.yaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
    hist.set_xlabel("turns")
    hist.set_ylabel("games")
    hist.set_title(f"game length ({report.finished} finished games)", fontsize=10)
    fig.suptitle(f"{report.mode}, {report.games_per_pairing} games per pairing"
                 + (" (interrupted: partial)" if report.run.interrupted else ""), fontsize=11)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def run_command(args: argparse.Namespace) -> int:
    """``mtg-ecs tournament`` (its output paths were checked by the command line): exit 3 on engine errors,
    130 on Ctrl-C."""
    check_run_options(args)
    if args.games < 1:
        raise BatchError("--games must be at least 1")
    if args.plot:
        require_matplotlib()
    from ecs.deck_options import decks_from_args

    pool, decks = decks_from_args(args)
    prepared = run_decks(args.decks, args.agents, card_files=args.cards, pool=pool, decks=decks)
    entrants = prepared.entrants
    if len(entrants) < 2:
        raise BatchError("--decks: a tournament needs at least two entrants")
    mode = "gauntlet" if args.gauntlet else "round-robin"
    settings = settings_json(prepared, mode=mode, games_per_pairing=args.games, seed=args.seed,
                             max_turns=args.max_turns)
    jobs = tournament_jobs(len(entrants), mode, args.games, args.seed)
    run = run_batch("tournament", settings, prepared.context(args.max_turns), jobs,
                    records_path=args.records, resume=args.resume, workers=args.workers, backend=args.backend,
                    address=args.address, chunk_games=args.chunk_games, progress=not args.no_progress)
    records_path = args.resume or args.records
    report = TournamentReport.from_run(entrants, mode, args.games, settings, run, records_path)
    print(report.format())
    if args.json:
        write_json(report, args.json)
    if args.csv:
        write_csv(report, args.csv)
    if args.plot:
        write_plot(report, args.plot)
    if run.interrupted:
        print(interrupted_message(run, len(jobs), records_path), file=sys.stderr)
    return exit_status(run)


def add_tournament_parser(sub: Any) -> None:
    parser = sub.add_parser("tournament", help="round robin (or gauntlet) of decks and agents: win-rate matrix "
                                               "with 95%% intervals, play/draw splits, records, plots")
    parser.add_argument("--decks", nargs="+", default=list(DEFAULT_TOURNAMENT_DECKS), metavar="DECK",
                        help="built-in deck names or deck files (two or more)")
    from ecs.options import positive_int

    parser.add_argument("--games", type=positive_int, default=20, help="games per pairing (seats alternate)")
    parser.add_argument("--gauntlet", action="store_true",
                        help="the first deck plays each other deck (instead of every pair)")
    parser.add_argument("--json", metavar="FILE", help="write the report as JSON")
    parser.add_argument("--csv", metavar="FILE", help="write the matrix as CSV (one row per entrant and opponent)")
    parser.add_argument("--plot", metavar="FILE.png", help="draw the win-rate heat map and the game lengths "
                                                           "(needs matplotlib: mtg-ecs[plot])")
    add_run_options(parser)
    from ecs.deck_options import add_deck_options

    add_deck_options(parser)
    parser.set_defaults(func=run_command)
