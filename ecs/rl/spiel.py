"""OpenSpiel adapter (the ``[spiel]`` extra): the engine registered as the Python game ``python_mtg_ecs``.

A sequential, imperfect-information, zero-sum game whose chance events (shuffles, coin flips) are sampled
inside the engine from its own seeded generator (``SAMPLED_STOCHASTIC``). Actions are the slots of the
pending decision (the same slots as the PettingZoo and Gymnasium environments); the observer's tensor is the
flattened observation of ``ecs.rl.observation`` (what the player may know, CR 400.2), its string the
player's information-state key (``Game.information_state``). ``resample_from_infostate`` is
``Game.determinize``, so information-set search (OpenSpiel's ISMCTS bot) never sees the real hidden cards.

    import pyspiel, ecs.rl.spiel
    game = pyspiel.load_game("python_mtg_ecs", {"decks": "mono_red_burn,white_weenie", "max_turns": 20})

Game parameters: ``decks`` (comma-separated deck names or files), ``seed`` (the first game's seed; each new
initial state draws the next one), ``max_turns`` and ``options`` (the action slots).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from ecs.game import Game
from ecs.rl.aec import render_text
from ecs.rl.matches import DEFAULT_DECKS, load_match, outcome
from ecs.rl.observation import ObservationEncoder, ObservationSizes

SHORT_NAME = "python_mtg_ecs"
_DEFAULTS: dict[str, Any] = {"decks": ",".join(DEFAULT_DECKS), "seed": 0, "max_turns": 100, "options": 64}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Magic: The Gathering (mtg-ecs)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class MtgGame(pyspiel.Game):
    """The game: its decks and sizes; each initial state is a new seeded game of Magic."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = {**_DEFAULTS, **(params or {})}
        self.match = load_match([d.strip() for d in str(merged["decks"]).split(",") if d.strip()],
                                max_turns=int(merged["max_turns"]))
        if self.match.players != 2:
            raise ValueError(f"{SHORT_NAME} is a two-player game; got {self.match.players} decks")
        self.encoder = ObservationEncoder(ObservationSizes(players=2, options=int(merged["options"])))
        self.rng = np.random.default_rng(int(merged["seed"]))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoder.sizes.options,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=50_000,  # Game.max_decisions: a game that long is ended as a draw
        )
        super().__init__(GAME_TYPE, info, merged)

    def new_initial_state(self) -> MtgState:
        return MtgState(self)

    def new_seed(self) -> int:
        return int(self.rng.integers(2**63 - 1))

    def new_engine(self, seed: int) -> Game:
        """A game of Magic from ``seed`` (the seats' decks and the game's own seed are drawn from it)."""
        return self.match.new_game(np.random.default_rng(seed))[0]

    def get_rng_state(self) -> str:
        """The generator that seeds new games (SAMPLED_STOCHASTIC games expose it to OpenSpiel)."""
        return json.dumps(self.rng.bit_generator.state, sort_keys=True)

    def set_rng_state(self, rng_state: str) -> None:
        self.rng.bit_generator.state = json.loads(rng_state)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> MtgObserver:
        if params:
            raise ValueError(f"observer parameters are not supported, got {params}")
        return MtgObserver(self.encoder)


class MtgState(pyspiel.State):
    """One game in progress."""

    def __init__(self, game: MtgGame, engine: Game | None = None) -> None:
        super().__init__(game)
        # Built on first use from a seed drawn now: OpenSpiel clones a Python state by making a new initial
        # state and copying this object's attributes (seed and engine) over it, so building a whole game for
        # every initial state would be wasted on clones.
        self._seed = game.new_seed()
        self._engine = engine

    @property
    def engine(self) -> Game:
        if self._engine is None:
            self._engine = self.get_game().new_engine(self._seed)
        return self._engine

    def current_player(self) -> int:
        if self.engine.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        player = self.engine.current_player
        assert player is not None
        return player

    def _legal_actions(self, player: int) -> list[int]:
        pending = self.engine.pending
        if pending is None or pending.player != player:
            return []
        limit = self.get_game().num_distinct_actions()
        if len(pending.options) > limit:
            from ecs.rl.observation import TooManyOptionsError

            raise TooManyOptionsError(f"the {pending.kind.value} decision has {len(pending.options)} options, "
                                      f"more than the {limit} action slots")
        return list(range(len(pending.options)))

    def _apply_action(self, action: int) -> None:
        pending = self.engine.pending
        assert pending is not None
        self.engine.apply(pending.options[action])

    def _action_to_string(self, player: int, action: int) -> str:
        # The slot number keeps the strings of a decision unique ("discard Plains" twice: two Plains in hand).
        pending = self.engine.pending
        if pending is not None and pending.player == player and 0 <= action < len(pending.options):
            return f"{action}: {self.engine.action_to_string(pending.options[action])}"
        return f"{action}"

    def is_terminal(self) -> bool:
        return self.engine.is_over

    def returns(self) -> list[float]:
        return outcome(self.engine)[0]

    def information_state_string(self, player: int | None = None) -> str:
        return self.engine.information_state(self.current_player() if player is None else player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MtgState:
        """A state sampled consistently with what ``player_id`` knows (``Game.determinize``)."""
        seed = int(probability_sampler() * 2**53)
        return MtgState(self.get_game(), self.engine.determinize(player_id, np.random.default_rng(seed)))

    def __str__(self) -> str:
        return render_text(self.engine)


class MtgObserver:
    """OpenSpiel's observer protocol: ``tensor`` (the flattened observation) and ``dict`` (named views)."""

    def __init__(self, encoder: ObservationEncoder) -> None:
        self.encoder = encoder
        self.tensor = np.zeros(encoder.flat_size(), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for key, (shape, _) in encoder.shapes().items():
            size = int(np.prod(shape))
            self.dict[key] = self.tensor[start:start + size].reshape(shape)
            start += size

    def set_from(self, state: MtgState, player: int) -> None:
        obs = self.encoder.encode(state.engine, player)
        for key, view in self.dict.items():
            view[...] = obs[key]

    def string_from(self, state: MtgState, player: int) -> str:
        return state.engine.information_state(player)


pyspiel.register_game(GAME_TYPE, MtgGame)
