"""Damage (CR 120): to players, planeswalkers and creatures, with deathtouch and lifelink."""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.characteristics import CardType
from components.keywords import Keyword

if TYPE_CHECKING:
    from ecs.game import Game


def deal_damage(game: Game, source_name: str, source_keywords: int, source_controller: int,
                recipient: int, amount: int) -> int:
    """Deal ``amount`` damage from a source to a player or permanent; returns the damage dealt."""
    if amount <= 0:
        return 0
    if recipient in game.player_of_entity:
        p = game.player_of_entity[recipient]
        game.player_states[p].life -= amount  # CR 120.3a: damage to a player causes life loss
        game.say(f"{source_name} deals {amount} damage to {game.player_states[p].name}")
    else:
        t = game.table
        row = t.row_of.get(recipient)
        if row is None:
            return 0
        types = int(t.types[row])
        game.say(f"{source_name} deals {amount} damage to {game.name(recipient)}")
        if types & CardType.PLANESWALKER:
            # CR 120.3c: damage to a planeswalker removes that many loyalty counters.
            from systems.counters import remove_counters

            remove_counters(game, recipient, "loyalty", amount)
        if types & CardType.CREATURE:
            t.damage[row] += amount  # CR 120.3e: damage is marked on a creature
            if source_keywords & Keyword.DEATHTOUCH:
                t.deathtouched[row] = True  # CR 704.5h
    if source_keywords & Keyword.LIFELINK:
        # CR 702.15b: damage from a source with lifelink also makes its controller gain that much life.
        game.player_states[source_controller].life += amount
    game.sba_dirty = True
    return amount
