"""Recover (CR 702.59): "Recover [cost]". Only mana costs are read; the rules are systems/mechanics/recover.py.

Rules: Recover (CR 702.59).

702.59a: "When a creature is put into your graveyard from the battlefield, you may pay [cost]. If you do, return
this card from your graveyard to your hand. Otherwise, exile this card." A triggered ability that works while the
card is in its owner's graveyard: systems/zones.py ``move`` calls :func:`creature_died` when a creature (as it last
existed on the battlefield, 603.10a; a token too) is put into a graveyard, and each recover card in that graveyard's
owner's graveyard (other than that card itself) triggers, controlled by its owner (603.3a). As it resolves, if the
card is still in the graveyard (400.7), its owner chooses whether to pay (only offered when the cost can be paid);
paying returns it to the hand, otherwise it is exiled.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from components.abilities import Ability, TriggerCondition, TriggeredAbility, TriggerKind
from components.casting_keywords import Recover, RecoverReturn
from components.characteristics import CardType, ManaCost
from components.objects import InZone, PendingTrigger, Zone
from content import registry
from content.mana import parse_mana_cost
from ecs.actions import Choose, DecisionKind

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game
    from systems.effects import EffectContext


_RECOVER = re.compile(r"recover ((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _RECOVER.fullmatch(line.strip().rstrip("."))
    if not m or "X" in m.group(1).upper():
        return None
    cost = m.group(1).upper()
    return Recover(f"Recover {cost}", parse_mana_cost(cost))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return f"Recover {a.cost}" if isinstance(a, Recover) else None


registry.reader(read, priority=660)
registry.renderer(render, priority=610)


# ---------------------------------------------------------------- rules


CREATURE = int(CardType.CREATURE)
_INFO: dict[int, tuple[CardDef, Recover | None, CardDef | None]] = {}


def recover_of(card: CardDef) -> tuple[Recover | None, CardDef | None]:
    """The card's recover ability and the card with its triggered ability as its only ability."""
    hit = _INFO.get(id(card))
    if hit is None or hit[0] is not card:
        a = next((x for x in card.abilities if isinstance(x, Recover)), None)
        trigger = None
        if a is not None:
            ability = TriggeredAbility(f"When a creature is put into your graveyard from the battlefield, you may pay "
                                       f"{a.cost}. If you do, return this card from your graveyard to your hand. "
                                       "Otherwise, exile this card.", TriggerCondition(TriggerKind.PUT_INTO_GRAVEYARD),
                                       (), (RecoverReturn(),))
            trigger = dataclasses.replace(card, abilities=(ability,))
        hit = (card, a, trigger)
        _INFO[id(card)] = hit
    return hit[1], hit[2]


def creature_died(game: Game, new: int, owner: int, types: int) -> None:
    """A permanent was put into ``owner``'s graveyard from the battlefield (``new``: the card there)."""
    if not types & CREATURE:
        return
    for ent, card in list(game.graveyard_activatable.items()):
        a, trigger = recover_of(card)
        if a is None or trigger is None or ent == new:  # (the trigger is made with the ability)
            continue
        where = game.world.try_get(ent, InZone)
        if where is None or where.zone != Zone.GRAVEYARD or where.player != owner:
            continue
        game.trigger_uid += 1
        game.waiting_triggers.append(PendingTrigger(game.trigger_uid, ent, trigger, 0, owner, ent))


@registry.executor(RecoverReturn)
def recover(game: Game, effect: RecoverReturn, ctx: EffectContext) -> None:
    from systems.mana import can_pay, pay
    from systems.resolution import ask
    from systems.zones import move

    card = ctx.event_object
    where = game.world.try_get(card, InZone) if card >= 0 and game.world.exists(card) else None
    if where is None or where.zone != Zone.GRAVEYARD:
        game.say("the card is no longer in the graveyard: nothing happens")
        return
    a, _ = recover_of(game.card(card))
    assert a is not None
    cost: ManaCost = a.cost
    player = ctx.controller
    options = [Choose(True), Choose(False)] if can_pay(game, player, cost) else [Choose(False)]
    if ask(game, player, DecisionKind.MAY, options) == Choose(True):
        ok = pay(game, player, cost)
        assert ok
        game.say(f"{game.player_states[player].name} pays {cost}: {game.card(card).name} returns to their hand")
        move(game, card, Zone.HAND)
        return
    game.say(f"{game.card(card).name} is exiled (recover)")
    move(game, card, Zone.EXILE)


@registry.hook("zones.left_battlefield")
def _left_battlefield(game: Game, old: int, new: int, zone: Zone, owner: int, controller: int, types: int,
                      was: object) -> None:
    if zone == Zone.GRAVEYARD and game.graveyard_activatable:
        creature_died(game, new, owner, types)  # 702.59a
