"""The Gymnasium single-agent environment ``mtg_ecs/Duel-v0``: the learner plays one seat, an opponent the others.

The opponent is any engine agent (an object with ``act(view) -> action``, ecs.agents, e.g.
``make_agent("heuristic")``) or any policy ``(observation, action_mask) -> slot`` that sees the opponent's own
observation; by default a uniformly random agent seeded from the environment. Action masks follow
sb3-contrib's MaskablePPO convention: ``info["action_mask"]`` and an ``action_masks()`` method.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ecs.game import Game
from ecs.rl.aec import render_text
from ecs.rl.matches import DeckRef, load_match, outcome
from ecs.rl.observation import ObservationEncoder, ObservationSizes
from ecs.rl.spaces import observation_space, split

Policy = Callable[[dict[str, np.ndarray], np.ndarray], int]


class DuelEnv(gym.Env):
    """One learner against an opponent; reward +1 win, -1 loss, 0 draw, at the end (CR 104).

    ``seat``: the learner's seat (0, 1, ...), or None for a random seat each episode. An action whose mask
    is 0 ends the episode with ``illegal_action_penalty`` (info["illegal_action"] is True). A game cut by the
    turn cap (``max_turns``) is truncated, not terminated.
    """

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, decks: Sequence[DeckRef] | None = None, *, opponent: Any = None, seat: int | None = None,
                 cards: str | None = None, format: str | None = None, random_seats: bool = True,
                 max_turns: int = 100, sizes: ObservationSizes | None = None,
                 illegal_action_penalty: float = -1.0, encode_observations: bool = True, flatten: bool = False,
                 render_mode: str | None = None) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.match = load_match(decks, cards=cards, format=format, random_seats=random_seats, max_turns=max_turns)
        n = self.match.players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"seat must be between 0 and {n - 1} (or None for a random seat), got {seat}")
        self.encoder = ObservationEncoder(sizes or ObservationSizes(players=n))
        self.observation_space = observation_space(self.encoder, flatten)
        self.action_space = spaces.Discrete(self.encoder.sizes.options)
        self.fixed_seat = seat
        self.opponent = opponent
        self.illegal_action_penalty = float(illegal_action_penalty)
        self.encode_observations = encode_observations
        self.flatten = flatten
        self.render_mode = render_mode
        self.game: Game | None = None
        self.seat = 0
        self._mask = np.zeros(self.encoder.sizes.options, np.int8)
        self._opponent_agent: Any = None

    # ------------------------------------------------------------------ gymnasium API

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray] | np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.game, order = self.match.new_game(self.np_random)
        n = self.match.players
        self.seat = self.fixed_seat if self.fixed_seat is not None else int(self.np_random.integers(n))
        if self.opponent is None:
            from ecs.agents import RandomAgent

            self._opponent_agent = RandomAgent(int(self.np_random.integers(2**31 - 1)))
        else:
            self._opponent_agent = self.opponent
        self._play_opponents()
        obs, info = self._observe()
        info["deck"] = self.match.names[order[self.seat]]
        info["seat"] = self.seat
        return obs, info

    def step(self, action: Any) -> tuple[dict[str, np.ndarray] | np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        game = self.game
        assert game is not None, "call reset() first"
        if game.is_over:
            raise RuntimeError("the episode is over: call reset()")
        a = int(action)
        if not (0 <= a < len(self._mask) and self._mask[a]):
            obs, info = self._observe()
            info["illegal_action"] = True
            return obs, self.illegal_action_penalty, True, False, info
        assert game.pending is not None
        game.apply(game.pending.options[a])
        self._play_opponents()
        obs, info = self._observe()
        # (game.result, not game.is_over again: mypy narrowed that to False above and keeps it through apply, which a
        # compiled build would trust)
        if game.result is not None:
            values, capped = outcome(game)
            info["result"] = game.result.reason
            return obs, values[self.seat], not capped, capped, info
        if game.player_states[self.seat].lost:  # out of a multiplayer game that goes on (CR 104.3)
            return obs, -1.0, True, False, info
        return obs, 0.0, False, False, info

    def action_masks(self) -> np.ndarray:
        """The legal action slots now (sb3-contrib MaskablePPO reads this)."""
        return self._mask.astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None
        text = render_text(self.game, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # ------------------------------------------------------------------ internals

    def _observe(self) -> tuple[dict[str, np.ndarray] | np.ndarray, dict[str, Any]]:
        game = self.game
        assert game is not None
        obs = self.encoder.empty()
        if self.encode_observations:
            self.encoder.encode(game, self.seat, obs)
        else:
            self.encoder.check_option_count(game)
            if game.pending is not None and game.pending.player == self.seat:
                obs["action_mask"][: len(game.pending.options)] = 1
        observation, mask = split(obs, self.flatten)
        self._mask = mask
        return observation, {"action_mask": mask.copy()}

    def _play_opponents(self) -> None:
        """Let the opponent answer every decision until the learner must decide or the game ends."""
        game = self.game
        assert game is not None
        while game.pending is not None and game.pending.player != self.seat:
            if game.player_states[self.seat].lost:
                return
            player = game.pending.player
            options = game.pending.options
            agent = self._opponent_agent
            if hasattr(agent, "act") or hasattr(agent, "choose"):  # an engine agent (ecs.agents)
                from ecs.agents import decide

                game.apply(decide(game, agent))
                continue
            obs = self.encoder.encode(game, player)
            observation, mask = split(obs, self.flatten)
            slot = int(agent(observation, mask))
            if not (0 <= slot < len(options) and mask[slot]):
                raise ValueError(f"the opponent policy chose slot {slot}, which is not legal in this "
                                 f"{game.pending.kind.value} decision ({len(options)} options)")
            game.apply(options[slot])
