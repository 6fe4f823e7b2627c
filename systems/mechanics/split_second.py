"""Split second (CR 702.61): "Split second" on a spell.

702.61a: "As long as this spell is on the stack, players can't cast other spells or activate abilities that
aren't mana abilities." 702.61b: mana abilities, special actions and triggered abilities work as normal.
The restriction is systems/mechanics/split_second.py.

Rules: Split second (CR 702.61): while a spell with split second is on the stack, players can't cast other spells
or activate abilities that aren't mana abilities (702.61a). Mana abilities, special actions (playing a land
needs an empty stack anyway, 305.1; turning a conspiracy face up, 116.2j) and triggered abilities work as
normal (702.61b). systems/priority.py passes every priority option through :func:`restrict`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import Ability
from components.characteristics import CardType
from components.keyword_abilities import SplitSecond
from components.objects import AbilityOnStack
from content import registry
from ecs.actions import Action, ActivateAbility, CastSpell

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game


SPLIT_SECOND = SplitSecond()


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() != "split second":
        return None
    return SPLIT_SECOND


def render(abilities: list[object]) -> str | None:
    return "Split second" if len(abilities) == 1 and isinstance(abilities[0], SplitSecond) else None


registry.reader(read, priority=230)
registry.renderer(render, priority=190)


# ---------------------------------------------------------------- rules


_HAS: dict[int, tuple[CardDef, bool]] = {}


def has_split_second(card: CardDef) -> bool:
    hit = _HAS.get(id(card))
    if hit is None or hit[0] is not card:
        hit = (card, any(isinstance(a, SplitSecond) for a in card.abilities))
        _HAS[id(card)] = hit
    return hit[1]


def active(game: Game) -> bool:
    """Is a spell with split second on the stack (702.61a)?"""
    for ent in game.stack:
        if not game.world.has(ent, AbilityOnStack) and has_split_second(game.card(ent)):
            return True
    return False


def restrict(game: Game, options: list[Action]) -> list[Action]:
    """The options left while a spell with split second is on the stack."""
    if not game.stack or not active(game):
        return options
    from components.abilities import ActivatedAbility
    from systems.costs import is_mana_ability

    out: list[Action] = []
    for o in options:
        if isinstance(o, CastSpell):
            continue
        if isinstance(o, ActivateAbility):
            from systems.granted import ability_card

            # the card as activation reads it: with abilities granted in quotes (113.1b)
            ability = ability_card(game, o.source).abilities[o.index]
            if not (isinstance(ability, ActivatedAbility) and is_mana_ability(ability)):
                continue
        out.append(o)
    return out
