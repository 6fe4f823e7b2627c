"""The casts from the hand that the casting keywords add (CR 601.2b, 601.2f, 118.9), gathered in one place.

systems/casting.py ``alternative_cast_actions`` calls :func:`hand_casts`: it looks at the hand once (cached until a
hand changes) for the kinds of keyword abilities it holds, and asks only the modules of those keywords, so a hand
without such cards costs one cached lookup.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from components.abilities import SpellAbility
from components.casting_keywords import (
    Awaken,
    Bargain,
    Cleave,
    CopyOnCast,
    Delve,
    EnteringCost,
    Entwine,
    Escalate,
    Gift,
    Prototype,
    Splice,
    ThisTurnAltCost,
)
from systems.zones import hand_cards

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.actions import CastSpell
    from ecs.game import Game


def _modules() -> dict[type, Callable[[Game, int], list[CastSpell]]]:
    from systems.mechanics import (
        awaken,
        bargain,
        cleave,
        copy_on_cast,
        delve,
        entering_costs,
        entwine,
        escalate,
        gift,
        prototype,
        splice,
        this_turn_costs,
    )

    return {CopyOnCast: copy_on_cast.hand_variants, EnteringCost: entering_costs.hand_variants,
            Delve: delve.hand_variants, ThisTurnAltCost: this_turn_costs.hand_variants,
            Awaken: awaken.hand_variants, Splice: splice.hand_variants, Prototype: prototype.hand_variants,
            Entwine: entwine.hand_variants, Gift: gift.hand_variants, Escalate: escalate.hand_variants,
            Cleave: cleave.hand_variants, Bargain: bargain.hand_variants}


_MODULES: dict[type, Callable[[Game, int], list[CastSpell]]] = {}


def casting_keyword_kinds(game: Game, player: int) -> tuple[type, ...]:
    """The casting keyword kinds in ``player``'s hand (splice: only with an Arcane spell there too)."""
    key = ("casting_keywords", player)
    cached = game.hand_filter_cache.get(key)
    if cached is not None and cached[0] == game.hand_versions[player]:
        return cached[1]
    found: list[type] = []
    arcane = False
    for _ent, card in hand_cards(game, player):
        kinds, is_arcane = card_keyword_kinds(card)
        arcane = arcane or is_arcane
        for kind in kinds:
            if kind not in found:
                found.append(kind)
    if Splice in found and not arcane:
        found.remove(Splice)
    kinds = tuple(found)
    game.hand_filter_cache[key] = (game.hand_versions[player], kinds)
    return kinds


def card_keyword_kinds(card: CardDef) -> tuple[tuple[type, ...], bool]:
    """The casting keyword kinds of one card, in ability order, and whether it is an Arcane spell (splice needs
    one in the hand, 702.47a)."""
    if not _MODULES:
        _MODULES.update(_modules())
    kinds: list[type] = []
    for a in card.abilities:
        if type(a) in _MODULES and type(a) not in kinds:
            kinds.append(type(a))
    return tuple(kinds), "Arcane" in card.type_line.subtypes and any(isinstance(a, SpellAbility)
                                                                    for a in card.abilities)


def hand_casts(game: Game, player: int) -> list[CastSpell]:
    """Every cast from the hand that the casting keywords in it allow now."""
    out: list[CastSpell] = []
    for kind in casting_keyword_kinds(game, player):
        out.extend(_MODULES[kind](game, player))
    return out
