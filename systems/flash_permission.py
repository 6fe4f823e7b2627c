"""When may a spell be cast outside sorcery timing? (CR 117.1a, 307.1, 601.3a, 702.8a)

A player may cast an instant, a spell with flash, or a spell a flash permission in force covers ("You may cast
artifact spells as though they had flash.", components/flash_permission.py) any time they have priority; every
other spell needs their main phase and an empty stack. Every casting path (casting.py, hidden_zones.py and the
casting keywords under systems/mechanics/) asks :func:`any_time` instead of testing the card itself.

The permissions live on permanents indexed in ``game.static_rule_sources`` (systems/static_rules.register); with
no such permanent the check is the card's own types and keywords only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.characteristics import CardType
from components.flash_permission import FlashPermission
from components.keywords import Keyword
from systems import mana
from systems.definition_memos import recall
from systems.static_rules import _live_sources

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game

INSTANT = int(CardType.INSTANT)
FLASH = int(Keyword.FLASH)


def any_time(game: Game, player: int, card: CardDef) -> bool:
    """May ``player`` cast ``card`` whenever they have priority (117.1a: an instant; 702.8a: flash; 601.3a: an
    effect that lets them cast it "as though it had flash")?"""
    if card.type_bits & INSTANT or card.keywords & FLASH:
        return True
    if own_permission(card) and _own_permitted(game, player, card):
        return True
    return bool(game.static_rule_sources) and permitted(game, player, card)


_OWN: dict[int, tuple[CardDef, bool]] = {}  # id(card) -> (card, answer); the card is kept so its id stays its own


def own_permission(card: CardDef) -> bool:
    """Has the card its own conditional permission ("If you control a creature with power 4 or greater, you may
    cast ~ as though it had flash.")? (casting.instant_speed asks, for the priority shortcut). A card's abilities
    don't change, so the answer is kept per card: priority stops ask it of every card in hand."""
    return recall(_OWN, card, _own_permission, mana.CHECKS.on)


def _own_permission(card: CardDef) -> bool:
    return any(isinstance(a, FlashPermission) and a.who == "self" for a in card.abilities)


def _own_permitted(game: Game, player: int, card: CardDef) -> bool:
    from systems.triggers import check_condition

    return any(isinstance(a, FlashPermission) and a.who == "self" and check_condition(game, a.condition, player)
               for a in card.abilities)


def permissions(game: Game, player: int) -> list[object]:
    """The flash permissions in force for ``player``: those of the permanents they control ("You may cast ...")
    and those of any player's permanents written "Any player may cast ..."."""
    if not game.static_rule_sources:
        return []
    t = game.table
    out: list[object] = []
    for _ent, row, source in _live_sources(game):
        for a in source.abilities:
            if isinstance(a, FlashPermission) and (a.who == "each" or a.who == "you"
                                                   and int(t.controller[row]) == player):
                out.append(a)
    return out


def permitted(game: Game, player: int, card: CardDef) -> bool:
    """Does a flash permission in force for ``player`` cover this spell (601.3a: its characteristics as cast)?"""
    from systems.oracle_effects import card_matches

    for a in permissions(game, player):
        spells = a.spells  # type: ignore[attr-defined]
        if spells is None or card_matches(card, spells):
            return True
    return False
