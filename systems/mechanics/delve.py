"""Delve (CR 702.66): "Delve". The rules are systems/mechanics/delve.py.

Rules: Delve (CR 702.66).

702.66a: "For each generic mana in this spell's total cost, you may exile a card from your graveyard rather than
pay that mana." 702.66b: it applies only after the total cost is determined (601.2f: mana cost, increases,
reductions). A cast from the hand exiling cards this way is its own option, named "delve" in ``CastSpell.cost``, with the cards
in ``CastSpell.exile``: 1 to the generic part of the total cost, from the caster's graveyard, any of them. The rules
list one cast per choice of modes and targets with ``exile`` left ``OPEN``, and the announcement asks the cards one
at a time (systems/announcing.py ``at_least``): "done" once enough are chosen for the rest to be paid with mana,
and no more than the generic mana (identical cards are one choice at each step). A cast that pays everything with
mana is the card's ordinary cast. Only casts from the hand for the mana cost are offered with delve, and not for a
spell with {X} in its cost.
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
from ecs.actions import OPEN, CastSpell
from systems.announcing import OpenSet, at_least

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
    from systems.mechanics.additional_costs import payment_units
    from systems.mechanics.alternative_costs import castable_hand_cards, spell_choices, total_cost

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
        if _fewest(game, player, card, most) is None:
            continue
        # The modes and targets (601.2b-c) of the spell, whatever pays for it; the cards are chosen in steps.
        shapes = spell_choices(game, player, ent, _free(card), FREE, "delve", -1, payment_units(game, player, card))
        out.extend(dataclasses.replace(o, card=ent, exile=OPEN) for o in shapes)
    return out


def _fewest(game: Game, player: int, card: CardDef, most: int) -> int | None:
    """The fewest cards (1 to ``most``) to exile for the rest of the total cost to be payable, or None (702.66a:
    each card exiled pays one generic mana, so exiling more never makes it harder to pay)."""
    from systems.mana import find_payment
    from systems.mechanics.additional_costs import payment_units
    from systems.mechanics.alternative_costs import total_cost

    total = total_cost(game, player, card, card.mana_cost)
    units = payment_units(game, player, card)
    return next((k for k in range(1, most + 1)
                 if find_payment(game, player, reduce_generic(total, k), 0, units) is not None), None)


@registry.hook("announce.open")
def open_delve(game: Game, player: int, play: object, name: str) -> OpenSet | None:
    """702.66a: the cards exiled from the graveyard, each for one generic mana of the total cost."""
    if not isinstance(play, CastSpell) or play.cost != "delve" or name != "exile":
        return None
    from systems.mechanics.alternative_costs import total_cost

    card = game.card(play.card)
    graveyard = list(game.zones[player][Zone.GRAVEYARD])
    most = min(total_cost(game, player, card, card.mana_cost).generic, len(graveyard))
    fewest = _fewest(game, player, card, most)
    assert fewest is not None, f"{card.name} can't be cast with delve now"
    return at_least("exile", graveyard, lambda c: game.card(c).name, lambda c: 1, fewest, most)


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost] | None:
    """The total cost (601.2f) less one generic mana per card exiled (702.66a, 702.66b)."""
    if action.cost != "delve":
        return None
    from systems.mechanics.alternative_costs import total_cost

    return card, reduce_generic(total_cost(game, player, card, card.mana_cost), len(action.exile))
