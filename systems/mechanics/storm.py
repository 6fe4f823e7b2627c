"""Storm (CR 702.40): "Storm" on its own line.

702.40a: "When you cast this spell, copy it for each other spell that was cast before it this turn. If the spell
has any targets, you may choose new targets for any of the copies." A triggered ability that works on the stack
(its trigger and copies: systems/mechanics/storm.py). 702.40b: each instance triggers separately.

Rules: Storm (CR 702.40): "When you cast this spell, copy it for each other spell that was cast before it this
turn. If the spell has any targets, you may choose new targets for any of the copies." (702.40a)

* Spells cast are counted per turn (``game.spells_cast``: (turn, count), by systems/casting.py ``cast_spell``,
  every player's spells; copies aren't cast, 707.10, so they don't count).
* The triggered ability works on the stack: it triggers as the spell becomes cast (601.2i) and is controlled
  by the spell's controller. Its source on the stack is a card with only that ability, whose effect keeps the
  number of copies and the decisions made for the spell (707.10); 702.40b: each instance triggers separately.
* As it resolves, each copy is put onto the stack with the spell's modes, X and costs (707.10). For a spell
  with targets its controller chooses each copy's targets (707.10c: leaving them unchanged is allowed even if
  they are now illegal; changed targets must be legal), all asked before any copy is made. A copy is owned and
  controlled by that player (707.10) and ceases to exist once it leaves the stack (704.5e, systems/zones.py).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from components.abilities import Ability, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.keyword_abilities import StormCopies
from components.objects import CardObject, InZone, PendingTrigger, StackItem, Zone
from content import registry
from ecs.actions import ChooseTargets, DecisionKind

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game
    from systems.effects import EffectContext


STORM = TriggeredAbility("Storm", TriggerCondition(TriggerKind.CAST_THIS), (), (StormCopies(),))


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    return STORM if line.strip().rstrip(".").lower() == "storm" else None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, TriggeredAbility) and len(a.effects) == 1 and isinstance(a.effects[0], StormCopies):
        return "Storm"
    return None


registry.reader(read, priority=330)
registry.renderer(render, priority=290)


# ---------------------------------------------------------------- rules


TEXT = "Storm"


def storm_count(card: CardDef) -> int:
    """How many storm abilities the card has (702.40b: each triggers)."""
    return sum(1 for a in card.abilities if isinstance(a, TriggeredAbility) and any(
        isinstance(e, StormCopies) for e in a.effects))


def spell_cast(game: Game, spell: int, controller: int) -> int:
    """Count a spell cast this turn; returns how many spells were cast before it this turn."""
    turn, before = game.spells_cast
    if turn != game.turn:
        before = 0
    game.spells_cast = (game.turn, before + 1)
    if "storm" not in game.mechanics:
        return before  # no card of this game has storm (the mechanic of the cards created in it): nothing triggers
    card = game.card(spell)
    if storm_count(card):
        item = game.world.get(spell, StackItem)
        effect = StormCopies(before, item.targets, item.x, item.modes, item.cost, card)
        ability = TriggeredAbility(TEXT, TriggerCondition(TriggerKind.CAST_THIS), (), (effect,))
        source = dataclasses.replace(card, abilities=(ability,))
        for _ in range(storm_count(card)):
            game.trigger_uid += 1
            game.waiting_triggers.append(PendingTrigger(game.trigger_uid, spell, source, 0, controller, spell,
                                                        before))
    return before


def _copy_targets(game: Game, specs: tuple, player: int, spell: int, original: tuple[int, ...]
                  ) -> list[tuple[int, ...]]:
    """707.10c: each target slot keeps its target (even if now illegal) or takes a new legal one; one object
    is not chosen twice for one spell's targets (115.3). The unchanged targets come first."""
    import itertools

    from systems.targeting import candidates

    source = spell if spell in game.stack else -1
    slots = []
    for spec, old in zip(specs, original, strict=True):
        new = candidates(game, spec, player, source, -1) + ([-1] if spec.optional else [])
        slots.append([old] + [c for c in new if c != old])
    return [combo for combo in itertools.product(*slots)
            if len({c for c in combo if c >= 0}) == sum(1 for c in combo if c >= 0)]


@registry.executor(StormCopies)
def storm(game: Game, effect: StormCopies, ctx: EffectContext) -> None:
    from systems.casting import spell_ability, spell_targets
    from systems.resolution import ask

    spell = ctx.event_object
    card = effect.card  # the spell as it was cast (608.2h if it left)
    if card is None:
        return  # no spell was recorded for this trigger: there is nothing to copy
    player = ctx.controller
    ability = spell_ability(card)
    if ability is not None and ability.modes:
        specs = tuple(s for m in effect.modes for s in ability.modes[m].targets)
    else:
        specs = spell_targets(card)
    chosen: list[tuple[int, ...]] = []
    for _ in range(effect.count):
        targets = effect.targets
        if specs:
            options = [ChooseTargets(c) for c in _copy_targets(game, specs, player, spell, effect.targets)]
            answer = ask(game, player, DecisionKind.COPY_TARGETS, options)
            assert isinstance(answer, ChooseTargets)
            targets = answer.targets
        chosen.append(targets)
    printed = game.obj(spell).printed if game.world.exists(spell) and game.world.has(spell, CardObject) else None
    for targets in chosen:
        copy = game.world.create(CardObject(card, player, False, True, printed), InZone(Zone.STACK, player),
                                 StackItem(player, targets, effect.x, effect.modes, effect.cost))
        game.stack.append(copy)
        on = f" targeting {', '.join(game.name(t) for t in targets)}" if targets else ""
        game.say(f"{game.player_states[player].name} puts a copy of {card.name} on the stack{on} (storm)")
