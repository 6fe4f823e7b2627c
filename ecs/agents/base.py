"""The agent protocol: what an agent is given (one player's view), and the driver loop.

An agent answers a decision with ``act(view) -> Action``; ``view`` is a :class:`PlayerView`, which holds
only what that player may know: their observation, their legal actions, public state of the board, the
card definitions of objects they can see, and ``determinize(rng)`` (a whole game sampled consistently with
what they know, for search). Every agent is deterministic given its seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np

from components.card import CardDef
from components.designations import Foretold
from components.objects import CardObject, InZone, Zone
from ecs.actions import Action, DecisionKind
from ecs.errors import MtgError
from ecs.game import Combat, Game, GameResult
from ecs.table import PermanentTable


class HiddenInformationError(MtgError):
    """An agent asked its view for something its player may not know (CR 400.2)."""


class PlayerView:
    """One player's view of a game at their decision.

    The underlying game is private: everything here is public (the battlefield table, life totals, the
    stack, graveyards, zone sizes) or known to ``player`` (their hand, their options). ``card(entity)``
    refuses objects hidden from them (another hand, any library card, a face-down object they may not look at).
    """

    __slots__ = ("_game", "player", "kind", "options", "_obs")

    def __init__(self, game: Game, player: int) -> None:
        pending = game.pending
        if pending is None or pending.player != player:
            raise ValueError(f"player {player} has no decision to make now")
        self._game = game
        self.player = player
        self.kind: DecisionKind = pending.kind
        self.options: tuple[Action, ...] = pending.options
        self._obs: dict[str, Any] | None = None

    # ---------------------------------------------------------------- what the player may know
    def observation(self) -> dict[str, Any]:
        """The player's observation (``Game.observation``), computed once per view."""
        if self._obs is None:
            self._obs = self._game.observation(self.player)
        return self._obs

    def information_state(self) -> str:
        return self._game.information_state(self.player)

    def plays(self) -> list[Action]:
        """The options with each announcement unfolded into the whole plays it leads to (``Game.whole_actions``:
        every cast or activation with all its choices made); ``Game.apply`` takes any of them."""
        return self._game.whole_actions()

    def determinize(self, rng: np.random.Generator) -> Game:
        """A full game sampled consistently with what the player knows (``Game.determinize``)."""
        return self._game.determinize(self.player, rng)

    def action_to_string(self, action: Action) -> str:
        return self._game.action_to_string(action)

    @property
    def num_players(self) -> int:
        return self._game.num_players

    @property
    def turn(self) -> int:
        return self._game.turn

    @property
    def active(self) -> int:
        return self._game.active

    @property
    def step(self) -> Any:
        return self._game.step

    @property
    def combat(self) -> Combat:
        """Attack and block declarations are public (CR 506-509)."""
        return self._game.combat

    @property
    def table(self) -> PermanentTable:
        """The battlefield's characteristics after layers (public; face-down permanents show as 2/2, 708.2)."""
        self._game.refresh_layers()
        return self._game.table

    @property
    def stack(self) -> list[int]:
        return list(self._game.stack)

    def life(self, player: int) -> int:
        return self._game.player_states[player].life

    def poison(self, player: int) -> int:
        return self._game.player_states[player].poison

    def lands_played(self, player: int) -> int:
        return self._game.player_states[player].lands_played

    def mana_pool(self) -> list[int]:
        """The player's own mana pool: W, U, B, R, G, C (CR 106.4)."""
        return list(self._game.player_states[self.player].mana_pool)

    def mulligans(self, player: int) -> int:
        """How many mulligans the player has taken (public, CR 103.5)."""
        return self._game.player_states[player].mulligans

    def step_label(self) -> str:
        return str(self._game.step.label)

    def trigger_ability(self, uid: int) -> Any:
        """The ability of a waiting triggered ability (public once triggered, CR 603.3), or None."""
        for pending in self._game.waiting_triggers:
            if pending.uid == uid:
                abilities = pending.card.abilities
                return abilities[pending.index] if 0 <= pending.index < len(abilities) else None
        return None

    def stack_controller(self, entity: int) -> int | None:
        """The controller of a spell or ability on the stack (public, CR 405)."""
        if entity not in self._game.stack:
            return None
        where = self._game.world.try_get(entity, InZone)
        return None if where is None else where.player

    def hand(self) -> list[int]:
        """The player's own hand."""
        return list(self._game.zones[self.player][Zone.HAND])

    def zone_size(self, player: int, zone: Zone) -> int:
        return len(self._game.zones[player][zone])

    def graveyard(self, player: int) -> list[int]:
        return list(self._game.zones[player][Zone.GRAVEYARD])

    def player_entity(self, player: int) -> int:
        return self._game.players[player]

    def player_of_entity(self, entity: int) -> int | None:
        return self._game.player_of_entity.get(entity)

    def visible(self, entity: int) -> bool:
        """Whether the player may know what ``entity`` is (CR 400.2, 708.5)."""
        g = self._game
        if entity in g.player_of_entity:
            return True
        where = g.world.try_get(entity, InZone)
        if where is None:
            return False
        if where.zone == Zone.LIBRARY:
            return False
        if where.zone == Zone.HAND:
            return where.player == self.player
        if where.zone == Zone.EXILE and g.world.has(entity, Foretold):
            return g.world.get(entity, CardObject).owner == self.player
        return True

    def card(self, entity: int) -> CardDef:
        """The card definition of an object the player can see (copiable values, CR 707.2); a face-down
        permanent's is its face-down characteristics (708.2), whoever looks."""
        if not self.visible(entity):
            raise HiddenInformationError(f"object #{entity} is hidden from player {self.player} (CR 400.2)")
        return self._game.card(entity)

    def card_or_none(self, entity: int) -> CardDef | None:
        """The card definition if the player may see it and ``entity`` is a card object, else None."""
        if not self.visible(entity) or self._game.world.try_get(entity, CardObject) is None:
            return None
        return self._game.card(entity)

    def controller(self, permanent: int) -> int:
        return self._game.controller(permanent)


@runtime_checkable
class Agent(Protocol):
    """Answers one decision: returns one of ``view.options``."""

    def act(self, view: PlayerView) -> Action: ...


# 32-bit words taken from the bit generator at a time by RandomAgent (64 raw 64-bit outputs).
_RAW_BATCH = 64


class RandomAgent:
    """Picks uniformly among the legal options, from its own seeded generator.

    Its draws are exactly those of ``rng.integers(n)`` in turn (numpy's PCG64 ``Generator``), computed here from the
    generator's raw stream taken 64 outputs at a time: numpy's call costs about 11k instructions of argument
    checking per draw, a tenth of a random playout's time outside the engine (issue 11). So the agent alone
    draws from ``rng``: a draw of one's own from it would not follow the agent's (tests/agents/test_random_agent.py
    checks the draws against numpy's).
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = np.random.default_rng(seed)
        self._words: list[int] = []  # 32-bit words not yet used, the next one last

    def _word(self) -> int:
        """The generator's next 32-bit output, as its ``next_uint32`` gives it: the low half of a 64-bit output,
        then the high half."""
        words = self._words
        if not words:
            for raw in reversed(self.rng.bit_generator.random_raw(_RAW_BATCH).tolist()):
                words.append(raw >> 32)
                words.append(raw & 0xFFFFFFFF)
        return words.pop()

    def _index(self, n: int) -> int:
        """The index of the option drawn among ``n``: what ``int(rng.integers(n))`` gives, numpy's bounded draw by
        Lemire's multiply-and-reject on 32-bit words (numpy's ``random_bounded_uint64_fill`` for ranges under
        2**32), which draws nothing for one option."""
        if n <= 1:
            if n == 1:
                return 0
            raise ValueError(f"no option to draw from ({n})")
        if n > 0x100000000:
            raise ValueError(f"too many options to draw from ({n})")
        m = self._word() * n
        low = m & 0xFFFFFFFF
        if low < n:  # (rarely: only a draw in the last partial interval of 2**32 is rejected)
            threshold = (0x100000000 - n) % n
            while low < threshold:
                m = self._word() * n
                low = m & 0xFFFFFFFF
        return m >> 32

    def act(self, view: PlayerView) -> Action:
        return view.options[self._index(len(view.options))]

    def choose(self, game: Game, options: Sequence[Action]) -> Action:
        """The older call form (game and options): the same draws as ``act``."""
        return options[self._index(len(options))]


def decide(game: Game, agent: Any) -> Action:
    """Ask ``agent`` for the pending decision's answer, through its player's view."""
    pending = game.pending
    assert pending is not None
    if type(agent) is RandomAgent:  # (its ``act`` reads only the options: no view is built for it)
        options = pending.options
        return options[agent._index(len(options))]
    act = getattr(agent, "act", None)
    if act is not None:
        answer: Action = act(PlayerView(game, pending.player))
    else:
        answer = agent.choose(game, pending.options)  # an agent written against the older (game, options) form
    return answer


def play_out(game: Game, agents: Sequence[Any], max_decisions: int = 1_000_000) -> GameResult:
    """Let agents answer every decision until the game ends."""
    for _ in range(max_decisions):
        pending = game.pending
        if pending is None:
            break
        agent = agents[pending.player]
        if type(agent) is RandomAgent:  # (decide's answer for it, without its frame)
            options = pending.options
            game.apply(options[agent._index(len(options))])
        else:
            game.apply(decide(game, agent))
    if game.result is None:
        raise RuntimeError(f"game did not finish within {max_decisions} decisions")
    return game.result
