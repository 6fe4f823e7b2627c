"""Energy (CR 107.14, 122.1): energy counters are counters a player has. "You get {E}{E}" gives the
player that many; "Pay {E}{E}" (a cost, or an instruction after "you may") removes that many, and a
player can't pay more energy than they have (a cost that can't be paid isn't offered, 602.2b, 118.3)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from components.abilities import Effect, GetEnergy, PayEnergy

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


def get_energy(game: Game, player: int, n: int) -> None:
    """CR 122.1: the player gets ``n`` energy counters."""
    if n <= 0:
        return
    state = game.player_states[player]
    state.energy += n
    game.say(f"{state.name} gets {n} energy ({state.energy})")


def can_pay_energy(game: Game, player: int, n: int) -> bool:
    return game.player_states[player].energy >= n


def pay_energy(game: Game, player: int, n: int) -> None:
    """CR 107.14: to pay {E}, a player removes one energy counter from themselves."""
    state = game.player_states[player]
    assert state.energy >= n, "energy payments are only offered when they can be made"
    state.energy -= n
    game.say(f"{state.name} pays {n} energy ({state.energy} left)")


def _get(game: Game, e: GetEnergy, ctx: EffectContext) -> None:
    from systems.oracle_effects import amount

    get_energy(game, ctx.controller, amount(game, ctx, e.amount, e.dynamic))


def _pay(game: Game, e: PayEnergy, ctx: EffectContext) -> None:
    if can_pay_energy(game, ctx.controller, e.amount):
        pay_energy(game, ctx.controller, e.amount)


EXECUTORS: dict[type[Effect], Callable[..., None]] = {GetEnergy: _get, PayEnergy: _pay}

from content import registry  # noqa: E402

for _type, _fn in EXECUTORS.items():
    registry.add_executor(_type, _fn)
