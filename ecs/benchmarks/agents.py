"""``mtg-ecs bench agents``: what an agent decision costs at mid-game positions.

Positions: games of the built-in decks played by two heuristic agents to a given turn, then to the first
decision with at least three options. Reported: the heuristic agent's median time per decision, and for
each search spec its iterations (or playouts) per second, with the parts of an iteration timed separately
(``clone``, ``determinize``, ``information_state``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable

import numpy as np

from content.decks import load_deck
from ecs.agents.base import PlayerView, decide
from ecs.agents.heuristic import HeuristicAgent
from ecs.agents.spec import make_agent
from ecs.game import Game
from ecs.setup import new_game


def midgame_position(decks: tuple[str, str], seed: int, turn: int) -> Game:
    cards = [load_deck(d)[1] for d in decks]
    game = new_game(cards, seed, log=False)
    agents = [HeuristicAgent(1), HeuristicAgent(2)]
    while game.pending is not None and (game.turn < turn or len(game.pending.options) < 3):
        game.apply(decide(game, agents[game.pending.player]))
    if game.is_over:
        raise ValueError(f"seed {seed}: the game ended before turn {turn}; choose another seed")
    return game


def _median_ms(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3


def run_agents_bench(args: argparse.Namespace) -> int:
    game = midgame_position(tuple(args.decks), args.seed, args.turn)
    assert game.pending is not None  # midgame_position stops at a decision
    player = game.pending.player
    view = PlayerView(game, player)
    rng = np.random.default_rng(0)
    out: dict[str, object] = {"turn": game.turn, "decision": game.pending.kind.value,
                              "options": len(game.pending.options)}
    heuristic = HeuristicAgent(0)
    out["heuristic_ms_per_decision"] = round(_median_ms(lambda: heuristic.act(PlayerView(game, player)), 50), 4)
    out["clone_ms"] = round(_median_ms(game.clone, 10), 3)
    out["determinize_ms"] = round(_median_ms(lambda: game.determinize(player, rng), 10), 3)
    out["information_state_ms"] = round(_median_ms(lambda: game.information_state(player), 10), 3)
    searches = {}
    for spec in args.specs:
        agent = make_agent(spec, seed=0)
        start = time.perf_counter()
        agent.act(view)
        seconds = time.perf_counter() - start
        searches[spec] = {"seconds": round(seconds, 3),
                          "iterations_per_second": round(agent.last_iterations / seconds, 2)}
    out["search"] = searches
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"mid-game position: turn {out['turn']}, {out['decision']} decision with {out['options']} options")
    print(f"  heuristic: {out['heuristic_ms_per_decision']} ms per decision (median of 50)")
    print(f"  clone {out['clone_ms']} ms, determinize {out['determinize_ms']} ms, "
          f"information_state {out['information_state_ms']} ms (medians of 10)")
    for spec, r in searches.items():
        print(f"  {spec}: {r['iterations_per_second']} iterations/s ({r['seconds']} s for one decision)")
    return 0


def add_agents_bench(bench_sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = bench_sub.add_parser("agents", help="agent decision costs at a mid-game position (heuristic ms per "
                                            "decision, search iterations per second)")
    p.add_argument("--decks", nargs=2, default=["red_green_aggro", "white_blue_skies"], metavar="DECK")
    p.add_argument("--seed", type=int, default=4)
    p.add_argument("--turn", type=int, default=6, help="play to this turn first (heuristic agents)")
    p.add_argument("--specs", nargs="*", default=["ismcts:iterations=100", "mc:playouts=100"], metavar="SPEC")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=run_agents_bench)
