"""``mtg-ecs play`` with agents named on the command line, a human at the terminal, and scenario positions.

* ``mtg-ecs play --agents heuristic ismcts:iterations=200``: one agent spec per deck (default: random).
* ``mtg-ecs play --human 0``: seat 0 is the person at the terminal (``--stops all`` also shows decisions
  with a single option); ``--save FILE`` writes the game so far, finished or not.
* ``mtg-ecs scenario FILE --play``: the scenario's position after its actions, played the same way.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from ecs.agents.base import decide
from ecs.agents.human import STOPS, HumanAgent, HumanConcedes, HumanQuit
from ecs.agents.spec import AgentSpecError, make_agent
from ecs.errors import MtgError
from ecs.game import Game


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    """The agent options of ``play`` (and ``scenario --play``)."""
    parser.add_argument("--agents", nargs="+", metavar="SPEC",
                        help="one agent per player: random, heuristic, mc[:playouts=N,...], "
                             "ismcts[:iterations=N,rollout=heuristic|random,depth=D], or module:Class "
                             "(default: random)")
    parser.add_argument("--human", type=int, metavar="SEAT",
                        help="seat (0-based) played by you at the terminal")
    parser.add_argument("--stops", choices=STOPS, default="choices",
                        help="where the human is asked: 'choices' (every decision with more than one option, "
                             "the default), 'main' (priority only in your main phases or with something on the "
                             "stack; every other choice) or 'all' (every decision, even with one option)")


def build_agents(args: argparse.Namespace, players: int, seed: int, log: list[str]) -> list[Any]:
    specs = list(args.agents) if args.agents else ["random"] * players
    if len(specs) != players:
        raise AgentSpecError(f"--agents names {len(specs)} agents for {players} players: give one per player")
    agents = [make_agent(spec, seed=seed * 7 + i + 1) for i, spec in enumerate(specs)]
    if args.human is not None:
        if not 0 <= args.human < players:
            raise AgentSpecError(f"--human {args.human}: seats are 0 to {players - 1}")
        agents[args.human] = HumanAgent(stops=args.stops, log_source=log)
    return agents


def drive(game: Game, agents: Sequence[Any]) -> str:
    """Play until the game ends; returns "over", or "quit" when the human's input ended."""
    while game.pending is not None:
        agent = agents[game.pending.player]
        try:
            action = decide(game, agent)
        except HumanConcedes as c:
            game.say(f"{game.player_states[c.player].name} concedes")
            game.concede(c.player)  # CR 104.3a
            continue
        except HumanQuit:
            return "quit"
        game.apply(action)
    return "over"


def finish(game: Game, agents: Sequence[Any], outcome: str, save: str | None, human: int | None) -> int:
    names = [s.name for s in game.player_states]
    if human is None:
        for line in game.log:
            print(line)
    else:
        agent = agents[human]
        if isinstance(agent, HumanAgent):
            agent.show_log()
    if outcome == "quit":
        print(f"game left unfinished at turn {game.turn} ({game.step.label})")
    elif game.result is not None:
        winner = "draw" if game.result.winner is None else names[game.result.winner]
        print(f"result: {winner} after {game.result.turns} turns: {game.result.reason}")
    if save:
        if game.origin is None:
            raise MtgError(f"--save {save}: this game was not built from decks (a scenario position), so it "
                           "cannot be written as a replay")
        try:
            with open(save, "w", encoding="utf-8") as fh:
                json.dump(game.to_json(), fh)
                fh.write("\n")
        except OSError as exc:
            raise MtgError(f"--save {save}: cannot write: {exc}") from None
        if human is not None:
            print(f"saved to {save}")
    return 0


def run_play(args: argparse.Namespace) -> int:
    from content.decks import seat_names
    from ecs.deck_options import decks_from_args
    from ecs.setup import new_game

    pool, decks = decks_from_args(args)  # --cards, --format, --no-validate
    names = seat_names(decks)
    game = new_game([d.cards for d in decks], args.seed, names=names, max_turns=args.max_turns, pool=pool,
                    mana_at_priority=args.human is not None)  # 605.3a: a person may tap mana at any priority
    agents = build_agents(args, len(decks), args.seed, game.log)
    outcome = drive(game, agents)
    return finish(game, agents, outcome, args.save, args.human)


def run_scenario_play(args: argparse.Namespace) -> int:
    """Play a scenario's position (after its actions) with agents and/or a human."""
    from pathlib import Path

    from ecs.errors import ScenarioError
    from ecs.scenario import ExpectationFailed, Scenario, load_file

    if len(args.paths) != 1:
        raise ScenarioError("scenario --play takes exactly one scenario file")
    path = Path(args.paths[0])
    scenario = Scenario(load_file(path), str(path))
    try:
        for i, a in enumerate(scenario.actions):
            scenario._run_action(f"{path}: actions[{i}]", a)
    except ExpectationFailed as exc:
        raise ScenarioError(f"{path}: its actions fail, so there is no position to play: {exc}") from None
    game = scenario.game
    if game.pending is None:
        raise ScenarioError(f"{path}: the game is over after its actions ({game.result})")
    agents = build_agents(args, game.num_players, 0, game.log)
    outcome = drive(game, agents)
    return finish(game, agents, outcome, args.save, args.human)
