"""Madness (CR 702.35): "Madness [cost]". Only mana costs are read; the rules are systems/mechanics/madness.py.

Rules: Madness (CR 702.35).

702.35a: "If a player would discard this card, that player discards it, but exiles it instead of putting it into
their graveyard" (a replacement effect of the card in hand, 614.1a; it is still discarded, 701.8a, so "whenever a
player discards a card" abilities see it: systems/zones.py ``discard`` asks the hook ``zones.discard_destination``) and "When this
card is exiled this way, its owner may cast it by paying [cost] rather than paying its mana cost. If that player
doesn't, they put this card into their graveyard." (a triggered ability controlled by the card's owner, 603.3a;
as it resolves, the owner casts it with the madness cost, an alternative cost, 702.35b, 118.9, ignoring timing as
the effect says to cast it now, or it goes to the graveyard; if it has already left exile nothing happens, 400.7).
``CastSpell.cost`` names the cast "madness".
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from components.abilities import Ability, TriggerCondition, TriggeredAbility, TriggerKind
from components.casting_keywords import Madness, MadnessCast
from components.characteristics import CardType, ManaCost
from components.objects import InZone, PendingTrigger, Zone
from content import registry
from content.mana import parse_mana_cost
from ecs.actions import CastSpell

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game
    from systems.effects import EffectContext


_MADNESS = re.compile(r"madness ((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _MADNESS.fullmatch(line.strip())
    if not m or int(types) & int(CardType.LAND) or "X" in m.group(1).upper():
        return None
    cost = m.group(1).upper()
    return Madness(f"Madness {cost}", parse_mana_cost(cost))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return f"Madness {a.cost}" if isinstance(a, Madness) else None


registry.reader(read, priority=570)
registry.renderer(render, priority=530)


# ---------------------------------------------------------------- rules


TEXT = ("When this card is exiled this way, its owner may cast it by paying its madness cost rather than paying "
        "its mana cost. If that player doesn't, they put this card into their graveyard.")
_INFO: dict[int, tuple[CardDef, Madness | None]] = {}
_TRIGGERS: dict[int, tuple[CardDef, CardDef]] = {}


def madness_of(card: CardDef) -> Madness | None:
    hit = _INFO.get(id(card))
    if hit is None or hit[0] is not card:
        hit = (card, next((a for a in card.abilities if isinstance(a, Madness)), None))
        _INFO[id(card)] = hit
    return hit[1]


def exiled(game: Game, card: int) -> None:
    """The card was exiled by its madness ability: its triggered ability triggers (603.2)."""
    c = game.card(card)
    hit = _TRIGGERS.get(id(c))
    if hit is None or hit[0] is not c:
        ability = TriggeredAbility(TEXT, TriggerCondition(TriggerKind.DISCARDS), (), (MadnessCast(),))
        hit = (c, dataclasses.replace(c, abilities=(ability,)))
        _TRIGGERS[id(c)] = hit
    game.say(f"{c.name} is exiled instead (madness)")
    game.trigger_uid += 1
    game.waiting_triggers.append(PendingTrigger(game.trigger_uid, card, hit[1], 0, game.obj(card).owner, card))


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost] | None:
    if action.cost != "madness":
        return None
    from systems.mechanics.alternative_costs import total_cost

    m = madness_of(card)
    if m is None:
        raise ValueError(f"{card.name} has no madness cost")
    return card, total_cost(game, player, card, m.cost)


@registry.executor(MadnessCast)
def madness_cast(game: Game, effect: MadnessCast, ctx: EffectContext) -> None:
    from systems.casting import cast_spell
    from systems.mechanics.cast_card import ask_to_cast
    from systems.zones import move

    player = ctx.controller
    card = ctx.event_object
    where = game.world.try_get(card, InZone) if card >= 0 and game.world.exists(card) else None
    if where is None or where.zone != Zone.EXILE:
        game.say("the card is no longer in exile: nothing happens")
        return
    choice = ask_to_cast(game, player, card, "madness")
    if choice is not None:
        cast_spell(game, player, choice)
        return
    game.say(f"{game.player_states[player].name} doesn't cast {game.card(card).name}: it goes to the graveyard")
    move(game, card, Zone.GRAVEYARD)


@registry.hook("zones.discard_destination")
def _discard_destination(game: Game, card: int, zone: Zone) -> Zone:
    """702.35a: a card with madness is exiled instead of put into its owner's graveyard as it is discarded."""
    return Zone.EXILE if madness_of(game.card(card)) is not None else zone


@registry.hook("zones.discarded")
def _discarded(game: Game, new: int, zone: Zone) -> None:
    if zone == Zone.EXILE and madness_of(game.card(new)) is not None:
        exiled(game, new)  # "When this card is exiled this way" (702.35a)
