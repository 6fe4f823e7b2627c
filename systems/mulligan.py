"""Starting the game (CR 103): shuffles, opening hands and the London mulligan (103.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.objects import Zone
from ecs.actions import Decision, DecisionKind, Keep, Mulligan, PutOnBottom
from systems.turn import begin_turn
from systems.zones import draw, move, shuffle_library

if TYPE_CHECKING:
    from ecs.game import Game

OPENING_HAND = 7  # CR 103.5


def start_game(game: Game, *, starting_player: int | None = None, mulligans: bool = True) -> None:
    """CR 103.1-103.5: choose who starts, shuffle, draw opening hands, then mulligans."""
    if starting_player is None:
        starting_player = int(game.rng.integers(game.num_players))  # CR 103.1: random choice
    game.starting_player = starting_player
    order = [(starting_player + i) % game.num_players for i in range(game.num_players)]
    for p in order:
        shuffle_library(game, p)  # CR 103.3
    for p in order:
        draw(game, p, game.player_states[p].starting_hand_size)  # 103.5a: a vanguard may change it
    game.say(f"{game.player_states[starting_player].name} plays first")
    if mulligans:
        game.mulligans.active = True
        game.mulligans.queue = order
    else:
        begin_turn(game, starting_player)


def mulligan_step(game: Game) -> None:
    """Ask the next mulligan question, or begin the first turn when everyone has kept."""
    for p, owed in game.mulligans.bottom_owed.items():
        if owed > 0:
            hand = game.zones[p][Zone.HAND]
            game.pending = Decision(p, DecisionKind.BOTTOM, tuple(PutOnBottom(c) for c in hand))
            return
    if game.mulligans.queue:
        p = game.mulligans.queue[0]
        state = game.player_states[p]
        options = (Keep(), Mulligan()) if state.mulligans < state.starting_hand_size else (Keep(),)
        game.pending = Decision(p, DecisionKind.MULLIGAN, options)
        return
    if game.mulligans.takers:
        # CR 103.5: each player taking a mulligan shuffles their hand into their library and draws anew.
        takers, game.mulligans.takers = game.mulligans.takers, []
        for p in takers:
            library = Zone.LIBRARY  # (read once: an enum class look-up is slow on Python 3.11)
            for card in list(game.zones[p][Zone.HAND]):
                move(game, card, library)
            shuffle_library(game, p)
            draw(game, p, game.player_states[p].starting_hand_size)  # 902.5a
            game.player_states[p].mulligans += 1
        game.mulligans.queue = takers
        return
    game.mulligans.active = False
    begin_turn(game, game.starting_player)


def keep(game: Game, player: int) -> None:
    game.mulligans.queue.pop(0)
    owed = game.player_states[player].mulligans
    size = game.player_states[player].starting_hand_size
    game.say(f"{game.player_states[player].name} keeps {size - owed if owed else size}")
    if owed:
        game.mulligans.bottom_owed[player] = owed  # London mulligan: that many cards go to the bottom


def take_mulligan(game: Game, player: int) -> None:
    game.mulligans.queue.pop(0)
    game.mulligans.takers.append(player)
    game.say(f"{game.player_states[player].name} takes a mulligan")


def put_on_bottom(game: Game, player: int, card: int) -> None:
    move(game, card, Zone.LIBRARY)  # appended: the bottom of the library
    game.mulligans.bottom_owed[player] -= 1
    if game.mulligans.bottom_owed[player] == 0:
        del game.mulligans.bottom_owed[player]
