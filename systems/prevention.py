"""Prevention effects (CR 615) and protection's damage prevention (CR 702.16e), over damage arrays.

A damage event is a set of parallel arrays (source entity, recipient entity, amount, ...). The
effects here reduce the amounts in place before damage is dealt, so a whole combat damage step
(CR 510.2) is prevented with a few masks however many creatures take part.

Effects are data (:class:`PreventionEffect`), kept in ``game.prevention`` in the order they were
created; spells, abilities and the Oracle compiler create them with :func:`add_prevention`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from components.keywords import Keyword
from systems.protection import protected_from

if TYPE_CHECKING:
    from ecs.game import Game


@dataclass(slots=True)
class PreventionEffect:
    """"Prevent [all | the next N] [combat] damage that would be dealt [to X] [by Y] [this turn]".

    ``to`` / ``by`` are entities (a player or a permanent); None means any. ``to_players`` limits
    it to damage dealt to players ("... dealt to players this turn"). ``remaining`` None prevents
    all matching damage; a number is a shield that is used up as it prevents (615.7). ``turn`` is
    the turn number of a "this turn" effect: it ends with that turn (514.2).
    """

    text: str
    combat_only: bool = False
    to: int | None = None
    by: int | None = None
    to_players: bool = False
    remaining: int | None = None
    turn: int | None = None
    once: bool = False  # "the next time a source ... would deal damage ..., prevent that damage": one event (615.7)


def add_prevention(game: Game, effect: PreventionEffect) -> PreventionEffect:
    game.prevention.append(effect)
    return effect


def active_effects(game: Game) -> list[PreventionEffect]:
    """Effects still in force; "this turn" effects of earlier turns have ended (514.2)."""
    live = [e for e in game.prevention if e.turn is None or e.turn == game.turn]
    if len(live) != len(game.prevention):
        game.prevention[:] = live
    return live


def prevent(game: Game, *, combat: bool, src_ent: np.ndarray, src_qualities: np.ndarray,
            src_keywords: np.ndarray, rec_ent: np.ndarray, rec_keywords: np.ndarray,
            rec_is_player: np.ndarray, amount: np.ndarray) -> np.ndarray:
    """Return the amounts left after protection and prevention effects (a new array)."""
    amount = amount.copy()
    # 702.16e: damage from a source with a quality the recipient has protection from is prevented.
    on_field = ~rec_is_player
    if on_field.any():
        shielded = on_field & protected_from(rec_keywords, src_qualities)
        amount[shielded] = 0
    if game.static_rule_sources:  # "Prevent all damage that would be dealt to ~" (615.1a, a static ability)
        from systems.static_rules import static_prevention

        static_prevention(game, combat, src_ent, rec_ent, rec_is_player, amount)
    effects = active_effects(game)
    if not effects:
        return amount
    used_up: list[PreventionEffect] = []
    for eff in effects:
        if eff.combat_only and not combat:
            continue
        match = amount > 0
        if eff.to is not None:
            match &= rec_ent == eff.to
        if eff.by is not None:
            match &= src_ent == eff.by
        if eff.to_players:
            match &= rec_is_player
        if not match.any():
            continue
        if eff.remaining is None:
            amount[match] = 0  # 615.1: "prevent all ..."
            if eff.once:
                used_up.append(eff)  # the next time only: this damage event uses it up
            continue
        # 615.7: a shield prevents damage 1 at a time until it is used up. When several sources
        # would damage the shielded object at once, its controller chooses which damage is
        # prevented; the engine chooses for them: deathtouch sources first, then lifelink sources,
        # then the rest, each in event order.
        idx = np.flatnonzero(match)
        kw = src_keywords[idx].astype(np.uint64)
        rank = np.where((kw & np.uint64(Keyword.DEATHTOUCH)) != 0, 0,
                        np.where((kw & np.uint64(Keyword.LIFELINK)) != 0, 1, 2))
        idx = idx[np.argsort(rank, kind="stable")]
        take = amount[idx]
        before = np.cumsum(take) - take
        prevented = np.clip(eff.remaining - before, 0, take)
        amount[idx] = take - prevented
        eff.remaining -= int(prevented.sum())
        if eff.remaining <= 0:
            used_up.append(eff)
    for eff in used_up:
        game.prevention.remove(eff)
    return amount
