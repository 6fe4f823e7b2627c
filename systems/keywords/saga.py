"""Sagas (CR 714): lore counters and chapter abilities.

* 714.3a: as a Saga enters the battlefield, its controller puts a lore counter on it (:func:`entered`).
* 714.3b, 505.4: as a player's precombat main phase begins, they put a lore counter on each Saga they control
  (:func:`precombat_main`, a turn-based action called by systems/turn.py ``begin_step``).
* 714.2b: a chapter ability N triggers when lore counters are put on the Saga and their number goes from less
  than N to at least N (:func:`lore_added`, called by systems/counters.py for every "lore" counter put on a
  permanent, proliferate included).
* 714.4, 704.5s: a Saga with at least its final chapter number of lore counters (714.2d) that isn't the source of
  a chapter ability that has triggered but not yet left the stack is sacrificed (:func:`to_sacrifice`, asked by
  systems/state_based.py once a Saga has been on the battlefield).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import TriggeredAbility, TriggerKind
from components.objects import AbilityOnStack

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game

_FINAL: dict[int, tuple[CardDef, int]] = {}


def final_chapter(card: CardDef) -> int:
    """714.2d: the greatest chapter number among its chapter abilities (0 with none)."""
    hit = _FINAL.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    n = max((a.trigger.nth for a in card.abilities
             if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.CHAPTER), default=0)
    _FINAL[id(card)] = (card, n)
    return n


def is_saga(card: CardDef) -> bool:
    return "Saga" in card.type_line.subtypes


def entered(game: Game, ent: int) -> None:
    """714.3a: it enters with a lore counter (put on it as it enters, so chapter I triggers, 122.6)."""
    from systems.counters import add_counters

    game.sagas_seen = True
    add_counters(game, ent, "lore", 1)


def precombat_main(game: Game) -> None:
    """714.3b: the active player puts a lore counter on each Saga they control."""
    from systems.counters import add_counters

    t = game.table
    for ent in t.entity[:t.n][t.controller[:t.n] == game.active].tolist():
        if is_saga(game.card(ent)):
            add_counters(game, ent, "lore", 1)
            game.say(f"{game.name(ent)} gets a lore counter")


def lore_added(game: Game, ent: int, before: int, after: int) -> None:
    """714.2b: each chapter ability whose number N has before < N <= after triggers."""
    from systems.triggers import _add

    t = game.table
    row = t.row_of.get(ent)
    if row is None or t.no_abilities[row]:
        return
    card = game.card(ent)
    controller = int(t.controller[row])
    for index, a in enumerate(card.abilities):
        if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.CHAPTER and before < a.trigger.nth <= after:
            _add(game, ent, card, index, a, controller, ent)


def _chapter_pending(game: Game, ent: int) -> bool:
    for pt in game.waiting_triggers:
        if pt.source == ent:
            return True
    for obj in game.stack:
        ab = game.world.try_get(obj, AbilityOnStack)
        if ab is not None and ab.source == ent:
            a = ab.card.abilities[ab.index]
            if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.CHAPTER:
                return True
    return False


def to_sacrifice(game: Game) -> list[int]:
    """714.4: the Sagas whose lore counters reached their final chapter number, with no chapter ability of theirs
    waiting or on the stack."""
    import numpy as np

    from systems.state_based import _is_subtype_row

    t = game.table
    out = []
    for row in np.flatnonzero(_is_subtype_row(game, "Saga")).tolist():
        ent = int(t.entity[row])
        if _lore(game, ent) >= final_chapter(game.card(ent)) and not _chapter_pending(game, ent):
            out.append(ent)
    return out


def _lore(game: Game, ent: int) -> int:
    from components.objects import Counter

    key = (ent, "lore")
    return game.world.get(game.counters[key], Counter).count if key in game.counters else 0
