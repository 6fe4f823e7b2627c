"""Cascade (CR 702.85): "Cascade" on its own line, or "Cascade, cascade" (702.85c: each instance triggers).

702.85a: "When you cast this spell, exile cards from the top of your library until you exile a nonland card whose
mana value is less than this spell's mana value. You may cast that card without paying its mana cost if the
resulting spell's mana value is less than this spell's mana value. Then put all cards exiled this way that weren't
cast on the bottom of your library in a random order." A "when you cast this spell" triggered ability (601.2i) of
two instructions, carried out by systems/mechanics/cascade.py.

Rules: Cascade (CR 702.85a), as its triggered ability resolves, in two steps (systems/resolution.py):

1. :func:`exile_until`: cards are exiled from the top of the controller's library until a nonland card with mana
   value less than the spell's is exiled (or the library runs out). The spell's mana value is its value on the
   stack (202.3e: X counts the chosen value), or, if it has left the stack, that of the card as last known.
2. :func:`may_cast`: the controller may cast that card without paying its mana cost (an alternative cost, 118.9,
   named "cascade" in ``CastSpell.cost``; timing restrictions don't apply, 702.85a says to cast it now) if the
   resulting spell's mana value is less than the spell's (for a split card or a modal double-faced card, the
   half or face cast, 709.3, 712.11b); then every exiled card not cast goes to the bottom of the library in a
   random order (the game's seeded generator). The choice is asked before anything moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import Ability, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType, ManaCost
from components.combat_keywords import CascadeCast, CascadeExile
from components.objects import AbilityOnStack, StackItem, Zone
from content import registry
from ecs.actions import CastSpell, Choose, DecisionKind

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game
    from systems.effects import EffectContext


CASCADE = TriggeredAbility("Cascade", TriggerCondition(TriggerKind.CAST, "cast_self", whose="your"), (),
                           (CascadeExile(), CascadeCast()))


def read(line: str, raw: str, name: str, types: CardType) -> Ability | tuple[Ability, ...] | None:
    parts = [p.strip() for p in line.strip().rstrip(".").lower().split(",")]
    if not parts or any(p != "cascade" for p in parts):
        return None
    return CASCADE if len(parts) == 1 else tuple(CASCADE for _ in parts)


def render(abilities: list[object]) -> str | None:
    if abilities and all(a == CASCADE for a in abilities):
        return ", ".join(["Cascade"] + ["cascade"] * (len(abilities) - 1))
    return None


registry.reader(read, priority=450)
registry.renderer(render, priority=410)


# ---------------------------------------------------------------- rules


FREE = ManaCost(())
KEY = "cascade"  # game.turn_log.this[KEY]: cascade ability on the stack -> (spell's mana value, hit card, exiled cards)
LAND = int(CardType.LAND)


def _spell_mana_value(game: Game, ctx: EffectContext) -> int:
    spell = ctx.event_object
    if spell in game.stack:
        item = game.world.get(spell, StackItem)
        return game.card(spell).mana_cost.mana_value(item.x)  # 202.3e
    ability = game.world.try_get(ctx.source, AbilityOnStack)
    card = ability.card if ability is not None else None
    return card.mana_cost.mana_value() if card is not None and card.mana_cost.present else 0


@registry.executor(CascadeExile)
def exile_until(game: Game, effect: CascadeExile, ctx: EffectContext) -> None:
    from systems.zones import move

    player = ctx.controller
    mv = _spell_mana_value(game, ctx)
    exiled: list[int] = []
    hit = -1
    library = game.zones[player][Zone.LIBRARY]
    while library:
        card = game.card(library[0])
        new = move(game, library[0], Zone.EXILE)
        exiled.append(new)
        if not card.type_bits & LAND and (card.mana_cost.mana_value() if card.mana_cost.present else 0) < mv:
            hit = new
            break
    names = ", ".join(game.card(c).name for c in exiled) or "nothing"
    game.say(f"{game.player_states[player].name} exiles {names} (cascade)")
    game.turn_log.this.setdefault(KEY, {})[ctx.source] = (mv, hit, exiled)


def _result_mana_value(card: CardDef, option: CastSpell) -> int:
    spell = card.faces[option.face] if option.face >= 0 and card.faces else card
    return spell.mana_cost.mana_value(option.x) if spell.mana_cost.present else 0


@registry.executor(CascadeCast)
def may_cast(game: Game, effect: CascadeCast, ctx: EffectContext) -> None:
    from systems.casting import cast_spell
    from systems.mechanics.cast_card import cast_options
    from systems.mechanics.split_second import active as split_second
    from systems.resolution import ask
    from systems.zones import move

    player = ctx.controller
    mv, hit, exiled = game.turn_log.this.get(KEY, {}).get(ctx.source, (0, -1, []))
    casts: list[CastSpell] = []
    if hit >= 0 and hit in game.zones[player][Zone.EXILE] and not split_second(game):  # 702.61a
        card = game.card(hit)
        casts = [o for o in cast_options(game, player, hit, "cascade") if _result_mana_value(card, o) < mv]
    choice = ask(game, player, DecisionKind.CAST, [*casts, Choose(False)]) if casts else Choose(False)
    game.turn_log.this.get(KEY, {}).pop(ctx.source, None)
    if isinstance(choice, CastSpell):
        cast_spell(game, player, choice)
    elif hit >= 0:
        game.say(f"{game.player_states[player].name} doesn't cast {game.card(hit).name}")
    rest = [c for c in exiled if c in game.zones[player][Zone.EXILE] and not (isinstance(choice, CastSpell)
                                                                              and c == choice.card)]
    for i in game.rng.permutation(len(rest)).tolist():  # a random order (the game's generator)
        move(game, rest[i], Zone.LIBRARY)  # to the bottom (401.4)


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost] | None:
    """The cast cascade allows: without paying its mana cost (118.9)."""
    if action.cost != "cascade":
        return None
    from systems.mechanics.alternative_costs import total_cost

    return card, total_cost(game, player, card, FREE)


def has_cascade(card: CardDef) -> bool:
    return any(isinstance(a, TriggeredAbility) and a.effects and isinstance(a.effects[0], CascadeExile)
               for a in card.abilities)
