"""Resolving the top object of the stack (CR 608)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.characteristics import CardType
from components.objects import StackItem, Zone
from systems.casting import spell_ability
from systems.effects import run_effect
from systems.targeting import is_legal_target
from systems.zones import move

if TYPE_CHECKING:
    from ecs.game import Game

PERMANENT_TYPES = int(
    CardType.ARTIFACT | CardType.CREATURE | CardType.ENCHANTMENT | CardType.LAND | CardType.PLANESWALKER
    | CardType.BATTLE
)


def resolve_top(game: Game) -> None:
    ent = game.stack[-1]
    item = game.world.get(ent, StackItem)
    card = game.card(ent)
    spell = spell_ability(card)
    if card.type_bits & PERMANENT_TYPES:
        # CR 608.3: a permanent spell becomes a permanent under its controller's control.
        game.say(f"{card.name} resolves")
        move(game, ent, Zone.BATTLEFIELD, controller=item.controller)
        return
    if spell is not None and spell.targets:
        legal = tuple(
            is_legal_target(game, spec, item.controller, t)
            for spec, t in zip(spell.targets, item.targets, strict=True)
        )
        if not any(legal):
            # CR 608.2b: all its targets are illegal, so the spell doesn't resolve.
            game.say(f"{card.name} does not resolve: its targets are illegal")
            move(game, ent, Zone.GRAVEYARD)
            return
    else:
        legal = ()
    game.say(f"{card.name} resolves")
    if spell is not None:
        for effect in spell.effects:
            run_effect(game, effect, ent, item.controller, item.targets, legal)
    # CR 608.2n: an instant or sorcery goes to its owner's graveyard as the final step.
    if ent in game.stack:
        move(game, ent, Zone.GRAVEYARD)
