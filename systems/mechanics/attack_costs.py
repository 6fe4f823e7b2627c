"""Optional costs to attack (CR 508.1g): exert (701.39) and enlist (702.154), each on its own line.

* "You may exert ~ as it attacks. When you do, <effects>." (701.39a: an exerted permanent won't untap during your
  next untap step): the option is offered with the attack declaration; "When you do" is a reflexive triggered
  ability (603.12) that triggers as the cost is paid.
* "Enlist" (702.154a): "As this creature attacks, you may tap up to one untapped creature you control that you
  didn't choose to attack with and that either has haste or has been under your control continuously since this
  turn began. When you do, this creature gets +X/+0 until end of turn, where X is the tapped creature's power."

Both read as one TriggeredAbility of kind ``ATTACK_COST_PAID`` (``detail`` "exert" / "enlist"): having it is what
offers the option (systems/combat.py ``attack_decision`` via systems/mechanics/attack_costs.py), and it is the
ability that triggers when the cost is paid.

Rules: Optional costs to attack (CR 508.1g-j): exert (701.39) and enlist (702.154).

* Offering them: :func:`attack_options` adds, to the plain "attack with this creature" options of the attack
  declaration (systems/combat.py ``attack_decision``), one option per way to pay the optional costs of a creature
  whose abilities include them (systems/mechanics/attack_costs.py): exert it, and/or enlist one untapped creature
  its controller controls that isn't attacking or already enlisted, that has haste or has been under their control
  since the turn began (not summoning sick, 302.6), and that isn't the attacker itself (702.154c).
* Paying them: :func:`pay_attack_costs`, as the declaration is finished (508.1j, after 508.1f taps the attackers):
  an exerted creature won't untap during its controller's next untap step (701.39a, ``game.untap.skips``);
  an enlisted creature becomes tapped (702.154a). The linked "When you do" ability then triggers (603.12, 607.2h);
  enlist's event object is the enlisted creature ("the tapped creature's power", found as it resolves, 608.2h).

Nothing costs anything when no creature in the game has these abilities: the class arrays say so once.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import numpy as np

from components.abilities import (
    EVENT_OBJECT,
    SELF,
    Ability,
    Count,
    ModifyPowerToughness,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
)
from components.characteristics import CardType
from components.keywords import Keyword
from content import registry
from content.oracle.linked import linked_trigger, linked_trigger_text
from ecs.actions import DeclareAttacker

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game


ENLIST = TriggeredAbility("Enlist", TriggerCondition(TriggerKind.ATTACK_COST_PAID, detail="enlist"), (), (
    ModifyPowerToughness(1, 0, SELF, dynamic=Count("power_of", ref=EVENT_OBJECT)),))

_EXERT = re.compile(r"you may exert ~ as it attacks\. when you do, (?P<effects>.+)", re.I)
_LEAD = "You may exert ~ as it attacks. When you do, "


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if not int(types) & CardType.CREATURE:
        return None
    text = line.strip()
    if text.rstrip(".").lower() == "enlist":
        return ENLIST
    m = _EXERT.fullmatch(text)
    if not m:
        return None
    # "it": the exerted creature
    return linked_trigger(text, TriggerCondition(TriggerKind.ATTACK_COST_PAID, detail="exert"), m["effects"], (SELF,))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if not isinstance(a, TriggeredAbility) or a.trigger.kind != TriggerKind.ATTACK_COST_PAID:
        return None
    if a == ENLIST:
        return "Enlist"
    if a.trigger.detail != "exert":
        return None
    return linked_trigger_text(a, _LEAD)


registry.reader(read, priority=440)
registry.renderer(render, priority=400)


# ---------------------------------------------------------------- rules


CREATURE = np.uint32(CardType.CREATURE)
KEY = "attack_costs"  # game.turn_log.this[KEY]: attacker -> (exerted, enlisted creature or -1) of this declaration


def _costs(card: CardDef) -> tuple[bool, bool]:
    """(has exert, has enlist)."""
    kinds = {a.trigger.detail for a in card.abilities
             if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.ATTACK_COST_PAID}
    return "exert" in kinds, "enlist" in kinds


def _has_costs(card: CardDef) -> bool:
    return any(_costs(card))


def any_attack_costs(game: Game) -> bool:
    """Does any permanent that has been on the battlefield have exert or enlist? (Kept per characteristics class,
    which are only ever appended; copies are looked up in ``game.copy_of``, granted abilities in the derived cards
    of systems/granted.py.)"""
    if game.classes.any_card("attack_costs", _has_costs):
        return True
    # (each any() asked only when there is something to look at: a generator costs more than the test, at each
    # attacker declared)
    if game.copy_of and any(_has_costs(c) for c in game.copy_of.values()):
        return True
    return bool(game.grants.cache) and any(_has_costs(c) for c in game.grants.cache.values())  # systems/granted.py


def chosen(game: Game) -> dict[int, tuple[bool, int]]:
    return game.turn_log.this.setdefault(KEY, {})


def attack_options(game: Game, creature: int, defenders: list[int]) -> list[DeclareAttacker]:
    """The options with optional costs for one creature that may attack (the plain ones are not included)."""
    t = game.table
    row = t.row_of[creature]
    if t.no_abilities[row]:
        return []  # 613.1f: it has lost the abilities that offer them
    from systems.granted import ability_card

    exert, enlist = _costs(ability_card(game, creature))  # its abilities now, granted ones too (613.1f)
    if not (exert or enlist):
        return []
    enlistees = [-1]
    if enlist:
        n = t.n
        player = int(t.controller[row])
        taken = set(game.combat.attackers) | {e for _, e in chosen(game).values() if e >= 0}
        ok = (t.controller[:n] == player) & ~t.tapped[:n] & ((t.types[:n] & CREATURE) != 0)
        ok &= ~t.sick[:n] | ((t.keywords[:n] & np.uint64(Keyword.HASTE)) != 0)
        enlistees += [e for e in t.entity[:n][ok].tolist() if e != creature and e not in taken]
    out = []
    for d in defenders:
        for ex in ((False, True) if exert else (False,)):
            for e in enlistees:
                if ex or e >= 0:
                    out.append(DeclareAttacker(creature, d, exert=ex, enlist=e))
    return out


def enlisted(game: Game) -> set[int]:
    """Creatures enlisted so far in this declaration: they can't be declared as attackers (702.154a)."""
    return {e for _, e in chosen(game).values() if e >= 0}


def declare(game: Game, action: DeclareAttacker) -> None:
    """Remember the optional costs chosen with an attacker (paid when the declaration is finished)."""
    if action.exert or action.enlist >= 0:
        chosen(game)[action.creature] = (action.exert, action.enlist)


def exert(game: Game, permanent: int, player: int) -> None:
    """701.39a: the permanent won't untap during ``player``'s next untap step (701.39b: exerting it again before
    then changes nothing)."""
    game.untap.skips[permanent] = player
    game.say(f"{game.name(permanent)} is exerted")


def pay_attack_costs(game: Game) -> None:
    """508.1j: pay the chosen optional costs; their "When you do" abilities trigger (603.12)."""
    costs = game.turn_log.this.pop(KEY, None)
    if not costs:
        return
    from systems.triggers import _add

    t = game.table
    for creature, (exerted, enlistee) in costs.items():
        if creature not in t.row_of or creature not in game.combat.attackers:
            continue
        controller = int(t.controller[t.row_of[creature]])
        card = game.trigger_sources.get(creature) or game.card(creature)
        paid: list[tuple[str, int]] = []
        if exerted:
            exert(game, creature, controller)
            paid.append(("exert", creature))
        if enlistee >= 0 and enlistee in t.row_of and not t.get(enlistee, "tapped"):
            t.tap(enlistee)
            game.say(f"{game.name(creature)} enlists {game.name(enlistee)}")
            if game.trigger_sources:
                from systems.triggers import became_tapped

                became_tapped(game, [enlistee])  # 701.21a
            paid.append(("enlist", enlistee))
        for detail, event_object in paid:
            for index, a in enumerate(card.abilities):
                if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.ATTACK_COST_PAID \
                        and a.trigger.detail == detail:
                    _add(game, creature, card, index, a, controller, event_object)
