"""Damage results of wither (CR 702.80), infect (702.90) and toxic (702.164), and poison counters (122.1f).

systems/damage.py deals damage in bulk and calls in here only for the events these abilities change:

* 702.80a / 702.90c, 120.3d: damage dealt to a creature by a source with wither or infect doesn't mark
  damage; it puts that many -1/-1 counters on the creature (the damage is still dealt: deathtouch, lifelink and
  "is dealt damage" triggers see it, 702.2b, 702.15b).
* 702.90b, 120.3b: damage dealt to a player by a source with infect doesn't make them lose life; its
  controller gives that player that many poison counters.
* 702.164c: combat damage dealt to a player by a creature with toxic N also gives the player N poison counters
  (the sum of the creature's toxic values, 702.164b), in addition to the damage's other results.

A player with ten or more poison counters loses the game (704.5c, systems/state_based.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from components.combat_keywords import Toxic

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game


def damage_as_counters(game: Game, rows: np.ndarray, amounts: np.ndarray) -> None:
    """120.3d: put -1/-1 counters on these permanent rows instead of marking damage."""
    from systems.counters import add_counters

    t = game.table
    totals = np.bincount(rows, weights=amounts).astype(np.int64)
    for row in np.flatnonzero(totals).tolist():
        add_counters(game, int(t.entity[row]), "-1/-1", int(totals[row]))


def give_poison(game: Game, player: int, amount: int) -> None:
    """A player gets ``amount`` poison counters (122.1f); 704.5c is checked with the state-based actions."""
    if amount <= 0 or game.player_states[player].lost:
        return
    state = game.player_states[player]
    state.poison += amount
    game.table.mark_players_changed()  # 704.5c reads it: no row changed (systems/state_based._quiet_rows)
    game.say(f"{state.name} gets {amount} poison counter{'s' if amount != 1 else ''}")


def toxic_value(card: CardDef) -> int:
    """702.164b: a creature's total toxic value is the sum of the N of all its toxic abilities."""
    return sum(a.amount for a in card.abilities if isinstance(a, Toxic))


def _has_toxic(card: CardDef) -> bool:
    return toxic_value(card) > 0


def _any_toxic(game: Game) -> bool:
    """Does any permanent that has been on the battlefield have toxic? (Kept per characteristics class, which are
    only ever appended; copies are looked up in ``game.copy_of``, granted abilities in the
    derived cards of systems/granted.py.)"""
    return game.classes.any_card("toxic", _has_toxic) or any(toxic_value(c) for c in game.copy_of.values()) \
        or any(toxic_value(c) for c in game.grants.cache.values())  # granted toxic (one derived card per grant set)


def poison_from_damage(game: Game, combat: bool, src_ent: np.ndarray, rec_player: np.ndarray, amount: np.ndarray,
                       to_player: np.ndarray, infect: np.ndarray) -> None:
    """Poison counters from simultaneous damage events to players (parallel arrays, one entry per event)."""
    if infect.any():
        totals = np.bincount(rec_player[infect], weights=amount[infect], minlength=game.num_players)
        for player, value in enumerate(totals.astype(np.int64).tolist()):
            give_poison(game, player, value)  # 702.90b
    if not combat or not _any_toxic(game):
        return
    from systems.granted import ability_card

    t = game.table
    src = np.broadcast_to(src_ent, amount.shape)
    for k in np.flatnonzero(to_player).tolist():
        ent = int(src[k])
        row = t.row_of.get(ent)
        if row is None or t.no_abilities[row]:
            continue  # 613.1f: a creature that lost its abilities has no toxic
        give_poison(game, int(rec_player[k]), toxic_value(ability_card(game, ent)))  # 702.164b-c, granted ones too
