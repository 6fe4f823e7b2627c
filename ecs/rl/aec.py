"""The PettingZoo AEC environment: every seat is an agent ("player_0", "player_1", ...).

``ecs.rl.env(**kwargs)`` is the wrapped environment (PettingZoo's convention for a module's ``env()``):
illegal actions end the game with -1 for the agent that took one (``TerminateIllegalWrapper``), actions
outside the space are refused (``AssertOutOfBoundsWrapper``), and calls out of order are refused
(``OrderEnforcingWrapper``), as in PettingZoo's classic games.

Version history: v0 (this one).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ecs.game import Game
from ecs.rl.matches import DeckRef, Match, load_match, outcome
from ecs.rl.observation import ObservationEncoder, ObservationSizes
from ecs.rl.spaces import action_mask_space, observation_space, split


def agent_name(player: int) -> str:
    return f"player_{player}"


def render_text(game: Game, viewer: int | None = None) -> str:
    """A short text picture of the game (the ``ansi`` render mode)."""
    lines = [f"turn {game.turn}, {game.step.label}, active {game.player_states[game.active].name}"]
    for state in game.player_states:
        zones = game.zones[state.index]
        from components.objects import Zone

        lines.append(f"  {state.name}: life {state.life}, hand {len(zones[Zone.HAND])}, "
                     f"library {len(zones[Zone.LIBRARY])}, graveyard {len(zones[Zone.GRAVEYARD])}")
    lines.append("  battlefield: " + ", ".join(game.name(e) for e in game.battlefield()))
    if game.pending is not None and (viewer is None or viewer == game.pending.player):
        who = game.player_states[game.pending.player].name
        lines.append(f"  {who} decides ({game.pending.kind.value}): "
                     + "; ".join(f"{i}: {game.action_to_string(a)}" for i, a in enumerate(game.pending.options)))
    elif game.result is not None:
        lines.append(f"  over: {game.result.reason}")
    return "\n".join(lines)


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name for the unwrapped environment)
    """A game of Magic between ``len(decks)`` agents; rewards +1 / -1 / 0 at the end (CR 104)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "mtg_ecs_v0", "is_parallelizable": False}

    def __init__(self, decks: Sequence[DeckRef] | None = None, *, cards: str | None = None,
                 format: str | None = None, random_seats: bool = True, max_turns: int = 100,
                 sizes: ObservationSizes | None = None, encode_observations: bool = True, flatten: bool = False,
                 render_mode: str | None = None) -> None:
        super().__init__()
        modes: Sequence[str] = self.metadata["render_modes"]
        if render_mode is not None and render_mode not in modes:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.match: Match = load_match(decks, cards=cards, format=format, random_seats=random_seats,
                                       max_turns=max_turns)
        n = self.match.players
        if sizes is None:
            sizes = ObservationSizes(players=n)
        self.encoder = ObservationEncoder(sizes)
        self.encode_observations = encode_observations
        self.flatten = flatten
        self.render_mode = render_mode
        self.possible_agents = [agent_name(p) for p in range(n)]
        self.agents = self.possible_agents[:]
        obs_space = observation_space(self.encoder, flatten)
        mask_space = action_mask_space(self.encoder)
        self.observation_spaces = {a: spaces.Dict({"observation": obs_space, "action_mask": mask_space})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(sizes.options) for a in self.possible_agents}
        self.np_random, _ = seeding.np_random(None)
        self.game: Game | None = None
        self.seat_decks: tuple[int, ...] = tuple(range(n))

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the AEC protocol

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self.game is None:
            self.np_random, _ = seeding.np_random(seed)
        self.game, self.seat_decks = self.match.new_game(self.np_random)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {"deck": self.match.names[self.seat_decks[p]]} for p, a in enumerate(self.agents)}
        self._settle()

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.game is not None, "call reset() first"
        player = self.possible_agents.index(agent)
        obs = self.encoder.empty()
        if self.encode_observations:
            self.encoder.encode(self.game, player, obs)
        else:
            self.encoder.check_option_count(self.game)
            pending = self.game.pending
            if pending is not None and pending.player == player:
                obs["action_mask"][: len(pending.options)] = 1
        observation, mask = split(obs, self.flatten)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None and game.pending is not None
        self._cumulative_rewards[agent] = 0.0
        options = game.pending.options
        if action is None or not 0 <= int(action) < len(options):
            raise ValueError(f"{agent}: action {action} is not one of the {len(options)} legal slots of this "
                             f"{game.pending.kind.value} decision")
        game.apply(options[int(action)])
        self._settle()
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def _settle(self) -> None:
        """Rewards, ends and whose turn it is, after the game moved."""
        game = self.game
        assert game is not None
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if game.is_over:
            values, capped = outcome(game)
            for agent in self.agents:
                p = self.possible_agents.index(agent)
                self.rewards[agent] = values[p]
                if capped:
                    self.truncations[agent] = True
                else:
                    self.terminations[agent] = True
                self.infos[agent]["result"] = game.result.reason if game.result else ""
            return
        for agent in self.agents:  # a player who lost while the others play on (CR 104.3, 800.4a)
            p = self.possible_agents.index(agent)
            if game.player_states[p].lost and not self.terminations[agent]:
                self.terminations[agent] = True
                self.rewards[agent] = -1.0
        assert game.current_player is not None
        self.agent_selection = agent_name(game.current_player)
        self._deads_step_first()

    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None
        return render_text(self.game)

    def close(self) -> None:
        self.game = None

    # ------------------------------------------------------------------ helpers for agents

    def action_to_string(self, action: int) -> str:
        """What action slot ``action`` does now."""
        assert self.game is not None and self.game.pending is not None
        return self.game.action_to_string(self.game.pending.options[action])


def env(**kwargs: Any) -> AECEnv:
    """The AEC environment wrapped as PettingZoo's classic games are."""
    e: AECEnv = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


def masked_random(mask: np.ndarray, rng: np.random.Generator) -> int:
    """A uniformly random legal slot."""
    return int(rng.choice(np.flatnonzero(mask)))
