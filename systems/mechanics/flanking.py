"""Flanking (CR 702.25): "Whenever this creature becomes blocked by a creature without flanking, the blocking
creature gets -1/-1 until end of turn." (702.25a)

Flanking is a keyword bit (``Keyword.FLANKING``), so a creature that gains or loses it in layer 6 (613.1f)
gains or loses the ability, and "a creature without flanking" is a test of the blocker's bit. The
triggered ability the bit stands for triggers from systems/combat.py (as blocks are declared) once for each creature
without flanking that blocks it (509.3d: "becomes blocked by a creature" triggers once per blocker) and is
controlled by the attacker's controller (603.3a). 702.25b (each instance triggers separately) is the bit's
limit: a creature has flanking or not, so a second instance granted to it adds no second trigger.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from components.abilities import (
    EVENT_OBJECT,
    ModifyPowerToughness,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
)
from components.keywords import Keyword
from components.objects import PendingTrigger

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game

FLANKING = int(Keyword.FLANKING)
TEXT = "Whenever this creature becomes blocked by a creature without flanking, the blocking creature gets -1/-1 until end of turn."
ABILITY = TriggeredAbility(TEXT, TriggerCondition(TriggerKind.BLOCKS), (), (ModifyPowerToughness(-1, -1, EVENT_OBJECT),))
_CARDS: dict[int, tuple[CardDef, CardDef]] = {}


def trigger_card(card: CardDef) -> CardDef:
    """The card with flanking's triggered ability as its only ability (the ability's source on the stack)."""
    hit = _CARDS.get(id(card))
    if hit is None or hit[0] is not card:
        hit = (card, dataclasses.replace(card, abilities=(ABILITY,)))
        _CARDS[id(card)] = hit
    return hit[1]


def flanking_trigger(game: Game, blocker: int, attacker: int) -> None:
    """A creature with flanking became blocked by ``blocker``: it triggers unless the blocker has flanking
    too, or the attacker lost its abilities (613.1f)."""
    t = game.table
    game.refresh_layers()
    a, b = t.row_of.get(attacker), t.row_of.get(blocker)
    if a is None or b is None or t.no_abilities[a] or not int(t.keywords[a]) & FLANKING:
        return
    if int(t.keywords[b]) & FLANKING:
        return
    game.trigger_uid += 1
    game.waiting_triggers.append(PendingTrigger(game.trigger_uid, attacker, trigger_card(game.card(attacker)), 0,
                                                int(t.controller[a]), blocker))
