"""State-based actions (CR 704) as masks over the permanent table, and the end of the game (CR 104).

All applicable state-based actions are performed simultaneously (704.3), then checked again
until none apply. The permanent checks are column operations over the whole board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from components.characteristics import CardType
from components.keywords import Keyword
from components.objects import CardObject, Zone
from ecs.game import GameResult
from systems.zones import delete_object, move

if TYPE_CHECKING:
    from ecs.game import Game

CREATURE = int(CardType.CREATURE)
PLANESWALKER = int(CardType.PLANESWALKER)
INDESTRUCTIBLE = np.uint64(Keyword.INDESTRUCTIBLE)


def player_loses(game: Game, player: int, reason: str) -> None:
    state = game.player_states[player]
    if not state.lost:
        state.lost = True
        state.loss_reason = reason
        game.say(f"{state.name} loses the game ({reason})")


def settle_game_end(game: Game) -> None:
    """CR 104.2a: a player still in the game when all opponents have left wins; 104.4a: all lose -> draw."""
    if game.result is not None:
        return
    alive = [s.index for s in game.player_states if not s.lost]
    if len(alive) == 1:
        game.result = GameResult(alive[0], "; ".join(
            f"{s.name} {s.loss_reason}" for s in game.player_states if s.lost), game.turn)
    elif not alive:
        game.result = GameResult(None, "all players lost simultaneously (CR 104.4a)", game.turn)
    if game.result is not None:
        game.pending = None
        winner = "draw" if game.result.winner is None else game.player_states[game.result.winner].name
        game.say(f"game over: {winner} ({game.result.reason})")


def permanents_to_die(game: Game) -> tuple[np.ndarray, np.ndarray]:
    """Rows put into the graveyard (704.5f, 704.5i) and rows destroyed (704.5g, 704.5h)."""
    game.refresh_layers()
    t = game.table
    n = t.n
    types = t.types[:n]
    toughness = t.toughness[:n]
    creature = (types & CREATURE) != 0
    destructible = (t.keywords[:n] & INDESTRUCTIBLE) == 0
    zero_toughness = creature & (toughness <= 0)  # 704.5f (indestructible does not help)
    lethal = creature & (toughness > 0) & (t.damage[:n] >= toughness) & destructible  # 704.5g
    deathtouch = creature & (toughness > 0) & t.deathtouched[:n] & destructible  # 704.5h
    no_loyalty = ((types & PLANESWALKER) != 0) & (t.loyalty[:n] <= 0)  # 704.5i
    put = zero_toughness | no_loyalty
    destroyed = (lethal | deathtouch) & ~put
    return np.flatnonzero(put), np.flatnonzero(destroyed)


def check_state_based_actions(game: Game) -> bool:
    """Perform all applicable state-based actions once, simultaneously. True if any happened."""
    happened = False
    # Players (704.5a-c).
    for state in game.player_states:
        if state.lost:
            continue
        if state.life <= 0:
            player_loses(game, state.index, "life total 0 or less (CR 704.5a)")
            happened = True
        elif state.drew_from_empty_library:
            player_loses(game, state.index, "drew from an empty library (CR 704.5b)")
            happened = True
        elif state.poison >= 10:
            player_loses(game, state.index, "ten or more poison counters (CR 704.5c)")
            happened = True
    # Tokens that left the battlefield cease to exist (704.5d). Only scanned when one did.
    if game.tokens_adrift:
        game.tokens_adrift = False
        for zones in game.zones:
            for zone in (Zone.GRAVEYARD, Zone.HAND, Zone.LIBRARY, Zone.EXILE, Zone.COMMAND):
                for ent in [e for e in zones[zone] if game.world.get(e, CardObject).is_token]:
                    delete_object(game, ent)
                    happened = True
    # Permanents (704.5f-i), all at once.
    put_rows, destroyed_rows = permanents_to_die(game)
    if len(put_rows) or len(destroyed_rows):
        ents = game.table.entity
        dying = [int(ents[r]) for r in put_rows] + [int(ents[r]) for r in destroyed_rows]
        for ent in dying:
            game.say(f"{game.name(ent)} dies")
        for ent in dying:
            move(game, ent, Zone.GRAVEYARD)
        happened = True
    t = game.table
    if t.n:
        t.deathtouched[: t.n] = False
    if happened:
        settle_game_end(game)
    return happened


def state_check(game: Game) -> bool:
    """Run state-based actions until none apply (CR 704.3); True if any was performed.

    Skipped when nothing that could make one apply has changed since the last check.
    """
    if not game.sba_dirty:
        return False
    any_happened = False
    while check_state_based_actions(game):
        any_happened = True
        if game.result is not None:
            break
    game.sba_dirty = False
    return any_happened
