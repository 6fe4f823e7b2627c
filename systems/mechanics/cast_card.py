"""Casting a card while an ability resolves: miracle's "you may cast it by paying [cost] rather than its
mana cost" (702.94a) and cipher's "you may copy the encoded card and you may cast the copy without paying
its mana cost" (702.99a).

The player chooses one of the casts the card allows (each choice of X, modes and targets, 601.2b-c), or
not to cast; timing restrictions don't apply, since an effect tells them to cast it now. The choice is
asked before anything changes (systems/resolution.py). A copy is created in the zone the card is in and
then cast (707.12): it copies the card's characteristics (707.2); as a copy of a spell outside the stack it
ceases to exist (704.5e, 707.10a).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from components.keyword_abilities import CastCard
from components.objects import CardObject, InZone, Zone
from content import registry
from ecs.actions import CastSpell, Choose, DecisionKind
from systems.mechanics.alternative_costs import as_cast, spell_choices
from systems.resolution import ask

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


def cast_options(game: Game, player: int, card_ent: int, keyword: str) -> list[CastSpell]:
    """The casts of ``card_ent`` for ``keyword``'s cost; the spell keeps the card's characteristics."""
    card = game.card(card_ent)
    spell, cost = as_cast(game, player, card, CastSpell(card_ent, cost=keyword))
    return spell_choices(game, player, card_ent, spell, cost, keyword, -1)


def ask_to_cast(game: Game, player: int, card_ent: int, keyword: str) -> CastSpell | None:
    """Ask ``player`` whether to cast ``card_ent`` for ``keyword``'s cost as an ability resolves (madness,
    rebound, suspend): the cast chosen, or None for not casting it. 702.61a: while a spell with split second is
    on the stack no spell may be cast, and not casting it is the only option."""
    from systems.mechanics.split_second import active as split_second

    casts = [] if split_second(game) else cast_options(game, player, card_ent, keyword)
    options: list[CastSpell | Choose] = [*casts, Choose(False)]
    choice = ask(game, player, DecisionKind.CAST, options)
    return choice if isinstance(choice, CastSpell) else None


@registry.executor(CastCard)
def cast_card(game: Game, effect: CastCard, ctx: EffectContext) -> None:
    from systems.casting import cast_spell

    player = ctx.controller
    card_ent = ctx.event_object
    where = game.world.try_get(card_ent, InZone) if card_ent >= 0 and game.world.exists(card_ent) else None
    # Miracle: the revealed card must still be in its owner's hand; cipher: the encoded card still exiled.
    wanted = Zone.EXILE if effect.copy else Zone.HAND
    if where is None or where.zone != wanted:
        game.say("the card is no longer there: nothing is cast")
        return
    options: list[CastSpell | Choose] = [*cast_options(game, player, card_ent, effect.keyword), Choose(False)]
    choice = ask(game, player, DecisionKind.CAST, options)
    if not isinstance(choice, CastSpell):
        game.say(f"{game.player_states[player].name} doesn't cast {game.card(card_ent).name}")
        return
    if effect.copy:
        # 707.12: the copy is created in the zone the card is in (owned by its caster, 707.10), then cast.
        card = game.card(card_ent)
        copy = game.world.create(CardObject(card, player, False, True), InZone(Zone.EXILE, player))
        game.zones[player][Zone.EXILE].append(copy)
        game.say(f"{game.player_states[player].name} copies {card.name}")
        choice = dataclasses.replace(choice, card=copy)
    cast_spell(game, player, choice)
