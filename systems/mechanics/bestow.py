"""Bestow (CR 702.103): "Bestow [cost]" on a creature card.

702.103a: "As you cast this spell, you may choose to cast it bestowed. If you do, you pay [cost] rather than
its mana cost." The rules of a bestowed spell and Aura (702.103b-f) are in systems/mechanics/bestow.py.

Rules: Bestow (CR 702.103): a creature card cast as an Aura spell, and the bestowed Aura it becomes.

* 702.103a: cast bestowed, its controller pays the bestow cost rather than its mana cost (offered by
  systems/mechanics/alternative_costs.py). Its mana value stays that of its mana cost (118.9c).
* 702.103b: as it is put onto the stack it becomes an Aura enchantment with enchant creature, and so it
  targets a creature (601.2c, 303.4a); the permanent it becomes is a bestowed Aura. Those characteristics
  are the object's ``card`` while the printed card waits in ``CardObject.printed``.
* 702.103e: if its target is illegal as it begins resolving, it stops being bestowed and resolves as a
  creature spell (it does not fail to resolve as another Aura would, 608.3b).
* 702.103f: a bestowed Aura that becomes unattached stops being bestowed; one attached to an illegal object
  becomes unattached (instead of going to the graveyard, an exception to 704.5m) and so stops being
  bestowed: it is an enchantment creature again, the same object (systems/state_based.py calls
  :func:`unattach`).
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from components.abilities import Ability, EnchantAbility, PermanentFilter, TargetKind, TargetSpec
from components.characteristics import CardType, TypeLine
from components.keyword_abilities import Bestow
from components.objects import StackItem, Zone
from content import registry
from content.mana import parse_mana_cost

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game


_LINE = re.compile(r"bestow ((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip())
    if not m or not int(types) & CardType.CREATURE:
        return None
    return Bestow(f"Bestow {m.group(1)}", parse_mana_cost(m.group(1)))


def render(abilities: list[object]) -> str | None:
    """The round trip's text (content/oracle/render.py): "Bestow [cost]" from the ability's cost."""
    one = abilities[0] if len(abilities) == 1 else None
    return f"Bestow {one.cost}" if isinstance(one, Bestow) else None


registry.reader(read, priority=90)
registry.renderer(render, priority=80)


# ---------------------------------------------------------------- rules


CREATURE = int(CardType.CREATURE)
ENCHANT_CREATURE = EnchantAbility("Enchant creature", PermanentFilter(types_any=CREATURE))
_BESTOWED: dict[int, tuple[CardDef, CardDef]] = {}
_ORIGINAL: dict[int, CardDef] = {}  # id(bestowed characteristics) -> the card


def bestow_of(card: CardDef) -> Bestow | None:
    for a in card.abilities:
        if isinstance(a, Bestow):
            return a
    return None


def bestowed(card: CardDef) -> CardDef:
    """702.103b: the card as a bestowed Aura: an Aura enchantment (not a creature, so no creature types
    and no power or toughness, 205.3d) with enchant creature, its other abilities unchanged."""
    hit = _BESTOWED.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    line = TypeLine(card.type_line.supertypes, CardType.ENCHANTMENT, ("Aura",))
    result = dataclasses.replace(card, type_line=line, power=None, toughness=None,
                                 abilities=(*card.abilities, ENCHANT_CREATURE))
    _BESTOWED[id(card)] = (card, result)
    _ORIGINAL[id(result)] = card
    return result


def is_bestowed(game: Game, ent: int) -> bool:
    """Is this spell or permanent bestowed (702.103b)?"""
    co = game.obj(ent)
    return co.printed is not None and id(co.card) in _ORIGINAL


def _cease(game: Game, ent: int) -> CardDef:
    """The object stops being bestowed: its characteristics are the card's again (702.103e-f)."""
    co = game.obj(ent)
    assert co.printed is not None
    return game.set_card(ent, co.printed, None).card


@registry.hook("stack.resolve_permanent")
def resolve_if_bestowed(game: Game, ent: int, item: StackItem) -> bool:
    """A permanent spell cast bestowed resolves as an Aura (702.103b, 702.103e); False for any other."""
    if item.cost != "bestow" or not is_bestowed(game, ent):
        return False
    resolve_bestowed(game, ent, item)
    return True


def resolve_bestowed(game: Game, ent: int, item: StackItem) -> None:
    """A bestowed Aura spell resolves (608.3, 702.103e)."""
    from systems.targeting import is_legal_target
    from systems.zones import move

    card = game.card(ent)
    target = item.targets[0] if item.targets else -1
    spec = TargetSpec(TargetKind.PERMANENT, ENCHANT_CREATURE.affected)
    if target >= 0 and is_legal_target(game, spec, item.controller, target, ent):
        game.say(f"{card.name} resolves, bestowed on {game.name(target)}")
        new = move(game, ent, Zone.BATTLEFIELD, controller=item.controller)
        game.table.attach(new, target)  # CR 303.4f
        return
    # CR 702.103e: it ceases to be bestowed and continues resolving as a creature spell.
    _cease(game, ent)
    game.say(f"{card.name}'s target is illegal: it is no longer bestowed and resolves as a creature spell")
    from systems.stack import resolve_top

    resolve_top(game)  # the same object, now an ordinary creature spell (608.3)


@registry.hook("sba.aura_stays")
def stays_unattached(game: Game, ent: int) -> bool:
    """702.103f: a bestowed Aura that is illegally attached (or not at all) becomes unattached instead of going to
    the graveyard (704.5m)."""
    return game.obj(ent).printed is not None and is_bestowed(game, ent)


@registry.hook("sba.unattached")
def unattached(game: Game, ent: int) -> None:
    if game.obj(ent).printed is not None and is_bestowed(game, ent):
        unattach(game, ent)  # CR 702.103f: unattached, it is no longer bestowed


def unattach(game: Game, ent: int) -> None:
    """702.103f: a bestowed Aura became unattached: it is the card again, an enchantment creature, the same
    permanent (no zone change, so it keeps its timestamp and summoning-sickness status)."""
    t = game.table
    card = _cease(game, ent)
    row = t.row_of[ent]
    t.detach(ent)
    t.set_face(
        ent,
        cls=game.classes.class_for(card, int(t.base_controller[row]), bool(t.token[row])),
        base_types=card.type_bits,
        base_supertypes=int(card.type_line.supertypes),
        base_power=card.power.base if card.power is not None else 0,
        base_toughness=card.toughness.base if card.toughness is not None else 0,
    )
    if ent in game.trigger_sources:
        game.trigger_sources[ent] = card
    if ent in game.activatable:
        game.activatable[ent] = card
    game.table.mark_changed()
    game.say(f"{card.name} is no longer bestowed: it is an enchantment creature again")
