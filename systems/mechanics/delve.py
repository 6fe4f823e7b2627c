"""Delve (CR 702.66): "Delve". The rules are systems/mechanics/delve.py.

Rules: Delve (CR 702.66).

702.66a: "For each generic mana in this spell's total cost, you may exile a card from your graveyard rather than
pay that mana." 702.66b: it applies only after the total cost is determined (601.2f: mana cost, increases,
reductions). A cast from the hand exiling cards this way is its own option, named "delve" in ``CastSpell.cost``,
with the cards in ``CastSpell.exile`` (1 to the generic part of the total cost, from the caster's graveyard;
identical cards are one choice). The options for each number of cards are the different sets of names, at most
``MAX_SETS`` of them for each number (the engine's rule that keeps the option list small, as for crew); a cast
that pays everything with mana is the card's ordinary cast. Only casts from the hand for the mana cost are
offered with delve, and not for a spell with {X} in its cost.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from components.abilities import Ability
from components.casting_keywords import Delve
from components.characteristics import CardType, ManaCost, ManaSymbol, SymbolKind
from components.keywords import Keyword
from components.objects import Zone
from content import registry
from ecs.actions import CastSpell

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game


DELVE = Delve()


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() != "delve" or int(types) & int(CardType.LAND):
        return None
    return DELVE


def render(abilities: list[object]) -> str | None:
    return "Delve" if len(abilities) == 1 and isinstance(abilities[0], Delve) else None


registry.reader(read, priority=580)
registry.renderer(render, priority=540)


# ---------------------------------------------------------------- rules


INSTANT = int(CardType.INSTANT)
FLASH = int(Keyword.FLASH)
MAX_SETS = 4
FREE = ManaCost(())

_INFO: dict[int, tuple[CardDef, bool]] = {}


def has_delve(card: CardDef) -> bool:
    hit = _INFO.get(id(card))
    if hit is None or hit[0] is not card:
        hit = (card, any(isinstance(a, Delve) for a in card.abilities))
        _INFO[id(card)] = hit
    return hit[1]


def reduce_generic(cost: ManaCost, k: int) -> ManaCost:
    """``cost`` with ``k`` of its generic mana left unpaid (702.66a)."""
    out = []
    for s in cost.symbols:
        if k and s.kind == SymbolKind.GENERIC and s.amount:
            used = min(k, s.amount)
            k -= used
            if s.amount - used:
                out.append(ManaSymbol.generic(s.amount - used))
            continue
        out.append(s)
    return ManaCost(tuple(out), cost.present)


_FREE: dict[int, tuple[CardDef, CardDef]] = {}


def _free(card: CardDef) -> CardDef:
    """The card with no mana to pay, to list its modes and targets (cached: one object per card)."""
    hit = _FREE.get(id(card))
    if hit is None or hit[0] is not card:
        hit = (card, dataclasses.replace(card, mana_cost=FREE))
        _FREE[id(card)] = hit
    return hit[1]


def hand_variants(game: Game, player: int) -> list[CastSpell]:
    """Casts from the hand exiling cards from the graveyard for generic mana of the total cost."""
    from systems.mana import find_payment
    from systems.mechanics.additional_costs import payment_units
    from systems.mechanics.alternative_costs import castable_hand_cards, spell_choices, total_cost
    from systems.mechanics.graveyard_casting import _names_choices

    graveyard = game.zones[player][Zone.GRAVEYARD]
    if not graveyard:
        return []
    out: list[CastSpell] = []
    for ent, card in castable_hand_cards(game, player, "delve",
                                         lambda c: has_delve(c) and not c.mana_cost.has_x):
        total = total_cost(game, player, card, card.mana_cost)
        most = min(total.generic, len(graveyard))
        if not most:
            continue
        units = payment_units(game, player, card)
        payable = [k for k in range(1, most + 1) if find_payment(game, player, reduce_generic(total, k), 0, units)
                   is not None]
        if not payable:
            continue
        # The modes and targets (601.2b-c) of the spell, whatever pays for it.
        shapes = spell_choices(game, player, ent, _free(card), FREE, "delve", -1, units)
        for k in payable:
            for pick in _names_choices(game, graveyard, k, MAX_SETS):
                out.extend(dataclasses.replace(o, card=ent, exile=pick) for o in shapes)
    return out


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost] | None:
    """The total cost (601.2f) less one generic mana per card exiled (702.66a, 702.66b)."""
    if action.cost != "delve":
        return None
    from systems.mechanics.alternative_costs import total_cost

    return card, reduce_generic(total_cost(game, player, card, card.mana_cost), len(action.exile))
