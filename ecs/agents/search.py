"""Search agents over determinizations: flat Monte Carlo and single-observer information-set MCTS.

Both plan on games sampled by ``view.determinize(rng)`` (everything hidden from the player resampled), so
they never see the real hidden cards. The budget is a number of playouts or iterations, never wall-clock
time, so a seed gives the same decision on any machine.

* :class:`FlatMonteCarloAgent`: each legal option gets the same number of playouts (round robin over
  fresh determinizations); the option with the best mean result is played.
* :class:`ISMCTSAgent`: SO-ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
  Search", IEEE TCIAIG 2012). Each iteration samples a determinization and descends one tree whose nodes
  are the searching player's information sets (``Game.information_state``), so statistics are shared by
  every determinization that reaches the same information set; an option is keyed by its readable label
  (``action_to_string``: the same spell is the same move whichever hidden copy is cast). Selection is UCB1
  with availability counts (an option's exploration term counts only the visits when it was available).
  Opponent nodes use the opponent's options in the sampled game (the SO-ISMCTS simplification).

Playouts use a rollout policy (``random`` or ``heuristic``) and stop after ``depth`` decisions (0: play to
the end); an unfinished playout is scored by :func:`evaluate` (life, cards in hand, board). Decisions with
one option are taken without search. With ``search="main"`` (the default) only the decisions that shape the
game are searched (priority: what to play and when; attackers; blockers) and the small ones (mulligans,
damage division, discards, scry, trigger order, ...) go to the heuristic agent, which spends the budget
where it matters; ``search="all"`` searches every decision with two or more options.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from components.characteristics import CardType
from components.objects import Zone
from ecs.actions import Action, DecisionKind
from ecs.agents.base import PlayerView, RandomAgent, decide
from ecs.agents.heuristic import HeuristicAgent
from ecs.game import Game

CREATURE = int(CardType.CREATURE)
LAND = int(CardType.LAND)
ROLLOUTS = ("random", "heuristic")
SEARCHED = (DecisionKind.PRIORITY, DecisionKind.ATTACKERS, DecisionKind.BLOCKERS)
SEARCH_MODES = ("main", "all")


def evaluate(game: Game, player: int) -> float:
    """How good the position is for ``player``, in [0, 1]: 1 a win, 0 a loss, 0.5 a draw (CR 104); otherwise
    a logistic score of the differences in life, poison, cards in hand, lands and creatures (2*power+toughness)."""
    result = game.result
    if result is not None:
        return 0.5 if result.winner is None else (1.0 if result.winner == player else 0.0)
    game.refresh_layers()
    t = game.table
    n = t.n
    ctrl = t.controller[:n]
    types = t.types[:n]
    creature = (types & CREATURE) != 0
    land = (types & LAND) != 0
    strength = 2 * np.maximum(t.power[:n], 0) + np.maximum(t.toughness[:n] - t.damage[:n], 0)
    mine = ctrl == player
    board = float(strength[creature & mine].sum() - strength[creature & ~mine].sum())
    lands = float((land & mine).sum() - (land & ~mine).sum())
    states = game.player_states
    me = states[player]
    opponents = [s for s in states if s.index != player and not s.lost]
    if not opponents:
        return 1.0
    life = me.life - max(s.life for s in opponents)
    poison = max(s.poison for s in opponents) - me.poison
    hand = len(game.zones[player][Zone.HAND]) - max(len(game.zones[s.index][Zone.HAND]) for s in opponents)
    x = 0.08 * life + 0.2 * poison + 0.15 * hand + 0.05 * board + 0.15 * lands
    return 1.0 / (1.0 + math.exp(-x))


class _Rollout:
    """Plays a sampled game forward with one policy agent per seat."""

    def __init__(self, policy: str, seed: int, players: int) -> None:
        if policy == "heuristic":
            self.agents: list[Any] = [HeuristicAgent(seed) for _ in range(players)]
        else:
            self.agents = [RandomAgent(seed * 31 + i) for i in range(players)]

    def run(self, game: Game, depth: int) -> None:
        steps = 0
        while game.pending is not None and (depth <= 0 or steps < depth):
            game.apply(decide(game, self.agents[game.pending.player]))
            steps += 1


def _check(iterations: int, rollout: str, depth: int, name: str) -> None:
    if iterations < 1:
        raise ValueError(f"{name} must be at least 1")
    if rollout not in ROLLOUTS:
        raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
    if depth < 0:
        raise ValueError("depth must be >= 0 (0: play each playout to the end)")


class _SearchAgent:
    def __init__(self, seed: int, rollout: str, depth: int, search: str) -> None:
        if search not in SEARCH_MODES:
            raise ValueError(f"search must be one of {', '.join(SEARCH_MODES)}, not {search!r}")
        self.seed = seed
        self.rollout = rollout
        self.depth = depth
        self.search = search
        self.decisions = 0  # decisions searched so far: each gets its own generator stream
        self.heuristic = HeuristicAgent(seed)
        self.last_iterations = 0

    def _shortcut(self, view: PlayerView) -> Action | None:
        if len(view.options) == 1:
            return view.options[0]
        if self.search == "main" and view.kind not in SEARCHED:
            return self.heuristic.act(view)
        return None

    def _rng(self) -> np.random.Generator:
        self.decisions += 1
        return np.random.default_rng([self.seed, self.decisions])


class FlatMonteCarloAgent(_SearchAgent):
    """Flat Monte Carlo over determinizations: ``playouts`` in all, shared round robin by the options."""

    def __init__(self, seed: int = 0, playouts: int = 200, rollout: str = "heuristic", depth: int = 40,
                 search: str = "main") -> None:
        _check(playouts, rollout, depth, "playouts")
        super().__init__(seed, rollout, depth, search)
        self.playouts = playouts

    def act(self, view: PlayerView) -> Action:
        quick = self._shortcut(view)
        if quick is not None:
            return quick
        rng = self._rng()
        options = view.options
        totals = [0.0] * len(options)
        counts = [0] * len(options)
        roll = _Rollout(self.rollout, int(rng.integers(2**31)), view.num_players)
        for i in range(self.playouts):
            k = i % len(options)
            game = view.determinize(rng)
            game.apply(options[k])
            roll.run(game, self.depth)
            totals[k] += evaluate(game, view.player)
            counts[k] += 1
        self.last_iterations = self.playouts
        means = [totals[k] / counts[k] if counts[k] else -1.0 for k in range(len(options))]
        return options[max(range(len(options)), key=lambda k: (means[k], -k))]


@dataclass(slots=True)
class _Edge:
    visits: int = 0
    reward: float = 0.0  # summed results for the player who chooses at the node
    available: int = 0  # iterations in which this option was legal at the node (availability, SO-ISMCTS)


class ISMCTSAgent(_SearchAgent):
    """Single-observer information-set MCTS (see the module doc)."""

    def __init__(self, seed: int = 0, iterations: int = 400, rollout: str = "heuristic", depth: int = 20,
                 exploration: float = 0.7, search: str = "main") -> None:
        _check(iterations, rollout, depth, "iterations")
        if exploration < 0:
            raise ValueError("exploration must be >= 0")
        super().__init__(seed, rollout, depth, search)
        self.iterations = iterations
        self.exploration = exploration
        self.last_tree_size = 0

    def act(self, view: PlayerView) -> Action:
        quick = self._shortcut(view)
        if quick is not None:
            return quick
        rng = self._rng()
        me = view.player
        tree: dict[str, dict[str, _Edge]] = {}
        roll = _Rollout(self.rollout, int(rng.integers(2**31)), view.num_players)
        root_key = view.information_state()
        for _ in range(self.iterations):
            game = view.determinize(rng)
            path: list[tuple[_Edge, bool]] = []  # (edge, chosen by the searching player)
            key: str | None = root_key
            while game.pending is not None:
                options = game.pending.options
                if len(options) == 1:  # forced: no node
                    game.apply(options[0])
                    key = None
                    continue
                if key is None:
                    key = game.information_state(me)
                node = tree.setdefault(key, {})
                labels = _labels(game, options)
                firsts: dict[str, int] = {}
                for i, label in enumerate(labels):
                    firsts.setdefault(label, i)
                for label in firsts:
                    edge = node.get(label)
                    if edge is None:
                        edge = node[label] = _Edge()
                    edge.available += 1
                untried = [label for label in firsts if node[label].visits == 0]
                if untried:
                    label = untried[int(rng.integers(len(untried)))]
                else:
                    label = max(firsts, key=lambda lb: self._ucb(node[lb]))
                path.append((node[label], game.pending.player == me))
                game.apply(options[firsts[label]])
                key = None
                if untried:
                    break  # expanded one new edge: now play out
            roll.run(game, self.depth)
            value = evaluate(game, me)
            for edge, mine in path:
                edge.visits += 1
                edge.reward += value if mine else 1.0 - value
        self.last_iterations = self.iterations
        self.last_tree_size = len(tree)
        root = tree[root_key]
        labels = _labels_view(view)
        best = max(range(len(labels)), key=lambda i: (root[labels[i]].visits if labels[i] in root else -1,
                                                      root[labels[i]].reward if labels[i] in root else 0.0, -i))
        return view.options[best]

    def _ucb(self, edge: _Edge) -> float:
        return edge.reward / edge.visits + self.exploration * math.sqrt(math.log(max(edge.available, 1)) / edge.visits)


def _labels(game: Game, options: Sequence[Action]) -> list[str]:
    return [game.action_to_string(o) for o in options]


def _labels_view(view: PlayerView) -> list[str]:
    return [view.action_to_string(o) for o in view.options]
