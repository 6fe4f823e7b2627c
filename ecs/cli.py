"""The ``mtg-ecs`` command line: play, simulate, scenario (and later bench, cards).

Bad input (a missing deck, a malformed scenario) prints a clear message and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from ecs.benchmarks.games import add_games_bench_parser
from ecs.deck_options import add_deck_options
from ecs.errors import MtgError
from ecs.fuzz import add_fuzz_parser
from ecs.options import count_number, non_negative_int, positive_int, seed_number

DEFAULT_DECKS = ("red_green_aggro", "white_blue_skies")


def _cmd_play(args: argparse.Namespace) -> int:
    from ecs.agents.play_command import run_play

    return run_play(args)


def _cmd_replay(args: argparse.Namespace) -> int:
    from ecs.game import Game
    from ecs.input_files import read_json

    if args.game is not None or args.file.endswith(".jsonl"):
        from ecs.batch import replay_command

        return replay_command(args.file, args.game)
    game = Game.from_json(read_json(args.file, "saved game"), args.file)
    for line in game.log:
        print(line)
    if game.result is not None:
        winner = "draw" if game.result.winner is None else game.player_states[game.result.winner].name
        print(f"result: {winner} after {game.result.turns} turns: {game.result.reason}")
    else:
        print(f"in progress: {game.pending.kind.value if game.pending else '-'} decision pending")
    return 0


def _cmd_simulate(args: argparse.Namespace) -> int:
    from ecs.batch import check_run_options
    from ecs.simulate import run_command

    check_run_options(args)
    if len(set(args.agents)) > 1:
        # Different agents: a match in which seats alternate and wins are counted per agent (docs/agents.md).
        # Records, resume and Ray are the batch engine's (tournament); see docs/NOTES.md.
        from ecs.agents.match import format_match, match
        from ecs.batch import BatchError

        unsupported = [opt for opt, used in (("--records", args.records), ("--resume", args.resume),
                                             ("--backend ray", args.backend == "ray"), ("--cards", args.cards))
                       if used]
        if unsupported:
            raise BatchError(f"simulate with different agents (a seat-alternating match) does not take "
                             f"{', '.join(unsupported)}: use mtg-ecs tournament")
        result = match(args.decks, args.agents, args.games, workers=args.workers, seed=args.seed,
                       max_turns=args.max_turns, progress=not args.no_progress)
        print(format_match(result))
        if args.json:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump(result.to_json(), fh, indent=2)
                fh.write("\n")
        return 0
    return run_command(args)


def _cmd_scenario(args: argparse.Namespace) -> int:
    if args.play:
        from ecs.agents.play_command import run_scenario_play

        return run_scenario_play(args)
    from ecs.scenario import run_paths

    outcome = run_paths(args.paths)
    if args.json:
        print(json.dumps(outcome.to_json(), indent=2))
    else:
        for r in outcome.results:
            status = "PASS" if r.passed else ("INVALID" if r.invalid else "FAIL")
            line = f"{status} {r.file}: {r.name}"
            if not r.passed:
                line += f"\n    {r.failure}"
            print(line)
        print(f"{outcome.passed} passed, {outcome.failed} failed ({outcome.invalid} invalid)")
    if outcome.invalid:
        return 2
    return 1 if outcome.failed else 0


def _cmd_bench(args: argparse.Namespace) -> int:
    if args.bench == "board":
        from ecs.benchmarks.board import run_board_bench

        return run_board_bench(args)
    from ecs.benchmarks.combat import run_combat_bench

    return run_combat_bench(args)


def _cmd_cards(args: argparse.Namespace) -> int:
    from content.oracle.report import check_file

    report = check_file(args.file, roundtrip=args.roundtrip)
    if args.json:
        print(json.dumps(report.to_json(roundtrip=args.roundtrip), indent=2))
    else:
        print(report.summary(top=args.top, roundtrip=args.roundtrip))
    return 0


def build_parser() -> argparse.ArgumentParser:
    from ecs.batch import add_run_options
    from ecs.tournament import add_tournament_parser

    parser = argparse.ArgumentParser(prog="mtg-ecs", description="Magic: The Gathering rules engine (ECS)")
    sub = parser.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="play one game between random agents and print its log")
    play.add_argument("--seed", type=seed_number, default=0)
    play.add_argument("--decks", nargs="+", default=list(DEFAULT_DECKS), metavar="DECK",
                      help="built-in deck names or deck files (two or more)")
    play.add_argument("--max-turns", type=positive_int, default=100)
    play.add_argument("--save", metavar="FILE", help="also write the game as a replayable JSON save")
    add_deck_options(play)
    from ecs.agents.play_command import add_play_arguments

    add_play_arguments(play)
    play.set_defaults(func=_cmd_play)

    replay = sub.add_parser("replay", help="replay a saved game (play --save) or game N of a records file "
                                           "(simulate/tournament --records) and print its log")
    replay.add_argument("file")
    replay.add_argument("--game", type=non_negative_int, metavar="N", help="the game of a records file (JSON Lines) to replay")
    replay.set_defaults(func=_cmd_replay)

    sim = sub.add_parser("simulate", help="play many games (decks in fixed seats) and report statistics")
    sim.add_argument("--games", type=positive_int, default=100)
    sim.add_argument("--decks", nargs="+", default=list(DEFAULT_DECKS), metavar="DECK")
    sim.add_argument("--json", metavar="FILE", help="also write the report as JSON")
    add_run_options(sim)
    add_deck_options(sim)
    sim.set_defaults(func=_cmd_simulate)

    add_tournament_parser(sub)

    scen = sub.add_parser("scenario", help="run scenario files or folders (YAML or JSON)")
    scen.add_argument("paths", nargs="+")
    scen.add_argument("--json", action="store_true", help="print results as JSON")
    scen.add_argument("--play", action="store_true",
                      help="play the (single) scenario's position after its actions, with --agents / --human")
    scen.add_argument("--save", metavar="FILE", help=argparse.SUPPRESS)
    add_play_arguments(scen)
    scen.set_defaults(func=_cmd_scenario)

    cards = sub.add_parser("cards", help="card data tools")
    cards_sub = cards.add_subparsers(dest="cards", required=True)
    chk = cards_sub.add_parser("check", help="how many cards of a card file (JSON list or AtomicCards) the engine "
                                             "supports, and the most common unsupported ability texts")
    chk.add_argument("file")
    chk.add_argument("--json", action="store_true", help="print the report as JSON")
    chk.add_argument("--roundtrip", action="store_true",
                     help="also render each compiled ability back to text and count exact round trips")
    chk.add_argument("--top", type=non_negative_int, default=30, help="how many unsupported ability texts to list")
    chk.set_defaults(func=_cmd_cards)

    add_fuzz_parser(sub)

    bench = sub.add_parser("bench", help="benchmarks of the bulk paths (large boards, large combats)")
    bench_sub = bench.add_subparsers(dest="bench", required=True)
    board = bench_sub.add_parser("board", help="layers + state-based actions over N permanents (CR 613, 704)")
    board.add_argument("--permanents", type=count_number, nargs="+", default=[1e3, 1e4, 1e5, 1e6], metavar="N")
    board.add_argument("--effects", type=non_negative_int, default=100, metavar="E")
    board.add_argument("--repeat", type=positive_int, default=5, help="timed checks per N (the median is reported)")
    board.add_argument("--seed", type=seed_number, default=0)
    board.add_argument("--json", action="store_true")
    board.set_defaults(func=_cmd_bench)
    add_games_bench_parser(bench_sub)
    comb = bench_sub.add_parser("combat", help="both combat damage steps and SBAs for N attackers vs N blockers")
    comb.add_argument("--attackers", type=count_number, nargs="+", default=[1e2, 1e3, 1e4, 1e5], metavar="N")
    comb.add_argument("--repeat", type=positive_int, default=5, help="timed combats per N (the median is reported)")
    comb.add_argument("--seed", type=seed_number, default=0)
    comb.add_argument("--json", action="store_true")
    comb.set_defaults(func=_cmd_bench)
    from ecs.benchmarks.agents import add_agents_bench

    add_agents_bench(bench_sub)
    from ecs.benchmarks.env import add_parsers as add_env_benches

    add_env_benches(bench_sub)  # bench env, bench options (self-play, ecs/rl)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "decks", None) is not None and len(args.decks) < 2:
        parser.error("--decks needs at least two decks")
    try:
        check_output_options(args)
        return int(args.func(args))
    except MtgError as exc:
        print(f"mtg-ecs: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # batch commands handle Ctrl-C themselves; this is any other moment
        print("mtg-ecs: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader of the output left (``mtg-ecs simulate | head``): stop quietly, as other command-line tools do.
        # Standard output is pointed at /dev/null first, or Python's own flush at exit would fail on it again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def check_output_options(args: argparse.Namespace) -> None:
    """Output files are checked before any work starts (a missing folder fails now, not after the run)."""
    from ecs.input_files import check_output_path

    for option in ("save", "json", "csv", "records", "resume", "plot"):
        value = getattr(args, option, None)
        if isinstance(value, str):
            check_output_path(value, f"--{option}")


if __name__ == "__main__":
    raise SystemExit(main())
