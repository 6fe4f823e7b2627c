"""Casualty (CR 702.153), conspire (702.78) and replicate (702.56): "Casualty N", "Conspire" and "Replicate
[mana cost]" on an instant or sorcery.

The rules (the optional additional cost and the copy made when the spell is cast) are
systems/mechanics/copy_on_cast.py.

Rules: Casualty (CR 702.153), conspire (702.78) and replicate (702.56): an optional additional cost, and copies of the
spell when it is cast if that cost was paid.

Replicate (702.56a): "As an additional cost to cast this spell, you may pay [cost] any number of times" and "When
you cast this spell, if a replicate cost was paid for it, copy it for each time its replicate cost was paid ...":
"replicate*N" in ``CastSpell.cost`` names N payments (each number the caster can pay is offered; a free replicate
cost is not read: it could be paid any number of times).

* Casting with the cost is its own option, named "casualty" or "conspire" in ``CastSpell.cost`` (601.2b): the
  spell's mana cost (plus increases and reductions, 601.2f) and, for casualty, a creature with power N or
  greater its caster controls to sacrifice (``CastSpell.sacrifice``, 702.153a); for conspire, two untapped
  creatures they control that each share a color with the spell to tap (``CastSpell.tapped``, 702.78a;
  summoning sickness doesn't matter, 302.6 restricts {T} costs only). Each choice of permanents is an option
  (identical creatures are one choice; the two creatures are asked one at a time as the spell is announced,
  systems/announcing.py). Only casts from the hand are offered this way, and not together with other
  additional or alternative costs.
* "When you cast this spell, if [the cost] was paid, copy it. If the spell has any targets, you may choose new
  targets for the copy.": a triggered ability (601.2i) controlled by the caster, whose effect is storm's copy
  effect with one copy (systems/mechanics/storm.py: the spell's modes, X and costs are copied, 707.10, and its
  controller chooses the copy's targets, 707.10c).
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from typing import TYPE_CHECKING

from components.abilities import Ability, TriggerCondition, TriggeredAbility, TriggerKind
from components.casting_keywords import CopyOnCast
from components.characteristics import CardType, ManaCost
from components.keyword_abilities import StormCopies
from components.keywords import Keyword
from components.objects import PendingTrigger, StackItem
from content import registry
from content.mana import parse_mana_cost
from ecs.actions import CastSpell
from systems.mechanics.additional_costs import distinct_choices

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game


SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)
_CASUALTY = re.compile(r"casualty (\d+)", re.I)
_REPLICATE = re.compile(r"replicate ((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if not int(types) & SPELL_TYPES:
        return None  # a permanent spell's copy would become a token (707.10f): not read
    text = line.strip().rstrip(".")
    if text.lower() == "conspire":
        return CopyOnCast("Conspire", "conspire")
    m = _CASUALTY.fullmatch(text)
    if m:
        return CopyOnCast(f"Casualty {int(m.group(1))}", "casualty", int(m.group(1)))
    m = _REPLICATE.fullmatch(text)
    if m and "X" not in m.group(1).upper():
        cost = m.group(1).upper()
        if not parse_mana_cost(cost).mana_value():
            return None  # a free replicate cost could be paid any number of times
        return CopyOnCast(f"Replicate {cost}", "replicate", cost=parse_mana_cost(cost))
    return None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if not isinstance(a, CopyOnCast):
        return None
    if a.keyword == "replicate":
        return f"Replicate {a.cost}"
    return "Conspire" if a.keyword == "conspire" else f"Casualty {a.power}"


registry.reader(read, priority=550)
registry.renderer(render, priority=510)


# ---------------------------------------------------------------- rules


INSTANT = int(CardType.INSTANT)
CREATURE = int(CardType.CREATURE)
FLASH = int(Keyword.FLASH)
KEYWORDS = frozenset({"casualty", "conspire", "replicate"})
TEXTS = {"casualty": "When you cast this spell, if a casualty cost was paid for it, copy it. If the spell has any "
                     "targets, you may choose new targets for the copy.",
         "conspire": "When you cast this spell, if its conspire cost was paid, copy it. If the spell has any "
                     "targets, you may choose new targets for the copy.",
         "replicate": "When you cast this spell, if a replicate cost was paid for it, copy it for each time its "
                      "replicate cost was paid. If the spell has any targets, you may choose new targets for any of "
                      "the copies."}

_INFO: dict[int, tuple[CardDef, CopyOnCast | None]] = {}


def ability_of(card: CardDef) -> CopyOnCast | None:
    hit = _INFO.get(id(card))
    if hit is None or hit[0] is not card:
        hit = (card, next((a for a in card.abilities if isinstance(a, CopyOnCast)), None))
        _INFO[id(card)] = hit
    return hit[1]


def _creatures(game: Game, player: int) -> list[int]:
    """The creatures ``player`` controls, in table order (the layers applied)."""
    import numpy as np

    game.refresh_layers()
    t = game.table
    rows = np.flatnonzero((t.controller[: t.n] == player) & ((t.types[: t.n] & CREATURE) != 0))
    return [int(t.entity[r]) for r in rows.tolist()]


def _distinct(game: Game, ents: list[int], n: int) -> list[tuple[int, ...]]:
    """Sets of ``n`` of ``ents`` that differ in more than interchangeable creatures (all of them: ``n`` is small, and
    the announcement asks them one element at a time)."""
    t = game.table

    def key(e: int) -> tuple[object, ...]:
        return (game.card(e).name, int(t.get(e, "power")), int(t.get(e, "toughness")), int(t.get(e, "damage")),
                bool(t.get(e, "tapped")))

    return distinct_choices(ents, n, key, None)


def cost_choices(game: Game, player: int, card: CardDef, a: CopyOnCast) -> list[tuple[int, ...]]:
    """The creatures that may pay the cost: to sacrifice (casualty) or to tap (conspire)."""
    t = game.table
    mine = _creatures(game, player)
    if a.keyword == "casualty":
        return _distinct(game, [e for e in mine if int(t.get(e, "power")) >= a.power], 1)  # 702.153a
    colors = int(card.colors)
    ready = [e for e in mine if not t.get(e, "tapped") and int(t.get(e, "colors")) & colors]  # 702.78a
    return _distinct(game, ready, 2)


def hand_variants(game: Game, player: int) -> list[CastSpell]:
    """Casts from the hand paying a casualty or conspire cost."""
    from systems.mechanics.additional_costs import payment_units
    from systems.mechanics.alternative_costs import castable_hand_cards, spell_choices

    out: list[CastSpell] = []
    for ent, card in castable_hand_cards(game, player, "copy_on_cast", lambda c: ability_of(c) is not None):
        a = ability_of(card)
        assert a is not None
        if a.keyword == "replicate":
            units = payment_units(game, player, card)
            for times in itertools.count(1):  # 702.56a: "any number of times", as many as can be paid
                found = spell_choices(game, player, ent, card, _total(card, a, times), f"replicate*{times}", -1, units)
                if not found:
                    break  # paying it more times costs more
                out.extend(found)
            continue
        picks = cost_choices(game, player, card, a)
        if not picks:
            continue
        options = spell_choices(game, player, ent, card, card.mana_cost, a.keyword, -1,
                                payment_units(game, player, card))
        for o in options:
            for pick in picks:
                if a.keyword == "casualty":
                    if pick[0] not in o.sacrifice and pick[0] not in o.targets:
                        out.append(dataclasses.replace(o, sacrifice=(*o.sacrifice, *pick)))
                else:
                    out.append(dataclasses.replace(o, tapped=pick))
    return out


def _total(card: CardDef, a: CopyOnCast, times: int) -> ManaCost:
    """The mana cost plus the replicate cost paid ``times`` times (601.2f)."""
    from systems.mechanics.additional_costs import combine

    cost = a.cost
    assert cost is not None  # replicate's (its reader gives it one, 702.56a)
    return combine(card.mana_cost, *([cost] * times))


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost] | None:
    name, _, times = action.cost.partition("*")
    if name not in KEYWORDS:
        return None
    from systems.mechanics.alternative_costs import total_cost

    a = ability_of(card)
    if name == "replicate" and a is not None and a.keyword == "replicate":
        return card, total_cost(game, player, card, _total(card, a, int(times or 1)))
    return card, total_cost(game, player, card, card.mana_cost)


def spell_cast(game: Game, spell: int, player: int, action: CastSpell) -> None:
    """The cost was paid: the copy trigger triggers as the spell becomes cast (601.2i, 603.2)."""
    card = game.card(spell)  # (conspire's creatures were tapped with the other costs, systems/casting.py)
    item = game.world.get(spell, StackItem)
    name, _, times = action.cost.partition("*")
    effect = StormCopies(int(times or 1), item.targets, item.x, item.modes, item.cost, card)
    ability = TriggeredAbility(TEXTS[name], TriggerCondition(TriggerKind.CAST_THIS), (), (effect,))
    source = dataclasses.replace(card, abilities=(ability,))
    game.trigger_uid += 1
    game.waiting_triggers.append(PendingTrigger(game.trigger_uid, spell, source, 0, player, spell))
