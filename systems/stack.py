"""Resolving the top object of the stack (CR 608): spells and abilities."""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import (
    ActivatedAbility,
    EnchantAbility,
    SpellAbility,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
)
from components.characteristics import CardType
from components.objects import BATTLEFIELD, GRAVEYARD, AbilityOnStack, InZone, StackItem
from systems import resolution
from systems.casting import spell_ability
from systems.effects import EffectContext
from systems.targeting import is_legal_target
from systems.triggers import check_condition
from systems.zones import move

if TYPE_CHECKING:
    from ecs.game import Game

PERMANENT_TYPES = int(
    CardType.ARTIFACT | CardType.CREATURE | CardType.ENCHANTMENT | CardType.LAND | CardType.PLANESWALKER
    | CardType.BATTLE
)


def aura_target_spec(card: object) -> TargetSpec | None:
    """An Aura spell targets what its enchant ability allows (CR 303.4a, 702.5a)."""
    for ability in card.abilities:  # type: ignore[attr-defined]
        if isinstance(ability, EnchantAbility):
            return TargetSpec(TargetKind.PERMANENT, ability.affected)
    return None


def resolve_top(game: Game) -> None:
    ent = game.stack[-1]
    item = game.world.get(ent, StackItem)
    ability_obj = game.world.try_get(ent, AbilityOnStack)
    if ability_obj is not None:
        _resolve_ability(game, ent, item, ability_obj)
        return
    card = game.card(ent)
    if card.type_bits & PERMANENT_TYPES:
        hook_cache = game.hook_cache  # (Game.hooks inlined: at each permanent spell's resolution)
        if game.mechanics:
            resolves = hook_cache.get("stack.resolve_permanent")
            for resolve in game.hooks("stack.resolve_permanent") if resolves is None else resolves:
                if resolve(game, ent, item):  # (a loop: any() over a generator costs more)
                    return  # a mechanic resolved this permanent spell its own way (a bestowed Aura, 702.103e)
        aura = aura_target_spec(card)
        if aura is not None and item.targets:
            target = item.targets[0]
            if not is_legal_target(game, aura, item.controller, target, ent):
                # CR 608.3b: an Aura spell whose target is illegal doesn't resolve.
                game.say(f"{card.name} does not resolve: its target is illegal")
                move(game, ent, GRAVEYARD)
                return
            if game.log_enabled:  # (the line built only for a log)
                game.say(f"{card.name} resolves")
            new = move(game, ent, BATTLEFIELD, controller=item.controller)
            game.table.attach(new, target)  # CR 303.4f
            return
        # CR 608.3: a permanent spell becomes a permanent under its controller's control.
        if game.log_enabled:  # (the line built only for a log)
            game.say(f"{card.name} resolves")
        resolves = hook_cache.get("stack.resolve_permanent_late")
        for resolve in game.hooks("stack.resolve_permanent_late") if resolves is None else resolves:
            if resolve(game, ent, item):
                return  # it enters with choices asked as it enters (unleash 702.98a, tribute 702.104a, riot, 614.12)
        move(game, ent, BATTLEFIELD, controller=item.controller)
        return
    spell = spell_ability(card)
    legal = _check_targets(game, spell, item, ent)
    if legal is None:
        game.say(f"{card.name} does not resolve: its targets are illegal")
        move(game, ent, GRAVEYARD)
        return
    if game.log_enabled:  # (the line built only for a log)
        game.say(f"{card.name} resolves")
    steps: list[tuple[object, EffectContext]] = []
    if spell is not None and spell.modes:
        # CR 700.2: the chosen modes are followed in the order printed, each with its own targets.
        offset = 0
        for m in item.modes:
            mode = spell.modes[m]
            k = len(mode.targets)
            ctx = EffectContext(ent, card.name, card.keywords, item.controller, -1,
                                item.targets[offset:offset + k], legal[offset:offset + k], x=item.x)
            steps.extend((effect, ctx) for effect in mode.effects)
            offset += k
    elif spell is not None:
        ctx = EffectContext(ent, card.name, card.keywords, item.controller, -1, item.targets, legal, x=item.x)
        steps.extend((effect, ctx) for effect in spell.effects)
    # CR 608.2n: an instant or sorcery goes to its owner's graveyard as the final step.
    resolution.start(game, ent, steps, "graveyard")


def _check_targets(game: Game, ability: SpellAbility | ActivatedAbility | TriggeredAbility | None,
                   item: StackItem, source: int = -1, self_object: int = -1) -> tuple[bool, ...] | None:
    """Per-target legality, or None when every target is illegal (CR 608.2b). A slot left empty ("up to
    one target", -1) is not a target: it is never legal and doesn't count."""
    if ability is None:
        return ()
    specs = ability.targets
    if ability.modes:
        specs = tuple(spec for m in item.modes for spec in ability.modes[m].targets)
    if not specs:
        return ()
    targets = item.targets
    assert len(specs) == len(targets), "a target per spec"  # (zip's strict=True, which compiled makes a generic call)
    legal = tuple(
        t >= 0 and is_legal_target(game, spec, item.controller, t, source, self_object)
        for spec, t in zip(specs, targets)  # noqa: B905
    )
    chosen = any(t >= 0 for t in item.targets)
    return legal if any(legal) or not chosen else None


def remove_ability(game: Game, ent: int) -> None:
    """An ability leaves the stack: it resolves (608.2n) or is countered (701.6b). The mechanics whose state check
    reads the stack hear of it (``stack.ability_left``): 704.5s, a Saga past its final chapter waits for its chapter
    abilities to leave the stack, and nothing else may change as the ability resolves (a final chapter that
    scries)."""
    game.stack.remove(ent)
    if game.mechanics:
        for left in game.hooks("stack.ability_left"):
            left(game)


def _resolve_ability(game: Game, ent: int, item: StackItem, obj: AbilityOnStack) -> None:
    ability = obj.card.abilities[obj.index]
    assert isinstance(ability, (ActivatedAbility, TriggeredAbility))  # noqa: UP038 (a tuple: compiled, no union type made at each call)
    remove_ability(game, ent)
    if isinstance(ability, TriggeredAbility) and not check_condition(game, ability.condition, item.controller,
                                                                     obj.source, obj.event_object):
        # CR 603.4: the intervening "if" is checked again on resolution; false -> it does nothing.
        game.say(f"{obj.source_name}'s ability does nothing: its condition is no longer true")
        game.world.delete(ent)
        return
    legal = _check_targets(game, ability, item, ent, obj.source)
    if legal is None:
        game.say(f"ability of {obj.source_name} does not resolve: its targets are illegal")
        game.world.delete(ent)
        return
    on_battlefield = obj.source in game.table.row_of
    self_obj = obj.source if on_battlefield else -1
    from_graveyard = (isinstance(ability, ActivatedAbility) and ability.from_graveyard) or (
        isinstance(ability, TriggeredAbility) and ability.trigger.zone == "graveyard")  # 113.6k
    if from_graveyard and game.world.exists(obj.source):
        where = game.world.try_get(obj.source, InZone)
        if where is not None and where.zone == GRAVEYARD:
            self_obj = obj.source  # "Return ~ from your graveyard ...": the card still there (113.6k)
    # The source's current keywords, or its last known information if it has left (608.2h).
    if on_battlefield:
        game.refresh_layers()
        t = game.table  # (the column read by row: ``t.get`` looks it up by name)
        keywords = t.keywords.item(t.row_of[obj.source])
    else:
        keywords = game.lki.get(obj.source, {}).get("keywords", obj.card.keywords)
    ctx = EffectContext(ent, obj.source_name, keywords, item.controller, self_obj, item.targets, legal,
                        obj.event_object, x=item.x, event_amount=obj.event_amount)
    # CR 603.5: "you may" is chosen as the ability resolves.
    may = item.controller if isinstance(ability, TriggeredAbility) and ability.optional else -1
    if game.log_enabled:  # (the line built only for a log)
        game.say(f"ability of {obj.source_name} resolves")
    steps = [(effect, ctx) for effect in ability.effects]
    if ability.modes:
        # CR 700.2b: a modal triggered ability's modes were chosen as it was put on the stack (700.2a: an
        # activated ability's, as it was activated).
        steps, offset = [], 0
        for m in item.modes:
            mode = ability.modes[m]
            k = len(mode.targets)
            mctx = EffectContext(ent, obj.source_name, keywords, item.controller, self_obj,
                                 item.targets[offset:offset + k], legal[offset:offset + k] if legal else (),
                                 obj.event_object, x=item.x, event_amount=obj.event_amount)
            steps.extend((effect, mctx) for effect in mode.effects)
            offset += k
    resolution.start(game, ent, steps, "delete", may)
